import { describe, expect, it } from 'vitest';
import { mapInSlices } from './time-slice';

/** Keeps the thread busy for `ms`, as fingerprinting a large text does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Counts the turns the event loop gets until `stop()`: a chain of setImmediate callbacks. */
function countTurns(): { stop: () => number } {
  let turns = 0;
  let running = true;
  const next = () => {
    if (!running) return;
    turns++;
    setImmediate(next);
  };
  setImmediate(next);
  return {
    stop: () => {
      running = false;
      return turns;
    },
  };
}

describe('mapInSlices', () => {
  it('answers the results in order and lets waiting callbacks run between slices of long work', async () => {
    const turns = countTurns();
    const out = await mapInSlices([1, 2, 3, 4, 5, 6, 7, 8], (n) => (busy(5), n * 2), 10);
    expect(out).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    // 40 ms of work in slices of 10 ms: the loop had a turn after each slice.
    expect(turns.stop()).toBeGreaterThanOrEqual(3);
  });

  it('runs quick work in one go, without waiting for the event loop', async () => {
    const turns = countTurns();
    const out = await mapInSlices(
      Array.from({ length: 1000 }, (_, i) => i),
      (n) => n + 1,
      50,
    );
    expect(out).toHaveLength(1000);
    expect(out[999]).toBe(1000);
    expect(turns.stop()).toBe(0);
  });
});
