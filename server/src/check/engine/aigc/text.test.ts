import { describe, expect, it } from 'vitest';
import { charLength, countOccurrences, sentenceSpans, splitClauses, splitSentences } from './text';

describe('text helpers', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(charLength('𬬻钢ab')).toBe(4);
  });

  it('splits sentences after end punctuation and keeps closing quotes and runs', () => {
    expect(splitSentences('他说：“走吧。”我们走了！真的吗？？好…… 结束')).toEqual(['他说：“走吧。”', '我们走了！', '真的吗？？', '好……', '结束']);
  });

  it('gives code-point spans that skip whitespace-only pieces', () => {
    expect(sentenceSpans('甲乙。 丙丁！')).toEqual([
      [0, 3],
      [3, 7],
    ]);
  });

  it('splits clauses at commas, enumeration commas and colons too', () => {
    expect(splitClauses('苹果、香蕉，还有：梨。')).toEqual(['苹果、', '香蕉，', '还有：', '梨。']);
  });

  it('counts non-overlapping occurrences', () => {
    expect(countOccurrences('首先首先其次', '首先')).toBe(2);
    expect(countOccurrences('aaa', 'aa')).toBe(1);
  });
});
