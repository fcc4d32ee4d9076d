import { describe, expect, it } from 'vitest';
import { parseDocument } from './index';
import { decodeText, linesToBlocks } from './txt';
import type { ParsedDocument, TextRange } from './types';

const THESIS = [
  '某某大学本科毕业论文',
  '题目：基于深度学习的中文文本查重方法研究',
  '学院：计算机学院',
  '摘  要',
  '本文研究了中文论文的查重方法。我们提出了一种新的算法！',
  '关键词：查重；深度学习；自然语言处理',
  'Abstract',
  'This paper studies duplicate checking. We propose a new method.',
  'Keywords: duplicate checking; deep learning',
  '目  录',
  '摘要 ............ I',
  '第一章 绪论 ........ 1',
  '1.1 研究背景 ........ 1',
  '第二章 相关工作 ...... 3',
  '参考文献 ......... 10',
  '第一章 绪论',
  '1.1 研究背景',
  '鲁迅曾说：“世上本没有路，走的人多了，也便成了路。”[1]这句话很有道理。',
  '1. 本文首先回顾了国内外论文查重技术的发展历程，然后分析了现有方法在处理中文语料时存在的不足，最后提出了改进的思路。',
  '1.2 研究意义',
  '已有研究表明，深度学习方法效果很好（张三，2019）。另一句没有引用。',
  '第二章 相关工作',
  '2.1 传统方法',
  '传统方法包括以下步骤：',
  '1. 数据采集',
  '2. 特征提取',
  'Smith et al. (2020) found that it works. 文献[2-4]指出：“传统方法不够好。”',
  '2.2 深度学习方法',
  '深度学习方法近年来发展迅速。',
  '参考文献',
  '[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.',
  '1. Smith J. Deep checking[J]. Journal of Text, 2020.',
  '致  谢',
  '感谢我的导师。',
  '附录A 调查问卷',
  '问卷内容如下。',
].join('\r\n');

function slice(doc: ParsedDocument, range: TextRange | null): string | null {
  return range ? doc.text.slice(range.start, range.end) : null;
}

describe('.txt theses', () => {
  it('finds title, abstracts, keywords, chapters by their patterns, TOC and references', async () => {
    const doc = await parseDocument(Buffer.from(THESIS, 'utf8'), 'thesis.txt');
    expect(doc.format).toBe('txt');
    expect(doc.title).toBe('基于深度学习的中文文本查重方法研究');
    expect(slice(doc, doc.titleRange)).toBe(doc.title);
    expect(slice(doc, doc.abstract)).toBe('本文研究了中文论文的查重方法。我们提出了一种新的算法！');
    expect(slice(doc, doc.englishAbstract)).toBe('This paper studies duplicate checking. We propose a new method.');
    expect(doc.keywords).toEqual(['查重', '深度学习', '自然语言处理']);
    expect(doc.chapters.map((chapter) => [chapter.title, chapter.level, chapter.role, chapter.excluded])).toEqual([
      ['摘 要', 1, 'abstract', false],
      ['Abstract', 1, 'abstract', false],
      ['目 录', 1, 'toc', true],
      ['第一章 绪论', 1, 'body', false],
      ['1.1 研究背景', 2, 'body', false],
      ['1.2 研究意义', 2, 'body', false],
      ['第二章 相关工作', 1, 'body', false],
      ['2.1 传统方法', 2, 'body', false],
      ['2.2 深度学习方法', 2, 'body', false],
      ['参考文献', 1, 'references', true],
      ['致 谢', 1, 'acknowledgements', false],
      ['附录A 调查问卷', 1, 'appendix', false],
    ]);
    expect(slice(doc, doc.toc)).toBe(
      '目 录\n摘要 ............ I\n第一章 绪论 ........ 1\n1.1 研究背景 ........ 1\n第二章 相关工作 ...... 3\n参考文献 ......... 10',
    );
    // "1. Smith J. …" inside the references is an entry, not a chapter that would end them.
    expect(slice(doc, doc.references)).toBe(
      '参考文献\n[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.\n1. Smith J. Deep checking[J]. Journal of Text, 2020.',
    );
    expect(doc.excluded).toEqual([
      { range: doc.toc, reason: 'toc' },
      { range: doc.references, reason: 'references' },
    ]);
  });

  it('keeps long "1." sentences and restarting lists as body text', async () => {
    const doc = await parseDocument(Buffer.from(THESIS, 'utf8'), 'thesis.txt');
    const kinds = new Map(doc.paragraphs.map((paragraph) => [slice(doc, paragraph.range), paragraph.kind]));
    expect(kinds.get(THESIS.split('\r\n')[18])).toBe('body');
    expect(kinds.get('1. 数据采集')).toBe('body');
    expect(kinds.get('2. 特征提取')).toBe('body');
    const section = doc.chapters.findIndex((chapter) => chapter.title === '2.1 传统方法');
    expect(doc.paragraphs.filter((paragraph) => paragraph.chapter === section)).toHaveLength(5);
  });

  it('marks cited passages and the sentences holding them', async () => {
    const doc = await parseDocument(Buffer.from(THESIS, 'utf8'), 'thesis.txt');
    expect(doc.citations.map((citation) => [citation.markerText, citation.kind, slice(doc, citation.range)])).toEqual([
      ['[1]', 'quote', '“世上本没有路，走的人多了，也便成了路。”'],
      ['（张三，2019）', 'sentence', '已有研究表明，深度学习方法效果很好（张三，2019）。'],
      ['Smith et al. (2020)', 'sentence', 'Smith et al. (2020) found that it works.'],
      ['[2-4]', 'quote', '“传统方法不够好。”'],
    ]);
    expect(doc.cited.map((range) => slice(doc, range))).toEqual(doc.citations.map((citation) => slice(doc, citation.range)));
    const citedSentences = doc.sentences.filter((sentence) => sentence.cited).map((sentence) => slice(doc, sentence.range));
    expect(citedSentences).toEqual([
      '鲁迅曾说：“世上本没有路，走的人多了，也便成了路。”[1]',
      '已有研究表明，深度学习方法效果很好（张三，2019）。',
      'Smith et al. (2020) found that it works.',
      '文献[2-4]指出：“传统方法不够好。”',
    ]);
  });

  it('counts sentences per paragraph and only the counted characters outside TOC and references', async () => {
    const doc = await parseDocument(Buffer.from(THESIS, 'utf8'), 'thesis.txt');
    const paragraphIndex = doc.paragraphs.findIndex((paragraph) => slice(doc, paragraph.range)?.startsWith('已有研究表明'));
    expect(doc.sentences.filter((sentence) => sentence.paragraph === paragraphIndex)).toHaveLength(2);
    // The keywords line stays one sentence.
    expect(doc.sentences.filter((sentence) => slice(doc, sentence.range)?.startsWith('关键词'))).toHaveLength(1);
    const within = (range: TextRange, outer: TextRange) => outer.start <= range.start && range.end <= outer.end;
    for (const sentence of doc.sentences) expect(sentence.excluded).toBe(within(sentence.range, doc.toc!) || within(sentence.range, doc.references!));
    expect(doc.sentences.filter((sentence) => within(sentence.range, doc.toc!))).toHaveLength(6);
    const outside = doc.text.slice(0, doc.toc!.start) + doc.text.slice(doc.toc!.end, doc.references!.start) + doc.text.slice(doc.references!.end);
    expect(doc.countedChars).toBe(outside.replace(/\s/gu, '').length);
  });

  it('uses 一、/（一） nesting, bare chapter lines and falls back to the file name for the title', async () => {
    const text = [
      '第一章',
      '引言',
      '一、研究背景',
      '（一）国外研究',
      '国外研究起步较早。',
      '（二）国内研究',
      '国内研究发展迅速。',
      '二、研究内容',
      '本文主要研究查重。',
    ].join('\n');
    const doc = await parseDocument(Buffer.from(text, 'utf8'), '我的论文.txt');
    expect(doc.title).toBe('我的论文');
    expect(doc.titleRange).toBeNull();
    expect(doc.chapters.map((chapter) => [chapter.title, chapter.level, chapter.parent])).toEqual([
      ['第一章 引言', 1, -1],
      ['一、研究背景', 2, 0],
      ['（一）国外研究', 3, 1],
      ['（二）国内研究', 3, 1],
      ['二、研究内容', 2, 0],
    ]);
    expect(slice(doc, doc.chapters[0].headingRange)).toBe('第一章\n引言');
  });

  it('reads an inline abstract and keywords', async () => {
    const text = ['论文查重技术综述', '摘要：本文综述了论文查重技术。', '关键词：查重，综述', '1 引言', '查重很重要。'].join('\n');
    const doc = await parseDocument(Buffer.from(text, 'utf8'), 'a.txt');
    expect(doc.title).toBe('论文查重技术综述');
    expect(slice(doc, doc.abstract)).toBe('本文综述了论文查重技术。');
    expect(doc.keywords).toEqual(['查重', '综述']);
    expect(doc.chapters.map((chapter) => [slice(doc, chapter.headingRange), chapter.role])).toEqual([
      ['摘要：', 'abstract'],
      ['1 引言', 'body'],
    ]);
    expect(doc.paragraphs.map((paragraph) => paragraph.kind)).toEqual(['title', 'abstract', 'abstract', 'heading', 'body']);
  });
});

describe('text decoding', () => {
  // GB18030 (= GBK here) bytes of 第一章 绪论 / 本研究查重。 / 中文论文摘要，关键词：
  const GB = {
    第: [0xb5, 0xda],
    一: [0xd2, 0xbb],
    章: [0xd5, 0xc2],
    绪: [0xd0, 0xf7],
    论: [0xc2, 0xdb],
    本: [0xb1, 0xbe],
    研: [0xd1, 0xd0],
    究: [0xbe, 0xbf],
    查: [0xb2, 0xe9],
    重: [0xd6, 0xd8],
    '。': [0xa1, 0xa3],
    中: [0xd6, 0xd0],
    文: [0xce, 0xc4],
    摘: [0xd5, 0xaa],
    要: [0xd2, 0xaa],
    '，': [0xa3, 0xac],
    关: [0xb9, 0xd8],
    键: [0xbc, 0xfc],
    词: [0xb4, 0xca],
    '：': [0xa3, 0xba],
  } as Record<string, number[]>;
  const gb18030 = (text: string) => Buffer.from([...text].flatMap((ch) => GB[ch] ?? [ch.charCodeAt(0)]));

  it('detects GB18030 when the bytes are not UTF-8', async () => {
    const bytes = gb18030('中文论文\n摘要\n本研究查重。\n第一章 绪论\n本研究查重，中文论文。');
    expect(decodeText(bytes)).toEqual({ text: '中文论文\n摘要\n本研究查重。\n第一章 绪论\n本研究查重，中文论文。', encoding: 'gb18030' });
    const doc = await parseDocument(bytes, 'gbk.txt');
    expect(doc.title).toBe('中文论文');
    expect(doc.chapters.map((chapter) => chapter.title)).toEqual(['摘要', '第一章 绪论']);
    expect(doc.warnings).toEqual(['decoded as gb18030']);
  });

  it('reads UTF-8 with and without BOM, and UTF-16 with BOM', () => {
    const text = '中文论文摘要，关键词：查重';
    expect(decodeText(Buffer.from(text, 'utf8')).text).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual({ text, encoding: 'utf-16le' });
  });

  it('joins hard-wrapped lines back into paragraphs', () => {
    const wrapped = [
      '这是一个被硬换行的段落，每一行的长度都差不多，',
      '因为它是从某个编辑器里按固定宽度折行保存的，',
      '最后一行比较短。',
      '',
      '第二段同样被折行保存，每一行的长度也都差不多，',
      '它和第一段之间用空行隔开，读的时候应该合并。',
      '',
      'English text wrapped at a fixed width keeps the',
      'space between its words when the lines are joined.',
    ];
    expect(linesToBlocks(wrapped).map((block) => block.text)).toEqual([
      '这是一个被硬换行的段落，每一行的长度都差不多，因为它是从某个编辑器里按固定宽度折行保存的，最后一行比较短。',
      '第二段同样被折行保存，每一行的长度也都差不多，它和第一段之间用空行隔开，读的时候应该合并。',
      'English text wrapped at a fixed width keeps the space between its words when the lines are joined.',
    ]);
  });

  it('keeps one paragraph per line when lines are not wrapped', () => {
    expect(linesToBlocks(['第一章 绪论', '', '第一段。', '第二段。']).map((block) => block.text)).toEqual(['第一章 绪论', '第一段。', '第二段。']);
  });
});
