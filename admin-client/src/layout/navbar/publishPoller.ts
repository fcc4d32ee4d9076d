import { PUBLISH_POLL } from '@zhiwen/shared';

/** The local flag a publish action sets to 'true' to start polling (spec 4). */
export const PUBLISH_FLAG_KEY = 'publish_flag';

export interface PublishPollerDeps {
  getFlag(): string | null;
  clearFlag(): void;
  fetchCount(): Promise<number>;
  onCount(count: number): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Publish-task polling (spec 4): the flag is checked every 2 s; while it is 'true' the task count is fetched every
 * 5 s; after 3 zero counts in a row the flag is cleared and polling stops. Returns a function that stops everything.
 */
export function startPublishPoller(deps: PublishPollerDeps): () => void {
  let poll: unknown;
  let zeros = 0;
  let inFlight = false;
  const stopPolling = () => {
    if (poll !== undefined) deps.clearInterval(poll);
    poll = undefined;
  };
  const tick = async () => {
    if (inFlight) return;
    inFlight = true;
    try {
      const count = await deps.fetchCount();
      deps.onCount(count);
      zeros = count > 0 ? 0 : zeros + 1;
      if (zeros >= PUBLISH_POLL.stopAfterZeroCounts) {
        deps.clearFlag();
        stopPolling();
      }
    } catch {
      // A failed count is not a zero: keep polling while the flag is set.
    } finally {
      inFlight = false;
    }
  };
  const check = () => {
    if (deps.getFlag() === 'true' && poll === undefined) {
      zeros = 0;
      poll = deps.setInterval(() => void tick(), PUBLISH_POLL.pollMs);
    } else if (deps.getFlag() !== 'true' && poll !== undefined) {
      stopPolling();
    }
  };
  const flagCheck = deps.setInterval(check, PUBLISH_POLL.flagCheckMs);
  check();
  return () => {
    deps.clearInterval(flagCheck);
    stopPolling();
  };
}
