// CPU-heavy work of a background job in a process that also answers requests (a single-process install runs its jobs
// in the API): the work is cut into slices with a turn of the event loop between them, so a request waits for one
// slice, not for the whole batch. (An index rebuild fingerprinted 2 million characters in one go: the 异步任务 list
// waited seconds for each of its queries while it ran.)
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a slice runs before the event loop gets a turn. */
export const SLICE_MS = 10;

/** `fn` over `items` in order, giving the event loop a turn whenever a slice has run `sliceMs`; the results in order. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R, sliceMs = SLICE_MS): Promise<R[]> {
  const out: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    out.push(fn(item));
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return out;
}
