// Per-character coverage of the document: which characters count, which are cited, which detections cover them.
// Everything else in the report is a sum over these arrays (prefix sums make any range a subtraction).
import type { ParsedDocument, TextRange } from '../ingest/types';

/** Whitespace exactly as JavaScript's /\s/ sees it, by code unit (the ingestion stage counts characters with /\s/). */
export function isWhitespaceCode(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A detection clipped to the text, with the flags the coverage needs. */
export interface CoverageInterval {
  start: number;
  end: number;
  similarity: number;
  /** From one of the member's own earlier papers. */
  own: boolean;
}

/** Per-character masks and their prefix sums over a document text. */
export class Coverage {
  readonly length: number;
  /** 1 inside an excluded span. */
  readonly excluded: Uint8Array;
  /** 1 for a counted character (not excluded, not whitespace). */
  readonly counted: Uint8Array;
  readonly cited: Uint8Array;
  readonly covered: Uint8Array;
  /** Similarity of the best detection covering the character (0 when none). */
  readonly bestSimilarity: Float32Array;
  /** Prefix sums: counted; counted and covered; counted, covered and cited; counted and covered by a source not the member's own. */
  private readonly pCounted: Int32Array;
  private readonly pDup: Int32Array;
  private readonly pCitedDup: Int32Array;
  private readonly pOtherDup: Int32Array;
  /** Prefix sums of bestSimilarity over copied (counted, covered, not cited) characters. */
  private readonly pCopiedSim: Float64Array;

  constructor(document: Pick<ParsedDocument, 'text' | 'excluded' | 'cited'>, intervals: readonly CoverageInterval[]) {
    const text = document.text;
    const n = text.length;
    this.length = n;
    this.excluded = rangeMask(
      n,
      document.excluded.map((entry) => entry.range),
    );
    this.cited = rangeMask(n, document.cited);
    this.counted = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (!this.excluded[i] && !isWhitespaceCode(text.charCodeAt(i))) this.counted[i] = 1;
    this.covered = new Uint8Array(n);
    this.bestSimilarity = new Float32Array(n);
    const byOther = new Uint8Array(n);
    for (const interval of intervals) {
      for (let i = interval.start; i < interval.end; i++) {
        this.covered[i] = 1;
        if (interval.similarity > this.bestSimilarity[i]) this.bestSimilarity[i] = interval.similarity;
        if (!interval.own) byOther[i] = 1;
      }
    }
    this.pCounted = new Int32Array(n + 1);
    this.pDup = new Int32Array(n + 1);
    this.pCitedDup = new Int32Array(n + 1);
    this.pOtherDup = new Int32Array(n + 1);
    this.pCopiedSim = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) {
      const c = this.counted[i];
      const dup = c & this.covered[i];
      const citedDup = dup & this.cited[i];
      this.pCounted[i + 1] = this.pCounted[i] + c;
      this.pDup[i + 1] = this.pDup[i] + dup;
      this.pCitedDup[i + 1] = this.pCitedDup[i] + citedDup;
      this.pOtherDup[i + 1] = this.pOtherDup[i] + (dup & byOther[i]);
      this.pCopiedSim[i + 1] = this.pCopiedSim[i] + (dup && !citedDup ? this.bestSimilarity[i] : 0);
    }
  }

  /** Counted characters in [start, end). */
  countedIn(start: number, end: number): number {
    return this.pCounted[end] - this.pCounted[start];
  }

  /** Counted characters covered by any detection in [start, end). */
  duplicateIn(start: number, end: number): number {
    return this.pDup[end] - this.pDup[start];
  }

  /** Counted, covered and cited characters in [start, end). */
  citedDuplicateIn(start: number, end: number): number {
    return this.pCitedDup[end] - this.pCitedDup[start];
  }

  /** Counted characters covered by a source other than the member's own papers in [start, end). */
  otherDuplicateIn(start: number, end: number): number {
    return this.pOtherDup[end] - this.pOtherDup[start];
  }

  /** Sum of the best similarity over copied (red) characters in [start, end). */
  copiedSimilarityIn(start: number, end: number): number {
    return this.pCopiedSim[end] - this.pCopiedSim[start];
  }
}

/** A 0/1 mask of the given ranges (clipped to the text). */
export function rangeMask(length: number, ranges: readonly TextRange[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const range of ranges) mask.fill(1, Math.max(0, range.start), Math.min(length, range.end));
  return mask;
}

/** Sorts and merges overlapping ranges (touching ones stay apart, as in the detector's output). */
export function mergeIntervals(ranges: readonly TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start < last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ start: range.start, end: range.end });
  }
  return merged;
}
