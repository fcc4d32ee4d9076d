import { describe, expect, it } from 'vitest';
import { findCitations, findQuotes, mergeRanges } from './citations';
import { splitSentences } from './sentences';

function cite(text: string): Array<{ marker: string; style: string; kind: string; cited: string }> {
  const paragraph = { start: 0, end: text.length };
  return findCitations(text, paragraph, splitSentences(text)).map((citation) => ({
    marker: citation.markerText,
    style: citation.style,
    kind: citation.kind,
    cited: text.slice(citation.range.start, citation.range.end),
  }));
}

describe('findCitations', () => {
  it('cites the quotation a numbered marker follows', () => {
    expect(cite('鲁迅说：“世上本没有路。”[1]这句话很有名。')).toEqual([
      { marker: '[1]', style: 'numeric', kind: 'quote', cited: '“世上本没有路。”' },
    ]);
    expect(cite('正如「学而时习之」［3］所言。')).toEqual([{ marker: '［3］', style: 'numeric', kind: 'quote', cited: '「学而时习之」' }]);
    expect(cite('他写道：“知识就是力量[2]。”')).toEqual([{ marker: '[2]', style: 'numeric', kind: 'quote', cited: '“知识就是力量[2]。”' }]);
  });

  it('cites the sentence of a paraphrase, with ranges, lists and footnote markers', () => {
    expect(cite('已有研究表明该方法有效[2-4]。另一句没有引用。')).toEqual([
      { marker: '[2-4]', style: 'numeric', kind: 'sentence', cited: '已有研究表明该方法有效[2-4]。' },
    ]);
    expect(cite('多项研究得出相同结论[1, 3]。')).toEqual([
      { marker: '[1, 3]', style: 'numeric', kind: 'sentence', cited: '多项研究得出相同结论[1, 3]。' },
    ]);
    expect(cite('这一定义被广泛采用^1。')).toEqual([{ marker: '^1', style: 'footnote', kind: 'sentence', cited: '这一定义被广泛采用^1。' }]);
    expect(cite('这一定义被广泛采用¹。')).toEqual([{ marker: '¹', style: 'footnote', kind: 'sentence', cited: '这一定义被广泛采用¹。' }]);
    expect(cite('他说“要实事求是”①。')).toEqual([{ marker: '①', style: 'footnote', kind: 'quote', cited: '“要实事求是”' }]);
  });

  it('recognises author-year citations in Chinese and English', () => {
    expect(cite('深度学习方法效果较好（张三，2019）。')[0]).toMatchObject({ marker: '（张三，2019）', style: 'author-year', kind: 'sentence' });
    expect(cite('The effect is large (Smith et al., 2020).')[0]).toMatchObject({ marker: '(Smith et al., 2020)', style: 'author-year' });
    expect(cite('结果一致（Smith et al., 2020）。')[0]).toMatchObject({ marker: '（Smith et al., 2020）' });
    expect(cite('Both agree (Wang & Li, 2018; Zhao, 2021b).')[0]).toMatchObject({ marker: '(Wang & Li, 2018; Zhao, 2021b)' });
    expect(cite('Prior work agrees (Brown, 2017, p. 12).')[0]).toMatchObject({ marker: '(Brown, 2017, p. 12)' });
  });

  it('cites the quotation that a preceding author-year marker introduces', () => {
    expect(cite('张三（2019）指出：“查重不是目的。”这一观点很重要。')).toEqual([
      { marker: '张三（2019）', style: 'author-year', kind: 'quote', cited: '“查重不是目的。”' },
    ]);
    expect(cite('文献[5]指出：“方法需要改进。”')).toEqual([{ marker: '[5]', style: 'numeric', kind: 'quote', cited: '“方法需要改进。”' }]);
    expect(cite('Smith (2020) argued that it works.')[0]).toMatchObject({
      marker: 'Smith (2020)',
      kind: 'sentence',
      cited: 'Smith (2020) argued that it works.',
    });
  });

  it('finds no citation in plain text, lists and years', () => {
    expect(cite('调查在2020年进行（共300人），结果见表1。')).toEqual([]);
    expect(cite('主要措施有：①提高效率；②降低成本。')).toEqual([]);
    expect(cite('十年之后（2030）情况会不同。')).toEqual([]);
    expect(cite('没有引号也没有标注的一句话。')).toEqual([]);
  });
});

describe('findQuotes and mergeRanges', () => {
  it('finds outermost quotations and skips an unclosed one', () => {
    const text = '“外层‘内层’引语”和“未闭合';
    expect(findQuotes(text, { start: 0, end: text.length }).map((range) => text.slice(range.start, range.end))).toEqual(['“外层‘内层’引语”']);
  });

  it('merges overlapping and touching ranges', () => {
    expect(
      mergeRanges([
        { start: 10, end: 20 },
        { start: 0, end: 5 },
        { start: 15, end: 25 },
        { start: 25, end: 30 },
      ]),
    ).toEqual([
      { start: 0, end: 5 },
      { start: 10, end: 30 },
    ]);
  });
});
