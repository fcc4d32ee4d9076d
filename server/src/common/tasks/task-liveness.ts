// Liveness of background tasks kept in a table (check tasks, publish tasks): a running task refreshes a heartbeat
// column while its process lives; a sweep, once at start and then periodically in processes that run jobs, takes a
// task whose heartbeat went stale (its process died) and runs it again. The SQL of "stale" and "resume" is each
// module's own; the timers and their error handling live here.
import type { Logger } from '@nestjs/common';

/**
 * Calls `beat` now and then every `everyMs` until the answered function is called. A failed beat is ignored: the
 * next one retries, and a task whose beats keep failing is taken over by the sweep, as it should be.
 */
export function startHeartbeat(beat: () => Promise<unknown>, everyMs: number, options: { now?: boolean } = {}): () => void {
  const tick = () => void beat().catch(() => undefined);
  if (options.now) tick();
  const timer = setInterval(tick, everyMs);
  // A beat never keeps a process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}

/** The periodic sweep of interrupted tasks: `start()` runs it once (awaited), then every `everyMs` until `stop()`. */
export class StaleTaskSweep {
  private timer?: NodeJS.Timeout;

  /** `everyMs` may be a function: services build their sweep before their injected configuration is assigned. */
  constructor(
    private readonly logger: Logger,
    private readonly sweep: () => Promise<unknown>,
    private readonly everyMs: number | (() => number),
  ) {}

  async start(): Promise<void> {
    await this.sweep();
    const everyMs = typeof this.everyMs === 'function' ? this.everyMs() : this.everyMs;
    this.timer = setInterval(() => void this.sweep().catch((e: Error) => this.logger.warn(e.message)), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
