import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../decorators/public.decorator';
import { ServiceException } from '../errors/service-exception';

/**
 * Deny by default: a route not marked @Public() needs a signed-in caller. Until the identity module
 * authenticates tokens (it sets `request.user`), only public routes answer.
 */
@Injectable()
export class DenyByDefaultGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<{ user?: unknown }>();
    if (req.user) return true;
    throw ServiceException.unauthorized();
  }
}
