// Normalisation of text for duplicate matching, with a map from every normalised character back to the original text.
//
// Steps, in this order:
// 1. full-width / half-width forms are folded (Ａ -> A, １ -> 1, ， -> ",", ideographic space -> space, half-width
//    katakana -> katakana);
// 2. Traditional (Taiwan, with phrases) -> Simplified as opencc-js `{ from: 'twp', to: 'cn' }`, so 記憶體 becomes 内存;
//    it runs on the folded text with its punctuation, so phrases never join across punctuation, and only on sentences
//    written in Traditional characters (see convertTraditionalSentences);
// 3. everything but letters and digits (Unicode L and N; ideographs are letters) is dropped, including punctuation and
//    whitespace;
// 4. letters are lower-cased.
// All indices are JavaScript string indices (UTF-16 code units). A character outside the BMP takes two code units in
// both strings; both units map to the whole original character.
import { convertTwpToCn, traditionalOnlyTable, type MappedCodePoints } from './t2s';

export interface NormalizedText {
  /** The normalised text. */
  text: string;
  /** starts[i], ends[i]: the original range [start, end) that normalised code unit i comes from. Non-decreasing. */
  starts: Int32Array;
  ends: Int32Array;
  /** Length of the original text. */
  originalLength: number;
}

// Per BMP code point: folded code point (width forms) and whether it is kept; lower-case mapping.
const FOLD = new Int32Array(0x10000);
const LOWER = new Int32Array(0x10000);
const KEEP = new Uint8Array(0x10000);
const KEEP_RE = /^[\p{L}\p{N}]$/u;

(function initTables() {
  for (let cp = 0; cp < 0x10000; cp++) {
    FOLD[cp] = cp;
    LOWER[cp] = cp;
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCharCode(cp);
    KEEP[cp] = KEEP_RE.test(ch) ? 1 : 0;
    if (KEEP[cp]) {
      const lower = ch.toLowerCase();
      if (lower.length === 1 && lower !== ch) LOWER[cp] = lower.charCodeAt(0);
    }
  }
  for (let cp = 0xff01; cp <= 0xff5e; cp++) FOLD[cp] = cp - 0xfee0;
  FOLD[0x3000] = 0x20;
  // Half-width katakana, hangul and symbols: NFKC when it gives a single BMP code point.
  for (let cp = 0xff5f; cp <= 0xffee; cp++) {
    const n = String.fromCharCode(cp).normalize('NFKC');
    if (n.length === 1) FOLD[cp] = n.charCodeAt(0);
  }
})();

const astralKeep = new Map<number, boolean>();

function keepAstral(cp: number): boolean {
  let k = astralKeep.get(cp);
  if (k === undefined) {
    k = KEEP_RE.test(String.fromCodePoint(cp));
    astralKeep.set(cp, k);
  }
  return k;
}

/** Folded code points of `original` with their UTF-16 ranges. */
function decode(original: string): MappedCodePoints {
  const n = original.length;
  const cps = new Int32Array(n);
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n;) {
    const c = original.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = original.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cps[m] = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        starts[m] = i;
        ends[m] = i + 2;
        m++;
        i += 2;
        continue;
      }
    }
    cps[m] = FOLD[c];
    starts[m] = i;
    ends[m] = i + 1;
    m++;
    i++;
  }
  return { cps, starts, ends, length: m };
}

// Sentence ends (after width folding), where the Traditional/Simplified decision may change.
const SENTENCE_END = new Set([0x3002, 0x21, 0x3f, 0x3b, 0x0a, 0x2e]);

/** A sentence is converted when at least this share of its ideographs are Traditional-only characters. */
const TRADITIONAL_SHARE = 0.02;

/**
 * Converts the Traditional sentences of folded text to Simplified. Sentences without Traditional-only characters are
 * left alone: the Taiwan phrase table would otherwise rewrite Simplified words that are also Taiwan phrases (程序 ->
 * 进程, 文件 -> 文档), while the Traditional version of the same text (程式, 檔案) converts back to 程序 and 文件.
 * Consecutive Traditional sentences are converted together, exactly as opencc-js converts that stretch.
 */
function convertTraditionalSentences(folded: MappedCodePoints): MappedCodePoints {
  const { flags, bit } = traditionalOnlyTable();
  const { cps, length } = folded;
  // Runs [from, to) of Traditional sentences.
  const runs: number[] = [];
  let start = 0;
  let ideographs = 0;
  let traditional = 0;
  for (let i = 0; i <= length; i++) {
    const cp = i < length ? cps[i] : 0x0a;
    if (!SENTENCE_END.has(cp)) {
      if (cp >= 0x3400) {
        ideographs++;
        if ((flags[cp] & bit) !== 0) traditional++;
      }
      continue;
    }
    const end = Math.min(length, i + 1);
    if (traditional > 0 && traditional >= TRADITIONAL_SHARE * ideographs) {
      if (runs.length && runs[runs.length - 1] === start) runs[runs.length - 1] = end;
      else runs.push(start, end);
    }
    start = end;
    ideographs = 0;
    traditional = 0;
  }
  if (runs.length === 0) return folded;
  if (runs.length === 2 && runs[0] === 0 && runs[1] === length) return convertTwpToCn(folded);
  // Splice converted runs between the untouched stretches.
  const pieces: MappedCodePoints[] = [];
  let at = 0;
  const slice = (from: number, to: number): MappedCodePoints => ({
    cps: folded.cps.subarray(from, to),
    starts: folded.starts.subarray(from, to),
    ends: folded.ends.subarray(from, to),
    length: to - from,
  });
  for (let r = 0; r < runs.length; r += 2) {
    if (runs[r] > at) pieces.push(slice(at, runs[r]));
    pieces.push(convertTwpToCn(slice(runs[r], runs[r + 1])));
    at = runs[r + 1];
  }
  if (at < length) pieces.push(slice(at, length));
  const total = pieces.reduce((n, p) => n + p.length, 0);
  const out: MappedCodePoints = { cps: new Int32Array(total), starts: new Int32Array(total), ends: new Int32Array(total), length: total };
  let k = 0;
  for (const p of pieces) {
    out.cps.set(p.cps.subarray(0, p.length), k);
    out.starts.set(p.starts.subarray(0, p.length), k);
    out.ends.set(p.ends.subarray(0, p.length), k);
    k += p.length;
  }
  return out;
}

/** Normalises `original` for matching and maps every normalised code unit back to the original. */
export function normalizeForMatching(original: string): NormalizedText {
  const converted = convertTraditionalSentences(decode(original));
  const { cps, starts: srcStarts, ends: srcEnds, length } = converted;
  // Output can hold up to two code units per code point.
  let cap = length + 16;
  let units = new Uint16Array(cap);
  let starts = new Int32Array(cap);
  let ends = new Int32Array(cap);
  let u = 0;
  for (let i = 0; i < length; i++) {
    const cp = cps[i];
    if (cp < 0x10000) {
      if (!KEEP[cp]) continue;
      units[u] = LOWER[cp];
      starts[u] = srcStarts[i];
      ends[u] = srcEnds[i];
      u++;
    } else {
      if (!keepAstral(cp)) continue;
      if (u + 2 > cap) {
        cap = cap * 2 + 2;
        const nu = new Uint16Array(cap);
        nu.set(units);
        units = nu;
        const ns = new Int32Array(cap);
        ns.set(starts);
        starts = ns;
        const ne = new Int32Array(cap);
        ne.set(ends);
        ends = ne;
      }
      const v = cp - 0x10000;
      units[u] = 0xd800 + (v >> 10);
      units[u + 1] = 0xdc00 + (v & 0x3ff);
      starts[u] = starts[u + 1] = srcStarts[i];
      ends[u] = ends[u + 1] = srcEnds[i];
      u += 2;
    }
  }
  return { text: unitsToString(units, u), starts: starts.slice(0, u), ends: ends.slice(0, u), originalLength: original.length };
}

const decoder = new TextDecoder('utf-16le');

function unitsToString(units: Uint16Array, n: number): string {
  if (n === 0) return '';
  return decoder.decode(new Uint8Array(units.buffer, units.byteOffset, n * 2));
}

/** Maps the normalised range [from, to) to the original range it covers. Empty ranges map to an empty range. */
export function toOriginalRange(norm: NormalizedText, from: number, to: number): { offset: number; length: number } {
  if (to <= from) {
    const at = from < norm.starts.length ? norm.starts[from] : norm.originalLength;
    return { offset: at, length: 0 };
  }
  const start = norm.starts[from];
  const end = norm.ends[to - 1];
  return { offset: start, length: Math.max(0, end - start) };
}

/** The normalised index of the first normalised character whose original range ends after `offset`. */
export function toNormalizedIndex(norm: NormalizedText, offset: number): number {
  let lo = 0;
  let hi = norm.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (norm.ends[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
