import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { createHash, type Hash } from 'node:crypto';
import { from, switchMap, type Observable } from 'rxjs';
import { REPEAT_SUBMIT_WINDOW_MS } from '@zhiwen/shared';
import { KV_STORE, type KvStore } from '../cache/kv-store';
import { ALLOW_REPEAT_SUBMIT } from '../decorators/allow-repeat-submit.decorator';
import { ServiceException } from '../errors/service-exception';
import type { RequestWithRawBody } from './body-parsers';

const GUARDED_METHODS = new Set(['POST', 'PUT']);

/** Who is calling: the signed-in principal when known, else the bearer token, else the client address. */
export function callerKey(req: Request): string {
  type Principal = { realm?: string; id?: string | number };
  const r = req as Request & { user?: Principal; member?: Principal };
  const user = r.user ?? r.member;
  if (user?.id !== undefined) return `${user.realm ?? 'user'}:${user.id}`;
  const auth = req.headers.authorization;
  if (auth) return `token:${createHash('sha256').update(auth).digest('base64url')}`;
  return `ip:${req.ip}`;
}

/**
 * The body as it arrived: the bytes the JSON and form parsers kept (hashing them costs the same at any nesting, where
 * serializing the parsed value recurses and fails on a deeply nested body). A multipart upload is parsed later, by the
 * route's own interceptor, so it is told apart by its content type (which holds the request's unique boundary) and
 * length instead; so is any other body no parser read.
 */
function updateWithBody(hash: Hash, req: RequestWithRawBody): Hash {
  if (Buffer.isBuffer(req.rawBody)) return hash.update(req.rawBody);
  return hash.update(`${req.headers['content-type'] ?? ''}|${req.headers['content-length'] ?? ''}`);
}

/** Rejects the same caller's identical POST/PUT (same url and body) within 1000 ms with HTTP 409. */
@Injectable()
export class RepeatSubmitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(KV_STORE) private readonly store: KvStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<RequestWithRawBody>();
    if (!GUARDED_METHODS.has(req.method)) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(ALLOW_REPEAT_SUBMIT, [context.getHandler(), context.getClass()])) {
      return next.handle();
    }
    const fingerprint = updateWithBody(createHash('sha256').update(`${callerKey(req)}\n${req.method}\n${req.originalUrl}\n`), req).digest(
      'base64url',
    );
    return from(this.store.setIfAbsent(`repeat:${fingerprint}`, '1', REPEAT_SUBMIT_WINDOW_MS)).pipe(
      switchMap((first) => {
        if (!first) throw new ServiceException('error.repeatSubmit', undefined, 500, 409);
        return next.handle();
      }),
    );
  }
}
