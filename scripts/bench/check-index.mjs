// Benchmark of the duplicate-detection index: builds a 20-million-character library with the shared generator, indexes
// it in memory, and prints build throughput, lookup and check time for a 30,000-character document, and peak memory.
// Prints figures only (no thresholds). Needs the built server: `pnpm --filter @zhiwen/server build`.
//
//   node scripts/bench/check-index.mjs [--chars 20M] [--doc-chars 30000] [--runs 5] [--keep DIR]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
    runs: { type: 'string', default: '5' },
    keep: { type: 'string' },
  },
});

if (!existsSync(path.join(DIST, 'match/detector.js'))) {
  console.error(`No built engine in ${DIST}: run \`pnpm --filter @zhiwen/server build\` first.`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { normalizeForMatching } = require(path.join(DIST, 'text/normalize.js'));
const { fingerprint, kgramHashes } = require(path.join(DIST, 'match/fingerprint.js'));
const { MemoryFingerprintIndex } = require(path.join(DIST, 'match/fingerprint-index.js'));
const { DuplicateDetector, MemoryTextStore } = require(path.join(DIST, 'match/detector.js'));

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const rate = (chars, ms) => `${(((chars / ms) * 1000) / 1e6).toFixed(2)}M chars/s`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => performance.now();
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// 1. The library.
const libDir = values.keep ?? mkdtempSync(path.join(os.tmpdir(), 'check-index-'));
if (!existsSync(path.join(libDir, 'manifest.json'))) {
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
const texts = files.map((f) => readFileSync(path.join(libDir, f), 'utf8'));
const totalChars = texts.reduce((n, t) => n + t.length, 0);
console.log(`library: ${files.length} documents, ${totalChars.toLocaleString('en')} characters (${libDir})`);
const rssBefore = process.memoryUsage().rss;

// 2. Index build, in its stages: normalisation, fingerprinting, insertion (the detector does all three in addDocument).
const index = new MemoryFingerprintIndex();
const store = new MemoryTextStore();
const detector = new DuplicateDetector(index, store);
let tNorm = 0;
let tFp = 0;
let tIns = 0;
let normChars = 0;
let fps = 0;
const cpu0 = cpuMs();
const t0 = now();
for (let id = 0; id < texts.length; id++) {
  const a = now();
  const norm = normalizeForMatching(texts[id]);
  const b = now();
  const fp = fingerprint(norm.text);
  const c = now();
  await index.add(id, fp);
  await store.put(id, texts[id]);
  const d = now();
  tNorm += b - a;
  tFp += c - b;
  tIns += d - c;
  normChars += norm.text.length;
  fps += fp.hashes.length;
}
const tBuild = now() - t0;
const cpuBuild = cpuMs() - cpu0;
const stats = await index.stats();
console.log(`index build: ${rate(totalChars, tBuild)} (${(tBuild / 1000).toFixed(2)} s wall, ${(cpuBuild / 1000).toFixed(2)} s CPU)`);
console.log(`  normalisation (width folding, Traditional->Simplified, filtering): ${rate(totalChars, tNorm)} (${(tNorm / 1000).toFixed(2)} s)`);
console.log(`  fingerprinting (k=8 hashes, winnowing w=6): ${rate(normChars, tFp)} of normalised text (${(tFp / 1000).toFixed(2)} s)`);
console.log(`  index insertion: ${(fps / (tIns / 1000) / 1e6).toFixed(2)}M fingerprints/s (${(tIns / 1000).toFixed(2)} s)`);
console.log(
  `  ${fps.toLocaleString('en')} fingerprints (${(fps / normChars).toFixed(3)} per normalised character), ${stats.distinctHashes.toLocaleString('en')} distinct hashes; index arrays ${mb(index.memoryBytes())}`,
);

// 3. Lookup for a 30,000-character document made of suspicious documents of the dev corpus (they reuse source passages,
// which the library repeats about 56 times over).
const docChars = Number(values['doc-chars']);
const susDir = path.join(SHARED, 'data/check-dev/plag/suspicious');
let doc = '';
for (const f of readdirSync(susDir).sort()) {
  if (doc.length >= docChars) break;
  doc += `${readFileSync(path.join(susDir, f), 'utf8')}\n\n`;
}
doc = doc.slice(0, docChars);
const runs = Number(values.runs);
const lookupMs = [];
const checkMs = [];
let lastCheck;
let lastPostings = 0;
for (let r = 0; r < runs; r++) {
  const a = now();
  const hashes = kgramHashes(normalizeForMatching(doc).text);
  const postings = await index.lookup(hashes, { maxPostingsPerHash: detector.options.maxPostingsPerHash });
  lookupMs.push(now() - a);
  lastPostings = postings.length;
  const b = now();
  lastCheck = await detector.check(doc);
  checkMs.push(now() - b);
}
console.log(
  `lookup, ${doc.length.toLocaleString('en')}-character document: ${median(lookupMs).toFixed(1)} ms median of ${runs} (normalise + hash + index lookup; ${lastPostings.toLocaleString('en')} postings)`,
);
console.log(
  `check, same document: ${median(checkMs).toFixed(0)} ms median of ${runs} (lookup + alignment with ${lastCheck.candidates.length} candidate sources; ${lastCheck.detections.length} passages)`,
);

const peakBuilt = process.resourceUsage().maxRSS * 1024;

// 4. Removal of a third of the library (dead postings pass a quarter of all: the arrays are compacted once).
const tr = now();
for (let id = 0; id < texts.length; id += 3) await index.remove(id);
const removeMs = now() - tr;
const after = await index.stats();
console.log(
  `remove ${Math.ceil(texts.length / 3)} documents (with one compaction): ${removeMs.toFixed(0)} ms; ${after.documents} documents, ${after.postings.toLocaleString('en')} postings left`,
);

const peakRss = process.resourceUsage().maxRSS * 1024;
console.log(
  `memory: peak RSS ${mb(peakBuilt)} through build and lookups, ${mb(peakRss)} with the removal's compaction ` +
    `(RSS before indexing, with the library texts loaded: ${mb(rssBefore)})`,
);

// 5. Normalisation of Traditional text (the conversion path proper): 2M characters of the library converted to
// Traditional (Taiwan phrases) with opencc-js, normalised by the engine; opencc-js's own twp -> cn for reference.
const OpenCC = require(require.resolve('opencc-js', { paths: [path.join(ROOT, 'server')] }));
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'twp' });
const toSimplified = OpenCC.Converter({ from: 'twp', to: 'cn' });
const tradTexts = [];
for (let i = 0, n = 0; i < texts.length && n < 2e6; i++) {
  tradTexts.push(toTraditional(texts[i]));
  n += texts[i].length;
}
const tradChars = tradTexts.reduce((n, t) => n + t.length, 0);
let ta = now();
for (const t of tradTexts) normalizeForMatching(t);
const tTrad = now() - ta;
ta = now();
for (const t of tradTexts) toSimplified(t);
const tOpencc = now() - ta;
console.log(
  `normalisation of Traditional text (${(tradChars / 1e6).toFixed(1)}M characters): ${rate(tradChars, tTrad)}; opencc-js twp->cn alone, without a map: ${rate(tradChars, tOpencc)}`,
);

console.log(
  JSON.stringify({
    library_chars: totalChars,
    documents: files.length,
    build_chars_per_s: Math.round((totalChars / tBuild) * 1000),
    build_s: +(tBuild / 1000).toFixed(2),
    normalize_chars_per_s: Math.round((totalChars / tNorm) * 1000),
    normalize_traditional_chars_per_s: Math.round((tradChars / tTrad) * 1000),
    fingerprints: fps,
    lookup_ms: +median(lookupMs).toFixed(1),
    check_ms: +median(checkMs).toFixed(0),
    remove_third_ms: Math.round(removeMs),
    doc_chars: doc.length,
    peak_rss_mb: Math.round(peakBuilt / 2 ** 20),
    peak_rss_with_compaction_mb: Math.round(peakRss / 2 ** 20),
  }),
);
if (!values.keep) rmSync(libDir, { recursive: true, force: true });
