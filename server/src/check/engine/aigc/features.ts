// Explainable style features of one paragraph, the inputs of the offline AIGC classifier.
import { CharLm, toSymbols } from './char-lm';
import { charLength, countOccurrences, isDigit, isIdeograph, isLatin, sentenceSpans, splitClauses } from './text';

/** Word lists of the function-word and connective features; each feature is the list's occurrences per 100 characters. */
export const WORD_GROUPS: Record<string, readonly string[]> = {
  // Discourse connectives of written, "structured" prose (the textbook 首先/其次/此外/总之 pattern).
  formal_connectives: [
    '首先',
    '其次',
    '此外',
    '另外',
    '同时',
    '然而',
    '因此',
    '总之',
    '总的来说',
    '综上',
    '最后',
    '并且',
    '而且',
    '以及',
    '从而',
    '进而',
    '因而',
    '此时',
    '例如',
    '比如',
  ],
  // Connectives of spoken Chinese.
  colloquial_connectives: ['所以', '但是', '不过', '就是', '其实', '反正', '然后', '还是', '那么', '而已', '的话'],
  hedges: ['可能', '通常', '一般', '也许', '或许', '往往', '某些', '一些', '取决于', '一定的', '相对'],
  advice_modals: ['可以', '需要', '应该', '建议', '注意', '能够', '尝试', '确保', '帮助'],
  second_person: ['您', '你'],
  first_person: ['我'],
  sentence_particles: ['吧', '啊', '呢', '吗', '嘛', '哦', '呀', '啦', '哈', '呗', '咯', '哇'],
  intensifiers: ['很', '非常', '特别', '十分', '太', '挺', '超', '真'],
  de: ['的'],
  le: ['了'],
  shi: ['是'],
  zai_he: ['在', '和', '与', '及'],
};

/** Names of the feature vector entries, in order. */
export const FEATURE_NAMES: readonly string[] = [
  'lm_mean_logp',
  'lm_std_logp',
  'lm_sentence_std',
  'lm_low_share',
  'lm_expected_logp',
  'lm_discrepancy_mean',
  'lm_discrepancy_z',
  'sentence_len_log_mean',
  'sentence_len_cv',
  'clause_len_log_mean',
  'clause_len_cv',
  'punct_rate',
  'comma_share',
  'enum_comma_rate',
  'colon_semicolon_rate',
  'question_exclaim_rate',
  'ellipsis_dash_rate',
  'quote_paren_rate',
  ...Object.keys(WORD_GROUPS).map((g) => `words_${g}`),
  'char_ttr_window',
  'repeat_4gram_share',
  'ideograph_share',
  'digit_latin_share',
];

/** Per-paragraph features, keyed by FEATURE_NAMES, plus the vector in that order. */
export interface ParagraphFeatures {
  values: Record<string, number>;
  vector: number[];
}

/** Computes the feature vector of one paragraph under the given character LM. */
export function extractFeatures(text: string, lm: CharLm): ParagraphFeatures {
  const n = Math.max(charLength(text), 1);
  const per100 = (count: number): number => (100 * count) / n;
  const values: Record<string, number> = {};

  // Language-model surprise: human text is burstier (rarer characters, uneven sentences) than the fluent, generic output of a chat model.
  const { symbols, positions } = toSymbols(text);
  const detail = lm.scoreDetailed(symbols);
  const all = Array.from(detail.logp);
  values.lm_mean_logp = mean(all);
  // Fast-DetectGPT-style discrepancy: observed log-probability against what the model expects in the same contexts.
  let gap = 0;
  let spread = 0;
  for (let i = 0; i < all.length; i++) {
    gap += all[i] - detail.expected[i];
    spread += detail.variance[i];
  }
  values.lm_expected_logp = mean(Array.from(detail.expected));
  values.lm_discrepancy_mean = all.length ? gap / all.length : 0;
  values.lm_discrepancy_z = spread > 0 ? gap / Math.sqrt(spread) : 0;
  values.lm_std_logp = std(all);
  values.lm_low_share = all.length ? all.filter((v) => v < -9).length / all.length : 0;
  // Burstiness: spread of the per-sentence mean log-probability (sentences of at least 4 symbols).
  const spans = sentenceSpans(text);
  const sentenceLogp: number[][] = spans.map(() => []);
  for (let i = 0, s = 0; i < all.length; i++) {
    while (s < spans.length && positions[i] >= spans[s][1]) s++;
    if (s < spans.length && positions[i] >= spans[s][0]) sentenceLogp[s].push(all[i]);
  }
  values.lm_sentence_std = std(sentenceLogp.filter((v) => v.length >= 4).map(mean));

  const sentenceLens = spans.map(([a, b]) => b - a);
  values.sentence_len_log_mean = Math.log1p(mean(sentenceLens));
  values.sentence_len_cv = cv(sentenceLens);
  const clauseLens = splitClauses(text).map(charLength);
  values.clause_len_log_mean = Math.log1p(mean(clauseLens));
  values.clause_len_cv = cv(clauseLens);

  const count = (chars: string): number => {
    let k = 0;
    for (const ch of text) if (chars.includes(ch)) k++;
    return k;
  };
  const punct = count('，。、；：？！…—“”‘’（）《》「」,.;:?!()"');
  values.punct_rate = per100(punct);
  values.comma_share = punct ? count('，,') / punct : 0;
  values.enum_comma_rate = per100(count('、'));
  values.colon_semicolon_rate = per100(count('：；:;'));
  values.question_exclaim_rate = per100(count('？！?!'));
  values.ellipsis_dash_rate = per100(count('…—~～'));
  values.quote_paren_rate = per100(count('“”‘’（）()《》「」"'));

  for (const [group, words] of Object.entries(WORD_GROUPS)) {
    values[`words_${group}`] = per100(words.reduce((k, w) => k + countOccurrences(text, w), 0));
  }

  const chars = [...text].filter((ch) => ch.trim() !== '');
  values.char_ttr_window = movingTtr(chars, 50);
  values.repeat_4gram_share = repeatShare(chars, 4, 200);
  values.ideograph_share = chars.filter(isIdeograph).length / Math.max(chars.length, 1);
  values.digit_latin_share = chars.filter((ch) => isDigit(ch) || isLatin(ch)).length / Math.max(chars.length, 1);

  return { values, vector: FEATURE_NAMES.map((name) => values[name]) };
}

/** Arithmetic mean (0 for an empty list). */
export function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/** Population standard deviation (0 for fewer than two values). */
export function std(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) * (x - m), 0) / xs.length);
}

/** Coefficient of variation, std / mean (0 when undefined). */
export function cv(xs: number[]): number {
  const m = mean(xs);
  return m > 0 ? std(xs) / m : 0;
}

/** Moving-average type-token ratio over windows of `window` characters (plain TTR for shorter texts), so it does not fall with length. */
export function movingTtr(chars: string[], window: number): number {
  if (chars.length === 0) return 0;
  if (chars.length <= window) return new Set(chars).size / chars.length;
  const counts = new Map<string, number>();
  for (let i = 0; i < window; i++) counts.set(chars[i], (counts.get(chars[i]) ?? 0) + 1);
  let sum = counts.size;
  let windows = 1;
  for (let i = window; i < chars.length; i++) {
    counts.set(chars[i], (counts.get(chars[i]) ?? 0) + 1);
    const out = chars[i - window];
    const left = (counts.get(out) ?? 0) - 1;
    if (left === 0) counts.delete(out);
    else counts.set(out, left);
    sum += counts.size;
    windows++;
  }
  return sum / windows / window;
}

/**
 * Share of character n-grams that repeat one seen at most `window` characters earlier (phrase re-use). The window keeps
 * long paragraphs from scoring higher merely for being long.
 */
export function repeatShare(chars: string[], n: number, window = Infinity): number {
  const last = new Map<string, number>();
  let repeats = 0;
  let total = 0;
  for (let i = 0; i + n <= chars.length; i++) {
    const g = chars.slice(i, i + n).join('');
    const previous = last.get(g);
    if (previous !== undefined && i - previous <= window) repeats++;
    last.set(g, i);
    total++;
  }
  return total ? repeats / total : 0;
}
