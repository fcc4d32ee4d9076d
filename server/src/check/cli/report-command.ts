// `scripts/check-cli report FILE --sources DIR --out DIR`: a full check of one paper against an in-memory library built
// from the .txt files of DIR, writing the HTML and PDF reports and the report model, and printing the summary.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultOfflineScorer } from '../engine/aigc/default-model';
import { DuplicateDetector, MemoryTextStore } from '../engine/match/detector';
import { MemoryFingerprintIndex } from '../engine/match/fingerprint-index';
import { runCheck, type CheckTimings } from '../engine/pipeline';
import { typoMatcher } from '../engine/typos';
import { renderReportHtml } from '../engine/report/html';
import { REPORT_LABELS, type ReportLanguage } from '../engine/report/labels';
import { renderReportPdf } from '../engine/report/pdf';
import type { CheckReport, SourceMeta } from '../engine/report/types';
import type { CliCommand } from './main';

const USAGE = `Usage: scripts/check-cli report FILE --sources DIR --out DIR [--language zh-CN|zh-TW|en] [--variant concise|full]
                                [--own DIR] [--no-aigc]

Checks FILE (.docx, .pdf or .txt) against a library built from every .txt in --sources (titles = file names) and
writes into --out:
  report.html       the report in --variant (default concise)
  report-full.html  the full-text-compared report (each copied passage beside its source)
  report.pdf        the report in --variant, as PDF
  report.json       the report model
Prints the summary ratios and the stage timings.
  --own DIR    .txt files of the author's own earlier papers (self library): the "excluding own papers" ratio drops them
  --no-aigc    skip the AI-content score`;

/** The member id the CLI checks as (its --own papers belong to it). */
const CLI_MEMBER = 'cli';

async function txtFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.txt')).sort();
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Summary lines printed to stdout. */
export function summaryLines(report: CheckReport, timings: CheckTimings & { htmlMs: number; pdfMs: number; indexMs: number }): string[] {
  const s = report.summary;
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const largest = s.largestSource >= 0 ? ` (${report.sources[s.largestSource].title})` : '';
  const lines = [
    `document: ${report.document.title} (${report.document.fileName})`,
    `total copy ratio: ${pct(s.totalRatio)}`,
    `excluding cited text: ${pct(s.ratioExcludingCited)}`,
    `excluding own papers: ${pct(s.ratioExcludingSelf)}`,
    `largest single source: ${pct(s.largestSourceRatio)}${largest}`,
    `duplicated characters: ${s.duplicateChars} of ${s.totalChars} (cited ${s.citedChars}); paragraphs: ${s.suspectParagraphs} suspect of ${s.paragraphs}; sources: ${s.sourceCount}`,
  ];
  if (report.aigc)
    lines.push(
      `AI feature value: ${pct(report.aigc.weightedScore)} (flagged ${pct(report.aigc.flaggedShare)}; ${report.aigc.model.name} ${report.aigc.model.version}, indicative only)`,
    );
  lines.push(
    `timings: index ${ms(timings.indexMs)}; parse ${ms(timings.parseMs)}, match ${ms(timings.matchMs)}, aigc ${ms(timings.aigcMs)}, report ${ms(timings.reportMs)}, ` +
      `html ${ms(timings.htmlMs)}, pdf ${ms(timings.pdfMs)}; check total ${ms(timings.totalMs + timings.htmlMs + timings.pdfMs)}`,
  );
  return lines;
}

/** The `report` subcommand. */
export const reportCommand: CliCommand = {
  summary: 'full check of one paper against a folder of sources: HTML and PDF reports',
  async run(args: string[]): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          sources: { type: 'string' },
          out: { type: 'string' },
          own: { type: 'string' },
          language: { type: 'string', default: 'zh-CN' },
          variant: { type: 'string', default: 'concise' },
          'no-aigc': { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
        strict: true,
      });
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const language = values.language as ReportLanguage;
    const variant = values.variant;
    if (positionals.length !== 1 || !values.sources || !values.out || !(language in REPORT_LABELS) || (variant !== 'concise' && variant !== 'full')) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const file = positionals[0];

    // The library: --sources as the reference library, --own as the member's own papers.
    const started = performance.now();
    const detector = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore());
    const metas = new Map<number, SourceMeta>();
    const addFolder = async (dir: string, kind: SourceMeta['libraryKind']) => {
      for (const name of await txtFiles(dir)) {
        const id = metas.size;
        metas.set(id, {
          id,
          title: name.replace(/\.txt$/u, ''),
          origin: path.join(path.basename(path.resolve(dir)), name),
          libraryKind: kind,
          memberId: kind === 'self' ? CLI_MEMBER : null,
        });
        await detector.addDocument(id, await readFile(path.join(dir, name), 'utf8'));
      }
    };
    await addFolder(values.sources, 'reference');
    if (values.own) await addFolder(values.own, 'self');
    const indexMs = performance.now() - started;

    const { report, timings } = await runCheck({
      buffer: await readFile(file),
      fileName: path.basename(file),
      detector,
      sources: (ids) => ids.flatMap((id) => metas.get(id) ?? []),
      memberId: CLI_MEMBER,
      aigcScorer: values['no-aigc'] ? null : defaultOfflineScorer(),
      typos: typoMatcher(),
    });
    const t0 = performance.now();
    const html = renderReportHtml(report, { variant, language });
    const fullHtml = variant === 'full' ? html : renderReportHtml(report, { variant: 'full', language });
    const t1 = performance.now();
    const pdf = renderReportPdf(report, { variant, language });
    const t2 = performance.now();

    await mkdir(values.out, { recursive: true });
    await Promise.all([
      writeFile(path.join(values.out, 'report.html'), html),
      writeFile(path.join(values.out, 'report-full.html'), fullHtml),
      writeFile(path.join(values.out, 'report.pdf'), pdf),
      writeFile(path.join(values.out, 'report.json'), JSON.stringify(report)),
    ]);
    const lines = summaryLines(report, { ...timings, htmlMs: t1 - t0, pdfMs: t2 - t1, indexMs });
    lines.push(
      `library: ${metas.size} documents; wrote report.html, report-full.html, report.pdf (${pdf.length} bytes), report.json to ${values.out}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};
