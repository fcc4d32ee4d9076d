import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

function sentences(text: string): string[] {
  return splitSentences(text).map((range) => text.slice(range.start, range.end));
}

describe('splitSentences', () => {
  it('splits a hand-made paragraph into its nine known sentences', () => {
    const text =
      '他说：“今天天气很好。我们去公园吧！”然后我们就出发了。你去吗？我不去；他去。Deep learning works well. It is fast! 圆周率约为3.14，见图1.2所示。“这是引号里的句子。”';
    expect(sentences(text)).toEqual([
      '他说：“今天天气很好。我们去公园吧！”',
      '然后我们就出发了。',
      '你去吗？',
      '我不去；',
      '他去。',
      'Deep learning works well.',
      'It is fast!',
      '圆周率约为3.14，见图1.2所示。',
      '“这是引号里的句子。”',
    ]);
  });

  it('keeps a citation marker after the full stop with its sentence', () => {
    expect(sentences('这一观点已被证实。[3]下一句没有引用。')).toEqual(['这一观点已被证实。[3]', '下一句没有引用。']);
    expect(sentences('前人已有论述。［2-4］后文继续。')).toEqual(['前人已有论述。［2-4］', '后文继续。']);
  });

  it('does not split inside brackets, book titles, abbreviations or list numbers', () => {
    expect(sentences('相关研究较多（张三，2019；李四，2020）。')).toEqual(['相关研究较多（张三，2019；李四，2020）。']);
    expect(sentences('他读了《你好吗？》这本书。')).toEqual(['他读了《你好吗？》这本书。']);
    expect(sentences('Smith et al. (2020) and Dr. Wang agree. Fig. 3 shows it.')).toEqual([
      'Smith et al. (2020) and Dr. Wang agree.',
      'Fig. 3 shows it.',
    ]);
    expect(sentences('1. 引言部分介绍背景。')).toEqual(['1. 引言部分介绍背景。']);
  });

  it('treats an unclosed quote as plain text instead of swallowing the paragraph', () => {
    expect(sentences('他说：“没有结束。后面还有。')).toEqual(['他说：“没有结束。', '后面还有。']);
  });

  it('ends the last sentence at the paragraph end without a terminator and skips lone punctuation', () => {
    expect(sentences('第一句。第二句没有句号')).toEqual(['第一句。', '第二句没有句号']);
    expect(sentences('  ')).toEqual([]);
    expect(sentences('真的吗？！……')).toEqual(['真的吗？！……']);
  });

  it('returns ranges into the whole text for a paragraph in the middle of it', () => {
    const text = '标题\n第一句。第二句！\n下一段';
    const start = text.indexOf('第一句');
    const ranges = splitSentences(text, start, text.indexOf('\n下一段'));
    expect(ranges).toEqual([
      { start, end: start + 4 },
      { start: start + 4, end: start + 8 },
    ]);
  });
});
