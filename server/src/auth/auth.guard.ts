import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { ServiceException } from '../common/errors/service-exception';
import { isExportRequest } from '../common/export/export-request.middleware';
import { LIST_ROUTE, type ListRouteOptions } from '../common/export/list-route.decorator';
import { ACCEPTS_PAGE_TOKEN, PERMISSION_RULE, satisfies, type PermissionRule } from './permission';
import { SessionService } from './session.service';

/** Bearer token of a request, if any. */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * Deny by default. Public routes answer everyone (and still see a valid session). A @MemberOnly() route needs a live
 * member session (`req.member`). Every other route needs a live staff session (`req.user`) and the permission its
 * @RequirePermission / @RequireAnyPermission declares, or @SignedIn(), plus the list's `exportPermission` for an
 * Excel export; a route declaring nothing is refused (403), so a forgotten declaration can never open a route.
 * A token of the other realm counts as no sign-in at all (401): member and staff tokens never cross. A member's page
 * token (page script of published sites) counts only on routes marked @AcceptPageToken(); elsewhere it is no sign-in.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const token = bearerToken(req);
    const targets = [context.getHandler(), context.getClass()];
    const scoped = token ? await this.sessions.resolveScoped(token) : null;
    const resolved =
      scoped && (scoped.scope === 'full' || this.reflector.getAllAndOverride<boolean>(ACCEPTS_PAGE_TOKEN, targets)) ? scoped.session : null;
    const session = resolved?.realm === 'staff' ? resolved : undefined;
    const member = resolved?.realm === 'member' ? resolved : undefined;
    req.user = session;
    req.member = member;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const rule = this.reflector.getAllAndOverride<PermissionRule | undefined>(PERMISSION_RULE, targets);
    const unauthorized = () => ServiceException.unauthorized(token && !scoped ? 'auth.sessionExpired' : 'error.unauthorized');
    if (rule === 'member') {
      if (!member) throw unauthorized();
      return true;
    }
    if (!session) throw unauthorized();
    if (!rule || !satisfies(session.permissions, rule)) throw ServiceException.forbidden();
    if (isExportRequest(req)) {
      // An export answers through the list's handler; it may need a permission of its own.
      const exportPermission = this.reflector.get<ListRouteOptions | undefined>(LIST_ROUTE, context.getHandler())?.exportPermission;
      if (exportPermission && !satisfies(session.permissions, { allOf: [exportPermission] })) throw ServiceException.forbidden();
    }
    return true;
  }
}
