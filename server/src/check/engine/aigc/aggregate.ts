// Character-weighted aggregation of paragraph scores into the document's (and each chapter's) "AI feature value".
import { charLength } from './text';

/** Aggregate over a set of paragraphs. */
export interface AigcAggregate {
  /** Characters of the scored paragraphs. */
  chars: number;
  /** Characters of paragraphs shorter than minChars, left out of both figures because short texts score unreliably. */
  skippedChars: number;
  /** Character-weighted mean score in [0,1]: the "AI feature value". */
  weightedScore: number;
  /** Characters of paragraphs scoring at least the threshold. */
  flaggedChars: number;
  /** flaggedChars / chars: share of the text that reads as AI-generated. */
  flaggedShare: number;
}

/** Options of aggregateScores. */
export interface AggregateOptions {
  /** Score from which a paragraph counts as flagged (default 0.5). */
  threshold?: number;
  /** Paragraphs with fewer characters are skipped (default 20). */
  minChars?: number;
  /** Group (e.g. chapter) of each paragraph, for per-group figures. */
  groups?: string[];
}

/** Aggregates per-paragraph scores, weighting each paragraph by its character count, overall and per group (in first-seen order). */
export function aggregateScores(
  paragraphs: string[],
  scores: number[],
  options: AggregateOptions = {},
): { overall: AigcAggregate; groups: ({ group: string } & AigcAggregate)[] } {
  if (scores.length !== paragraphs.length) throw new Error(`aggregateScores: ${paragraphs.length} paragraphs but ${scores.length} scores`);
  if (options.groups && options.groups.length !== paragraphs.length) throw new Error('aggregateScores: groups must have one entry per paragraph');
  const threshold = options.threshold ?? 0.5;
  const minChars = options.minChars ?? 20;
  const overall = new Accumulator();
  const byGroup = new Map<string, Accumulator>();
  paragraphs.forEach((p, i) => {
    const chars = charLength(p);
    const score = scores[i];
    if (!(score >= 0 && score <= 1)) throw new Error(`aggregateScores: score ${i} is not in [0,1]`);
    const targets = [overall];
    const group = options.groups?.[i];
    if (group !== undefined) {
      if (!byGroup.has(group)) byGroup.set(group, new Accumulator());
      targets.push(byGroup.get(group) as Accumulator);
    }
    for (const t of targets) t.add(chars, score, chars >= minChars, threshold);
  });
  return { overall: overall.result(), groups: [...byGroup].map(([group, acc]) => ({ group, ...acc.result() })) };
}

class Accumulator {
  private chars = 0;
  private skipped = 0;
  private weighted = 0;
  private flagged = 0;

  add(chars: number, score: number, scored: boolean, threshold: number): void {
    if (!scored) {
      this.skipped += chars;
      return;
    }
    this.chars += chars;
    this.weighted += chars * score;
    if (score >= threshold) this.flagged += chars;
  }

  result(): AigcAggregate {
    return {
      chars: this.chars,
      skippedChars: this.skipped,
      weightedScore: this.chars ? this.weighted / this.chars : 0,
      flaggedChars: this.flagged,
      flaggedShare: this.chars ? this.flagged / this.chars : 0,
    };
  }
}
