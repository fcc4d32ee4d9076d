import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { ServiceException } from '../common/errors/service-exception';
import { isExportRequest } from '../common/export/export-request.middleware';
import { LIST_ROUTE, type ListRouteOptions } from '../common/export/list-route.decorator';
import { PERMISSION_RULE, satisfies, type PermissionRule } from './permission';
import { SessionService } from './session.service';

/** Bearer token of a request, if any. */
export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * Deny by default. Public routes answer everyone (and still see a valid session). Every other route needs a live
 * staff session and the permission its @RequirePermission / @RequireAnyPermission declares, or @SignedIn(), plus the
 * list's `exportPermission` for an Excel export;
 * a route declaring nothing is refused (403), so a forgotten declaration can never open a route.
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
    const session = token ? await this.sessions.resolve(token) : null;
    if (session) req.user = session;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (!session) throw ServiceException.unauthorized(token ? 'auth.sessionExpired' : 'error.unauthorized');
    const rule = this.reflector.getAllAndOverride<PermissionRule | undefined>(PERMISSION_RULE, targets);
    if (!rule || !satisfies(session.permissions, rule)) throw ServiceException.forbidden();
    if (isExportRequest(req)) {
      // An export answers through the list's handler; it may need a permission of its own.
      const exportPermission = this.reflector.get<ListRouteOptions | undefined>(LIST_ROUTE, context.getHandler())?.exportPermission;
      if (exportPermission && !satisfies(session.permissions, { allOf: [exportPermission] })) throw ServiceException.forbidden();
    }
    return true;
  }
}
