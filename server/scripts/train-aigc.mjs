#!/usr/bin/env node
// Trains the offline AIGC model and freezes it into server/src/check/engine/aigc/model/.
// Run from the repo root after a build (it reuses the engine's compiled feature code, so training and scoring cannot drift):
//   pnpm --filter @zhiwen/server build && node server/scripts/train-aigc.mjs [--cv] [--data DIR] [--heldout-truth /tmp/heldout.jsonl]
// Then rebuild so dist/ carries the new model files.
// Only model parameters are written: n-gram probabilities of the CC BY-SA Wikipedia sources and classifier weights; no text of the labelled set.
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
const { extractFeatures, FEATURE_NAMES } = dist('features.js');
const { fitStumps, stumpLogit } = dist('stumps.js');
const { charLmDigest, OfflineAigcScorer } = dist('offline-scorer.js');

const { values: opts } = parseArgs({
  options: {
    data: { type: 'string', default: path.resolve(serverDir, '../../shared/data/check-dev') },
    cv: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '600' },
    'learning-rate': { type: 'string', default: '0.05' },
    'min-leaf': { type: 'string', default: '20' },
    // Writes the held-out rows' truth lines to this file (outside the repo), for score-aigc.mjs.
    'heldout-truth': { type: 'string' },
    // By default the fit also sees formal human prose (Wikipedia text the LM never saw), so formality alone does not read as AI.
    'without-extra-human': { type: 'boolean', default: false },
  },
  strict: true,
});

// Fixed settings; the classifier's were chosen by 5-fold cross-validation on the training split only.
const LM_OPTIONS = { order: 3, minSymbolCount: 2, minCounts: [1, 2] };
const FIT = { rounds: Number(opts.rounds), learningRate: Number(opts['learning-rate']), minLeaf: Number(opts['min-leaf']), lambda: 1 };
const HELD_OUT_PERCENT = 30;
const modelDir = path.join(serverDir, 'src/check/engine/aigc/model');

/** Held-out membership by hashed id: fixed, independent of row order and of the labels. */
function isHeldOut(id) {
  return createHash('sha256').update(id).digest().readUInt32BE(0) % 100 < HELD_OUT_PERCENT;
}

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
  const allowed = Math.floor(fpr * negs.length);
  // Threshold just above the (allowed+1)-th highest negative score.
  const t = negs[allowed];
  return pos.filter((s) => s > t).length / pos.length;
}

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

const round4 = (x) => Math.round(x * 1e4) / 1e4;
const t0 = Date.now();

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
process.stderr.write(`LM: ${JSON.stringify(lmData.meta)}; ${(Buffer.byteLength(lmJson) / 1e6).toFixed(2)} MB of JSON\n`);

// 2. Features of the labelled set.
const rows = readFileSync(path.join(opts.data, 'aigc/hc3_qa_val.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
const X = rows.map((r) => extractFeatures(r.text, lm).vector);
const y = rows.map((r) => (r.label === 1 ? 1 : 0));
const train = rows.map((_, i) => i).filter((i) => !isHeldOut(rows[i].id));
const held = rows.map((_, i) => i).filter((i) => isHeldOut(rows[i].id));
process.stderr.write(`Rows: ${rows.length} (train ${train.length}, held-out ${held.length})\n`);

// 2b. Formal human prose: paragraphs of the text-reuse corpus's suspicious documents that hold reuse (the reuse-free ones are
// kept for checking false positives), minus the reused passages, so none of it is LM training text.
const extra = !opts['without-extra-human'] ? unseenWikipediaParagraphs(path.join(opts.data, 'plag'), false) : [];
const extraX = extra.map((t) => extractFeatures(t, lm).vector);
process.stderr.write(`Extra human paragraphs: ${extra.length}\n`);

// 3. Optional 5-fold cross-validation on the training split (the only data used to choose settings).
const meta = {
  trainedOn: `HC3-Plus zh val_hc3_QA as normalised in check-dev/aigc (train split: sha256(id) mod 100 >= ${HELD_OUT_PERCENT})`,
  trainRows: train.length,
  extraHumanParagraphs: extra.length,
  extraHumanSource:
    'check-dev/plag/suspicious documents with reuse, outside the reused passages (Chinese Wikipedia via CMRC 2018, CC BY-SA 4.0), label human',
  heldOutRows: held.length,
  fit: FIT,
  lm: LM_OPTIONS,
};
if (opts.cv) {
  const cvScores = new Array(rows.length);
  for (let f = 0; f < 5; f++) {
    const fit = train.filter((_, k) => k % 5 !== f);
    const m = fitStumps(FEATURE_NAMES, [...fit.map((i) => X[i]), ...extraX], [...fit.map((i) => y[i]), ...extraX.map(() => 0)], FIT);
    for (const i of train.filter((_, k) => k % 5 === f)) cvScores[i] = stumpLogit(m, X[i]);
  }
  const s = train.map((i) => cvScores[i]);
  const l = train.map((i) => y[i]);
  meta.trainCv = { auroc: round4(auroc(s, l)), tpr1: round4(tprAt(s, l, 0.01)), tpr5: round4(tprAt(s, l, 0.05)) };
  process.stderr.write(`5-fold CV on train: ${JSON.stringify(meta.trainCv)}\n`);
}

// 4. Final fit on the whole training split, frozen with rounded numbers (the rounded model is what gets evaluated).
const fitted = fitStumps(FEATURE_NAMES, [...train.map((i) => X[i]), ...extraX], [...train.map((i) => y[i]), ...extraX.map(() => 0)], FIT);
const sig = (x) => Number(x.toPrecision(7));
const classifier = {
  features: fitted.features,
  bias: sig(fitted.bias),
  stumps: fitted.stumps.map((s) => ({ feature: s.feature, threshold: sig(s.threshold), left: sig(s.left), right: sig(s.right) })),
};
const lmSha256 = charLmDigest(JSON.parse(lmJson));
const digest = createHash('sha256').update(lmSha256).update(JSON.stringify(classifier)).digest('hex').slice(0, 8);
const model = { format: 'zhiwen-aigc-offline/1', name: 'zhiwen-aigc-stumps', version: `1.0+${digest}`, lmSha256, classifier, meta };

// 5. Held-out figures of the frozen model, through the same class the server uses.
const scorer = new OfflineAigcScorer(model, JSON.parse(lmJson));
const heldScores = scorer.scoreSync(held.map((i) => rows[i].text));
const heldLabels = held.map((i) => y[i]);
meta.heldOut = {
  auroc: round4(auroc(heldScores, heldLabels)),
  tpr1: round4(tprAt(heldScores, heldLabels, 0.01)),
  tpr5: round4(tprAt(heldScores, heldLabels, 0.05)),
  lengthBaselineAuroc: round4(
    auroc(
      held.map((i) => [...rows[i].text].length),
      heldLabels,
    ),
  ),
};
// False positives on formal human prose: the reuse-free suspicious documents (Wikipedia text unseen by LM and classifier).
const clean = unseenWikipediaParagraphs(path.join(opts.data, 'plag'), true);
const cleanScores = scorer.scoreSync(clean);
const cleanChars = clean.reduce((n, t) => n + [...t].length, 0);
meta.wikipediaHuman = {
  paragraphs: clean.length,
  flaggedCharShare: round4(clean.reduce((n, t, i) => n + (cleanScores[i] >= 0.5 ? [...t].length : 0), 0) / cleanChars),
  weightedScore: round4(clean.reduce((n, t, i) => n + cleanScores[i] * [...t].length, 0) / cleanChars),
};
process.stderr.write(`Unseen Wikipedia (human): ${JSON.stringify(meta.wikipediaHuman)}\n`);
if (opts['heldout-truth']) writeFileSync(opts['heldout-truth'], held.map((i) => `${JSON.stringify(rows[i])}\n`).join(''));
writeFileSync(path.join(modelDir, 'char-lm.json'), lmJson);
writeFileSync(path.join(modelDir, 'aigc-model.json'), `${JSON.stringify(model)}\n`);
process.stderr.write(`Held-out: ${JSON.stringify(meta.heldOut)}\n`);
process.stdout.write(
  `${JSON.stringify({ name: model.name, version: model.version, stumps: classifier.stumps.length, seconds: (Date.now() - t0) / 1000, ...meta })}\n`,
);
