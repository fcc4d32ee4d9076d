// Runs the rewrite calls of many paragraphs with bounded concurrency and retries, reporting each result as it lands
// so the caller can store it and, after a crash or an abort, resume with only the paragraphs not done.
import { cleanRewrite } from './clean';
import type { RewriteItem, RewriteResult } from './types';

export interface RunRewritesOptions {
  /** Calls in flight at most (>= 1). */
  concurrency: number;
  /** Calls per item at most (>= 1), the first included. */
  maxAttempts: number;
  /** One call for an item: the model's raw answer (cleaned and checked here). `attempt` starts at 1. */
  rewrite: (item: RewriteItem, attempt: number, signal: AbortSignal) => Promise<string>;
  /** Called with each finished item, one at a time per worker; a throw stops the run and is rethrown. */
  onResult?: (result: RewriteResult) => void | Promise<void>;
  /** Aborting stops starting new items and attempts; items interrupted by it are left out of the results. */
  signal?: AbortSignal;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Outcome of one item, or null when the signal aborted it before it finished. */
async function rewriteOne(item: RewriteItem, options: RunRewritesOptions, signal: AbortSignal): Promise<RewriteResult | null> {
  let lastError = '';
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    if (signal.aborted) return null;
    let answer: string;
    try {
      answer = await options.rewrite(item, attempt, signal);
    } catch (error) {
      // A call ended by the abort is no failure of the item: it stays to do.
      if (signal.aborted) return null;
      lastError = messageOf(error);
      continue;
    }
    // An answer that arrives despite an abort is kept: it is paid for and valid.
    const cleaned = cleanRewrite(item.text, answer);
    if (cleaned.ok) return { index: item.index, status: 'done', text: cleaned.text, attempts: attempt };
    lastError = cleaned.reason;
  }
  return { index: item.index, status: 'failed', attempts: options.maxAttempts, error: lastError };
}

/** Rewrites `items` with at most `concurrency` calls in flight and `maxAttempts` per item; the results in item order. */
export async function runRewrites(items: readonly RewriteItem[], options: RunRewritesOptions): Promise<RewriteResult[]> {
  const { concurrency, maxAttempts, onResult } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`runRewrites: concurrency must be a positive integer, got ${concurrency}`);
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError(`runRewrites: maxAttempts must be a positive integer, got ${maxAttempts}`);
  const signal = options.signal ?? new AbortController().signal;

  // The limiter: `concurrency` workers pull the next item from a shared cursor, so no more calls run at once.
  const results: (RewriteResult | undefined)[] = new Array(items.length);
  let cursor = 0;
  const callbackErrors: unknown[] = [];
  const worker = async () => {
    while (cursor < items.length && !callbackErrors.length && !signal.aborted) {
      const position = cursor++;
      const result = await rewriteOne(items[position], options, signal);
      if (!result) continue;
      results[position] = result;
      try {
        await onResult?.(result);
      } catch (error) {
        callbackErrors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (callbackErrors.length) throw callbackErrors[0];
  return results.filter((result): result is RewriteResult => result !== undefined);
}
