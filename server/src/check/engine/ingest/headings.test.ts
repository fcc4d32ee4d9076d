import { describe, expect, it } from 'vitest';
import { isCaption, isTocEntry, matchHeading, parseNumeral, specialSectionOf } from './headings';

describe('matchHeading', () => {
  it('reads numbered headings of every scheme', () => {
    expect(matchHeading('第一章 绪论')).toMatchObject({ family: 'chapter', numbers: [1], titleText: '绪论' });
    expect(matchHeading('第12章　实验结果')).toMatchObject({ family: 'chapter', numbers: [12], titleText: '实验结果' });
    expect(matchHeading('第二节 研究方法')).toMatchObject({ family: 'section', numbers: [2] });
    expect(matchHeading('一、研究背景')).toMatchObject({ family: 'cn-enum', numbers: [1], titleText: '研究背景' });
    expect(matchHeading('（三）样本选择')).toMatchObject({ family: 'cn-paren', numbers: [3] });
    expect(matchHeading('1 绪论')).toMatchObject({ family: 'numeric', numbers: [1], titleText: '绪论' });
    expect(matchHeading('1.2 研究意义')).toMatchObject({ family: 'numeric', numbers: [1, 2] });
    expect(matchHeading('2.3.1研究对象')).toMatchObject({ family: 'numeric', numbers: [2, 3, 1], titleText: '研究对象' });
    expect(matchHeading('3. Experimental Results')).toMatchObject({ family: 'numeric', numbers: [3] });
    expect(matchHeading('第七章 参考文献')).toMatchObject({ family: 'chapter', special: 'references' });
  });

  it('reads the named sections whatever their spacing or case', () => {
    const cases: Array<[string, string]> = [
      ['摘  要', 'abstract'],
      ['中文摘要', 'abstract'],
      ['ABSTRACT', 'abstract-en'],
      ['目 录', 'toc'],
      ['Table of Contents', 'toc'],
      ['参考文献', 'references'],
      ['References', 'references'],
      ['Bibliography', 'references'],
      ['致 谢', 'acknowledgements'],
      ['Acknowledgements', 'acknowledgements'],
      ['附录', 'appendix'],
      ['附录A 调查问卷', 'appendix'],
      ['附录一：访谈提纲', 'appendix'],
      ['Appendix B', 'appendix'],
      ['结论', 'conclusion'],
    ];
    for (const [text, special] of cases) expect(matchHeading(text), text).toMatchObject({ family: 'special', special });
  });

  it('reads inline abstract and keywords headings with the length of the heading part', () => {
    expect(matchHeading('摘要：本文研究了查重。')).toMatchObject({ special: 'abstract', inlineLength: 3 });
    expect(matchHeading('Abstract: This paper studies checking.')).toMatchObject({ special: 'abstract-en', inlineLength: 10 });
    expect(matchHeading('关键词：查重；语义')).toMatchObject({ special: 'keywords', inlineLength: 4 });
    expect(matchHeading('Key words: plagiarism; text')).toMatchObject({ special: 'keywords' });
  });

  it('rejects sentences, long lines, measurements and captions', () => {
    expect(matchHeading('1. 本文提出了一种新的方法。')).toBeNull();
    expect(matchHeading('1. 本文首先回顾了国内外论文查重技术的发展历程，然后分析了现有方法在处理中文语料时存在的不足')).toBeNull();
    expect(matchHeading('一、由于时间有限，本研究存在以下不足：')).toBeNull();
    expect(matchHeading('2019年我国高校毕业生人数再创新高')).toBeNull();
    expect(matchHeading('3.5 %')).toBeNull();
    expect(matchHeading('图3-1 系统结构')).toBeNull();
    expect(matchHeading('摘要显示了本文的主要观点，这句话很长，明显是正文的一部分而不是标题，它超过了标题的长度限制。')).toBeNull();
  });
});

describe('heading helpers', () => {
  it('parses Chinese and Arabic numerals', () => {
    expect([
      parseNumeral('一'),
      parseNumeral('十'),
      parseNumeral('十二'),
      parseNumeral('二十一'),
      parseNumeral('一百零五'),
      parseNumeral('7'),
    ]).toEqual([1, 10, 12, 21, 105, 7]);
    expect(parseNumeral('甲')).toBeNaN();
  });

  it('recognises table-of-contents entries', () => {
    for (const text of ['第一章 绪论 ........ 1', '1.1 研究背景\t3', '摘要 I', '参考文献……………45', '结论与展望 12'])
      expect(isTocEntry(text), text).toBe(true);
    for (const text of ['第一章 绪论', '2019', '表 1', '本章小结']) expect(isTocEntry(text), text).toBe(false);
  });

  it('recognises captions and special section names', () => {
    expect(isCaption('图3-1 系统结构')).toBe(true);
    expect(isCaption('表 2.1 样本分布')).toBe(true);
    expect(isCaption('Figure 4. Results')).toBe(true);
    expect(isCaption('图书馆的藏书很多。')).toBe(false);
    expect(specialSectionOf('参考文献：')).toBe('references');
    expect(specialSectionOf('研究方法')).toBeNull();
  });
});
