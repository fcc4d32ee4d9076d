import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ServiceException } from '../common/errors/service-exception';

export interface PrincipalOptions {
  /**
   * The route also answers callers who are not signed in (a `@Public()` route that behaves differently for a
   * signed-in caller): the parameter is `undefined` for them instead of the call being refused.
   */
  optional?: boolean;
}

const principal = (realm: 'user' | 'member') => (options: PrincipalOptions | undefined, ctx: ExecutionContext) => {
  const found = ctx.switchToHttp().getRequest<Request>()[realm];
  // Behind AuthGuard a required principal is always there; if a route is ever reached without one (a @Public()
  // route that forgot `optional`), refuse it as unsigned rather than hand the handler `undefined`.
  if (!found && !options?.optional) throw ServiceException.unauthorized();
  return found;
};

/**
 * The signed-in staff user of the request (`LoginUser`, set by AuthGuard):
 * `handler(@CurrentUser() user: LoginUser)`. Answers 401 when there is none, unless `{ optional: true }`
 * (then `user: LoginUser | undefined`). A member token never fills it.
 */
export const CurrentUser: (options?: PrincipalOptions) => ParameterDecorator = createParamDecorator(principal('user'));

/**
 * The signed-in member of the public site (`MemberSession`, set by AuthGuard) on `@MemberOnly()` routes:
 * `handler(@CurrentMember() member: MemberSession)`. Answers 401 when there is none, unless `{ optional: true }`.
 * A staff token never fills it.
 */
export const CurrentMember: (options?: PrincipalOptions) => ParameterDecorator = createParamDecorator(principal('member'));
