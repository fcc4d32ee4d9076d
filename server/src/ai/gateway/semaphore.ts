/** A counting semaphore: at most `limit` holders; waiters are served first come, first served. */
export class Semaphore {
  private held = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {}

  get inUse(): number {
    return this.held;
  }

  tryAcquire(): boolean {
    if (this.held >= this.limit) return false;
    this.held++;
    return true;
  }

  /** Waits for a slot; rejects with the signal's reason when it aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(grant);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal!.reason);
      };
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(grant);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    // The slot passes straight to the next waiter, so `held` stays the same.
    if (next) next();
    else this.held = Math.max(0, this.held - 1);
  }
}
