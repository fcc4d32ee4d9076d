// Chinese word segmentation for the AIGC scorer's word features: the most probable split into dictionary words (jieba's
// unigram DAG method, without its HMM for unknown words), over a frequency list shipped in model/words.json.
import { lmSymbol } from './char-lm';

/** Serialized word list, as stored in model/words.json. */
export interface WordDictData {
  format: 'zhiwen-word-dict/1';
  /** Words joined by "\n". */
  words: string;
  /** One byte per word: natural-log unigram probability = min + value * step. */
  logp: string;
  quant: { min: number; step: number };
  /** Natural-log probability of a character that no word covers. */
  unknownLogp: number;
  /** Source, licence and pruning. */
  meta: Record<string, string | number>;
}

/** LM symbols of a text (digits fold to 0, Latin to a, punctuation to full width, whitespace dropped), runs of 0 or a collapsed. */
export function foldedSymbols(text: string): string {
  let out = '';
  for (const ch of text) {
    const s = lmSymbol(ch);
    if (!s || ((s === '0' || s === 'a') && out.endsWith(s))) continue;
    out += s;
  }
  return out;
}

/** A frozen word list that segments text. */
export class WordDict {
  private readonly logp = new Map<string, number>();
  /** Every proper prefix of a word, so the search stops at the first string no word starts with. */
  private readonly prefixes = new Set<string>();
  private readonly maxLength: number;
  private readonly unknown: number;

  private constructor(data: WordDictData) {
    if (data.format !== 'zhiwen-word-dict/1') throw new Error(`Unknown word list format: ${String(data.format)}`);
    const words = data.words.split('\n');
    const bytes = Buffer.from(data.logp, 'base64');
    if (bytes.length !== words.length) throw new Error('Word list is corrupt');
    let max = 1;
    words.forEach((w, i) => {
      this.logp.set(w, data.quant.min + bytes[i] * data.quant.step);
      for (let k = 1; k < w.length; k++) this.prefixes.add(w.slice(0, k));
      max = Math.max(max, w.length);
    });
    this.maxLength = max;
    this.unknown = data.unknownLogp;
  }

  static fromData(data: WordDictData): WordDict {
    return new WordDict(data);
  }

  /** Number of words. */
  get size(): number {
    return this.logp.size;
  }

  /** The most probable split of a symbol string into words (a symbol no word covers stands alone). */
  segment(symbols: string): string[] {
    const n = symbols.length;
    const best = new Float64Array(n + 1);
    const next = new Int32Array(n + 1);
    for (let i = n - 1; i >= 0; i--) {
      best[i] = this.unknown + best[i + 1];
      next[i] = i + 1;
      for (let len = 1; len <= this.maxLength && i + len <= n; len++) {
        const piece = symbols.slice(i, i + len);
        const lp = this.logp.get(piece);
        if (lp !== undefined && lp + best[i + len] > best[i]) {
          best[i] = lp + best[i + len];
          next[i] = i + len;
        }
        if (!this.prefixes.has(piece)) break;
      }
    }
    const out: string[] = [];
    for (let i = 0; i < n; i = next[i]) out.push(symbols.slice(i, next[i]));
    return out;
  }
}

/**
 * Builds the serialized word list from jieba's dict.txt lines ("word freq tag"): ideographic words of at most `maxLength`
 * characters, the `top` most frequent multi-character words plus every single character, probabilities renormalised.
 */
export function buildWordDict(dictLines: string[], options: { top: number; maxLength: number; source: string }): WordDictData {
  const rows: [string, number][] = [];
  for (const line of dictLines) {
    const [word, freq] = line.split(' ');
    if (word && /^[\u4e00-\u9fff]+$/.test(word) && word.length <= options.maxLength && Number(freq) > 0) rows.push([word, Number(freq)]);
  }
  rows.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let multi = 0;
  const kept = rows.filter(([w]) => w.length === 1 || multi++ < options.top);
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const total = kept.reduce((n, [, f]) => n + f, 0);
  const quant = { min: -24, step: 24 / 255 };
  const bytes = Buffer.from(kept.map(([, f]) => Math.max(0, Math.min(255, Math.round((Math.log(f / total) - quant.min) / quant.step)))));
  return {
    format: 'zhiwen-word-dict/1',
    words: kept.map(([w]) => w).join('\n'),
    logp: bytes.toString('base64'),
    quant,
    unknownLogp: Number(Math.log(1 / total).toFixed(4)),
    meta: { source: options.source, words: kept.length, top: options.top, maxLength: options.maxLength },
  };
}
