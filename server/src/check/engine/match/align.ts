// Character-level alignment of a suspicious text with one source text, both normalised.
//
// 1. Seeds: maximal exact matches of at least `seedLength` normalised characters, found through a hash of the
//    source's seedLength-grams and extended both ways. Optionally only inside given regions of both texts (around the
//    fingerprints the index found), which keeps checks of long documents against many candidates cheap.
// 2. Chaining: seeds taken in suspicious order join a passage when they lie within `gap` characters of it on both
//    sides (any diagonal inside that box, so the insertions, deletions and substitutions of an edited passage stay in
//    one passage). A seed is ignored when a passage already aligned its suspicious characters, or already covers its
//    source characters: a phrase repeated in the source or in the suspicious text would only stretch the passage.
// 3. Merging: passages within `gap` of each other on both sides merge, and so do passages up to `maxExtend` apart that
//    follow each other on both sides with similar text in between (a heavily edited stretch without seeds), as long
//    as the merged box stays balanced (about as long on both sides) and they do not match the same source characters.
//    A passage whose seeds mostly cover suspicious characters a stronger one covers is dropped. Then passages that
//    follow each other in the suspicious text (within `reorderGapS`) and come from one region of the source (within
//    `reorderGapD`) form one passage when the group is balanced and fills its source range: the sentences of a
//    reordered passage. Short ones join it when they fill a part of its source range that it does not cover yet.
// 4. Filtering: a passage needs `minMatched` matched characters, a density of `minDensity` on both sides, a balanced
//    box, and either an exact run of `minLongestSeed` characters (the usual 13-character rule) or, for a heavily
//    edited passage, matched characters (seeds plus the common subsequences of the gaps between them) of at least
//    `minLcsRatio` of its longer side.
//    A long passage (`minDiceSpan`) without either is kept when the character bigrams of its two sides are similar
//    (Dice >= `minPassageDice`): 降重 tools replace half the words by synonyms and swap clauses.
// 5. Boundaries: an end is extended to the end of its sentence when the rest of the sentence is similar on both sides
//    (edits near the ends leave no seeds there). Against 降重 disguise, a passage then finishes the sentences it ends and
//    starts in, and takes whole neighbouring sentences, while their bigram Dice is at least `minBigramDice`; passages
//    that now touch merge. Then both ends move to the sentence boundary when one is within `snap` normalised
//    characters, take adjacent quotes and brackets, and are mapped to original offsets.
// A passage is identical when its two normalised sides are equal; otherwise it is similar, with a similarity below 1.
import { type NormalizedText } from '../text/normalize';
import { kgramHashes } from './fingerprint';

export interface AlignParams {
  /** Minimum length of an exact-match seed (normalised characters). */
  seedLength: number;
  /** Source grams that occur more often than this in the source are not used as seeds. */
  maxGramOccurrences: number;
  /** Largest gap between seeds of one passage, on each side (normalised characters). */
  gap: number;
  /** Passages this close in the suspicious text... */
  reorderGapS: number;
  /** ...and this close in the source merge (reordered sentences)... */
  reorderGapD: number;
  /** ...when no stretch of the source range longer than this share of it (or maxExtend) is left unmatched. */
  maxReorderHole: number;
  /** Minimum matched characters of a passage (normalised). */
  minMatched: number;
  /** Minimum share of a passage's span covered by seeds, on each side. */
  minDensity: number;
  /**
   * A passage needs an exact run of at least `minLongestSeed` characters; without one, its matched characters must be
   * at least `minLcsRatio` of its longer side (an edited passage, not a shared template).
   */
  minLongestSeed: number;
  minLcsRatio: number;
  /** A passage keeps max(span) <= maxSpanRatio * min(span) + gap over its two sides. */
  maxSpanRatio: number;
  /** Gaps and ends up to this many characters are bridged when the text in them is similar... */
  maxExtend: number;
  /** ...with a longest common subsequence of this share of the longer side. */
  extendLcsRatio: number;
  /** A boundary moves to a sentence boundary this many normalised characters away, at most. */
  snap: number;
  /**
   * 降重 disguise (synonyms, swapped clauses): gaps between passages are bridged, and a passage takes the next (or
   * previous) whole sentence on both sides, when the character bigrams of the two stretches have a Dice coefficient of
   * at least this (order-free, so a swapped clause keeps its bigrams); 0 turns both off.
   */
  minBigramDice: number;
  /** A sentence taken that way adds at most this many normalised characters. */
  maxSentence: number;
  /**
   * A passage of at least `minDiceSpan` characters on both sides without a `minLongestSeed` run or `minLcsRatio` of
   * matched characters is still kept when its two sides have a bigram Dice of at least `minPassageDice` (0: off).
   * Shorter ones are not: shared templates (“X是于2004年上映的第五部《X》剧场版”) reach the same Dice.
   */
  minPassageDice: number;
  minDiceSpan: number;
}

export const DEFAULT_ALIGN_PARAMS: AlignParams = {
  seedLength: 5,
  maxGramOccurrences: 32,
  gap: 30,
  reorderGapS: 20,
  reorderGapD: 800,
  maxReorderHole: 0.2,
  minMatched: 24,
  minDensity: 0.35,
  minLongestSeed: 13,
  minLcsRatio: 0.8,
  maxSpanRatio: 1.5,
  maxExtend: 60,
  extendLcsRatio: 0.5,
  snap: 6,
  minBigramDice: 0.4,
  maxSentence: 200,
  minPassageDice: 0.5,
  minDiceSpan: 100,
};

/** A text as the aligner needs it: the original and its normalised form (sentence starts are cached on it). */
export interface AlignText {
  original: string;
  norm: NormalizedText;
  sentences?: Int32Array;
}

/** Regions to align, as sorted, disjoint [from, to) pairs of normalised positions, flattened. */
export interface AlignRegions {
  sus: number[];
  src: number[];
}

/** One aligned passage. Offsets and lengths are in original UTF-16 indices. */
export interface AlignedPassage {
  thisOffset: number;
  thisLength: number;
  sourceOffset: number;
  sourceLength: number;
  /** Normalised ranges [start, end) on both sides. */
  thisNormStart: number;
  thisNormEnd: number;
  sourceNormStart: number;
  sourceNormEnd: number;
  /** Normalised characters of the suspicious side that match: exact-match seeds plus common subsequences between them. */
  matchedChars: number;
  /** matchedChars / normalised length of the suspicious side, in [0, 1]. */
  similarity: number;
  /** The two normalised ranges are equal (similarity 1); otherwise the passage is similar (similarity below 1). */
  identical: boolean;
  /** Longest exact match in the passage (normalised characters) and number of seeds. */
  longestMatch: number;
  seedCount: number;
}

export interface Seeds {
  s: number[];
  d: number[];
  len: number[];
}

function rangeMask(length: number, ranges: number[] | undefined): Uint8Array {
  const mask = new Uint8Array(length);
  if (!ranges) return mask.fill(1);
  for (let r = 0; r < ranges.length; r += 2) mask.fill(1, Math.max(0, ranges[r]), Math.min(length, ranges[r + 1]));
  return mask;
}

/**
 * Maximal exact matches of at least `m` characters between `a` (suspicious) and `b` (source), optionally starting
 * inside the given regions. `hashesA` may pass the m-gram hashes of `a` when several sources are aligned with it.
 */
export function findSeeds(a: string, b: string, m: number, maxOcc: number, hashesA?: Int32Array, regions?: AlignRegions): Seeds {
  const seeds: Seeds = { s: [], d: [], len: [] };
  if (a.length < m || b.length < m) return seeds;
  const ha = hashesA ?? kgramHashes(a, m);
  const hb = kgramHashes(b, m);
  const inA = rangeMask(ha.length, regions?.sus);
  const inB = rangeMask(hb.length, regions?.src);
  // Positions of each source gram: an open-addressing table (hash -> first position, count), the other positions
  // chained in increasing order.
  let size = 16;
  while (size < hb.length * 2) size <<= 1;
  const mask = size - 1;
  const keys = new Int32Array(size);
  const heads = new Int32Array(size).fill(-1);
  const tails = new Int32Array(size);
  const counts = new Int32Array(size);
  const nextPos = new Int32Array(hb.length).fill(-1);
  const slotOf = (h: number) => {
    let t = (h ^ (h >>> 15)) & mask;
    while (heads[t] !== -1 && keys[t] !== h) t = (t + 1) & mask;
    return t;
  };
  for (let j = 0; j < hb.length; j++) {
    if (inB[j] === 0) continue;
    const h = hb[j];
    const t = slotOf(h);
    if (heads[t] === -1) {
      keys[t] = h;
      heads[t] = j;
    } else {
      nextPos[tails[t]] = j;
    }
    tails[t] = j;
    counts[t]++;
  }
  const na = a.length;
  const nb = b.length;
  for (let i = 0; i < ha.length; i++) {
    if (inA[i] === 0) continue;
    const t = slotOf(ha[i]);
    let j = heads[t];
    if (j === -1 || counts[t] > maxOcc) continue;
    // Whether the gram at i - 1 was looked up too (then a match through (i - 1, j - 1) was found there).
    const prevLooked = i > 0 && inA[i - 1] === 1;
    for (; j !== -1; j = nextPos[j]) {
      if (i > 0 && j > 0 && a.charCodeAt(i - 1) === b.charCodeAt(j - 1)) {
        if (prevLooked && inB[j - 1] === 1 && counts[slotOf(hb[j - 1])] <= maxOcc) continue;
      }
      let l = 0;
      while (i + l < na && j + l < nb && a.charCodeAt(i + l) === b.charCodeAt(j + l)) l++;
      if (l < m) continue; // hash collision
      let back = 0;
      while (i - back > 0 && j - back > 0 && a.charCodeAt(i - back - 1) === b.charCodeAt(j - back - 1)) back++;
      seeds.s.push(i - back);
      seeds.d.push(j - back);
      seeds.len.push(l + back);
    }
  }
  return seeds;
}

/** Length of the longest common subsequence of a[a0, a1) and b[b0, b1). */
export function lcsLength(a: string, a0: number, a1: number, b: string, b0: number, b1: number): number {
  const m = b1 - b0;
  if (a1 <= a0 || m <= 0) return 0;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = a0; i < a1; i++) {
    const ca = a.charCodeAt(i);
    for (let j = 1; j <= m; j++) {
      if (ca === b.charCodeAt(b0 + j - 1)) cur[j] = prev[j - 1] + 1;
      else cur[j] = prev[j] > cur[j - 1] ? prev[j] : cur[j - 1];
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[m];
}

/** LCS / longer length of two ranges (0 when one is empty). */
function lcsRatio(a: string, a0: number, a1: number, b: string, b0: number, b1: number): number {
  const la = a1 - a0;
  const lb = b1 - b0;
  if (la <= 0 || lb <= 0) return 0;
  return lcsLength(a, a0, a1, b, b0, b1) / Math.max(la, lb);
}

/**
 * Dice coefficient of the character-bigram multisets of a[a0, a1) and b[b0, b1): 2|A ∩ B| / (|A| + |B|). Word order
 * does not matter, so a swapped clause keeps its bigrams, and a two-character synonym costs only the bigrams it touches.
 */
export function bigramDice(a: string, a0: number, a1: number, b: string, b0: number, b1: number): number {
  const na = a1 - a0 - 1;
  const nb = b1 - b0 - 1;
  if (na <= 0 || nb <= 0) return 0;
  const counts = new Map<number, number>();
  for (let i = a0; i < a1 - 1; i++) {
    const key = a.charCodeAt(i) * 0x10000 + a.charCodeAt(i + 1);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let common = 0;
  for (let j = b0; j < b1 - 1; j++) {
    const key = b.charCodeAt(j) * 0x10000 + b.charCodeAt(j + 1);
    const c = counts.get(key);
    if (c) {
      common++;
      counts.set(key, c - 1);
    }
  }
  return (2 * common) / (na + nb);
}

/** Share of the character bigrams of a[a0, a1) that occur in b[b0, b1) (as a multiset). */
export function bigramContainment(a: string, a0: number, a1: number, b: string, b0: number, b1: number): number {
  const na = a1 - a0 - 1;
  if (na <= 0 || b1 - b0 < 2) return 0;
  return (bigramDice(a, a0, a1, b, b0, b1) * (na + b1 - b0 - 1)) / 2 / na;
}

/** Whether the two ranges are similar enough to bridge: LCS ratio, or (for 降重 disguise) bigram Dice. */
function similarGap(a: string, a0: number, a1: number, b: string, b0: number, b1: number, p: AlignParams): boolean {
  if (lcsRatio(a, a0, a1, b, b0, b1) >= p.extendLcsRatio) return true;
  return p.minBigramDice > 0 && bigramDice(a, a0, a1, b, b0, b1) >= p.minBigramDice;
}

interface Cluster {
  sStart: number;
  sEnd: number;
  dStart: number;
  dEnd: number;
  /** End of the seeds' coverage of the suspicious side while chaining (seeds come in suspicious order). */
  sCovered: number;
  /** Seed indices. */
  seeds: number[];
  alive: boolean;
}

function gapBetween(a0: number, a1: number, b0: number, b1: number): number {
  if (b0 >= a1) return b0 - a1;
  if (a0 >= b1) return a0 - b1;
  return 0;
}

/** Positions covered by the seeds on one side, and the longest seed. */
function coverage(seeds: Seeds, idx: number[], side: 's' | 'd'): { covered: number; longest: number } {
  const at = side === 's' ? seeds.s : seeds.d;
  const order = [...idx].sort((x, y) => at[x] - at[y]);
  let covered = 0;
  let longest = 0;
  let reach = -1;
  for (const k of order) {
    const start = at[k];
    const end = start + seeds.len[k];
    if (seeds.len[k] > longest) longest = seeds.len[k];
    if (end <= reach) continue;
    covered += end - Math.max(start, reach);
    reach = end;
  }
  return { covered, longest };
}

/**
 * Characters matched between the seeds: between consecutive seeds (in suspicious order) that advance on both sides,
 * the longest common subsequence of the gaps (up to `maxGap` characters each).
 */
function gapMatches(a: string, b: string, seeds: Seeds, idx: number[], maxGap: number): number {
  const order = [...idx].sort((x, y) => seeds.s[x] - seeds.s[y] || seeds.len[y] - seeds.len[x]);
  let matched = 0;
  let reachS = -1;
  let reachD = -1;
  for (const k of order) {
    const s = seeds.s[k];
    const d = seeds.d[k];
    const end = s + seeds.len[k];
    if (end <= reachS) continue;
    if (reachS >= 0 && s >= reachS && d >= reachD && s - reachS <= maxGap && d - reachD <= maxGap) {
      matched += lcsLength(a, reachS, s, b, reachD, d);
    }
    reachS = end;
    reachD = d + seeds.len[k];
  }
  return matched;
}

/** Sorted, merged source-side intervals of a cluster's seeds, flattened. */
function sourceIntervals(seeds: Seeds, idx: number[]): number[] {
  const order = [...idx].sort((x, y) => seeds.d[x] - seeds.d[y]);
  const out: number[] = [];
  for (const k of order) {
    const from = seeds.d[k];
    const to = from + seeds.len[k];
    if (out.length && from <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], to);
    else out.push(from, to);
  }
  return out;
}

/** Share of the source characters of cluster `b`'s seeds that cluster `a`'s seeds cover too. */
function sourceOverlap(seeds: Seeds, a: Cluster, b: Cluster): number {
  const x = sourceIntervals(seeds, a.seeds);
  const y = sourceIntervals(seeds, b.seeds);
  let overlap = 0;
  let total = 0;
  for (let j = 0; j < y.length; j += 2) total += y[j + 1] - y[j];
  for (let i = 0, j = 0; i < x.length && j < y.length;) {
    overlap += Math.max(0, Math.min(x[i + 1], y[j + 1]) - Math.max(x[i], y[j]));
    if (x[i + 1] < y[j + 1]) i += 2;
    else j += 2;
  }
  return total === 0 ? 0 : overlap / total;
}

/** A seed whose source characters the cluster's seeds already cover (half or more): the suspicious text repeats them. */
function repeatsSource(seeds: Seeds, c: Cluster, d: number, l: number): boolean {
  let overlap = 0;
  for (const k of c.seeds) overlap += Math.max(0, Math.min(seeds.d[k] + seeds.len[k], d + l) - Math.max(seeds.d[k], d));
  return overlap * 2 >= l;
}

/**
 * Drops seeds whose source characters longer seeds of the same cluster already cover (a phrase the suspicious text
 * repeats near the passage), and shrinks the cluster's box to the remaining seeds.
 */
function pruneRepeats(seeds: Seeds, c: Cluster): void {
  if (c.seeds.length < 2) return;
  const byLength = [...c.seeds].sort((x, y) => seeds.len[y] - seeds.len[x]);
  const kept: number[] = [];
  for (const k of byLength) {
    let overlap = 0;
    for (const j of kept) overlap += Math.max(0, Math.min(seeds.d[j] + seeds.len[j], seeds.d[k] + seeds.len[k]) - Math.max(seeds.d[j], seeds.d[k]));
    if (overlap * 2 < seeds.len[k]) kept.push(k);
  }
  if (kept.length === c.seeds.length) return;
  c.seeds = kept;
  c.sStart = Math.min(...kept.map((k) => seeds.s[k]));
  c.sEnd = Math.max(...kept.map((k) => seeds.s[k] + seeds.len[k]));
  c.dStart = Math.min(...kept.map((k) => seeds.d[k]));
  c.dEnd = Math.max(...kept.map((k) => seeds.d[k] + seeds.len[k]));
}

function mergeInto(a: Cluster, b: Cluster): void {
  a.sStart = Math.min(a.sStart, b.sStart);
  a.sEnd = Math.max(a.sEnd, b.sEnd);
  a.dStart = Math.min(a.dStart, b.dStart);
  a.dEnd = Math.max(a.dEnd, b.dEnd);
  for (const k of b.seeds) a.seeds.push(k);
  b.alive = false;
}

/** Merges clusters while some pair is within `maxGap` on both sides and `ok` accepts it. */
function mergeClusters(clusters: Cluster[], maxGap: number, ok: (a: Cluster, b: Cluster) => boolean): Cluster[] {
  let list = clusters.filter((c) => c.alive);
  let changed = true;
  while (changed) {
    changed = false;
    list.sort((x, y) => x.sStart - y.sStart);
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      if (!a.alive) continue;
      for (let j = i + 1; j < list.length; j++) {
        const b = list[j];
        if (!b.alive) continue;
        if (b.sStart - a.sEnd > maxGap) break;
        if (gapBetween(a.dStart, a.dEnd, b.dStart, b.dEnd) > maxGap) continue;
        if (!ok(a, b)) continue;
        mergeInto(a, b);
        changed = true;
      }
    }
    list = list.filter((c) => c.alive);
  }
  return list;
}

function isBalanced(sSpan: number, dSpan: number, p: AlignParams): boolean {
  return Math.max(sSpan, dSpan) <= p.maxSpanRatio * Math.min(sSpan, dSpan) + p.gap;
}

/**
 * Drops clusters whose seeds mostly cover suspicious characters that a stronger cluster's seeds already cover: other
 * alignments of the same characters (a phrase that recurs in the source).
 */
function dropShadowed(clusters: Cluster[], seeds: Seeds, length: number): Cluster[] {
  if (clusters.length < 2) return clusters;
  const strength = new Map(clusters.map((c) => [c, coverage(seeds, c.seeds, 's').covered]));
  const sorted = [...clusters].sort((x, y) => strength.get(y)! - strength.get(x)!);
  const taken = new Uint8Array(length);
  const kept: Cluster[] = [];
  for (const c of sorted) {
    let overlap = 0;
    const mine = new Set<number>();
    for (const k of c.seeds) for (let i = seeds.s[k]; i < seeds.s[k] + seeds.len[k]; i++) mine.add(i);
    for (const i of mine) overlap += taken[i];
    if (overlap * 2 >= mine.size) continue;
    for (const i of mine) taken[i] = 1;
    kept.push(c);
  }
  return kept;
}

/**
 * Groups clusters that follow each other in the suspicious text (gaps up to reorderGapS) and come from one region of
 * the source (within reorderGapD of the group's box): the sentences of a reordered passage. A group is kept when it is
 * balanced as a whole; otherwise its clusters stay apart.
 */
function mergeReordered(clusters: Cluster[], seeds: Seeds, p: AlignParams): Cluster[] {
  const substantial = (c: Cluster) => coverage(seeds, c.seeds, 's').covered >= p.minMatched / 2;
  const sorted = [...clusters].sort((x, y) => x.sStart - y.sStart);
  const out: Cluster[] = [];
  let group: Cluster[] = [];
  let box: Cluster | null = null;
  // A group stands for one passage when it is balanced and its members fill its source range (a reordered passage
  // leaves no large hole there; two passages from different places of the source do).
  const flush = (g: Cluster[], bx: Cluster | null) => {
    if (bx && g.length > 1 && isBalanced(bx.sEnd - bx.sStart, bx.dEnd - bx.dStart, p)) {
      const ranges = g.map((c) => [c.dStart, c.dEnd]).sort((x, y) => x[0] - y[0]);
      let hole = 0;
      let reach = ranges[0][1];
      for (const [from, to] of ranges) {
        hole = Math.max(hole, from - reach);
        reach = Math.max(reach, to);
      }
      if (hole <= Math.max(p.maxExtend, p.maxReorderHole * (bx.dEnd - bx.dStart))) {
        out.push(bx);
        return;
      }
    }
    out.push(...g);
  };
  for (const c of sorted) {
    // A short cluster joins the group only from inside its source range; a substantial one from its source region.
    const sub = substantial(c);
    if (
      box &&
      c.sStart - box.sEnd <= p.reorderGapS &&
      gapBetween(box.dStart, box.dEnd, c.dStart, c.dEnd) <= (sub ? p.reorderGapD : p.gap) &&
      sourceOverlap(seeds, box, c) < 0.5
    ) {
      group.push(c);
      const bx = box as Cluster;
      box = {
        ...bx,
        sEnd: Math.max(bx.sEnd, c.sEnd),
        dStart: Math.min(bx.dStart, c.dStart),
        dEnd: Math.max(bx.dEnd, c.dEnd),
        seeds: [...bx.seeds, ...c.seeds],
      };
      continue;
    }
    if (!sub) {
      out.push(c);
      continue;
    }
    flush(group, box);
    group = [c];
    box = { ...c, seeds: [...c.seeds] };
  }
  flush(group, box);
  // Short clusters (a short sentence) join a passage that they follow or precede in the suspicious text when they lie
  // inside its source range.
  const big = out.filter((c) => substantial(c));
  let small = out.filter((c) => !substantial(c));
  let changed = big.length > 0;
  while (changed) {
    changed = false;
    const rest: Cluster[] = [];
    for (const c of small) {
      const host = big.find(
        (g) =>
          gapBetween(g.sStart, g.sEnd, c.sStart, c.sEnd) <= p.reorderGapS &&
          gapBetween(g.dStart, g.dEnd, c.dStart, c.dEnd) <= p.gap &&
          sourceOverlap(seeds, g, c) < 0.5 &&
          isBalanced(Math.max(g.sEnd, c.sEnd) - Math.min(g.sStart, c.sStart), Math.max(g.dEnd, c.dEnd) - Math.min(g.dStart, c.dStart), p),
      );
      if (host) {
        mergeInto(host, c);
        changed = true;
      } else rest.push(c);
    }
    small = rest;
  }
  return [...big, ...small];
}

/** Chains seeds into passages and merges them (steps 2 and 3); filtering is left to the caller. */
export function clusterSeeds(seeds: Seeds, p: AlignParams, a: string, b: string): Cluster[] {
  const order = seeds.s.map((_, k) => k).sort((x, y) => seeds.s[x] - seeds.s[y] || seeds.len[y] - seeds.len[x] || seeds.d[x] - seeds.d[y]);
  const clusters: Cluster[] = [];
  let open: Cluster[] = [];
  for (const k of order) {
    const s = seeds.s[k];
    const d = seeds.d[k];
    const l = seeds.len[k];
    if (open.length && open[0].sEnd < s - p.gap) open = open.filter((c) => c.sEnd >= s - p.gap);
    // Characters a passage already aligned: another alignment of them would only stretch its source range.
    if (open.some((c) => c.sStart <= s && s + l <= c.sCovered)) continue;
    let best: Cluster | null = null;
    let bestGap = Infinity;
    for (const c of open) {
      if (c.sEnd < s - p.gap) continue;
      const g = gapBetween(c.dStart, c.dEnd, d, d + l);
      if (g <= p.gap && g < bestGap) {
        best = c;
        bestGap = g;
      }
    }
    if (best && repeatsSource(seeds, best, d, l)) continue;
    if (best) {
      best.sEnd = Math.max(best.sEnd, s + l);
      best.sCovered = Math.max(best.sCovered, s + l);
      best.dStart = Math.min(best.dStart, d);
      best.dEnd = Math.max(best.dEnd, d + l);
      best.seeds.push(k);
    } else {
      const c: Cluster = { sStart: s, sEnd: s + l, sCovered: s + l, dStart: d, dEnd: d + l, seeds: [k], alive: true };
      clusters.push(c);
      open.push(c);
      open.sort((x, y) => x.sEnd - y.sEnd);
    }
  }
  for (const c of clusters) pruneRepeats(seeds, c);
  const balanced = (x: Cluster, y: Cluster) =>
    isBalanced(Math.max(x.sEnd, y.sEnd) - Math.min(x.sStart, y.sStart), Math.max(x.dEnd, y.dEnd) - Math.min(x.dStart, y.dStart), p);
  // Close on both sides: merge. Further apart but in order on both sides with similar text in between: merge too.
  // Clusters whose source characters mostly coincide are the same source text matched twice: not merged.
  const distinct = (x: Cluster, y: Cluster) => {
    const [big, small] = x.seeds.length >= y.seeds.length ? [x, y] : [y, x];
    return sourceOverlap(seeds, big, small) < 0.5;
  };
  const near = (x: Cluster, y: Cluster) => {
    if (!distinct(x, y)) return false;
    const gs = gapBetween(x.sStart, x.sEnd, y.sStart, y.sEnd);
    const gd = gapBetween(x.dStart, x.dEnd, y.dStart, y.dEnd);
    if (gs <= p.gap && gd <= p.gap) return true;
    if (gs > p.maxExtend || gd > p.maxExtend) return false;
    const [u, v] = x.sStart <= y.sStart ? [x, y] : [y, x];
    if (v.sStart < u.sEnd || v.dStart < u.dEnd) return false;
    return similarGap(a, u.sEnd, v.sStart, b, u.dEnd, v.dStart, p);
  };
  let merged = mergeClusters(clusters, Math.max(p.gap, p.maxExtend), (x, y) => near(x, y) && balanced(x, y));
  merged = dropShadowed(merged, seeds, a.length);
  return mergeReordered(merged, seeds, p);
}

// Sentence boundaries and attached punctuation, for snapping.
const BOUNDARY = new Uint8Array(0x10000);
for (const c of '。！？!?；;．\n…') BOUNDARY[c.charCodeAt(0)] = 1;
const CLOSERS = new Set(['”', '’', '」', '』', '）', ')', '》', '〉', ']', '】', '"', "'", '〕']);
const OPENERS = new Set(['“', '‘', '「', '『', '（', '(', '《', '〈', '[', '【', '"', "'", '〔']);

function isDigitCode(x: number): boolean {
  return x >= 48 && x <= 57;
}

/** Whether original[i] ends a sentence: 。！？；… line ends, and a full stop that is not a decimal point. */
function isBoundaryAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (BOUNDARY[c] === 1) return true;
  return c === 46 && !(isDigitCode(text.charCodeAt(i - 1)) && isDigitCode(text.charCodeAt(i + 1)));
}

/**
 * Start of a passage whose first kept character is at normalised index `ns`: the start of its sentence when that is at
 * most `snap` normalised characters back, else the character itself with any opening quote or bracket before it.
 */
export function snapStart(t: AlignText, ns: number, snap: number): number {
  const { original, norm } = t;
  const at = norm.starts[ns];
  let kept = 0;
  let k = ns - 1;
  let i = at - 1;
  for (; i >= 0; i--) {
    if (isBoundaryAt(original, i)) break;
    while (k >= 0 && norm.starts[k] >= i) {
      if (norm.starts[k] === i) kept++;
      k--;
    }
    if (kept > snap) return withOpeners(original, at);
  }
  // i is a boundary (or -1): the sentence starts after it, its closing marks and whitespace.
  let start = i + 1;
  while (start < at && (CLOSERS.has(original[start]) || /\s/.test(original[start]) || isBoundaryAt(original, start))) start++;
  return start;
}

function withOpeners(original: string, at: number): number {
  let s = at;
  while (s > 0 && OPENERS.has(original[s - 1])) s--;
  return s;
}

/**
 * End (exclusive) of a passage whose last kept character is at normalised index `ne - 1`: through the end of its
 * sentence when that is at most `snap` normalised characters ahead, else the character itself with attached closing
 * punctuation.
 */
export function snapEnd(t: AlignText, ne: number, snap: number): number {
  const { original, norm } = t;
  const at = norm.ends[ne - 1];
  const n = norm.starts.length;
  let kept = 0;
  let k = ne;
  let i = at;
  for (; i < original.length; i++) {
    if (isBoundaryAt(original, i)) break;
    while (k < n && norm.starts[k] <= i) {
      if (norm.starts[k] === i) kept++;
      k++;
    }
    if (kept > snap) return withClosers(original, at);
  }
  if (i >= original.length) return trimEndSpace(original, at, original.length);
  if (original[i] === '\n') return trimEndSpace(original, at, i);
  let end = i + 1;
  while (end < original.length && original[end] !== '\n' && (CLOSERS.has(original[end]) || isBoundaryAt(original, end))) end++;
  return end;
}

function trimEndSpace(original: string, from: number, to: number): number {
  let e = to;
  while (e > from && /\s/.test(original[e - 1])) e--;
  return e;
}

function withClosers(original: string, at: number): number {
  let e = at;
  while (e < original.length && CLOSERS.has(original[e])) e++;
  return e;
}

/** Normalised positions where a sentence starts: 0, the first kept character after each boundary, and the end. */
export function sentenceStarts(t: AlignText): Int32Array {
  if (t.sentences) return t.sentences;
  const { original, norm } = t;
  const out: number[] = [0];
  const n = norm.starts.length;
  let k = 0;
  for (let i = 0; i < original.length; i++) {
    if (!isBoundaryAt(original, i)) continue;
    while (k < n && norm.ends[k] <= i) k++;
    if (k !== out[out.length - 1]) out.push(k);
  }
  if (out[out.length - 1] !== n) out.push(n);
  t.sentences = Int32Array.from(out);
  return t.sentences;
}

/** Smallest value >= x in the sorted array (or -1). */
function ceilOf(arr: Int32Array, x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < arr.length ? arr[lo] : -1;
}

/** Largest value <= x in the sorted array (or -1). */
function floorOf(arr: Int32Array, x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? arr[lo - 1] : -1;
}

/** Aligns a suspicious text with one source text and returns the reused passages, in suspicious order. */
export function alignTexts(
  sus: AlignText,
  src: AlignText,
  params: Partial<AlignParams> = {},
  options: { susHashes?: Int32Array; regions?: AlignRegions } = {},
): AlignedPassage[] {
  const p = { ...DEFAULT_ALIGN_PARAMS, ...params };
  const a = sus.norm.text;
  const b = src.norm.text;
  const seeds = findSeeds(a, b, p.seedLength, p.maxGramOccurrences, options.susHashes, options.regions);
  if (seeds.s.length === 0) return [];
  const boxes: Box[] = [];
  for (const c of clusterSeeds(seeds, p, a, b)) {
    const sSpan = c.sEnd - c.sStart;
    const dSpan = c.dEnd - c.dStart;
    if (!isBalanced(sSpan, dSpan, p)) continue;
    const { covered, longest } = coverage(seeds, c.seeds, 's');
    const coveredD = coverage(seeds, c.seeds, 'd').covered;
    if (Math.min(covered, coveredD) < p.minMatched || covered / sSpan < p.minDensity || coveredD / dSpan < p.minDensity) continue;
    const between = gapMatches(a, b, seeds, c.seeds, p.maxExtend);
    let matched = covered + between;
    if (
      longest < p.minLongestSeed &&
      Math.min(matched, coveredD + between) / Math.max(sSpan, dSpan) < p.minLcsRatio &&
      !(p.minPassageDice > 0 && Math.min(sSpan, dSpan) >= p.minDiceSpan && bigramDice(a, c.sStart, c.sEnd, b, c.dStart, c.dEnd) >= p.minPassageDice)
    )
      continue;
    let { sStart, sEnd, dStart, dEnd } = c;
    // The seeds that open and close the passage on the suspicious side, and where they sit in the source.
    let first = c.seeds[0];
    let last = c.seeds[0];
    for (const k of c.seeds) {
      if (seeds.s[k] < seeds.s[first] || (seeds.s[k] === seeds.s[first] && seeds.len[k] > seeds.len[first])) first = k;
      if (seeds.s[k] + seeds.len[k] > seeds.s[last] + seeds.len[last]) last = k;
    }
    // Extend the end through the rest of its sentence when that is similar on both sides (edits near the end).
    const sentS = sentenceStarts(sus);
    const sentD = sentenceStarts(src);
    const dAfterLast = seeds.d[last] + seeds.len[last];
    const eS = ceilOf(sentS, sEnd);
    const eD = ceilOf(sentD, dAfterLast);
    if (eS > sEnd && eD >= dAfterLast && eS - sEnd <= p.maxExtend && eD - dAfterLast <= p.maxExtend) {
      const ext = lcsLength(a, sEnd, eS, b, dAfterLast, eD);
      if (ext >= p.extendLcsRatio * Math.max(eS - sEnd, eD - dAfterLast)) {
        sEnd = eS;
        dEnd = Math.max(dEnd, eD);
        matched += ext;
      }
    }
    // Same at the start.
    const dFirst = seeds.d[first];
    const bS = floorOf(sentS, sStart);
    const bD = floorOf(sentD, dFirst);
    if (bS >= 0 && bD >= 0 && bS < sStart && sStart - bS <= p.maxExtend && dFirst - bD <= p.maxExtend) {
      const ext = lcsLength(a, bS, sStart, b, bD, dFirst);
      if (ext >= p.extendLcsRatio * Math.max(sStart - bS, dFirst - bD)) {
        sStart = bS;
        dStart = Math.min(dStart, bD);
        matched += ext;
      }
    }
    boxes.push({ sStart, sEnd, dStart, dEnd, matched, longest, seedCount: c.seeds.length });
  }
  if (p.minBigramDice > 0) for (const box of boxes) extendBySentences(box, a, b, sentenceStarts(sus), sentenceStarts(src), p);
  const out: AlignedPassage[] = [];
  for (const box of mergeBoxes(boxes, p.gap)) {
    const { sStart, sEnd, dStart, dEnd } = box;
    const thisStart = snapStart(sus, sStart, p.snap);
    const thisEnd = snapEnd(sus, sEnd, p.snap);
    const srcStart = snapStart(src, dStart, p.snap);
    const srcEnd = snapEnd(src, dEnd, p.snap);
    // Identical: the two normalised ranges are equal (a verbatim copy, or one that only punctuation, width or the
    // Traditional script disguises). Anything else is similar, with a similarity below 1.
    const identical = sEnd - sStart === dEnd - dStart && a.slice(sStart, sEnd) === b.slice(dStart, dEnd);
    const matched = identical ? sEnd - sStart : Math.min(box.matched, sEnd - sStart - 1);
    out.push({
      thisOffset: thisStart,
      thisLength: thisEnd - thisStart,
      sourceOffset: srcStart,
      sourceLength: srcEnd - srcStart,
      thisNormStart: sStart,
      thisNormEnd: sEnd,
      sourceNormStart: dStart,
      sourceNormEnd: dEnd,
      matchedChars: matched,
      similarity: matched / Math.max(1, sEnd - sStart),
      identical,
      longestMatch: box.longest,
      seedCount: box.seedCount,
    });
  }
  return out.sort((x, y) => x.thisOffset - y.thisOffset);
}

interface Box {
  sStart: number;
  sEnd: number;
  dStart: number;
  dEnd: number;
  matched: number;
  longest: number;
  seedCount: number;
}

/**
 * 降重 disguise leaves whole sentences of a reused passage without seeds (every second content word swapped for a
 * synonym) and moves seeds away from sentence ends (a swapped clause). A passage first finishes the sentences it ends
 * (and starts) in, then takes the next sentence after its end (and the one before its start) on both sides, while the
 * sentences' bigram Dice is at least minBigramDice. Only a passage already found grows, so this adds no passage.
 */
function extendBySentences(box: Box, a: string, b: string, sentS: Int32Array, sentD: Int32Array, p: AlignParams): void {
  // A passage that stops inside a sentence on either side finishes it on both when the two sentences, from within the
  // passage, are similar.
  {
    const s0 = ceilOf(sentS, box.sEnd);
    const d0 = ceilOf(sentD, box.dEnd);
    if (
      s0 >= 0 &&
      d0 >= 0 &&
      (s0 - box.sEnd > p.snap || d0 - box.dEnd > p.snap) &&
      s0 - box.sEnd <= p.maxSentence &&
      d0 - box.dEnd <= p.maxSentence
    ) {
      const ss = Math.max(box.sStart, floorOf(sentS, box.sEnd - 1));
      const ds = Math.max(box.dStart, floorOf(sentD, box.dEnd - 1));
      // Each rest must itself belong to the other sentence: a passage followed by other text without a boundary keeps
      // its end.
      const restS = s0 - box.sEnd <= p.snap || bigramContainment(a, box.sEnd, s0, b, ds, d0) >= p.minBigramDice / 2;
      const restD = d0 - box.dEnd <= p.snap || bigramContainment(b, box.dEnd, d0, a, ss, s0) >= p.minBigramDice / 2;
      if (restS && restD && bigramDice(a, ss, s0, b, ds, d0) >= p.minBigramDice) {
        box.matched += lcsLength(a, box.sEnd, s0, b, box.dEnd, d0);
        box.sEnd = s0;
        box.dEnd = d0;
      }
    }
    const s1 = floorOf(sentS, box.sStart);
    const d1 = floorOf(sentD, box.dStart);
    if (
      s1 >= 0 &&
      d1 >= 0 &&
      (box.sStart - s1 > p.snap || box.dStart - d1 > p.snap) &&
      box.sStart - s1 <= p.maxSentence &&
      box.dStart - d1 <= p.maxSentence
    ) {
      const se = Math.min(box.sEnd, ceilOf(sentS, box.sStart + 1));
      const de = Math.min(box.dEnd, ceilOf(sentD, box.dStart + 1));
      const restS = box.sStart - s1 <= p.snap || bigramContainment(a, s1, box.sStart, b, d1, de) >= p.minBigramDice / 2;
      const restD = box.dStart - d1 <= p.snap || bigramContainment(b, d1, box.dStart, a, s1, se) >= p.minBigramDice / 2;
      if (se > s1 && de > d1 && restS && restD && bigramDice(a, s1, se, b, d1, de) >= p.minBigramDice) {
        box.matched += lcsLength(a, s1, box.sStart, b, d1, box.dStart);
        box.sStart = s1;
        box.dStart = d1;
      }
    }
  }
  for (;;) {
    const s0 = ceilOf(sentS, box.sEnd);
    const d0 = ceilOf(sentD, box.dEnd);
    if (s0 < 0 || d0 < 0 || s0 - box.sEnd > p.snap || d0 - box.dEnd > p.snap) break;
    const s1 = ceilOf(sentS, s0 + 1);
    const d1 = ceilOf(sentD, d0 + 1);
    if (s1 < 0 || d1 < 0 || s1 - box.sEnd > p.maxSentence || d1 - box.dEnd > p.maxSentence) break;
    if (bigramDice(a, box.sEnd, s1, b, box.dEnd, d1) < p.minBigramDice) break;
    box.matched += lcsLength(a, box.sEnd, s1, b, box.dEnd, d1);
    box.sEnd = s1;
    box.dEnd = d1;
  }
  for (;;) {
    const s1 = floorOf(sentS, box.sStart);
    const d1 = floorOf(sentD, box.dStart);
    if (s1 < 0 || d1 < 0 || box.sStart - s1 > p.snap || box.dStart - d1 > p.snap || s1 === 0 || d1 === 0) break;
    const s0 = floorOf(sentS, s1 - 1);
    const d0 = floorOf(sentD, d1 - 1);
    if (s0 < 0 || d0 < 0 || box.sStart - s0 > p.maxSentence || box.dStart - d0 > p.maxSentence) break;
    if (bigramDice(a, s0, box.sStart, b, d0, box.dStart) < p.minBigramDice) break;
    box.matched += lcsLength(a, s0, box.sStart, b, d0, box.dStart);
    box.sStart = s0;
    box.dStart = d0;
  }
}

/** Passages that extension made overlap or touch (within `gap`) on both sides become one. */
function mergeBoxes(boxes: Box[], gap: number): Box[] {
  const sorted = [...boxes].sort((x, y) => x.sStart - y.sStart);
  const out: Box[] = [];
  for (const box of sorted) {
    const last = out[out.length - 1];
    if (last && box.sStart - last.sEnd <= gap && gapBetween(last.dStart, last.dEnd, box.dStart, box.dEnd) <= gap) {
      const overlap = Math.max(0, last.sEnd - box.sStart);
      last.matched += Math.max(0, box.matched - overlap);
      last.sEnd = Math.max(last.sEnd, box.sEnd);
      last.dEnd = Math.max(last.dEnd, box.dEnd);
      last.dStart = Math.min(last.dStart, box.dStart);
      last.longest = Math.max(last.longest, box.longest);
      last.seedCount += box.seedCount;
    } else out.push({ ...box });
  }
  return out;
}
