// Benchmark of the offline AIGC scorer: the AIGC stage of a full check (runCheck's aigcMs) on a 30,000-character thesis,
// repeated, with the median, min and max, the scoring CPU time, the model's load time and a direction check on hand-written
// plain / polished abstract pairs (aigc-polish-pairs.json); with --quality also AUROC and TPR at 1 % FPR on the dev sets
// through ../shared/bench/score-aigc.mjs, the false-positive check on unseen human Wikipedia prose, and those paragraphs
// against machine rewrites of them (aigc-wikipedia-rewrites.jsonl), through the same scorer. Prints figures only
// (no thresholds). Needs the built server: `pnpm --filter @zhiwen/server build`. Run it with `nice` on a shared machine.
//
//   node scripts/bench/aigc-offline.mjs [--doc-chars 30000] [--runs 9] [--quality]
//
// The thesis is the dev corpus's suspicious documents (human Wikipedia text) in paragraphs of 60+ characters, one per line,
// checked against an empty library so that only parsing, scoring and the report model run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SHARED = path.resolve(ROOT, '../shared');
const DIST = path.join(ROOT, 'server/dist/check/engine');
const { values } = parseArgs({
  options: {
    'doc-chars': { type: 'string', default: '30000' },
    runs: { type: 'string', default: '9' },
    quality: { type: 'boolean', default: false },
  },
});
if (!existsSync(path.join(DIST, 'pipeline.js'))) {
  console.error(`No built engine in ${DIST}: run \`pnpm --filter @zhiwen/server build\` first.`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { DuplicateDetector, MemoryTextStore } = require(path.join(DIST, 'match/detector.js'));
const { MemoryFingerprintIndex } = require(path.join(DIST, 'match/fingerprint-index.js'));
const { runCheck } = require(path.join(DIST, 'pipeline.js'));

const t0 = performance.now();
const { defaultOfflineScorer } = require(path.join(DIST, 'aigc/default-model.js'));
const scorer = defaultOfflineScorer();
const loadMs = performance.now() - t0;
console.log(`model ${scorer.model.name} ${scorer.model.version}: loaded in ${loadMs.toFixed(0)} ms`);

// 1. Speed: the AIGC stage of a full check.
const susDir = path.join(SHARED, 'data/check-dev/plag/suspicious');
const paragraphs = readdirSync(susDir)
  .sort()
  .flatMap((f) => readFileSync(path.join(susDir, f), 'utf8').split('\n'))
  .map((l) => l.trim())
  .filter((l) => l.length >= 60);
const target = Number(values['doc-chars']);
const lines = [];
for (let used = 0, i = 0; used < target; i++) {
  const p = paragraphs[i % paragraphs.length].slice(0, target - used);
  lines.push(p);
  used += p.length + 1;
}
const thesis = lines.join('\n');
const detector = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore());
const aigcMs = [];
// CPU time of scoring the same paragraphs directly: less disturbed than wall time when other jobs share the cores.
const cpuMs = [];
let scored = 0;
for (let r = 0; r < Number(values.runs); r++) {
  const { report, timings } = await runCheck({
    buffer: Buffer.from(thesis),
    fileName: 'thesis.txt',
    detector,
    sources: () => [],
    aigcScorer: scorer,
  });
  aigcMs.push(timings.aigcMs);
  scored = report.aigc?.chars ?? 0;
  const cpu = process.cpuUsage();
  scorer.scoreSync(lines);
  const used = process.cpuUsage(cpu);
  cpuMs.push((used.user + used.system) / 1000);
}
const cpuSorted = [...cpuMs].sort((a, b) => a - b);
const sorted = [...aigcMs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `AIGC stage, ${thesis.length.toLocaleString('en')}-character thesis (${lines.length} paragraphs, ${scored.toLocaleString('en')} scored characters), ` +
    `${aigcMs.length} runs: median ${median.toFixed(0)} ms, min ${sorted[0].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms ` +
    `(first run ${aigcMs[0].toFixed(0)} ms; ${Math.round(scored / (median / 1000)).toLocaleString('en')} characters/s)`,
);
console.log(
  `scoring CPU time (user + system) of the same paragraphs: median ${cpuSorted[Math.floor(cpuSorted.length / 2)].toFixed(0)} ms, ` +
    `min ${cpuSorted[0].toFixed(0)} ms; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
);
const summary = {
  model: scorer.model.version,
  loadMs: Math.round(loadMs),
  aigcMedianMs: Math.round(median),
  aigcMinMs: Math.round(sorted[0]),
  aigcMaxMs: Math.round(sorted.at(-1)),
  cpuMedianMs: Math.round(cpuSorted[Math.floor(cpuSorted.length / 2)]),
  loadAverage: Number(os.loadavg()[0].toFixed(1)),
  heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
};

// 2. Direction check: hand-written plain / polished abstract pairs (aigc-polish-pairs.json); polished should score higher.
const { pairs } = JSON.parse(readFileSync(new URL('./aigc-polish-pairs.json', import.meta.url), 'utf8'));
const scoredPairs = pairs.map(({ plain, polished }) => scorer.scoreSync([plain, polished]));
summary.polishPairs = {
  higher: scoredPairs.filter(([a, b]) => b > a).length,
  tied: scoredPairs.filter(([a, b]) => b === a).length,
  of: pairs.length,
};
console.log(
  `polish pairs: polished scores higher in ${summary.polishPairs.higher} of ${pairs.length} (${scoredPairs.map(([a, b]) => `${a.toFixed(2)}->${b.toFixed(2)}`).join(' ')})`,
);

// 3. Quality (optional): the dev sets through the shared scorer. qa_held_out is the split the training script never fits on.
if (values.quality) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-aigc-bench-'));
  try {
    const readRows = (f) =>
      readFileSync(path.join(SHARED, 'data/check-dev/aigc', f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l));
    const heldOut = (id) => createHash('sha256').update(id).digest().readUInt32BE(0) % 100 < 30;
    const sets = {
      qa_held_out: readRows('hc3_qa_val.jsonl').filter((r) => heldOut(r.id)),
      si_val_fitted: readRows('hc3_si_val.jsonl'),
      si_test: readRows('hc3_si_test.jsonl'),
    };
    summary.quality = {};
    // Scores labelled rows ({ id, text, label }) through the shared scorer and prints its summary line.
    const scoreSet = (name, rows) => {
      const truth = path.join(dir, `${name}.truth.jsonl`);
      const scores = path.join(dir, `${name}.scores.jsonl`);
      writeFileSync(truth, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
      const s = scorer.scoreSync(rows.map((r) => r.text));
      writeFileSync(scores, rows.map((r, i) => `${JSON.stringify({ id: r.id, score: s[i] })}\n`).join(''));
      const out = spawnSync(process.execPath, [path.join(SHARED, 'bench/score-aigc.mjs'), '--truth', truth, '--scores', scores], {
        encoding: 'utf8',
      });
      const last = JSON.parse(out.stdout.trim().split('\n').at(-1));
      summary.quality[name] = last;
      console.log(`${name}: ${out.stdout.trim().split('\n').at(-1)}`);
    };
    for (const [name, rows] of Object.entries(sets)) scoreSet(name, rows);
    // False positives on formal human prose: the lines of the 30 reuse-free suspicious documents (human Wikipedia text that
    // no part of the model was fitted on), pieces of 50+ characters, as the training script counts them.
    const plag = path.join(SHARED, 'data/check-dev/plag');
    const named = new Set(
      readFileSync(path.join(plag, 'truth.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l).suspicious),
    );
    const clean = readdirSync(path.join(plag, 'suspicious'))
      .sort()
      .filter((f) => !named.has(f))
      .flatMap((f) => readFileSync(path.join(plag, 'suspicious', f), 'utf8').split('\n'))
      .map((l) => l.trim())
      .filter((l) => [...l].length >= 50);
    const cleanScores = scorer.scoreSync(clean);
    const chars = clean.map((t) => [...t].length);
    const total = chars.reduce((a, b) => a + b, 0);
    summary.quality.wikipediaHuman = {
      paragraphs: clean.length,
      flaggedCharShare: Number((chars.reduce((n, c, i) => n + (cleanScores[i] >= 0.5 ? c : 0), 0) / total).toFixed(4)),
      weightedScore: Number((chars.reduce((n, c, i) => n + c * cleanScores[i], 0) / total).toFixed(4)),
    };
    console.log(`false-positive check, unseen human Wikipedia: ${JSON.stringify(summary.quality.wikipediaHuman)}`);

    // Machine rewrites of those same paragraphs (aigc-wikipedia-rewrites.jsonl: "clean-<i>" is the i-th of them, each
    // polished for a thesis and, separately, paraphrased, by a chat model), each mode against the originals.
    const rewrites = readFileSync(new URL('./aigc-wikipedia-rewrites.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    const originals = clean.map((text, i) => ({ id: `clean-${i}`, text, label: 0 }));
    if (!rewrites.every((r) => originals.some((o) => o.id === r.id)))
      throw new Error('aigc-wikipedia-rewrites.jsonl names a paragraph that is not there');
    for (const mode of ['polish', 'paraphrase']) {
      const part = rewrites.filter((r) => r.mode === mode).map((r) => ({ id: `${r.id}-${mode}`, text: r.text, label: 1 }));
      scoreSet(`wikipedia_${mode}_vs_originals`, [...originals, ...part]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(JSON.stringify(summary));
