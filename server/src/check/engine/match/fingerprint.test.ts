import { describe, expect, it } from 'vitest';
import { DEFAULT_K, DEFAULT_W, fingerprint, kgramHashes, winnow } from './fingerprint';
import { MemoryFingerprintIndex } from './fingerprint-index';

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random text over `alphabet` CJK ideographs (a small alphabet makes chance k-gram matches possible too). */
function randomText(next: () => number, length: number, alphabet: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(0x4e00 + Math.floor(next() * alphabet));
  return s;
}

describe('k-gram hashing and winnowing', () => {
  it('hashes equal k-grams equally, wherever they are', () => {
    const h = kgramHashes('甲乙丙丁戊己庚辛甲乙丙丁戊己庚辛壬', 8);
    expect(h.length).toBe(17 - 8 + 1);
    expect(h[0]).toBe(h[8]);
    expect(h[0]).not.toBe(h[1]);
    expect(kgramHashes('短', 8).length).toBe(0);
  });

  it('selects one fingerprint per window and about 2/(w+1) of the positions', () => {
    const next = rng(7);
    const text = randomText(next, 20000, 3000);
    const hashes = kgramHashes(text);
    const fp = winnow(hashes);
    const density = fp.hashes.length / hashes.length;
    expect(density).toBeGreaterThan(0.25);
    expect(density).toBeLessThan(0.32);
    // Every window of w hashes contains a selected position.
    const selected = new Uint8Array(hashes.length);
    for (const p of fp.positions) selected[p] = 1;
    let emptyWindows = 0;
    for (let start = 0; start + DEFAULT_W <= hashes.length; start++) {
      let any = 0;
      for (let i = start; i < start + DEFAULT_W; i++) any |= selected[i];
      if (!any) emptyWindows++;
    }
    expect(emptyWindows).toBe(0);
    // Positions increase, and each selected hash is the one at its position.
    let bad = 0;
    for (let i = 0; i < fp.positions.length; i++) {
      if (i > 0 && fp.positions[i] <= fp.positions[i - 1]) bad++;
      if (fp.hashes[i] !== hashes[fp.positions[i]]) bad++;
    }
    expect(bad).toBe(0);
  });

  it('guarantees a shared fingerprint for every common run of k + w - 1 = 13 characters', () => {
    const runLength = DEFAULT_K + DEFAULT_W - 1;
    expect(runLength).toBe(13);
    for (let trial = 0; trial < 30; trial++) {
      const next = rng(1000 + trial);
      // A large alphabet for the background, so that only the planted runs are common (checked below anyway).
      let a = randomText(next, 3000, 20000);
      let b = randomText(next, 3000, 20000);
      const planted: { at: number; bt: number }[] = [];
      for (let r = 0; r < 12; r++) {
        const run = randomText(next, runLength, 20000);
        const at = 40 + r * 240 + Math.floor(next() * 150);
        const bt = 40 + ((r * 7) % 12) * 240 + Math.floor(next() * 150);
        a = a.slice(0, at) + run + a.slice(at + runLength);
        b = b.slice(0, bt) + run + b.slice(bt + runLength);
        planted.push({ at, bt });
      }
      const fa = fingerprint(a);
      const fb = fingerprint(b);
      const inB = new Map<number, number[]>();
      fb.hashes.forEach((h, i) => inB.set(h, [...(inB.get(h) ?? []), fb.positions[i]]));
      for (const { at, bt } of planted) {
        // A fingerprint of a whose k-gram lies inside the run, with the same hash at a k-gram inside the run in b.
        let found = false;
        for (let i = 0; i < fa.hashes.length && !found; i++) {
          const p = fa.positions[i];
          if (p < at || p + DEFAULT_K > at + runLength) continue;
          for (const q of inB.get(fa.hashes[i]) ?? []) {
            if (q >= bt && q + DEFAULT_K <= bt + runLength && q - bt === p - at) found = true;
          }
        }
        expect(found, `trial ${trial}, run at ${at}/${bt}`).toBe(true);
      }
    }
  });
});

describe('MemoryFingerprintIndex', () => {
  const fp = (hashes: number[], positions?: number[]) => ({
    hashes: Int32Array.from(hashes),
    positions: Int32Array.from(positions ?? hashes.map((_, i) => i * 10)),
  });
  const docsOf = async (index: MemoryFingerprintIndex, hashes: number[]) =>
    [...new Set((await index.lookup(Int32Array.from(hashes))).docIds)].sort((x, y) => x - y);

  it('returns every posting of the looked-up hashes', async () => {
    const index = new MemoryFingerprintIndex(16);
    await index.add(1, fp([11, 22, 33]));
    await index.add(2, fp([22, 44], [5, 7]));
    const res = await index.lookup(Int32Array.from([22, 99, 22]));
    const rows = [...res.docIds].map((d, i) => [res.hashes[i], d, res.positions[i]]).sort((x, y) => x[1] - y[1]);
    expect(rows).toEqual([
      [22, 1, 10],
      [22, 2, 5],
    ]);
    expect(await index.stats()).toEqual({ documents: 2, postings: 5, distinctHashes: 4 });
    expect(await index.has(2)).toBe(true);
  });

  it('skips hashes with too many postings when asked', async () => {
    const index = new MemoryFingerprintIndex();
    for (let d = 0; d < 5; d++) await index.add(d, fp([7, 100 + d]));
    expect((await index.lookup(Int32Array.from([7]))).length).toBe(5);
    expect((await index.lookup(Int32Array.from([7, 102]), { maxPostingsPerHash: 3 })).docIds).toEqual(Int32Array.from([2]));
  });

  it('remove() really removes a document, through compaction and re-adding', async () => {
    const index = new MemoryFingerprintIndex(16);
    const n = 3000;
    // Each document has its own hashes plus one shared by all.
    for (let d = 0; d < n; d++) await index.add(d, fp([1, 1000 + d, 100000 + d]));
    expect(await index.remove(5)).toBe(true);
    expect(await index.remove(5)).toBe(false);
    expect(await index.has(5)).toBe(false);
    expect(await docsOf(index, [1005, 100005])).toEqual([]);
    expect((await docsOf(index, [1])).includes(5)).toBe(false);
    // Remove most documents: the arrays are compacted along the way.
    for (let d = 0; d < n; d++) if (d % 3 !== 0) await index.remove(d);
    const left = [...Array(n).keys()].filter((d) => d % 3 === 0);
    expect(await docsOf(index, [1])).toEqual(left);
    expect(await docsOf(index, [1006, 1007, 1008])).toEqual([6]);
    expect((await index.stats()).documents).toBe(left.length);
    expect((await index.stats()).postings).toBe(left.length * 3);
    // Re-adding a document replaces its fingerprints.
    await index.add(6, fp([55]));
    expect(await docsOf(index, [1006])).toEqual([]);
    expect(await docsOf(index, [55])).toEqual([6]);
    await index.add(7, fp([55]));
    expect(await docsOf(index, [55])).toEqual([6, 7]);
  });
});
