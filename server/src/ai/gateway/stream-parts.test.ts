import { describe, expect, it } from 'vitest';
import { StreamMasker } from '../safety/sensitive-words';
import { Semaphore } from './semaphore';
import { sseData } from './sse-reader';

async function* bytes(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Buffer.from(part, 'utf8');
}

async function all(source: AsyncIterable<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(source)) out.push(data);
  return out;
}

describe('SSE reader', () => {
  it('yields each event as its bytes arrive, whatever the chunking, line endings and multi-byte splits', async () => {
    const euro = Buffer.from('data: {"c":"你"}\r\n\r\n', 'utf8');
    expect(await all(bytes('data: {"a":1}\n', '\ndata: [DO', 'NE]\n\n'))).toEqual(['{"a":1}', '[DONE]']);
    expect(
      await all(
        (async function* () {
          yield euro.subarray(0, 12);
          yield euro.subarray(12);
        })(),
      ),
    ).toEqual(['{"c":"你"}']);
    expect(await all(bytes(': keep-alive\n\nevent: x\ndata: a\ndata: b\n\ndata: tail'))).toEqual(['a\nb', 'tail']);
  });
});

describe('stream masker', () => {
  it('masks words split across pieces and holds back only a possible word start', () => {
    const masker = new StreamMasker(['冰毒', '代开发票']);
    expect(masker.push('远离冰')).toBe('远离');
    expect(masker.push('毒和代开')).toBe('**和');
    expect(masker.push('车')).toBe('代开车');
    expect(masker.push('好冰')).toBe('好');
    expect(masker.flush()).toBe('冰');
  });
});

describe('semaphore', () => {
  it('admits up to its limit and hands slots to waiters in order', async () => {
    const s = new Semaphore(1);
    expect(s.tryAcquire()).toBe(true);
    expect(s.tryAcquire()).toBe(false);
    const order: number[] = [];
    const a = s.acquire().then(() => order.push(1));
    const aborted = new AbortController();
    const b = s.acquire(aborted.signal).catch(() => order.push(-2));
    const c = s.acquire().then(() => order.push(3));
    aborted.abort(new Error('gone'));
    s.release();
    await a;
    s.release();
    await Promise.all([b, c]);
    expect(order).toEqual([-2, 1, 3]);
    expect(s.inUse).toBe(1);
  });
});
