// Logistic regression over the character n-grams or the words and word pairs a paragraph contains: the lexical part of the
// offline AIGC scorer. It learns which words and short phrases a chat model prefers (此外 / 旨在 / 是否 / 广泛的 …) over
// people (就是 / 却 / 吧 …), which survives paraphrase and translation better than surprise under a language model does.
import { foldedSymbols, type WordDict } from './words';

/** Line start / end markers and the word-pair joiner (private-use, never produced by lmSymbol). */
const START = '\uE002';
const END = '\uE003';
const JOIN = '\uE004';

/** Serialized model, as stored inside model/aigc-model.json. */
export interface NgramLrData {
  format: 'zhiwen-ngram-lr/2';
  /** 'char': character n-grams of orders 1..maxOrder; 'word': words and adjacent word pairs (needs the word list). */
  kind: 'char' | 'word';
  maxOrder: number;
  /** The weights' sum is divided by √(features in the text) ('sqrt') or by their number ('mean': a density, length-free). */
  norm: 'sqrt' | 'mean';
  bias: number;
  /** Weights are stored as int16; weight = value * scale. */
  scale: number;
  /** The weighted n-grams joined by "\n" (no symbol is a line break) and their int16 weights, little-endian, base64. */
  keys: string;
  weights: string;
}

/** Options of fitNgramLr. */
export interface NgramLrFitOptions {
  kind: 'char' | 'word';
  /** Longest character n-gram (kind 'char'; word models use words and pairs). */
  maxOrder: number;
  norm: 'sqrt' | 'mean';
  /**
   * Keep every weight >= 0: the model then only learns what the machine's text has more of. What marks the human side of a
   * training set (a translation bureau's or a forum's wording) says little about other human writing.
   */
  nonNegative: boolean;
  /** N-grams found in fewer training texts are left out (they cannot be weighed reliably). */
  minDocs: number;
  epochs: number;
  /** Adagrad step size. */
  learningRate: number;
  /** L2 penalty per update. */
  l2: number;
  /** Seed of the example order; a fixed seed makes the fit deterministic. */
  seed: number;
}

/**
 * The symbol string the n-grams are taken from: LM symbols (digits fold to 0, Latin to a, punctuation to full width,
 * whitespace dropped) with runs of 0 or a collapsed, so "2009" and "12" or "UNICEF" and "WHO" look alike, between start and end marks.
 */
export function ngramSymbols(text: string): string {
  return START + foldedSymbols(text) + END;
}

/** The distinct character n-grams (orders 1..maxOrder) of a text; presence, not counts, so one repeated phrase cannot dominate. */
export function ngramSet(text: string, maxOrder: number): Set<string> {
  const s = ngramSymbols(text);
  const out = new Set<string>();
  for (let n = 1; n <= maxOrder; n++) for (let i = 0; i + n <= s.length; i++) out.add(s.slice(i, i + n));
  return out;
}

/** The distinct words and adjacent word pairs of a text, with start and end marks. */
export function wordSet(text: string, dict: WordDict): Set<string> {
  const words = [START, ...dict.segment(foldedSymbols(text)), END];
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    out.add(words[i]);
    if (i + 1 < words.length) out.add(words[i] + JOIN + words[i + 1]);
  }
  return out;
}

function normFactor(features: number, norm: 'sqrt' | 'mean'): number {
  return norm === 'mean' ? 1 / Math.max(features, 1) : 1 / Math.sqrt(Math.max(features, 1));
}

/** The features a model of this kind reads from a text. */
function featureSet(text: string, kind: 'char' | 'word', maxOrder: number, dict: WordDict | undefined): Set<string> {
  if (kind === 'char') return ngramSet(text, maxOrder);
  if (!dict) throw new Error('A word n-gram model needs the word list');
  return wordSet(text, dict);
}

/** A frozen n-gram logistic regression. */
export class NgramLr {
  private readonly weights = new Map<string, number>();

  private constructor(
    private readonly data: NgramLrData,
    private readonly dict: WordDict | undefined,
  ) {
    if (data.format !== 'zhiwen-ngram-lr/2') throw new Error(`Unknown n-gram model format: ${String(data.format)}`);
    if (data.kind === 'word' && !dict) throw new Error('A word n-gram model needs the word list');
    const keys = data.keys ? data.keys.split('\n') : [];
    const raw = Buffer.from(data.weights, 'base64');
    if (raw.length !== keys.length * 2) throw new Error('N-gram model table is corrupt');
    keys.forEach((k, i) => this.weights.set(k, raw.readInt16LE(i * 2) * data.scale));
  }

  /** Decodes a serialized model; a word model needs the word list it was fitted with. */
  static fromData(data: NgramLrData, dict?: WordDict): NgramLr {
    return new NgramLr(data, dict);
  }

  /** Number of weighted n-grams. */
  get size(): number {
    return this.weights.size;
  }

  /** Log-odds that the text is AI-written: bias + the weights of the n-grams it contains, normalised by their number. */
  logit(text: string): number {
    const grams = featureSet(text, this.data.kind, this.data.maxOrder, this.dict);
    let z = 0;
    for (const g of grams) z += this.weights.get(g) ?? 0;
    return this.data.bias + z * normFactor(grams.size, this.data.norm);
  }
}

/**
 * Fits the model on texts with 0/1 labels (1 = AI): L2-regularised logistic loss, classes weighted to balance, Adagrad,
 * examples in a seeded shuffled order; deterministic. Returns the quantized serialized form.
 */
export function fitNgramLr(texts: string[], labels: number[], options: NgramLrFitOptions, dict?: WordDict): NgramLrData {
  if (texts.length !== labels.length || texts.length === 0) throw new Error('fitNgramLr: texts and labels do not match');
  const positives = labels.filter((y) => y === 1).length;
  if (positives === 0 || positives === labels.length) throw new Error('fitNgramLr: both classes are needed');
  const sets = texts.map((t) => featureSet(t, options.kind, options.maxOrder, dict));
  const docs = new Map<string, number>();
  for (const s of sets) for (const g of s) docs.set(g, (docs.get(g) ?? 0) + 1);
  const vocabulary = [...docs].filter(([, n]) => n >= options.minDocs).map(([g]) => g);
  vocabulary.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const index = new Map(vocabulary.map((g, i) => [g, i]));
  const rows = sets.map((s) => {
    const ids = Int32Array.from([...s].map((g) => index.get(g) ?? -1).filter((i) => i >= 0));
    return { ids, norm: normFactor(s.size, options.norm) };
  });
  const w = new Float64Array(vocabulary.length);
  const g2 = new Float64Array(vocabulary.length).fill(1e-8);
  let bias = 0;
  let b2 = 1e-8;
  const classWeight = [labels.length / (2 * (labels.length - positives)), labels.length / (2 * positives)];
  const order = rows.map((_, i) => i);
  let state = options.seed >>> 0 || 1;
  const random = (): number => {
    // xorshift32: a small deterministic generator, independent of the platform.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const r of order) {
      const { ids, norm } = rows[r];
      let z = bias;
      for (const k of ids) z += w[k] * norm;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - labels[r]) * classWeight[labels[r]];
      for (const k of ids) {
        const gk = g * norm + options.l2 * w[k];
        g2[k] += gk * gk;
        w[k] -= (options.learningRate * gk) / Math.sqrt(g2[k]);
        if (options.nonNegative && w[k] < 0) w[k] = 0;
      }
      b2 += g * g;
      bias -= (options.learningRate * g) / Math.sqrt(b2);
    }
  }
  const maxAbs = w.reduce((m, x) => Math.max(m, Math.abs(x)), 1e-9);
  const scale = maxAbs / 32767;
  // Weights that quantize to 0 change nothing and are not stored.
  const kept = vocabulary.map((g, i) => [g, Math.round(w[i] / scale)] as const).filter(([, q]) => q !== 0);
  const bytes = Buffer.alloc(kept.length * 2);
  kept.forEach(([, q], i) => bytes.writeInt16LE(q, i * 2));
  return {
    format: 'zhiwen-ngram-lr/2',
    kind: options.kind,
    maxOrder: options.maxOrder,
    norm: options.norm,
    bias: Number(bias.toPrecision(7)),
    scale: Number(scale.toPrecision(7)),
    keys: kept.map(([g]) => g).join('\n'),
    weights: bytes.toString('base64'),
  };
}
