import { describe, expect, it } from 'vitest';
import wordsData from './model/words.json';
import { buildWordDict, foldedSymbols, WordDict, type WordDictData } from './words';

describe('word segmentation', () => {
  it('picks the most probable split into dictionary words', () => {
    const dict = WordDict.fromData(
      buildWordDict(['研究 5000 n', '研究生 800 n', '生命 3000 n', '起源 1000 n', '的 90000 u', '研 10 v', '究 10 v'], {
        top: 100,
        maxLength: 6,
        source: 'test',
      }),
    );
    expect(dict.segment('研究生命的起源')).toEqual(['研究', '生命', '的', '起源']);
    // A character no word covers stands alone.
    expect(dict.segment('研究鑫')).toEqual(['研究', '鑫']);
  });

  it('keeps the most frequent words up to the length limit, and every single character', () => {
    const data = buildWordDict(['常见词 900 n', '少见词 3 n', '非常非常长的词语 999 n', '字 5 n', 'abc 100 eng'], {
      top: 1,
      maxLength: 6,
      source: 'test',
    });
    expect(data.words.split('\n').sort()).toEqual(['字', '常见词']);
  });

  it('segments with the shipped word list', () => {
    const dict = WordDict.fromData(wordsData as unknown as WordDictData);
    expect(dict.size).toBeGreaterThan(50_000);
    expect(dict.segment(foldedSymbols('我们进行了深入的研究。'))).toEqual(['我们', '进行', '了', '深入', '的', '研究', '。']);
    expect(foldedSymbols('第 2019 年, ABC')).toBe('第0年，a');
  });
});
