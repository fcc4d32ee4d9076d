// Benchmark of a full paper check end to end: a 30,000-character thesis-like document against a 20-million-character
// in-memory library (parse + match + AIGC score + report model + HTML + PDF), repeated, with the median, min and max of
// every stage and peak memory. Prints figures only (no thresholds). Needs the built server:
// `pnpm --filter @zhiwen/server build`.
//
//   node scripts/bench/check-thesis.mjs [--chars 20M] [--doc-chars 30000] [--runs 7] [--variant concise|full] [--keep DIR]
//
// The library is made with ../shared/bench/make-library.mjs (--seed 1 --perturb 0.03, as check-index.mjs does) in a
// temporary folder that later runs reuse (or in --keep DIR). The thesis is assembled from the dev corpus's suspicious
// documents (which reuse source passages, with edits, that the library repeats about 56 times) under thesis
// structure: title, abstract and keywords, five chapters with numbered sections, citation markers, references.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SHARED = path.resolve(ROOT, '../shared');
const DIST = path.join(ROOT, 'server/dist/check/engine');

const { values } = parseArgs({
  options: {
    chars: { type: 'string', default: '20M' },
    'doc-chars': { type: 'string', default: '30000' },
    runs: { type: 'string', default: '7' },
    variant: { type: 'string', default: 'concise' },
    keep: { type: 'string' },
  },
});

if (!existsSync(path.join(DIST, 'pipeline.js'))) {
  console.error(`No built engine in ${DIST}: run \`pnpm --filter @zhiwen/server build\` first.`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { DuplicateDetector, MemoryTextStore } = require(path.join(DIST, 'match/detector.js'));
const { MemoryFingerprintIndex } = require(path.join(DIST, 'match/fingerprint-index.js'));
const { defaultOfflineScorer } = require(path.join(DIST, 'aigc/default-model.js'));
const { runCheck } = require(path.join(DIST, 'pipeline.js'));
const { renderReportHtml, renderReportPdf } = require(path.join(DIST, 'report/index.js'));

const now = () => performance.now();
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const stats = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
};

// 1. The library (reused from an earlier run when present).
const libDir = values.keep ?? path.join(os.tmpdir(), `zhiwen-check-thesis-lib-${values.chars}-s1`);
if (!existsSync(path.join(libDir, 'manifest.json'))) {
  mkdirSync(libDir, { recursive: true });
  const made = spawnSync(
    process.execPath,
    [
      path.join(SHARED, 'bench/make-library.mjs'),
      '--in',
      path.join(SHARED, 'data/check-dev/plag/sources'),
      '--out',
      libDir,
      '--chars',
      values.chars,
      '--seed',
      '1',
      '--perturb',
      '0.03',
      '--force',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) {
    console.error(made.stderr || made.stdout);
    process.exit(1);
  }
}
const files = readdirSync(libDir)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const index = new MemoryFingerprintIndex();
const detector = new DuplicateDetector(index, new MemoryTextStore());
const metas = new Map();
let libraryChars = 0;
const ti = now();
for (let id = 0; id < files.length; id++) {
  const text = readFileSync(path.join(libDir, files[id]), 'utf8');
  libraryChars += text.length;
  await detector.addDocument(id, text);
  // Every 100th document stands for an earlier paper of the checking member (self library).
  const own = id % 100 === 0;
  metas.set(id, {
    id,
    title: files[id].replace(/\.txt$/, ''),
    origin: own ? 'self library' : 'bench library',
    libraryKind: own ? 'self' : 'reference',
    memberId: own ? 'bench-member' : null,
  });
}
const indexMs = now() - ti;
console.log(
  `library: ${files.length} documents, ${libraryChars.toLocaleString('en')} characters, indexed in memory in ${(indexMs / 1000).toFixed(2)} s (${libDir})`,
);

// 2. The thesis: paragraphs of the dev suspicious documents (their short heading lines dropped) under thesis structure.
function thesisText(targetChars) {
  const susDir = path.join(SHARED, 'data/check-dev/plag/suspicious');
  const paragraphs = [];
  for (const f of readdirSync(susDir).sort()) {
    for (const line of readFileSync(path.join(susDir, f), 'utf8').split('\n')) if (line.length >= 60) paragraphs.push(line.trim());
  }
  const chapters = ['绪论', '相关理论与研究现状', '研究方法与数据', '实验结果与分析', '结论与展望'];
  const sections = ['研究背景', '主要内容', '本章小结'];
  const references = Array.from(
    { length: 20 },
    (_, i) => `[${i + 1}] 作者${i + 1}. 关于第${i + 1}个问题的研究[J]. 学报, ${2000 + i}, ${i + 1}(2): ${10 + i}-${20 + i}.`,
  );
  const head = ['基于多源数据的区域文化与交通发展研究', '摘要', paragraphs[0], '关键词：区域文化；交通；多源数据；比较研究'];
  const tail = ['参考文献', ...references, '致谢', '感谢导师在论文写作过程中给予的悉心指导，感谢同学们的帮助与支持。'];
  const fixed = [...head, ...tail].join('\n').length + chapters.length * 12 + chapters.length * sections.length * 12;
  const body = [];
  let used = 0;
  let p = 1;
  let cite = 1;
  while (used < targetChars - fixed && p < paragraphs.length) {
    let text = paragraphs[p++];
    // A citation marker after the first sentence of every fourth paragraph: that sentence becomes cited text.
    if (p % 4 === 0) {
      const end = text.indexOf('。');
      if (end > 0) text = `${text.slice(0, end)}[${(cite++ % references.length) + 1}]${text.slice(end)}`;
    }
    body.push(text);
    used += text.length + 1;
  }
  const perSection = Math.ceil(body.length / (chapters.length * sections.length));
  const lines = [...head];
  chapters.forEach((title, c) => {
    lines.push(`第${'一二三四五'[c]}章 ${title}`);
    sections.forEach((section, s) => {
      lines.push(`${c + 1}.${s + 1} ${section}`);
      lines.push(...body.splice(0, perSection));
    });
  });
  lines.push(...tail);
  let text = lines.join('\n');
  // Trim the last body paragraph to hit the target length exactly.
  if (text.length > targetChars) {
    const cut = text.length - targetChars;
    const refStart = text.indexOf('\n参考文献\n');
    text = text.slice(0, refStart - cut) + text.slice(refStart);
  }
  return text;
}
const thesis = thesisText(Number(values['doc-chars']));
const thesisFile = path.join(os.tmpdir(), 'zhiwen-check-thesis.txt');
writeFileSync(thesisFile, thesis);
const buffer = Buffer.from(thesis, 'utf8');
console.log(`thesis: ${thesis.length.toLocaleString('en')} characters (${thesisFile})`);

// 3. Full checks.
const scorer = defaultOfflineScorer();
const variant = values.variant === 'full' ? 'full' : 'concise';
const runs = Number(values.runs);
const stages = { parse: [], match: [], aigc: [], report: [], html: [], pdf: [], total: [] };
let last;
let pdfBytes = 0;
let htmlBytes = 0;
const rssBefore = process.memoryUsage().rss;
for (let r = 0; r < runs; r++) {
  const t0 = now();
  const { report, timings } = await runCheck({
    buffer,
    fileName: 'thesis.txt',
    detector,
    sources: (ids) => ids.map((id) => metas.get(id)),
    memberId: 'bench-member',
    aigcScorer: scorer,
  });
  const t1 = now();
  const html = renderReportHtml(report, { variant: 'concise' });
  const fullHtml = renderReportHtml(report, { variant: 'full' });
  const t2 = now();
  const pdf = renderReportPdf(report, { variant });
  const t3 = now();
  stages.parse.push(timings.parseMs);
  stages.match.push(timings.matchMs);
  stages.aigc.push(timings.aigcMs);
  stages.report.push(timings.reportMs);
  stages.html.push(t2 - t1);
  stages.pdf.push(t3 - t2);
  stages.total.push(t3 - t0);
  last = report;
  pdfBytes = pdf.length;
  htmlBytes = html.length + fullHtml.length;
  console.log(`  run ${r + 1}: ${(t3 - t0).toFixed(0)} ms`);
}
const ta = now();
const fullPdf = renderReportPdf(last, { variant: 'full' });
const fullPdfMs = now() - ta;
const peakRss = process.resourceUsage().maxRSS * 1024;

const s = last.summary;
const pct = (v) => `${(v * 100).toFixed(1)}%`;
console.log(
  `report: total ${pct(s.totalRatio)}, excluding cited ${pct(s.ratioExcludingCited)}, excluding own ${pct(s.ratioExcludingSelf)}, largest source ${pct(s.largestSourceRatio)}; ` +
    `${s.duplicateChars.toLocaleString('en')} of ${s.totalChars.toLocaleString('en')} characters; ${s.suspectParagraphs}/${s.paragraphs} paragraphs suspect; ` +
    `${s.sourceCount} sources, ${last.passages.length} passages, ${last.fragments.length} fragments; AI feature value ${pct(last.aigc.weightedScore)}`,
);
console.log(`stage times over ${runs} runs (ms): median / min / max`);
const labels = {
  parse: 'parse (.txt)',
  match: 'match (lookup + alignment + source texts)',
  aigc: 'AIGC score',
  report: 'report model',
  html: 'HTML (concise + full)',
  pdf: `PDF (${variant})`,
  total: 'total',
};
for (const [key, xs] of Object.entries(stages)) {
  const { median, min, max } = stats(xs);
  console.log(`  ${labels[key].padEnd(44)} ${median.toFixed(0).padStart(6)} ${min.toFixed(0).padStart(6)} ${max.toFixed(0).padStart(6)}`);
}
console.log(`first (cold) run: ${stages.total[0].toFixed(0)} ms (AIGC model and PDF fonts load once per process)`);
console.log(
  `sizes: PDF ${(pdfBytes / 1024).toFixed(0)} KB (${variant}), full-variant PDF ${(fullPdf.length / 1024).toFixed(0)} KB in ${fullPdfMs.toFixed(0)} ms; HTML concise + full ${(htmlBytes / 1024).toFixed(0)} KB`,
);
console.log(`memory: peak RSS ${mb(peakRss)} (RSS before the checks, library indexed: ${mb(rssBefore)})`);
const median = (key) => +stats(stages[key]).median.toFixed(1);
console.log(
  JSON.stringify({
    library_chars: libraryChars,
    doc_chars: thesis.length,
    runs,
    parse_ms: median('parse'),
    match_ms: median('match'),
    aigc_ms: median('aigc'),
    report_ms: median('report'),
    html_ms: median('html'),
    pdf_ms: median('pdf'),
    total_ms: median('total'),
    total_min_ms: +stats(stages.total).min.toFixed(1),
    total_max_ms: +stats(stages.total).max.toFixed(1),
    cold_ms: +stages.total[0].toFixed(1),
    pdf_bytes: pdfBytes,
    full_pdf_bytes: fullPdf.length,
    full_pdf_ms: +fullPdfMs.toFixed(1),
    peak_rss_mb: Math.round(peakRss / 2 ** 20),
    total_ratio: +s.totalRatio.toFixed(4),
  }),
);
