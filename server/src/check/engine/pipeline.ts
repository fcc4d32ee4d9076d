// A full check of one paper: parse -> detect duplicates -> score AI content -> build the report model. Plain TypeScript
// (no NestJS, no database of its own): the caller hands in the detector, the source lookup and the scorer, so the
// same function runs in the API process, in a worker thread or in the CLI.
import type { AigcScorer } from './aigc/types';
import { parseDocument } from './ingest/index';
import type { IngestLimits, ParsedDocument, TextRange } from './ingest/types';
import type { CheckResult } from './match/detector';
import { aigcParagraphIndexes, buildReport } from './report/build';
import type { CheckReport, ReportRules, SourceMeta } from './report/types';
import type { TypoMatcher } from './typos/dictionary';

/** Stages reported through onProgress, in order. */
export type CheckStage = 'parse' | 'match' | 'aigc' | 'report' | 'done';

/** Progress of a check: percent rises monotonically from 0 to 100. */
export interface CheckProgress {
  percent: number;
  /** The stage starting (or, for 'done', finished) at this percent. */
  stage: CheckStage;
}

/** Percent reached when each stage starts; matching is the longest stage. */
export const STAGE_PERCENT: Readonly<Record<CheckStage, number>> = Object.freeze({ parse: 0, match: 10, aigc: 75, report: 90, done: 100 });

/** What the pipeline needs of a duplicate detector (`DuplicateDetector` fits). */
export interface CheckDetector {
  check(text: string, options?: { excludeSourceIds?: number[] }): Promise<CheckResult>;
  texts?: { get(docId: number): Promise<string | undefined> };
}

/** Source metadata of the given ids (missing ones are listed by id). */
export type SourceLookup = (ids: number[]) => Promise<SourceMeta[]> | SourceMeta[];

export interface RunCheckOptions {
  buffer: Uint8Array;
  fileName: string;
  detector: CheckDetector;
  sources: SourceLookup;
  /** The member whose paper this is (their self-library papers give the "excluding own papers" ratio). */
  memberId?: string | number | null;
  /** Library documents not to compare with (e.g. an earlier upload of this very paper). */
  excludeSourceIds?: number[];
  /** AI-content scorer; null or undefined skips the AIGC part. */
  aigcScorer?: AigcScorer | null;
  /** Error-prone words searched for the report's 疑似错别字 section; null or undefined leaves the section out. */
  typos?: TypoMatcher | null;
  onProgress?: (progress: CheckProgress) => void;
  ingestLimits?: Partial<IngestLimits>;
  rules?: Partial<ReportRules>;
  /** ISO time stamped on the report (default: now). */
  checkedAt?: string;
}

/** Wall time of each stage in milliseconds. */
export interface CheckTimings {
  parseMs: number;
  matchMs: number;
  aigcMs: number;
  reportMs: number;
  totalMs: number;
}

export interface RunCheckResult {
  report: CheckReport;
  document: ParsedDocument;
  timings: CheckTimings;
}

/**
 * The text the detector sees: excluded spans (TOC, references, footnotes) blanked to spaces, keeping every offset, so
 * they neither take candidate slots nor produce passages that would not count anyway.
 */
export function matchableText(text: string, excluded: readonly { range: TextRange }[]): string {
  if (!excluded.length) return text;
  const parts: string[] = [];
  let at = 0;
  for (const { range } of excluded) {
    parts.push(text.slice(at, range.start), text.slice(range.start, range.end).replace(/[^\n]/g, ' '));
    at = range.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Runs a full check of one uploaded paper and returns the report model with the stage timings. */
export async function runCheck(options: RunCheckOptions): Promise<RunCheckResult> {
  let last = -1;
  const progress = (stage: CheckStage) => {
    const percent = STAGE_PERCENT[stage];
    if (percent > last) {
      last = percent;
      options.onProgress?.({ percent, stage });
    }
  };
  const t0 = performance.now();
  progress('parse');
  const document = await parseDocument(options.buffer, options.fileName, options.ingestLimits);
  const t1 = performance.now();

  progress('match');
  const result = await options.detector.check(matchableText(document.text, document.excluded), { excludeSourceIds: options.excludeSourceIds });
  const ids = [...new Set(result.detections.map((d) => d.sourceId))];
  const metas = ids.length ? await options.sources(ids) : [];
  const metaById = new Map(metas.map((meta) => [meta.id, meta]));
  const texts = new Map<number, string | undefined>();
  if (options.detector.texts) {
    const store = options.detector.texts;
    await Promise.all(ids.map(async (id) => texts.set(id, await store.get(id))));
  }
  const t2 = performance.now();

  progress('aigc');
  let aigc: { model: AigcScorer['model']; scores: (number | null)[] } | null = null;
  if (options.aigcScorer) {
    const indexes = aigcParagraphIndexes(document);
    const paragraphs = indexes.map((i) => document.text.slice(document.paragraphs[i].range.start, document.paragraphs[i].range.end));
    const scored = paragraphs.length ? await options.aigcScorer.score(paragraphs) : [];
    const scores: (number | null)[] = document.paragraphs.map(() => null);
    indexes.forEach((paragraph, k) => (scores[paragraph] = scored[k]));
    aigc = { model: options.aigcScorer.model, scores };
  }
  const t3 = performance.now();

  progress('report');
  const report = buildReport({
    document,
    detections: result.detections,
    source: (id) => metaById.get(id),
    sourceText: (id) => texts.get(id),
    memberId: options.memberId,
    aigc,
    typos: options.typos ? { listVersion: options.typos.version, hits: options.typos.find(document.text) } : null,
    rules: options.rules,
    checkedAt: options.checkedAt,
  });
  const t4 = performance.now();
  progress('done');
  return { report, document, timings: { parseMs: t1 - t0, matchMs: t2 - t1, aigcMs: t3 - t2, reportMs: t4 - t3, totalMs: t4 - t0 } };
}
