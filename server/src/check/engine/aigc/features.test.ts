import { describe, expect, it } from 'vitest';
import { CharLm, trainCharLm } from './char-lm';
import { cv, extractFeatures, FEATURE_NAMES, movingTtr, repeatShare, std } from './features';

const lm = CharLm.fromData(
  trainCharLm(['今天天气很好。我们去公园散步。', '公园里有很多人，大家都很开心。'], { order: 3, minSymbolCount: 1, minCounts: [1, 1] }),
);

describe('extractFeatures', () => {
  it('returns every named feature, finite, in FEATURE_NAMES order', () => {
    const f = extractFeatures('今天天气很好。我们去公园。', lm);
    expect(f.vector).toHaveLength(FEATURE_NAMES.length);
    expect(f.vector.every(Number.isFinite)).toBe(true);
    expect(f.vector).toEqual(FEATURE_NAMES.map((n) => f.values[n]));
  });

  it('measures sentence lengths and their variation', () => {
    // Sentences of 2, 4 and 6 characters (punctuation included): mean 4, population std sqrt(8/3).
    const f = extractFeatures('好。天很好。我们去公园。', lm).values;
    expect(f.sentence_len_log_mean).toBeCloseTo(Math.log1p(4), 10);
    expect(f.sentence_len_cv).toBeCloseTo(Math.sqrt(8 / 3) / 4, 10);
    expect(extractFeatures('一二三。四五六。七八九。', lm).values.sentence_len_cv).toBe(0);
  });

  it('profiles punctuation and function words per 100 characters', () => {
    // 22 characters: 2 question marks, 1 exclamation mark, 您 twice, 首先 and 其次 once each, particles 吗 and 吧.
    const text = '首先您好吗？其次您去哪里？快来看这个东西吧！';
    expect([...text]).toHaveLength(22);
    const f = extractFeatures(text, lm).values;
    expect(f.question_exclaim_rate).toBeCloseTo((100 * 3) / 22, 10);
    expect(f.words_second_person).toBeCloseTo((100 * 2) / 22, 10);
    expect(f.words_formal_connectives).toBeCloseTo((100 * 2) / 22, 10);
    expect(f.words_sentence_particles).toBeCloseTo((100 * 2) / 22, 10);
  });

  it('gives text the LM has seen a higher mean log-probability than scrambled text', () => {
    const seen = extractFeatures('今天天气很好。我们去公园散步。', lm).values;
    const scrambled = extractFeatures('园步很去天公。散好我今们气天。', lm).values;
    expect(seen.lm_mean_logp).toBeGreaterThan(scrambled.lm_mean_logp);
    expect(seen.lm_discrepancy_mean).toBeGreaterThan(scrambled.lm_discrepancy_mean);
  });
});

describe('small statistics', () => {
  it('std and cv', () => {
    expect(std([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(cv([2, 4, 4, 4, 5, 5, 7, 9])).toBe(0.4);
    expect(std([3])).toBe(0);
  });

  it('moving TTR does not fall with repetition of varied text, and drops for monotone text', () => {
    const varied = [...'一二三四五六七八九十'];
    expect(movingTtr(varied, 5)).toBe(1);
    expect(movingTtr([...'ababababab'], 4)).toBe(0.5);
  });

  it('repeat share counts n-grams seen before in the same text, within the window', () => {
    expect(repeatShare([...'abcabc'], 3)).toBe(1 / 4);
    expect(repeatShare([...'abcdef'], 3)).toBe(0);
    const far = [...'abc', ...'defghijklmnop', ...'abc'];
    expect(repeatShare(far, 3, 100)).toBeGreaterThan(0);
    expect(repeatShare(far, 3, 5)).toBe(0);
  });
});
