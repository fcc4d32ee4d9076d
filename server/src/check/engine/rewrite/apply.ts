// Puts rewritten paragraphs into the document text and moves every paragraph range accordingly.
import type { TextRange } from '../ingest/types';

export interface AppliedRewrites {
  /** The text with the rewrites in. */
  text: string;
  /** Every paragraph's range in the new text (same order as the input). */
  ranges: TextRange[];
  /** Paragraph indexes replaced, in text order. */
  applied: number[];
}

/** The text with paragraph `i` replaced by `rewrites.get(i)` (offsets in UTF-16 code units of `text`), and the moved ranges. */
export function applyRewrites(text: string, paragraphs: readonly TextRange[], rewrites: ReadonlyMap<number, string>): AppliedRewrites {
  for (const i of rewrites.keys()) {
    const range = paragraphs[i];
    if (!range) throw new RangeError(`applyRewrites: no paragraph ${i}`);
    if (range.start < 0 || range.end < range.start || range.end > text.length) {
      throw new RangeError(`applyRewrites: paragraph ${i} [${range.start}, ${range.end}) is outside the text`);
    }
  }
  const applied = [...rewrites.keys()].sort((a, b) => paragraphs[a].start - paragraphs[b].start || a - b);
  for (let k = 1; k < applied.length; k++) {
    if (paragraphs[applied[k]].start < paragraphs[applied[k - 1]].end) {
      throw new RangeError(`applyRewrites: paragraphs ${applied[k - 1]} and ${applied[k]} overlap`);
    }
  }

  // Built front to back from the original offsets (each piece cut from the untouched text): one linear pass, and no
  // replacement can shift the offsets of another.
  const pieces: string[] = [];
  const shifts: { end: number; delta: number }[] = [];
  let cursor = 0;
  let delta = 0;
  for (const i of applied) {
    const { start, end } = paragraphs[i];
    const replacement = rewrites.get(i) as string;
    pieces.push(text.slice(cursor, start), replacement);
    cursor = end;
    delta += replacement.length - (end - start);
    shifts.push({ end, delta });
  }
  pieces.push(text.slice(cursor));

  // Shift of an original offset: the total change of the replacements ending at or before it.
  const shiftAt = (offset: number): number => {
    let lo = 0;
    let hi = shifts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (shifts[mid].end <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : shifts[lo - 1].delta;
  };
  const replaced = new Set(applied);
  const ranges = paragraphs.map((range, i) => {
    const start = range.start + shiftAt(range.start);
    if (replaced.has(i)) return { start, end: start + (rewrites.get(i) as string).length };
    for (const j of applied) {
      const other = paragraphs[j];
      if (range.start < other.end && other.start < range.end) throw new RangeError(`applyRewrites: paragraph ${i} overlaps rewritten paragraph ${j}`);
    }
    return { start, end: range.end + shiftAt(range.end) };
  });
  return { text: pieces.join(''), ranges, applied };
}
