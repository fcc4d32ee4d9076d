import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/** A rate limit per caller across every route (the library counts per route by default). */
@Injectable()
export class GlobalThrottlerGuard extends ThrottlerGuard {
  protected generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }
}
