// Calibration of the LLM-logprob backend from texts an operator labelled: the centre and scale of
// score = sigmoid((criterion - center) / scale), the weight of its log-odds beside the offline model's, and the figures
// (AUROC, TPR at 1 % FPR) to judge them by. Used by `scripts/check-cli aigc-calibrate`; pure functions, no I/O.
import { sigmoid } from './stumps';

/** The logprob backend's calibration: score = sigmoid((criterion - center) / scale). */
export interface LogprobCalibration {
  center: number;
  scale: number;
}

/** The fitted calibration and how the fit went. */
export interface CalibrationFit extends LogprobCalibration {
  /** Mean log-loss of the fitted probabilities (class-weighted when balanced). */
  logLoss: number;
  /** The criterion separates the classes perfectly on these texts: the scale then comes from the ridge, not the data. */
  separated: boolean;
}

/** Bounds the back office accepts (check-aigc-config.dto.ts). */
export const CALIBRATION_BOUNDS = { center: [-100, 100], scale: [0.01, 100] } as const;

/**
 * Logistic regression of the label on the criterion, by Newton's method, with a tiny ridge on the slope so that
 * perfectly separated texts still give a finite answer. With `balance` (default) each class weighs half, so the centre is
 * where AI and human texts are even odds whatever share of the file each class is; without it the file's share is the
 * prior. Throws when a class is missing or the criterion ranks human texts above AI ones.
 */
export function fitCalibration(criteria: readonly number[], ai: readonly boolean[], options: { balance?: boolean } = {}): CalibrationFit {
  if (criteria.length !== ai.length) throw new Error(`fitCalibration: ${criteria.length} criteria but ${ai.length} labels`);
  const nAi = ai.filter(Boolean).length;
  const nHuman = ai.length - nAi;
  if (nAi < 2 || nHuman < 2) throw new Error(`Calibration needs at least 2 AI and 2 human texts (got ${nAi} AI, ${nHuman} human)`);
  const balance = options.balance ?? true;
  const weights = ai.map((isAi) => (balance ? ai.length / (2 * (isAi ? nAi : nHuman)) : 1));
  // Standardised criterion: Newton's steps are then well-conditioned whatever the criterion's range.
  const mean = criteria.reduce((a, b) => a + b, 0) / criteria.length;
  const sd = Math.sqrt(criteria.reduce((a, c) => a + (c - mean) ** 2, 0) / criteria.length) || 1;
  const z = criteria.map((c) => (c - mean) / sd);
  const ridge = 1e-4 * ai.length;
  let a = 0;
  let b = 0;
  for (let iteration = 0; iteration < 100; iteration++) {
    // Gradient and Hessian of the weighted negative log-likelihood plus ridge/2 * a².
    let ga = ridge * a;
    let gb = 0;
    let haa = ridge;
    let hab = 0;
    let hbb = 0;
    z.forEach((x, i) => {
      const p = sigmoid(a * x + b);
      const r = weights[i] * (p - (ai[i] ? 1 : 0));
      const h = weights[i] * p * (1 - p);
      ga += r * x;
      gb += r;
      haa += h * x * x;
      hab += h * x;
      hbb += h;
    });
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  if (!(a > 0)) {
    throw new Error('On these texts the criterion does not rank AI texts above human ones: check the labels, the model and the server');
  }
  // sigmoid(a z + b) with z = (c - mean) / sd  =  sigmoid((c - center) / scale).
  const scale = sd / a;
  const center = mean - (b * sd) / a;
  let loss = 0;
  let total = 0;
  criteria.forEach((c, i) => {
    const p = Math.min(Math.max(sigmoid((c - center) / scale), 1e-12), 1 - 1e-12);
    loss -= weights[i] * (ai[i] ? Math.log(p) : Math.log(1 - p));
    total += weights[i];
  });
  const separated = auroc(criteria, ai) === 1;
  return {
    center: clamp(center, CALIBRATION_BOUNDS.center),
    scale: clamp(scale, CALIBRATION_BOUNDS.scale),
    logLoss: loss / total,
    separated,
  };
}

/** The backend's calibrated log-odds of one criterion value. */
export function logprobLogit(criterion: number, calibration: LogprobCalibration): number {
  return (criterion - calibration.center) / calibration.scale;
}

/** Log-odds of a probability, kept finite (a score of exactly 0 or 1 would otherwise outweigh any other scorer). */
export function logit(p: number): number {
  const q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
  return Math.log(q / (1 - q));
}

/**
 * The ensemble's log-odds: the weighted mean of the two scorers' calibrated log-odds, `llmWeight` on the LLM's. It lies
 * between the two and is each scorer alone at weights 1 and 0.
 */
export function ensembleLogit(llmLogit: number, offlineLogit: number, llmWeight: number): number {
  return llmWeight * llmLogit + (1 - llmWeight) * offlineLogit;
}

/**
 * The LLM weight in 0, 0.05, … 1 whose ensemble has the lowest class-balanced log-loss on the labelled texts (ties: the
 * one nearest 0.5). Both inputs are calibrated log-odds.
 */
export function fitEnsembleWeight(
  llmLogits: readonly number[],
  offlineLogits: readonly number[],
  ai: readonly boolean[],
): { weight: number; logLoss: number } {
  const nAi = ai.filter(Boolean).length;
  const nHuman = ai.length - nAi;
  let best = { weight: 0.5, logLoss: Infinity };
  for (let step = 0; step <= 20; step++) {
    const weight = step / 20;
    let loss = 0;
    ai.forEach((isAi, i) => {
      const p = Math.min(Math.max(sigmoid(ensembleLogit(llmLogits[i], offlineLogits[i], weight)), 1e-12), 1 - 1e-12);
      loss -= isAi ? Math.log(p) / (2 * nAi) : Math.log(1 - p) / (2 * nHuman);
    });
    const better = loss < best.logLoss - 1e-12 || (Math.abs(loss - best.logLoss) <= 1e-12 && Math.abs(weight - 0.5) < Math.abs(best.weight - 0.5));
    if (better) best = { weight, logLoss: loss };
  }
  return best;
}

/** AUROC: P(score of an AI text > score of a human text) + half the ties (Mann–Whitney, average ranks). */
export function auroc(scores: readonly number[], ai: readonly boolean[]): number {
  const n = scores.length;
  const nAi = ai.filter(Boolean).length;
  const nHuman = n - nAi;
  if (!nAi || !nHuman) return NaN;
  const order = [...scores.keys()].sort((x, y) => scores[x] - scores[y]);
  let rankSum = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]] === scores[order[i]]) j++;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) if (ai[order[k]]) rankSum += rank;
    i = j + 1;
  }
  return (rankSum - (nAi * (nAi + 1)) / 2) / (nAi * nHuman);
}

/** Largest share of AI texts found by a threshold "score >= t" that flags at most `fpr` of the human texts. */
export function tprAtFpr(scores: readonly number[], ai: readonly boolean[], fpr = 0.01): { tpr: number; threshold: number | null } {
  const n = scores.length;
  const nAi = ai.filter(Boolean).length;
  const nHuman = n - nAi;
  if (!nAi || !nHuman) return { tpr: NaN, threshold: null };
  const order = [...scores.keys()].sort((x, y) => scores[y] - scores[x]);
  let tp = 0;
  let fp = 0;
  let best: { tpr: number; threshold: number | null } = { tpr: 0, threshold: null };
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]] === scores[order[i]]) j++;
    for (let k = i; k <= j; k++)
      if (ai[order[k]]) tp++;
      else fp++;
    if (fp / nHuman > fpr + 1e-12) break;
    if (tp / nAi > best.tpr) best = { tpr: tp / nAi, threshold: scores[order[i]] };
    i = j + 1;
  }
  return best;
}

function clamp(x: number, [lo, hi]: readonly [number, number]): number {
  return Math.min(Math.max(x, lo), hi);
}
