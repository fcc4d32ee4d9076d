// Character n-gram language model: interpolated Kneser-Ney, stored in ARPA-like backoff form so scoring is a few map look-ups per character.

/** Start-of-line padding symbol (private-use, never in text after mapping). */
export const BOS = '\uE000';
/** Out-of-vocabulary symbol. */
export const UNK = '\uE001';

const ASCII_PUNCT: Record<string, string> = {
  ',': '，',
  ';': '；',
  ':': '：',
  '?': '？',
  '!': '！',
  '(': '（',
  ')': '）',
  '"': '“',
  '「': '“',
  '」': '”',
};

/**
 * Maps a character to its LM symbol: digits fold to "0", Latin letters to "a", half-width punctuation to full-width,
 * whitespace to "" (skipped) and characters outside the BMP to UNK, so every symbol is one UTF-16 unit.
 */
export function lmSymbol(ch: string): string {
  const c = ch.codePointAt(0) ?? 0;
  if (c <= 0x20 || c === 0x3000 || c === 0xa0) return '';
  if ((c >= 0x30 && c <= 0x39) || (c >= 0xff10 && c <= 0xff19)) return '0';
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a)) return 'a';
  if (c > 0xffff || (c >= 0xe000 && c <= 0xf8ff)) return UNK;
  const folded = c >= 0xff01 && c <= 0xff5e && !'，；：？！（）'.includes(ch) ? String.fromCharCode(c - 0xfee0) : ch;
  return ASCII_PUNCT[folded] ?? folded;
}

/** Maps text to LM symbols (whitespace dropped), with the code-point index each symbol came from. */
export function toSymbols(text: string): { symbols: string[]; positions: number[] } {
  const symbols: string[] = [];
  const positions: number[] = [];
  let i = 0;
  for (const ch of text) {
    const s = lmSymbol(ch);
    if (s) {
      symbols.push(s);
      positions.push(i);
    }
    i++;
  }
  return { symbols, positions };
}

/** Serialized form of a CharLm, as stored in model/char-lm.json. */
export interface CharLmData {
  format: 'zhiwen-char-lm/1';
  order: number;
  /** Per order k (index k-1): k-gram keys concatenated (k UTF-16 units each) and their quantized natural-log probabilities. */
  ngrams: { keys: string; logp: string }[];
  /** Per context length k (index k-1): context keys concatenated and their quantized natural-log backoff weights. */
  backoffs: { keys: string; logbow: string }[];
  /** Byte value v decodes to min + v * step. */
  quant: { logp: Quant; logbow: Quant };
  /** Free text: training material, pruning, counts. */
  meta: Record<string, string | number>;
}

interface Quant {
  min: number;
  step: number;
}

/** Options of trainCharLm. */
export interface CharLmTrainOptions {
  order: number;
  /** Symbols seen fewer times become UNK (gives UNK a real estimate). */
  minSymbolCount: number;
  /** Minimum raw count for an n-gram of each order >= 2 to be stored (index 0 = bigrams). Pruned mass goes to the backoff. */
  minCounts: number[];
}

/** A frozen character LM: natural-log probabilities of each symbol given the previous order-1 symbols. */
export class CharLm {
  readonly order: number;
  /** Symbol -> id; ids are 0..V-1 for the vocabulary (UNK included) and V for BOS. */
  private readonly ids: Map<string, number>;
  private readonly unkId: number;
  /** Id sequences are keyed as base-B numbers (B = V + 1), exact in a double up to order 4. */
  private readonly base: number;
  private readonly pow: number[];
  /** Index k: (k+1)-gram key -> log p. */
  private readonly logp: Map<number, number>[];
  /** Index k: key of a context of length k+1 -> log backoff weight. */
  private readonly logbow: Map<number, number>[];
  /** Index k: key of a context of length k with stored continuations -> E[log p], E[(log p)^2] of its next-symbol distribution. */
  private readonly moment1: Map<number, number>[] = [];
  private readonly moment2: Map<number, number>[] = [];

  private constructor(data: CharLmData) {
    if (data.format !== 'zhiwen-char-lm/1') throw new Error(`Unknown character LM format: ${String(data.format)}`);
    this.order = data.order;
    const vocab = data.ngrams[0]?.keys ?? '';
    this.ids = new Map([...vocab].map((ch, i) => [ch, i]));
    const unk = this.ids.get(UNK);
    if (unk === undefined || this.ids.size !== vocab.length) throw new Error('Character LM vocabulary is corrupt');
    this.unkId = unk;
    this.ids.set(BOS, vocab.length);
    this.base = vocab.length + 1;
    if (this.base ** this.order > Number.MAX_SAFE_INTEGER) throw new Error('Character LM order too high for its vocabulary');
    this.pow = Array.from({ length: this.order + 1 }, (_, k) => this.base ** k);
    const decode = (keys: string, bytes: string, width: number, q: Quant): Map<number, number> => {
      const values = Buffer.from(bytes, 'base64');
      if (values.length * width !== keys.length) throw new Error('Character LM table is corrupt');
      const map = new Map<number, number>();
      for (let i = 0; i < values.length; i++) map.set(this.key(keys, i * width, width), q.min + values[i] * q.step);
      return map;
    };
    this.logp = data.ngrams.map((t, i) => decode(t.keys, t.logp, i + 1, data.quant.logp));
    this.logbow = data.backoffs.map((t, i) => decode(t.keys, t.logbow, i + 1, data.quant.logbow));
    this.computeMoments();
  }

  /** Decodes a serialized model. */
  static fromData(data: CharLmData): CharLm {
    return new CharLm(data);
  }

  private key(symbols: string, start: number, width: number): number {
    let k = 0;
    for (let i = start; i < start + width; i++) {
      const id = this.ids.get(symbols[i]);
      if (id === undefined) throw new Error('Character LM key has a symbol outside its vocabulary');
      k = k * this.base + id;
    }
    return k;
  }

  /** Vocabulary size (symbols with a unigram probability, UNK included). */
  get vocabularySize(): number {
    return this.logp[0].size;
  }

  /** Vocabulary symbols, UNK included. */
  vocabulary(): string[] {
    return [...this.ids.keys()].filter((s) => s !== BOS);
  }

  /** Natural-log probability of `symbol` after `history` (only the last order-1 symbols are used; no BOS padding is added). */
  logProb(history: string, symbol: string): number {
    const h = history.length > this.order - 1 ? history.slice(history.length - (this.order - 1)) : history;
    const ctx = [...h].reduce((k, ch) => k * this.base + this.id(ch), 0);
    return this.logProbKeyed(ctx, h.length, this.id(symbol));
  }

  private id(symbol: string): number {
    return this.ids.get(symbol) ?? this.unkId;
  }

  /** Backs off from the context (key, length), adding the backoff weight of every context that lacks the n-gram. */
  private logProbKeyed(ctx: number, length: number, w: number): number {
    let bow = 0;
    for (let len = length; len >= 0; len--) {
      const c = ctx % this.pow[len];
      const hit = this.logp[len].get(c * this.base + w);
      if (hit !== undefined) return bow + hit;
      if (len > 0) bow += this.logbow[len - 1].get(c) ?? 0;
    }
    // Unreachable for vocabulary ids, which all have a unigram.
    return bow + (this.logp[0].get(this.unkId) ?? -20);
  }

  /** Moments of the distribution after a context: those of its longest suffix with stored continuations. */
  private momentsKeyed(ctx: number, length: number): [number, number] {
    for (let len = length; len >= 0; len--) {
      const c = ctx % this.pow[len];
      const m1 = this.moment1[len]?.get(c);
      if (m1 !== undefined) return [m1, this.moment2[len].get(c) ?? 0];
    }
    return [0, 0];
  }

  /**
   * Moments of every stored context's predictive distribution, from its explicit continuations plus the backed-off
   * remainder (so no pass over the whole vocabulary per context): the analytic Fast-DetectGPT terms of an n-gram model.
   */
  private computeMoments(): void {
    let m1 = 0;
    let m2 = 0;
    for (const lp of this.logp[0].values()) {
      m1 += Math.exp(lp) * lp;
      m2 += Math.exp(lp) * lp * lp;
    }
    this.moment1.push(new Map([[0, m1]]));
    this.moment2.push(new Map([[0, m2]]));
    for (let k = 1; k < this.order; k++) {
      // Per context: Σ E log E and Σ E log² E over its explicit continuations, and Σ r, r log r, r log² r of the lower distribution there.
      const acc = new Map<number, Float64Array>();
      for (const [g, lp] of this.logp[k]) {
        const h = Math.floor(g / this.base);
        const lr = this.logProbKeyed(h % this.pow[k - 1], k - 1, g % this.base);
        let a = acc.get(h);
        if (!a) acc.set(h, (a = new Float64Array(5)));
        const e = Math.exp(lp);
        const r = Math.exp(lr);
        a[0] += e * lp;
        a[1] += e * lp * lp;
        a[2] += r;
        a[3] += r * lr;
        a[4] += r * lr * lr;
      }
      const level1 = new Map<number, number>();
      const level2 = new Map<number, number>();
      for (const [h, [el, el2, r, rl, rl2]] of acc) {
        const [l1, l2] = this.momentsKeyed(h % this.pow[k - 1], k - 1);
        const lb = this.logbow[k - 1].get(h) ?? 0;
        const b = Math.exp(lb);
        const rest = Math.max(1 - r, 0);
        level1.set(h, el + b * (lb * rest + (l1 - rl)));
        level2.set(h, el2 + b * (lb * lb * rest + 2 * lb * (l1 - rl) + (l2 - rl2)));
      }
      this.moment1.push(level1);
      this.moment2.push(level2);
    }
  }

  /**
   * Per-symbol log-probability plus the mean and variance of the log-probability that the model itself expects at that
   * position (the sampling discrepancy terms of Fast-DetectGPT, Bao et al. 2024). The sequence starts a line (BOS-padded).
   */
  scoreDetailed(symbols: string[]): { logp: Float64Array; expected: Float64Array; variance: Float64Array } {
    const logp = new Float64Array(symbols.length);
    const expected = new Float64Array(symbols.length);
    const variance = new Float64Array(symbols.length);
    const n = this.order - 1;
    const bos = this.base - 1;
    let ctx = 0;
    for (let i = 0; i < n; i++) ctx = ctx * this.base + bos;
    for (let i = 0; i < symbols.length; i++) {
      const w = this.id(symbols[i]);
      logp[i] = this.logProbKeyed(ctx, n, w);
      const [m1, m2] = this.momentsKeyed(ctx, n);
      expected[i] = m1;
      variance[i] = Math.max(m2 - m1 * m1, 0);
      if (n > 0) ctx = (ctx % this.pow[n - 1]) * this.base + w;
    }
    return { logp, expected, variance };
  }
}

/** Trains an interpolated Kneser-Ney character LM on lines of text and returns its serialized, pruned, quantized form. */
export function trainCharLm(lines: string[], options: CharLmTrainOptions): CharLmData {
  const { order } = options;
  if (order < 1 || options.minCounts.length < order - 1) throw new Error('trainCharLm: bad order or minCounts');
  const symbolCount = new Map<string, number>();
  const sequences = lines.map((line) => toSymbols(line).symbols).filter((s) => s.length > 0);
  for (const seq of sequences) for (const s of seq) symbolCount.set(s, (symbolCount.get(s) ?? 0) + 1);
  const vocab = new Set([...symbolCount].filter(([, n]) => n >= options.minSymbolCount).map(([s]) => s));
  vocab.add(UNK);

  // Raw counts of the highest order; lower orders use Kneser-Ney continuation counts (distinct left extensions).
  const counts: Map<string, number>[] = Array.from({ length: order }, () => new Map());
  const top = counts[order - 1];
  const pad = BOS.repeat(order - 1);
  for (const seq of sequences) {
    const s = pad + seq.map((x) => (vocab.has(x) ? x : UNK)).join('');
    for (let i = order - 1; i < s.length; i++) {
      const g = s.slice(i - order + 1, i + 1);
      top.set(g, (top.get(g) ?? 0) + 1);
    }
  }
  for (let k = order - 1; k >= 1; k--) {
    const lower = counts[k - 1];
    for (const g of counts[k].keys()) {
      const suffix = g.slice(1);
      lower.set(suffix, (lower.get(suffix) ?? 0) + 1);
    }
  }
  // Every position has a full BOS-padded history, so every lower-order gram has a left extension and a continuation count.

  // Interpolated KN probabilities for every seen n-gram, order by order.
  const prob: Map<string, number>[] = [];
  const gamma: Map<string, number>[] = [];
  const discounts: number[] = [];
  for (let k = 1; k <= order; k++) {
    const c = counts[k - 1];
    const d = discount(c);
    discounts.push(d);
    const total = new Map<string, number>();
    const types = new Map<string, number>();
    for (const [g, n] of c) {
      const h = g.slice(0, -1);
      total.set(h, (total.get(h) ?? 0) + n);
      types.set(h, (types.get(h) ?? 0) + 1);
    }
    const weight = new Map<string, number>();
    for (const [h, t] of total) weight.set(h, (d * (types.get(h) ?? 0)) / t);
    gamma.push(weight);
    const p = new Map<string, number>();
    if (k === 1) {
      const t = total.get('') ?? 1;
      const uniform = 1 / vocab.size;
      for (const w of vocab) p.set(w, Math.max((c.get(w) ?? 0) - d, 0) / t + (weight.get('') ?? 0) * uniform);
    } else {
      for (const [g, n] of c) {
        const h = g.slice(0, -1);
        p.set(g, (n - d) / (total.get(h) ?? 1) + (weight.get(h) ?? 0) * interpolated(prob, gamma, g.slice(1)));
      }
    }
    prob.push(p);
  }

  // Prune rare n-grams (unigrams always stay), then recompute backoff weights so each context stays normalized.
  const kept: Map<string, number>[] = prob.map((p, i) =>
    i === 0 ? p : new Map([...p].filter(([g]) => (counts[i].get(g) ?? 0) >= options.minCounts[i - 1])),
  );
  const backoff = (h: string, w: string): number => {
    // Backoff-form probability using the kept tables and the bows computed so far (shorter contexts first).
    for (let ctx = h, bow = 1; ; ctx = ctx.slice(1)) {
      const hit = kept[ctx.length].get(ctx + w);
      if (hit !== undefined) return bow * hit;
      bow *= bows[ctx.length - 1]?.get(ctx) ?? 1;
    }
  };
  const bows: Map<string, number>[] = [];
  for (let k = 1; k < order; k++) {
    const num = new Map<string, number>();
    const den = new Map<string, number>();
    for (const [g, pg] of kept[k]) {
      const h = g.slice(0, -1);
      num.set(h, (num.get(h) ?? 0) + pg);
      den.set(h, (den.get(h) ?? 0) + backoff(h.slice(1), g.slice(-1)));
    }
    const b = new Map<string, number>();
    for (const h of num.keys()) b.set(h, Math.max(1 - (num.get(h) ?? 0), 1e-9) / Math.max(1 - (den.get(h) ?? 0), 1e-9));
    // Contexts whose every continuation was pruned back off at full weight to the lower order: bow 1 (not stored).
    bows.push(b);
  }

  const qLogp: Quant = { min: -20, step: 20 / 255 };
  const qBow: Quant = { min: -12, step: 16 / 255 };
  const pack = (m: Map<string, number>, q: Quant): { keys: string; values: string } => {
    const entries = [...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const bytes = Buffer.alloc(entries.length);
    entries.forEach(([, v], i) => {
      bytes[i] = Math.max(0, Math.min(255, Math.round((Math.log(v) - q.min) / q.step)));
    });
    return { keys: entries.map(([g]) => g).join(''), values: bytes.toString('base64') };
  };
  return {
    format: 'zhiwen-char-lm/1',
    order,
    ngrams: kept.map((m) => {
      const { keys, values } = pack(m, qLogp);
      return { keys, logp: values };
    }),
    backoffs: bows.map((m) => {
      const { keys, values } = pack(m, qBow);
      return { keys, logbow: values };
    }),
    quant: { logp: qLogp, logbow: qBow },
    meta: {
      lines: sequences.length,
      symbols: sequences.reduce((n, s) => n + s.length, 0),
      vocabulary: vocab.size,
      discounts: discounts.map((d) => d.toFixed(3)).join(','),
      stored: kept.map((m) => m.size).join(','),
    },
  };
}

/** Kneser-Ney discount from counts of counts: D = n1 / (n1 + 2 n2). */
function discount(counts: Map<string, number>): number {
  let n1 = 0;
  let n2 = 0;
  for (const n of counts.values()) {
    if (n === 1) n1++;
    else if (n === 2) n2++;
  }
  return n1 + n2 === 0 ? 0.5 : Math.min(0.95, Math.max(0.05, n1 / (n1 + 2 * n2)));
}

/** Interpolated KN probability of the n-gram g (context = all but the last symbol) from the unpruned tables. */
function interpolated(prob: Map<string, number>[], gamma: Map<string, number>[], g: string): number {
  const hit = prob[g.length - 1].get(g);
  if (hit !== undefined) return hit;
  // Unseen n-gram: all its mass comes through the interpolation weight of its context.
  if (g.length === 1) return prob[0].get(UNK) ?? 1e-9;
  const h = g.slice(0, -1);
  const gm = gamma[g.length - 1].get(h);
  return (gm ?? 1) * interpolated(prob, gamma, g.slice(1));
}
