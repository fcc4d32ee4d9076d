import { describe, expect, it } from 'vitest';
import { fitNgramLr, ngramSet, NgramLr, ngramSymbols, wordSet } from './ngram-lr';
import { buildWordDict, WordDict } from './words';

// Toy data: "AI" texts use 此外/旨在, "human" texts use 就是/其实; the rest of each text is shared filler.
const FILLER = ['天气不错', '我们讨论这个问题', '公司在2019年成立', '这本书值得一读', '会议明天举行'];
const texts = FILLER.flatMap((f, i) => [`${f}，此外旨在说明第${i}点。`, `${f}，其实就是第${i}点。`]);
const labels = texts.map((_, i) => (i % 2 === 0 ? 1 : 0));
const options = {
  kind: 'char' as const,
  maxOrder: 3,
  norm: 'sqrt' as const,
  nonNegative: false,
  minDocs: 2,
  epochs: 20,
  learningRate: 0.5,
  l2: 1e-4,
  seed: 7,
};
const dict = WordDict.fromData(
  buildWordDict(['此外 900 c', '旨在 500 v', '其实 800 d', '就是 2000 d', '说明 700 v', '天气 600 n', '问题 900 n'], {
    top: 100,
    maxLength: 6,
    source: 'test',
  }),
);

describe('n-gram logistic regression', () => {
  it('folds digits, Latin letters and half-width punctuation before taking n-grams', () => {
    expect(ngramSymbols('In 2019, UNICEF 说:')).toBe(ngramSymbols('iN 7， WHO说：'));
    const grams = ngramSet('此外。', 2);
    expect(grams.has('此外')).toBe(true);
    expect(grams.has('外。')).toBe(true);
  });

  it('learns the words that tell the classes apart and scores unseen texts by them', () => {
    const model = NgramLr.fromData(fitNgramLr(texts, labels, options));
    expect(model.logit('此外，旨在介绍新的安排。')).toBeGreaterThan(0);
    expect(model.logit('其实就是换了个说法。')).toBeLessThan(0);
  });

  it('with non-negative weights learns only what the AI texts have more of, as a length-free density', () => {
    const data = fitNgramLr(texts, labels, { ...options, norm: 'mean', nonNegative: true });
    const raw = Buffer.from(data.weights, 'base64');
    for (let i = 0; i < raw.length; i += 2) expect(raw.readInt16LE(i)).toBeGreaterThanOrEqual(0);
    expect(data.keys.split('\n')).toContain('此外');
    expect(data.keys.split('\n')).not.toContain('就是');
    const model = NgramLr.fromData(data);
    expect(model.logit('此外，旨在介绍。')).toBeGreaterThan(model.logit('其实就是介绍。'));
    // A density: repeating a text does not raise its score.
    expect(model.logit('此外，旨在介绍。'.repeat(5))).toBeLessThan(model.logit('此外，旨在介绍。') + 0.5);
  });

  it('fits deterministically for a seed and survives serialization', () => {
    const data = fitNgramLr(texts, labels, options);
    expect(fitNgramLr(texts, labels, options)).toEqual(data);
    const again = NgramLr.fromData(JSON.parse(JSON.stringify(data)));
    expect(again.logit('此外会议明天举行。')).toBe(NgramLr.fromData(data).logit('此外会议明天举行。'));
    expect(again.size).toBeGreaterThan(0);
  });

  it('reads words and word pairs with a word list', () => {
    const set = wordSet('其实就是天气问题', dict);
    expect(set.has('其实')).toBe(true);
    expect(set.has('就是')).toBe(true);
    expect([...set].some((f) => f.includes('其实') && f.includes('就是'))).toBe(true);
    const model = NgramLr.fromData(fitNgramLr(texts, labels, { ...options, kind: 'word' }, dict), dict);
    expect(model.logit('此外旨在说明天气。')).toBeGreaterThan(model.logit('其实就是说明天气。'));
    expect(() => NgramLr.fromData(fitNgramLr(texts, labels, { ...options, kind: 'word' }, dict))).toThrow(/word list/);
  });

  it('refuses data it cannot fit', () => {
    expect(() => fitNgramLr(['甲'], [1], options)).toThrow(/both classes/);
    expect(() => fitNgramLr(['甲', '乙'], [1], options)).toThrow(/do not match/);
  });
});
