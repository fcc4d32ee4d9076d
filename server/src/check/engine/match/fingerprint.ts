// Character n-gram hashing and winnowing (Schleimer, Wilkerson and Aiken 2003) over normalised text.
//
// With k-grams and windows of w consecutive k-gram hashes, every common run of at least k + w - 1 characters contains a
// whole window, and both texts select the same (minimum) hash in it, so they share at least one fingerprint.
// Defaults: k = 8, w = 6, so every common run of 13 normalised characters is found.

export const DEFAULT_K = 8;
export const DEFAULT_W = 6;

export interface Fingerprints {
  /** 32-bit signed hashes (as stored in an `int` column). */
  hashes: Int32Array;
  /** Start of the k-gram in the normalised text (UTF-16 index). */
  positions: Int32Array;
}

/** murmur3 finaliser: spreads the polynomial hash so that minima are not biased toward particular characters. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

const BASE = 0x01000193;

/** Hash of every k-gram of `text` (UTF-16 code units): result[i] is the hash of text[i, i + k). */
export function kgramHashes(text: string, k: number = DEFAULT_K): Int32Array {
  const n = text.length - k + 1;
  if (n <= 0) return new Int32Array(0);
  const out = new Int32Array(n);
  // Rolling polynomial hash modulo 2^32: H = sum c[i+t] * B^(k-1-t).
  let pow = 1;
  for (let t = 1; t < k; t++) pow = Math.imul(pow, BASE);
  let h = 0;
  for (let t = 0; t < k; t++) h = (Math.imul(h, BASE) + text.charCodeAt(t)) | 0;
  out[0] = mix(h);
  for (let i = 1; i < n; i++) {
    h = (Math.imul(h - Math.imul(text.charCodeAt(i - 1), pow), BASE) + text.charCodeAt(i + k - 1)) | 0;
    out[i] = mix(h);
  }
  return out;
}

/**
 * Robust winnowing of k-gram hashes with windows of `w`: in each window the minimum hash is selected (the rightmost
 * one on ties), and each selected position is recorded once.
 * Texts shorter than k + w - 1 but at least k long still get the minimum of all their k-grams.
 */
export function winnow(hashes: Int32Array, w: number = DEFAULT_W): Fingerprints {
  const n = hashes.length;
  if (n === 0) return { hashes: new Int32Array(0), positions: new Int32Array(0) };
  const outH: number[] = [];
  const outP: number[] = [];
  const windows = Math.max(1, n - w + 1);
  const width = Math.min(w, n);
  let last = -1;
  let minPos = -1;
  for (let start = 0; start < windows; start++) {
    const end = start + width;
    if (minPos < start) {
      // The previous minimum left the window: rescan it.
      minPos = start;
      for (let i = start + 1; i < end; i++) if (hashes[i] <= hashes[minPos]) minPos = i;
    } else if (hashes[end - 1] <= hashes[minPos]) {
      minPos = end - 1;
    }
    if (minPos !== last) {
      outH.push(hashes[minPos]);
      outP.push(minPos);
      last = minPos;
    }
  }
  return { hashes: Int32Array.from(outH), positions: Int32Array.from(outP) };
}

/** Winnowed fingerprints of normalised text. */
export function fingerprint(text: string, k: number = DEFAULT_K, w: number = DEFAULT_W): Fingerprints {
  return winnow(kgramHashes(text, k), w);
}
