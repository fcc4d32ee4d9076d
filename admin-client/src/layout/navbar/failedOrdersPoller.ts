/** How often the navbar asks for the number of failed check orders. */
export const FAILED_ORDERS_POLL_MS = 60_000;

export interface FailedOrdersPollerDeps {
  fetchCount(): Promise<number>;
  onCount(count: number): void;
  /** True while the page is in a background tab: the tick is skipped, no request for nobody. */
  isHidden?(): boolean;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** `{ count }` of `GET /check/order/failedCount` -> a count; anything else -> 0. */
export function failedCountOf(data: unknown): number {
  const count = Number((data as { count?: unknown } | null | undefined)?.count);
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/**
 * Asks at once, then every FAILED_ORDERS_POLL_MS; one request at a time. A failed request keeps the last count
 * (an unreachable server is not "no failures"). Returns a function that stops it; nothing is reported after that.
 */
export function startFailedOrdersPoller(deps: FailedOrdersPollerDeps): () => void {
  let inFlight = false;
  let stopped = false;
  const tick = async () => {
    if (inFlight || stopped || deps.isHidden?.()) return;
    inFlight = true;
    try {
      const count = await deps.fetchCount();
      if (!stopped) deps.onCount(count);
    } catch {
      // Keep the last count; the next tick tries again.
    } finally {
      inFlight = false;
    }
  };
  void tick();
  const handle = deps.setInterval(() => void tick(), FAILED_ORDERS_POLL_MS);
  return () => {
    stopped = true;
    deps.clearInterval(handle);
  };
}
