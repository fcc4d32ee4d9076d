// Gradient-boosted decision stumps for binary classification: an additive model, so each feature's contribution to a score can be shown on its own.

/** One stump: add `left` when x[feature] <= threshold, else `right` (learning rate already folded in). */
export interface Stump {
  feature: number;
  threshold: number;
  left: number;
  right: number;
}

/** A fitted model: logit = bias + sum of stump outputs. */
export interface StumpModel {
  features: string[];
  bias: number;
  stumps: Stump[];
}

/** Options of fitStumps. */
export interface StumpFitOptions {
  rounds: number;
  learningRate: number;
  /** Fewest training rows on each side of a split, so thresholds are not fitted to a handful of outliers. */
  minLeaf: number;
  /** L2 penalty on leaf values (Newton step denominator). */
  lambda: number;
}

/** Logistic function. */
export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Logit (log-odds) of one raw feature vector. */
export function stumpLogit(model: StumpModel, x: number[]): number {
  if (x.length !== model.features.length) throw new Error(`Expected ${model.features.length} features, got ${x.length}`);
  let z = model.bias;
  for (const s of model.stumps) z += x[s.feature] <= s.threshold ? s.left : s.right;
  return z;
}

/** Per-feature contributions to the logit (they sum to logit - bias). */
export function stumpContributions(model: StumpModel, x: number[]): number[] {
  const out = new Array<number>(model.features.length).fill(0);
  for (const s of model.stumps) out[s.feature] += x[s.feature] <= s.threshold ? s.left : s.right;
  return out;
}

/** Fits boosted stumps on rows X with 0/1 labels y under log-loss (Newton leaf values); deterministic. */
export function fitStumps(features: string[], X: number[][], y: number[], options: StumpFitOptions): StumpModel {
  const n = X.length;
  const d = features.length;
  const positives = y.reduce((a, b) => a + b, 0);
  if (n === 0 || y.length !== n || X.some((row) => row.length !== d)) throw new Error('fitStumps: X and y do not match');
  if (positives === 0 || positives === n) throw new Error('fitStumps: both classes are needed');
  const bias = Math.log(positives / (n - positives));
  const F = new Float64Array(n).fill(bias);
  const order = Array.from({ length: d }, (_, j) => Array.from({ length: n }, (_, i) => i).sort((a, b) => X[a][j] - X[b][j] || a - b));
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const stumps: Stump[] = [];
  for (let round = 0; round < options.rounds; round++) {
    let G = 0;
    let H = 0;
    for (let i = 0; i < n; i++) {
      const p = sigmoid(F[i]);
      g[i] = y[i] - p;
      h[i] = Math.max(p * (1 - p), 1e-12);
      G += g[i];
      H += h[i];
    }
    let best: { gain: number; stump: Stump } | undefined;
    for (let j = 0; j < d; j++) {
      const idx = order[j];
      let gl = 0;
      let hl = 0;
      for (let k = 0; k < n - 1; k++) {
        gl += g[idx[k]];
        hl += h[idx[k]];
        const here = X[idx[k]][j];
        const next = X[idx[k + 1]][j];
        if (here === next || k + 1 < options.minLeaf || n - k - 1 < options.minLeaf) continue;
        const gr = G - gl;
        const hr = H - hl;
        const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda);
        if (!best || gain > best.gain) {
          const lr = options.learningRate;
          best = {
            gain,
            stump: { feature: j, threshold: (here + next) / 2, left: (lr * gl) / (hl + options.lambda), right: (lr * gr) / (hr + options.lambda) },
          };
        }
      }
    }
    if (!best) break;
    const s = best.stump;
    for (let i = 0; i < n; i++) F[i] += X[i][s.feature] <= s.threshold ? s.left : s.right;
    stumps.push(s);
  }
  return { features: [...features], bias, stumps };
}
