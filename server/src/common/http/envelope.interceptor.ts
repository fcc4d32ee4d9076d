import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { Answer, envelope } from './envelope';

/** Wraps whatever a handler returns into the response envelope; files (StreamableFile) pass untouched. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StreamableFile || context.switchToHttp().getResponse().headersSent) return value;
        if (value instanceof Answer) return envelope(value.data, undefined, value.msg);
        return envelope(value);
      }),
    );
  }
}
