#!/usr/bin/env node
// Trains the offline AIGC model and freezes it into server/src/check/engine/aigc/model/.
// Run from the repo root after a build (it reuses the engine's compiled feature code, so training and scoring cannot drift):
//   pnpm --filter @zhiwen/server build && node server/scripts/train-aigc.mjs [--data DIR] [--heldout-truth /tmp/heldout.jsonl]
// Then rebuild so dist/ carries the new model files. Deterministic: a re-run writes byte-identical files. About 1 minute.
// It reads the shipped word list model/words.json (made by make-aigc-words.mjs) and writes char-lm.json and aigc-model.json.
// Only model parameters are written: n-gram probabilities of the CC BY-SA Wikipedia sources, n-gram and word weights and
// classifier weights; no text of the labelled sets (an n-gram key is at most 3 characters or 2 words).
//
// Fitted on: HC3-Plus val_hc3_QA (the 70 % training split, by hashed id), HC3-Plus val_hc3_si (all of it) and formal human
// Wikipedia prose. Never fitted on: val_hc3_QA's held-out 30 %, test_hc3_si (only scored, for the figures) and the
// reuse-free Wikipedia documents of the false-positive check.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const dist = (m) => require(path.join(serverDir, 'dist/check/engine/aigc', m));
const { trainCharLm, CharLm } = dist('char-lm.js');
const { extractFeatures } = dist('features.js');
const { fitNgramLr, NgramLr } = dist('ngram-lr.js');
const { WordDict } = dist('words.js');
const { fitStumps, stumpLogit } = dist('stumps.js');
const { charLmDigest, OfflineAigcScorer, OFFLINE_FEATURE_NAMES } = dist('offline-scorer.js');

const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: path.resolve(serverDir, '../../shared/data/check-dev') },
    // Writes the QA held-out rows' truth lines to this file (outside the repo), for score-aigc.mjs.
    'heldout-truth': { type: 'string' },
    // An experiment, off by default (docs/check-engine.md, "Machine rewrites of Wikipedia"): also fit machine rewrites of
    // the fitted Wikipedia paragraphs (aigc-data/wikipedia-rewrites-fitted-paragraphs.jsonl), label AI, each in its original's fold.
    'fit-rewrites': { type: 'string' },
  },
  strict: true,
});

// Fixed settings, chosen by 5-fold cross-validation on the fitted rows (si_val figures) and the false-positive check.
const LM_OPTIONS = { order: 3, minSymbolCount: 2, minCounts: [1, 2] };
// Words and word pairs, non-negative weights (only what machine text has more of), normalised to a density.
const WORDS = { kind: 'word', maxOrder: 2, norm: 'mean', nonNegative: true, minDocs: 2, epochs: 40, learningRate: 0.5, l2: 1e-4, seed: 20261125 };
const STUMPS = { rounds: 500, learningRate: 0.05, minLeaf: 20, lambda: 1 };
const FOLDS = 5;
const HELD_OUT_PERCENT = 30;
const modelDir = path.join(serverDir, 'src/check/engine/aigc/model');

const hashInt = (s) => createHash('sha256').update(s).digest().readUInt32BE(0);
/** QA held-out membership by hashed id: fixed, independent of row order and of the labels. */
const isHeldOut = (id) => hashInt(id) % 100 < HELD_OUT_PERCENT;

function auroc(scores, labels) {
  const idx = scores.map((_, i) => i).sort((a, b) => scores[a] - scores[b]);
  const ranks = new Array(scores.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j < idx.length && scores[idx[j]] === scores[idx[i]]) j++;
    for (let k = i; k < j; k++) ranks[idx[k]] = (i + 1 + j) / 2;
    i = j;
  }
  let sum = 0;
  let pos = 0;
  labels.forEach((y, i) => {
    if (y) {
      sum += ranks[i];
      pos++;
    }
  });
  const neg = labels.length - pos;
  return (sum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Largest TPR over thresholds "score >= t" whose FPR is at most `fpr` (as the bench scorer counts it). */
function tprAt(scores, labels, fpr) {
  const negs = scores.filter((_, i) => !labels[i]).sort((a, b) => b - a);
  const pos = scores.filter((_, i) => labels[i]);
  const t = negs[Math.floor(fpr * negs.length)];
  return pos.filter((s) => s > t).length / pos.length;
}

const round4 = (x) => Math.round(x * 1e4) / 1e4;
const figures = (scores, labels) => ({
  n: labels.length,
  auroc: round4(auroc(scores, labels)),
  tpr1: round4(tprAt(scores, labels, 0.01)),
  tpr5: round4(tprAt(scores, labels, 0.05)),
});

/**
 * Human Wikipedia text the LM never saw, as pieces of at least 50 characters: the lines of the suspicious documents without
 * reuse (negatives = true), or the stretches of the other documents' lines between reused passages (negatives = false).
 * Offsets are UTF-16 indices, as in truth.jsonl.
 */
function unseenWikipediaParagraphs(plagDir, negatives) {
  const truth = readFileSync(path.join(plagDir, 'truth.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const out = [];
  for (const file of readdirSync(path.join(plagDir, 'suspicious')).sort()) {
    const cases = truth.filter((t) => t.suspicious === file).sort((a, b) => a.this_offset - b.this_offset);
    if (negatives !== (cases.length === 0)) continue;
    const text = readFileSync(path.join(plagDir, 'suspicious', file), 'utf8');
    let start = 0;
    for (const line of text.split('\n')) {
      const end = start + line.length;
      let from = start;
      for (const c of cases.filter((c) => c.this_offset < end && c.this_offset + c.this_length > start)) {
        out.push(text.slice(from, Math.max(from, c.this_offset)));
        from = Math.max(from, c.this_offset + c.this_length);
      }
      out.push(text.slice(from, end));
      start = end + 1;
    }
  }
  return out.map((t) => t.trim()).filter((t) => [...t].length >= 50);
}

const readRows = (file) =>
  readFileSync(path.join(opts.data, 'aigc', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

/** Platt scaling: a, b minimising the log-loss of sigmoid(a z + b) against y (Newton's method, from a = 1, b = 0). */
function fitPlatt(z, y) {
  let a = 1;
  let b = 0;
  for (let it = 0; it < 50; it++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    for (let i = 0; i < z.length; i++) {
      const p = 1 / (1 + Math.exp(-(a * z[i] + b)));
      const w = p * (1 - p);
      ga += (p - y[i]) * z[i];
      gb += p - y[i];
      haa += w * z[i] * z[i];
      hab += w * z[i];
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return { a, b };
}

const t0 = Date.now();
const log = (s) => process.stderr.write(`${s}\n`);

// 1. Character LM on the Wikipedia source papers (one line = one paragraph or heading).
const srcDir = path.join(opts.data, 'plag/sources');
const lines = readdirSync(srcDir)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) => readFileSync(path.join(srcDir, f), 'utf8').split('\n'))
  .filter((l) => l.trim());
const lmData = trainCharLm(lines, LM_OPTIONS);
lmData.meta.source = 'CMRC 2018 dev+trial paragraphs (Chinese Wikipedia, CC BY-SA 4.0) as arranged in check-dev/plag/sources';
const lmJson = JSON.stringify(lmData);
const lm = CharLm.fromData(JSON.parse(lmJson));
const wordsData = JSON.parse(readFileSync(path.join(modelDir, 'words.json'), 'utf8'));
const words = WordDict.fromData(wordsData);
log(`Word list: ${words.size} words`);
log(`LM: ${JSON.stringify(lmData.meta)}; ${(Buffer.byteLength(lmJson) / 1e6).toFixed(2)} MB of JSON`);

// 2. The fitted rows: QA training split, all of si_val, formal human Wikipedia prose (so formality alone does not read as AI:
// the stretches of the reuse corpus's documents with reuse, outside the reused passages; none of it is LM training text).
const qa = readRows('hc3_qa_val.jsonl');
const siVal = readRows('hc3_si_val.jsonl');
const qaHeld = qa.filter((r) => isHeldOut(r.id));
const wikiTrain = unseenWikipediaParagraphs(path.join(opts.data, 'plag'), false).map((text, i) => ({ id: `wikipedia-${i}`, text, label: 0 }));
const polished = opts['fit-rewrites']
  ? readFileSync(opts['fit-rewrites'], 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l))
      .map((r) => ({ id: `polished-${r.id}`, group: r.id, mode: r.mode, text: r.text, label: 1 }))
  : [];
const rows = [...qa.filter((r) => !isHeldOut(r.id)), ...siVal, ...wikiTrain, ...polished]
  .map((r) => ({ ...r, label: r.label === 1 ? 1 : 0, order: hashInt(`order:${r.id}`) }))
  .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1));
// A rewrite shares its original's folds, so no fold is scored on a text whose other version it was fitted on.
rows.forEach((r) => {
  r.fold = hashInt(`fold:${r.group ?? r.id}`) % FOLDS;
  r.inner = hashInt(`inner:${r.group ?? r.id}`) % FOLDS;
});
const featureCache = new Map();
const styleFeatures = (text) => {
  if (!featureCache.has(text)) featureCache.set(text, extractFeatures(text, lm).vector);
  return featureCache.get(text);
};
log(
  `Fitted rows: ${rows.length} (QA ${rows.filter((r) => r.id.startsWith('hc3qa')).length}, si ${siVal.length}, Wikipedia ${wikiTrain.length}, rewrites ${polished.length})`,
);

/**
 * Fits the n-gram model and the stumps over [style features, n-gram log-odds] on `fit`. The stumps see out-of-fold n-gram
 * log-odds (inner folds), so they weigh the n-gram model as it behaves on text it was not fitted on.
 */
function fitStack(fit) {
  const fitNgram = (rows, options) =>
    fitNgramLr(
      rows.map((r) => r.text),
      rows.map((r) => r.label),
      options,
      words,
    );
  const inner = new Map();
  for (let g = 0; g < FOLDS; g++) {
    const m = NgramLr.fromData(
      fitNgram(
        fit.filter((r) => r.inner !== g),
        WORDS,
      ),
      words,
    );
    for (const r of fit) if (r.inner === g) inner.set(r, m.logit(r.text));
  }
  const ngramData = fitNgram(fit, WORDS);
  const stumps = fitStumps(
    OFFLINE_FEATURE_NAMES,
    fit.map((r) => [...styleFeatures(r.text), inner.get(r)]),
    fit.map((r) => r.label),
    STUMPS,
  );
  const wordNgram = NgramLr.fromData(ngramData, words);
  return { ngramData, stumps, rawLogit: (text) => stumpLogit(stumps, [...styleFeatures(text), wordNgram.logit(text)]) };
}

// 3. Outer 5-fold cross-validation: out-of-fold log-odds for every fitted row, for the CV figures and the calibration.
const oof = new Map();
for (let f = 0; f < FOLDS; f++) {
  const { rawLogit } = fitStack(rows.filter((r) => r.fold !== f));
  for (const r of rows) if (r.fold === f) oof.set(r, rawLogit(r.text));
  log(`CV fold ${f + 1}/${FOLDS} done`);
}
const calibration = fitPlatt(
  rows.map((r) => oof.get(r)),
  rows.map((r) => r.label),
);
const cvOf = (pick) => {
  const part = rows.filter(pick);
  return figures(
    part.map((r) => oof.get(r)),
    part.map((r) => r.label),
  );
};
// Out-of-fold: each rewrite against its own original, by mode (the share of pairs where the rewrite scores higher).
function pairFigures() {
  const original = new Map(rows.filter((r) => r.id.startsWith('wikipedia-')).map((r) => [r.id, r]));
  const byMode = {};
  for (const mode of ['polish', 'paraphrase']) {
    const part = rows.filter((r) => r.group && r.mode === mode);
    const both = [...part, ...part.map((r) => original.get(r.group))];
    byMode[mode] = {
      ...figures(
        both.map((r) => oof.get(r)),
        both.map((r) => r.label),
      ),
      rewriteHigher: round4(part.filter((r) => oof.get(r) > oof.get(original.get(r.group))).length / Math.max(part.length, 1)),
    };
  }
  return byMode;
}
// Reliability of the calibrated out-of-fold probabilities, in five bands.
const reliability = [0, 0.2, 0.4, 0.6, 0.8].map((lo) => {
  const hi = lo + 0.2;
  const inBand = rows.filter((r) => {
    const p = 1 / (1 + Math.exp(-(calibration.a * oof.get(r) + calibration.b)));
    return p >= lo && (p < hi || hi >= 1);
  });
  return {
    band: `${lo.toFixed(1)}-${hi.toFixed(1)}`,
    n: inBand.length,
    aiShare: round4(inBand.filter((r) => r.label).length / Math.max(inBand.length, 1)),
  };
});

// 4. Final fit on all fitted rows, frozen with rounded numbers (the rounded model is what gets evaluated).
const final = fitStack(rows);
const sig = (x) => Number(x.toPrecision(7));
const classifier = {
  features: final.stumps.features,
  bias: sig(final.stumps.bias),
  stumps: final.stumps.stumps.map((s) => ({ feature: s.feature, threshold: sig(s.threshold), left: sig(s.left), right: sig(s.right) })),
};
const lmSha256 = charLmDigest(JSON.parse(lmJson));
const wordsSha256 = charLmDigest(wordsData);
const cal = { a: sig(calibration.a), b: sig(calibration.b) };
const digest = createHash('sha256')
  .update(lmSha256)
  .update(wordsSha256)
  .update(JSON.stringify(final.ngramData))
  .update(JSON.stringify(classifier))
  .update(JSON.stringify(cal))
  .digest('hex')
  .slice(0, 8);
const meta = {
  fittedOn: [
    `HC3-Plus zh val_hc3_QA as normalised in check-dev/aigc, training split (sha256(id) mod 100 >= ${HELD_OUT_PERCENT})`,
    'HC3-Plus zh val_hc3_si as normalised in check-dev/aigc, all rows',
    'check-dev/plag/suspicious documents with reuse, outside the reused passages (Chinese Wikipedia via CMRC 2018, CC BY-SA 4.0), label human',
    ...(polished.length ? [`machine rewrites of those paragraphs (${path.basename(opts['fit-rewrites'])}), label AI`] : []),
  ],
  wordList: wordsData.meta.source,
  notFittedOn: [
    'val_hc3_QA held-out split',
    'test_hc3_si (scored only)',
    'the reuse-free check-dev/plag/suspicious documents (false-positive check)',
  ],
  rows: rows.length,
  wordModel: WORDS,
  stumps: STUMPS,
  lm: LM_OPTIONS,
  cv: {
    siVal: cvOf((r) => r.id.startsWith('hc3si')),
    qaTrain: cvOf((r) => r.id.startsWith('hc3qa')),
    ...(polished.length ? { rewritesVsOriginals: pairFigures() } : {}),
  },
  reliability,
};
const model = {
  format: 'zhiwen-aigc-offline/2',
  name: 'zhiwen-aigc-stumps',
  version: `2.0+${digest}`,
  lmSha256,
  wordsSha256,
  words: final.ngramData,
  classifier,
  calibration: cal,
  meta,
};

// 5. Figures of the frozen model, through the same class the server uses.
const scorer = new OfflineAigcScorer(model, JSON.parse(lmJson), wordsData);
const scoreSet = (set) =>
  figures(
    scorer.scoreSync(set.map((r) => r.text)),
    set.map((r) => (r.label === 1 ? 1 : 0)),
  );
meta.qaHeldOut = scoreSet(qaHeld);
meta.siTest = scoreSet(readRows('hc3_si_test.jsonl'));
// False positives on formal human prose: the reuse-free suspicious documents (Wikipedia text unseen by every part of the model).
const clean = unseenWikipediaParagraphs(path.join(opts.data, 'plag'), true);
const cleanScores = scorer.scoreSync(clean);
const cleanChars = clean.reduce((n, t) => n + [...t].length, 0);
meta.wikipediaHuman = {
  paragraphs: clean.length,
  flaggedCharShare: round4(clean.reduce((n, t, i) => n + (cleanScores[i] >= 0.5 ? [...t].length : 0), 0) / cleanChars),
  weightedScore: round4(clean.reduce((n, t, i) => n + cleanScores[i] * [...t].length, 0) / cleanChars),
};
if (opts['heldout-truth']) writeFileSync(opts['heldout-truth'], qaHeld.map((r) => `${JSON.stringify(r)}\n`).join(''));
writeFileSync(path.join(modelDir, 'char-lm.json'), lmJson);
writeFileSync(path.join(modelDir, 'aigc-model.json'), `${JSON.stringify(model)}\n`);
process.stdout.write(
  `${JSON.stringify({ name: model.name, version: model.version, wordWeights: NgramLr.fromData(final.ngramData, words).size, stumps: classifier.stumps.length, calibration: cal, seconds: (Date.now() - t0) / 1000, ...meta })}\n`,
);
