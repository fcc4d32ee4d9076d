// Traditional (Taiwan, with phrases) -> Simplified conversion that keeps track of where every output character comes from.
//
// It replays opencc-js's `Converter({ from: 'twp', to: 'cn' })` (config `tw2sp`) on arrays of code points: the
// normalisation chain, the segmentation by TSPhrases, then each segment through every dictionary group, each group being
// a greedy longest-match pass. The dictionaries are read from opencc-js itself, so the output is the same string that
// opencc-js produces (the tests compare both). Differences from calling opencc-js:
// - every output code point carries the [start, end) range of the input it was made from, through phrase replacements
//   that change the length (記憶體 -> 内存 is 3 -> 2, 卡達 -> 卡塔尔 is 2 -> 3);
// - a per-code-point flag table lets the passes skip characters that start no dictionary key, which is nearly every
//   character of Simplified text, so the conversion costs little on large libraries.
import * as OpenCC from 'opencc-js';

interface TrieNode {
  next: Map<number, TrieNode> | null;
  value: Int32Array | null;
}

function newNode(): TrieNode {
  return { next: null, value: null };
}

function codePoints(s: string): Int32Array {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return Int32Array.from(out);
}

class Trie {
  readonly root = newNode();

  constructor(readonly flag: number) {}

  add(key: string, value: string): void {
    let node = this.root;
    for (const ch of key) {
      const cp = ch.codePointAt(0)!;
      if (!node.next) node.next = new Map();
      let child = node.next.get(cp);
      if (!child) {
        child = newNode();
        node.next.set(cp, child);
      }
      node = child;
    }
    node.value = codePoints(value);
  }

  /** Loads a dictionary ("a b|c d" or pairs); a later load overrides an earlier one for the same key. */
  loadDict(dict: string | string[][]): void {
    if (typeof dict === 'string') {
      if (dict === '') return;
      for (const entry of dict.split('|')) {
        const [key, value] = entry.split(' ');
        this.add(key, value);
      }
    } else {
      for (const [key, value] of dict) this.add(key, value);
    }
  }

  /** Like opencc-js: the first dictionary of a group wins, so load them in reverse. */
  loadGroup(group: (string | string[][])[]): void {
    for (let i = group.length - 1; i >= 0; i--) this.loadDict(group[i]);
  }

  /** End of the last successful match(), and its value. */
  matchEnd = -1;
  matchValue: Int32Array | null = null;

  /** Longest key starting at `i` within [i, end): sets matchEnd/matchValue and returns true when there is one. */
  match(cps: Int32Array, i: number, end: number): boolean {
    let node = this.root;
    let bestEnd = -1;
    let bestValue: Int32Array | null = null;
    for (let j = i; j < end; j++) {
      const next = node.next;
      if (next === null) break;
      const child = next.get(cps[j]);
      if (child === undefined) break;
      node = child;
      if (node.value !== null) {
        bestEnd = j + 1;
        bestValue = node.value;
      }
    }
    this.matchEnd = bestEnd;
    this.matchValue = bestValue;
    return bestEnd >= 0;
  }

  markFirstChars(flags: Uint8Array): void {
    for (const cp of this.root.next?.keys() ?? []) flags[cp] |= this.flag;
  }
}

/** Code points plus, for each, the [start, end) range of the original text (UTF-16 indices) it stands for. */
export interface MappedCodePoints {
  cps: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  length: number;
}

/** Growable output buffer of mapped code points. */
class MappedBuffer implements MappedCodePoints {
  cps: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.cps = new Int32Array(Math.max(16, capacity));
    this.starts = new Int32Array(this.cps.length);
    this.ends = new Int32Array(this.cps.length);
  }

  reset(): void {
    this.length = 0;
  }

  private grow(min: number): void {
    let cap = this.cps.length * 2;
    while (cap < min) cap *= 2;
    const cps = new Int32Array(cap);
    const starts = new Int32Array(cap);
    const ends = new Int32Array(cap);
    cps.set(this.cps.subarray(0, this.length));
    starts.set(this.starts.subarray(0, this.length));
    ends.set(this.ends.subarray(0, this.length));
    this.cps = cps;
    this.starts = starts;
    this.ends = ends;
  }

  ensure(extra: number): void {
    if (this.length + extra > this.cps.length) this.grow(this.length + extra);
  }

  /** Copies [from, to) of `src` unchanged. */
  copy(src: MappedCodePoints, from: number, to: number): void {
    const n = to - from;
    if (n <= 0) return;
    this.ensure(n);
    if (n < 64) {
      // Typed-array views cost more than a short loop.
      const { cps, starts, ends } = this;
      let k = this.length;
      for (let i = from; i < to; i++, k++) {
        cps[k] = src.cps[i];
        starts[k] = src.starts[i];
        ends[k] = src.ends[i];
      }
    } else {
      this.cps.set(src.cps.subarray(from, to), this.length);
      this.starts.set(src.starts.subarray(from, to), this.length);
      this.ends.set(src.ends.subarray(from, to), this.length);
    }
    this.length += n;
  }

  /** Appends the replacement of src[from, to) by `value`, spreading the source range over the output characters. */
  replace(src: MappedCodePoints, from: number, to: number, value: Int32Array): void {
    const m = value.length;
    const l = to - from;
    this.ensure(m);
    for (let t = 0; t < m; t++) {
      const k = this.length + t;
      this.cps[k] = value[t];
      if (m === l) {
        this.starts[k] = src.starts[from + t];
        this.ends[k] = src.ends[from + t];
      } else if (m < l) {
        // Many to fewer: output t covers inputs [floor(t*l/m), floor((t+1)*l/m)).
        const a = from + Math.floor((t * l) / m);
        const b = from + Math.floor(((t + 1) * l) / m) - 1;
        this.starts[k] = src.starts[a];
        this.ends[k] = src.ends[b];
      } else {
        // Fewer to more: several outputs share one input character.
        const a = from + Math.floor((t * l) / m);
        this.starts[k] = src.starts[a];
        this.ends[k] = src.ends[a];
      }
    }
    this.length += m;
  }
}

/** Length of the unmatched unit at i: one code point, or a whole ideographic description sequence (as opencc-js). */
function idsArity(cp: number): number {
  if (cp >= 0x2ff0 && cp <= 0x2ff1) return 2;
  if (cp >= 0x2ff2 && cp <= 0x2ff3) return 3;
  if (cp >= 0x2ff4 && cp <= 0x2fff) return 2;
  return 0;
}

function idsEnd(cps: Int32Array, i: number, end: number): number {
  const arity = idsArity(cps[i]);
  if (arity === 0) return 0;
  let e = i + 1;
  for (let n = 0; n < arity; n++) {
    if (e >= end) return 0;
    const child = idsEnd(cps, e, end);
    e = child || e + 1;
  }
  return e;
}

function unmatchedLength(cps: Int32Array, i: number, end: number): number {
  const cp = cps[i];
  if (cp < 0x2ff0 || cp > 0x2fff) return 1;
  const e = idsEnd(cps, i, end);
  return e > i ? e - i : 1;
}

/** Flag bit of characters only Traditional text uses; the low bits flag the first characters of each dictionary. */
const FLAG_TRADITIONAL = 0x80;

interface Converter {
  norm: Trie[];
  seg: Trie | null;
  chain: Trie[];
  flags: Uint8Array;
}

let converter: Converter | null = null;

function build(): Converter {
  type Config = {
    normalizationChain?: (string | string[][])[][];
    segmentation?: (string | string[][]) | (string | string[][])[];
    conversionChain: (string | string[][])[][];
  };
  const configs = (OpenCC as unknown as { Locale: { configs: Record<string, Config | undefined> } }).Locale.configs;
  const config = configs.tw2sp;
  if (!config) throw new Error('opencc-js has no tw2sp configuration');
  let bit = 1;
  const nextFlag = () => {
    const f = bit;
    bit <<= 1;
    if (bit >= FLAG_TRADITIONAL) throw new Error('too many dictionary groups');
    return f;
  };
  const norm = (config.normalizationChain ?? []).map((group) => {
    const t = new Trie(nextFlag());
    t.loadGroup(group);
    return t;
  });
  let seg: Trie | null = null;
  if (config.segmentation) {
    seg = new Trie(nextFlag());
    const s = config.segmentation;
    if (Array.isArray(s) && s.every((d) => typeof d === 'string')) seg.loadGroup(s as string[]);
    else seg.loadDict(s as string | string[][]);
  }
  const chain = config.conversionChain.map((group) => {
    const t = new Trie(nextFlag());
    t.loadGroup(group);
    return t;
  });
  const flags = new Uint8Array(0x110000);
  for (const t of [...norm, ...(seg ? [seg] : []), ...chain]) t.markFirstChars(flags);
  markTraditionalOnly(flags, config, configs.s2t);
  return { norm, seg, chain, flags };
}

/** Single-character entries of the dictionaries of a config, as a map. */
function singleCharEntries(groups: (string | string[][])[][]): Map<number, number> {
  const out = new Map<number, number>();
  for (const group of groups) {
    for (const dict of group) {
      const pairs = typeof dict === 'string' ? (dict === '' ? [] : dict.split('|')) : dict;
      for (const entry of pairs) {
        const [key, value] = typeof entry === 'string' ? entry.split(' ', 2) : entry;
        // Phrase entries are most of the big dictionaries: skip them before looking at code points.
        if (!key || !value || key.length > 2) continue;
        const k = key.codePointAt(0)!;
        if (String.fromCodePoint(k).length !== key.length || out.has(k)) continue;
        out.set(k, value.codePointAt(0)!);
      }
    }
  }
  return out;
}

/**
 * Flags characters that only Traditional text uses: the Traditional -> Simplified dictionaries change them, and the
 * Simplified -> Traditional ones do not (so 後 and 髮 are flagged, 后 and 发 are not). A few are also used in
 * Simplified text (著名, 乾隆), which is why a sentence needs a share of them to count as Traditional.
 */
function markTraditionalOnly(
  flags: Uint8Array,
  tw2sp: { conversionChain: (string | string[][])[][] },
  s2t?: { conversionChain: (string | string[][])[][] },
): void {
  const toSimplified = singleCharEntries(tw2sp.conversionChain);
  const toTraditional = s2t ? singleCharEntries(s2t.conversionChain) : new Map<number, number>();
  for (const [cp, simplified] of toSimplified) if (simplified !== cp && !toTraditional.has(cp)) flags[cp] |= FLAG_TRADITIONAL;
}

/** Whether a code point is a character that only Traditional text uses (後, 體, 髮; not 后 or 发). */
export function isTraditionalOnly(cp: number): boolean {
  return (getConverter().flags[cp] & FLAG_TRADITIONAL) !== 0;
}

/** The per-code-point flag table and the bit of isTraditionalOnly, for hot loops. */
export function traditionalOnlyTable(): { flags: Uint8Array; bit: number } {
  return { flags: getConverter().flags, bit: FLAG_TRADITIONAL };
}

function getConverter(): Converter {
  if (!converter) converter = build();
  return converter;
}

/**
 * One greedy longest-match pass of `trie` over src[from, to). Returns false when nothing was replaced (then `out` is
 * untouched); otherwise `out` holds the converted range.
 */
function pass(trie: Trie, flags: Uint8Array, src: MappedCodePoints, from: number, to: number, out: MappedBuffer): boolean {
  const bit = trie.flag;
  const cps = src.cps;
  let copyFrom = from;
  let changed = false;
  let i = from;
  while (i < to) {
    const cp = cps[i];
    const flagged = (flags[cp] & bit) !== 0;
    if (!flagged && (cp < 0x2ff0 || cp > 0x2fff)) {
      i++;
      continue;
    }
    if (flagged && trie.match(cps, i, to)) {
      const end = trie.matchEnd;
      if (!changed) {
        changed = true;
        out.reset();
      }
      out.copy(src, copyFrom, i);
      out.replace(src, i, end, trie.matchValue!);
      i = end;
      copyFrom = i;
    } else {
      i += unmatchedLength(cps, i, to);
    }
  }
  if (changed) out.copy(src, copyFrom, to);
  return changed;
}

/**
 * Converts Traditional (Taiwan, with phrases) to Simplified, as opencc-js `{ from: 'twp', to: 'cn' }` does, keeping the
 * origin of every code point. `input.starts/ends` are carried through (for a fresh text they are the UTF-16 ranges of
 * each code point).
 */
export function convertTwpToCn(input: MappedCodePoints): MappedCodePoints {
  const { norm, seg, chain, flags } = getConverter();
  let cur: MappedCodePoints = input;
  // Normalisation chain (CJK compatibility ideographs), whole text.
  for (const t of norm) {
    const out = new MappedBuffer(cur.length + 16);
    if (pass(t, flags, cur, 0, cur.length, out)) cur = out;
  }
  const out = new MappedBuffer(cur.length + 16);
  // Each segment goes through the conversion chain on its own.
  const convertSegment = (from: number, to: number) => {
    let src: MappedCodePoints = cur;
    let a = from;
    let b = to;
    for (let g = 0; g < chain.length; g++) {
      const dst = src === tmpA ? tmpB : tmpA;
      if (pass(chain[g], flags, src, a, b, dst)) {
        src = dst;
        a = 0;
        b = dst.length;
      }
    }
    out.copy(src, a, b);
  };
  if (!seg) {
    convertSegment(0, cur.length);
    return out;
  }
  const cps = cur.cps;
  const len = cur.length;
  const segBit = seg.flag;
  let runStart = 0;
  let i = 0;
  while (i < len) {
    const cp = cps[i];
    const flagged = (flags[cp] & segBit) !== 0;
    if (!flagged && (cp < 0x2ff0 || cp > 0x2fff)) {
      i++;
      continue;
    }
    if (flagged && seg.match(cps, i, len)) {
      const end = seg.matchEnd;
      if (runStart < i) convertSegment(runStart, i);
      convertSegment(i, end);
      i = end;
      runStart = i;
    } else {
      i += unmatchedLength(cps, i, len);
    }
  }
  if (runStart < len) convertSegment(runStart, len);
  return out;
}

// Scratch buffers of the conversion chain, reused across calls (conversion is synchronous).
const tmpA = new MappedBuffer(4096);
const tmpB = new MappedBuffer(4096);

/** Plain string conversion through the same machinery (for tests and callers that need no map). */
export function twpToCn(text: string): string {
  const cps: number[] = [];
  for (const ch of text) cps.push(ch.codePointAt(0)!);
  const arr = Int32Array.from(cps);
  const idx = Int32Array.from(cps.map((_, i) => i));
  const res = convertTwpToCn({ cps: arr, starts: idx, ends: idx, length: arr.length });
  let s = '';
  for (let i = 0; i < res.length; i++) s += String.fromCodePoint(res.cps[i]);
  return s;
}
