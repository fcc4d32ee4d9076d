import { describe, expect, it } from 'vitest';
import { BOS, CharLm, lmSymbol, trainCharLm, UNK } from './char-lm';

const LINES = ['我们今天去学校。', '我们明天去公园。', '他们今天去公园玩。', '今天天气很好，我们去公园。', '学校今天放假。', '他去学校了。'];

function tinyLm(minCounts = [1, 1]): CharLm {
  return CharLm.fromData(trainCharLm(LINES, { order: 3, minSymbolCount: 1, minCounts }));
}

describe('lmSymbol', () => {
  it('folds digits, Latin letters and half-width punctuation, and drops whitespace', () => {
    expect(['7', '７', 'Q', 'ｑ', ',', '?', ' ', '\u3000', '中', '𬬻'].map(lmSymbol)).toEqual(['0', '0', 'a', 'a', '，', '？', '', '', '中', UNK]);
  });
});

describe('CharLm', () => {
  it('is a normalised distribution after seen, unseen and BOS histories (up to 8-bit quantisation)', () => {
    for (const minCounts of [
      [1, 1],
      [1, 2],
    ]) {
      const lm = tinyLm(minCounts);
      for (const history of ['我们', '今天', '公园', '园玩', 'xy', BOS + BOS, '']) {
        const total = lm.vocabulary().reduce((sum, w) => sum + Math.exp(lm.logProb(history, w)), 0);
        expect(total).toBeGreaterThan(0.97);
        expect(total).toBeLessThan(1.03);
      }
    }
  });

  it('prefers continuations it has seen', () => {
    const lm = tinyLm();
    expect(lm.logProb('我们', '今')).toBeGreaterThan(lm.logProb('我们', '了'));
    expect(lm.logProb('去公', '园')).toBeGreaterThan(Math.log(0.5));
  });

  it('maps unknown characters to UNK', () => {
    const lm = tinyLm();
    expect(lm.logProb('我们', '龘')).toBe(lm.logProb('我们', '鑫'));
  });

  it('computes the expected log-probability and its variance like a brute-force pass over the vocabulary (within quantisation error)', () => {
    const lm = tinyLm([1, 2]);
    const symbols = [...'我们今天去公园'];
    const detail = lm.scoreDetailed(symbols);
    let history = BOS + BOS;
    symbols.forEach((w, i) => {
      const lps = lm.vocabulary().map((v) => lm.logProb(history, v));
      const z = lps.reduce((s, lp) => s + Math.exp(lp), 0);
      const m1 = lps.reduce((s, lp) => s + (Math.exp(lp) / z) * lp, 0);
      const m2 = lps.reduce((s, lp) => s + (Math.exp(lp) / z) * lp * lp, 0);
      expect(detail.logp[i]).toBeCloseTo(lm.logProb(history, w), 10);
      // The closed form assumes every stored distribution sums to 1; 8-bit quantisation bends that a little.
      expect(Math.abs(detail.expected[i] - m1)).toBeLessThan(0.15);
      expect(Math.abs(detail.variance[i] - (m2 - m1 * m1))).toBeLessThan(0.3);
      history = history.slice(1) + w;
    });
  });

  it('survives a JSON round trip and rejects unknown formats', () => {
    const data = trainCharLm(LINES, { order: 3, minSymbolCount: 1, minCounts: [1, 1] });
    const again = CharLm.fromData(JSON.parse(JSON.stringify(data)));
    expect(again.logProb('我们', '去')).toBe(CharLm.fromData(data).logProb('我们', '去'));
    expect(() => CharLm.fromData({ ...data, format: 'other' as 'zhiwen-char-lm/1' })).toThrow(/Unknown character LM format/);
  });
});
