// One full check, as run in a worker thread of the check pool (or inline in tests and on a single-thread setup): the
// paper against the PostgreSQL libraries, then the HTML and PDF reports. No NestJS here; the worker opens its own small
// pg pool once and keeps the AI-content model loaded between checks.
import type { MessagePort } from 'node:worker_threads';
import { Pool } from 'pg';
import { backendScorer, defaultOfflineScorer, FallbackAigcScorer, type AigcBackendOptions, type AigcScorer } from '../engine/aigc';
import { parseDocument } from '../engine/ingest';
import { DuplicateDetector } from '../engine/match/detector';
import { runCheck, type CheckProgress, type CheckTimings } from '../engine/pipeline';
import { renderReportHtml, renderReportPdf, type ReportLanguage, type ReportSummary, type SourceMeta } from '../engine/report';
import { typoMatcher, type TypoWords } from '../engine/typos';
import { PgFingerprintIndex } from '../library/pg-fingerprint-index';
import { PgSourceTextStore } from '../library/pg-source-text-store';
import { SAMPLE_PAPER } from '../order/sample-paper';
import { checkSamplePaper } from './sample-check';

export interface CheckWorkerInput {
  databaseUrl: string;
  file: Uint8Array;
  fileName: string;
  /** Title the submitter gave; the report shows it instead of the one read from the paper. */
  title?: string;
  memberId: string | null;
  /** Libraries searched (enabled ones of the task's kinds). */
  libraryIds: string[];
  /** Library documents left out (the member's earlier upload of this very paper). */
  excludeDocIds: number[];
  language: ReportLanguage;
  /** What the reports show: everything (default), or only the AI-content figures. */
  reportScope?: 'all' | 'aigc';
  /** The LLM-logprob backend configured in the back office, scored with the offline model; absent: the offline model only. */
  aigcBackend?: AigcBackendOptions;
  /** Error-prone words for the 疑似错别字 section (from the words module when it exists); absent: the seeded list. */
  typoWords?: TypoWords;
  /** Progress messages (`CheckProgress`) go here when given. */
  progressPort?: MessagePort;
}

export interface CheckWorkerOutput {
  summary: ReportSummary;
  aigcScore: number | null;
  charCount: number;
  reportJson: string;
  html: string;
  fullHtml: string;
  pdf: Uint8Array;
  timings: CheckTimings & { renderMs: number };
  /** Why the configured AIGC backend was not used (the offline model scored instead). */
  aigcBackendError?: string;
}

/** Set when the paper itself cannot be checked (message key and arguments of the ingest stage). */
export interface CheckInputFailure {
  inputError: { code: string; key: string; details: Record<string, string | number> };
}

const pools = new Map<string, Pool>();
let offline: AigcScorer | undefined;

function poolFor(url: string): Pool {
  let pool = pools.get(url);
  if (!pool) {
    // Connections are kept while idle (pg closes them after 10 s by default): a new one connects, plans the lookup and
    // loads the fingerprint partitions' catalog entries again (30-100 ms more for the lookup at 200M characters).
    pool = new Pool({ connectionString: url, max: 2, idleTimeoutMillis: 0, application_name: 'zhiwen-check-worker' });
    // An idle client whose server went away (the database restarting) must not crash the process; the pool drops it.
    pool.on('error', () => undefined);
    pools.set(url, pool);
  }
  return pool;
}

/** Closes the database pools of checks run in this thread (inline mode; worker threads end with their pool). */
export async function closeCheckWorkerPools(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((pool) => pool.end()));
}

/** Titles, origins and owners of library documents, for the report's source list. */
async function sourceMetas(pool: Pool, ids: number[]): Promise<SourceMeta[]> {
  const { rows } = await pool.query<{
    doc_id: number;
    title: string;
    author: string;
    library_name: string;
    library_kind: SourceMeta['libraryKind'];
    member_id: string | null;
  }>(
    `SELECT d.doc_id, d.title, d.author, l.library_name, l.library_kind, d.member_id
       FROM check_document d JOIN check_library l ON l.library_id = d.library_id
      WHERE d.doc_id = ANY($1::int4[])`,
    [ids],
  );
  return rows.map((r) => ({
    id: r.doc_id,
    title: r.title,
    origin: r.author ? `${r.library_name} · ${r.author}` : r.library_name,
    libraryKind: r.library_kind,
    memberId: r.member_id,
  }));
}

/** What an order needs to know of a paper before it is checked. */
export interface PaperFacts {
  countedChars: number;
}

/** Input errors of the ingest stage cross the thread boundary as plain data (an Error's class does not). */
function inputFailure(error: unknown): CheckInputFailure | null {
  const e = error as { name?: string; code?: string; message?: string; details?: Record<string, string | number> };
  return e?.name === 'CheckInputError' && e.code ? { inputError: { code: e.code, key: e.message ?? '', details: e.details ?? {} } } : null;
}

/** Reads a paper for an order (counted characters, within the type's limit); run in the pool as `parsePaper`. */
export async function parsePaper(input: { file: Uint8Array; fileName: string; maxChars: number }): Promise<PaperFacts | CheckInputFailure> {
  try {
    const parsed = await parseDocument(input.file, input.fileName, { maxChars: input.maxChars });
    return { countedChars: parsed.countedChars };
  } catch (error) {
    const failure = inputFailure(error);
    if (failure) return failure;
    throw error;
  }
}

/**
 * Readies this thread for its first paper; run in the pool as `warmUp` when the pool starts. A new thread otherwise
 * spends its first check loading the modules and the AI-content model, parsing the fonts, compiling the hot code and
 * connecting to the database (about a second, measured in `docs/check-engine.md`): here it checks the bundled sample
 * paper in memory, draws its reports, and sends the library lookup over an empty scope on both of its database
 * connections, which stay open. Answers the milliseconds it took.
 */
export async function warmUp(input: { databaseUrl: string }): Promise<number> {
  const started = performance.now();
  offline ??= defaultOfflineScorer();
  // A thesis's length: code that only ever ran on a short paper is compiled again on the first long one.
  const report = await checkSamplePaper(offline, Array.from({ length: 12 }, () => SAMPLE_PAPER.text).join('\n'));
  for (const variant of ['concise', 'full'] as const) renderReportHtml(report, { variant, language: 'zh-CN' });
  renderReportPdf(report, { variant: 'concise', language: 'zh-CN' });
  // The statement a check sends, over no library, on both connections of the pool at once (a check uses both): each
  // plans it and loads the partitions' catalog entries, and the pool keeps them open.
  const pool = poolFor(input.databaseUrl);
  const lookup = () => new DuplicateDetector(new PgFingerprintIndex(pool, { libraryIds: [] }), new PgSourceTextStore(pool)).check(SAMPLE_PAPER.text);
  await Promise.all([lookup(), lookup()]);
  return performance.now() - started;
}

/** Runs one check end to end; an unreadable paper resolves with `inputError` instead of throwing. */
export default async function runCheckTask(input: CheckWorkerInput): Promise<CheckWorkerOutput | CheckInputFailure> {
  const pool = poolFor(input.databaseUrl);
  offline ??= defaultOfflineScorer();
  const scorer = input.aigcBackend ? backendScorer(input.aigcBackend, offline) : offline;
  const index = new PgFingerprintIndex(pool, { libraryIds: input.libraryIds, excludeDocIds: input.excludeDocIds });
  const detector = new DuplicateDetector(index, new PgSourceTextStore(pool));
  const onProgress = (progress: CheckProgress) => input.progressPort?.postMessage(progress);
  try {
    const { report, timings } = await runCheck({
      buffer: input.file,
      fileName: input.fileName,
      detector,
      sources: (ids) => sourceMetas(pool, ids),
      memberId: input.memberId,
      excludeSourceIds: input.excludeDocIds,
      aigcScorer: scorer,
      typos: typoMatcher(input.typoWords),
      onProgress,
    });
    if (input.title) report.document.title = input.title;
    const started = performance.now();
    const scope = input.reportScope ?? 'all';
    const html = renderReportHtml(report, { variant: 'concise', language: input.language, scope });
    const fullHtml = renderReportHtml(report, { variant: 'full', language: input.language, scope });
    const pdf = renderReportPdf(report, { variant: 'concise', language: input.language, scope });
    return {
      summary: report.summary,
      aigcScore: report.aigc?.weightedScore ?? null,
      charCount: report.summary.totalChars,
      reportJson: JSON.stringify(report),
      html,
      fullHtml,
      pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      timings: { ...timings, renderMs: performance.now() - started },
      aigcBackendError: scorer instanceof FallbackAigcScorer ? scorer.lastError : undefined,
    };
  } catch (error) {
    const failure = inputFailure(error);
    if (failure) return failure;
    throw error;
  } finally {
    input.progressPort?.close();
  }
}
