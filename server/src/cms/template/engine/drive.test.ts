import { toPromise } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { drive } from './drive';

/** A render-like generator tree: nested generators, promises, a rejection caught inside, a returned generator. */
function* tree(log: string[]): Generator<unknown, unknown, unknown> {
  log.push(String(yield 'plain'));
  log.push(String(yield Promise.resolve('awaited')));
  log.push(
    String(
      yield (function* () {
        return ((yield Promise.resolve(2)) as number) * 21;
      })(),
    ),
  );
  try {
    yield Promise.reject(new Error('caught inside'));
  } catch (error) {
    log.push((error as Error).message);
  }
  try {
    yield (function* () {
      yield 1;
      throw new Error('thrown below');
    })();
  } catch (error) {
    log.push((error as Error).message);
  }
  return (function* (): Generator<unknown, unknown, unknown> {
    return yield Promise.resolve('returned generator');
  })();
}

describe('drive', () => {
  it('gives the values, errors and order LiquidJS toPromise gives', async () => {
    const ours: string[] = [];
    const theirs: string[] = [];
    expect(await drive(tree(ours))).toBe(await toPromise(tree(theirs) as Generator<unknown, string, unknown>));
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(['plain', 'awaited', '42', 'caught inside', 'thrown below']);
  });

  it('rejects with an error no generator catches, and passes plain values and promises through', async () => {
    await expect(
      drive(
        (function* () {
          yield Promise.reject(new Error('uncaught'));
        })(),
      ),
    ).rejects.toThrow('uncaught');
    expect(await drive(7)).toBe(7);
    expect(await drive(Promise.resolve(8))).toBe(8);
  });

  it('steps an iterator that is not a native generator, and passes through objects and functions that are neither', async () => {
    // An iterator object of its own (as a tag could return), yielding a promise, then finishing with a value.
    let step = 0;
    const handmade: Iterator<unknown, unknown, unknown> = {
      next: (input?: unknown) => (step++ === 0 ? { done: false, value: Promise.resolve(20) } : { done: true, value: (input as number) + 1 }),
      throw: (error?: unknown) => {
        throw error;
      },
      return: (value?: unknown) => ({ done: true, value }),
    };
    const ours: unknown[] = [];
    const theirs: unknown[] = [];
    const wrap = (log: unknown[]) =>
      (function* (): Generator<unknown, number, unknown> {
        log.push(yield handmade);
        const object = { next: 'not a method' };
        log.push(yield object);
        const fn = () => 'a function';
        log.push(typeof (yield fn));
        return log.length;
      })();
    expect(await drive(wrap(ours))).toBe(3);
    step = 0;
    expect(await toPromise(wrap(theirs))).toBe(3);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual([21, { next: 'not a method' }, 'function']);
  });
});
