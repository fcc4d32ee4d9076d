import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import { RAW_RESPONSE } from '../decorators/raw-response.decorator';
import { Answer, envelope } from './envelope';

/** Wraps whatever a handler returns into the response envelope, unless the route answers raw (files, streams, docs). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()]);
    if (raw) return next.handle();
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StreamableFile || context.switchToHttp().getResponse().headersSent) return value;
        if (value instanceof Answer) return envelope(value.data, undefined, value.msg);
        return envelope(value);
      }),
    );
  }
}
