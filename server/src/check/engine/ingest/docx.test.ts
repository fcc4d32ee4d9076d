import { Document, FootnoteReferenceRun, HeadingLevel, Packer, Paragraph, Tab, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { beforeAll, describe, expect, it } from 'vitest';
import { headingLevelOfStyle } from './docx';
import { CheckInputError } from './errors';
import { parseDocument } from './index';
import type { ParsedDocument, TextRange } from './types';

const QUOTE_PARAGRAPH = '鲁迅曾说：“世上本没有路，走的人多了，也便成了路。”';
const FOOTNOTE = '鲁迅：《故乡》，人民文学出版社，1921年。';
const LONG_NUMBERED = '1. 本文首先回顾了国内外论文查重技术的发展历程，然后分析了现有方法在处理中文语料时存在的不足，最后提出了改进的思路。';

function tocEntry(text: string, page: string, level: 1 | 2): Paragraph {
  return new Paragraph({ style: `TOC${level}`, children: [new TextRun(text), new TextRun({ children: [new Tab(), page] })] });
}

/** A thesis as Word writes it: Title style, Heading 1-2 styles, a TOC made of "toc N" paragraphs, a table and a footnote. */
async function buildThesisDocx(): Promise<Buffer> {
  const document = new Document({
    styles: {
      paragraphStyles: [
        { id: 'TOC1', name: 'toc 1', basedOn: 'Normal', next: 'Normal' },
        { id: 'TOC2', name: 'toc 2', basedOn: 'Normal', next: 'Normal' },
      ],
    },
    footnotes: { 1: { children: [new Paragraph(FOOTNOTE)] } },
    sections: [
      {
        children: [
          new Paragraph({ text: '基于语义指纹的中文论文查重方法研究', heading: HeadingLevel.TITLE }),
          new Paragraph('学院：计算机科学与技术学院'),
          new Paragraph({ text: '摘要', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('本文提出了一种基于语义指纹的查重方法。实验表明该方法准确率较高。'),
          new Paragraph('关键词：论文查重；语义指纹；文本相似度'),
          new Paragraph({ text: '目录', heading: HeadingLevel.HEADING_1 }),
          tocEntry('摘要', 'I', 1),
          tocEntry('第一章 绪论', '1', 1),
          tocEntry('1.1 研究背景', '1', 2),
          tocEntry('参考文献', '12', 1),
          new Paragraph({ text: '第一章 绪论', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: '1.1 研究背景', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ children: [new TextRun(QUOTE_PARAGRAPH), new FootnoteReferenceRun(1), new TextRun('这句话启发了本文的研究。')] }),
          new Paragraph(LONG_NUMBERED),
          new Paragraph('表1-1 实验数据集'),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({
                children: [new TableCell({ children: [new Paragraph('数据集')] }), new TableCell({ children: [new Paragraph('篇数')] })],
              }),
              new TableRow({
                children: [new TableCell({ children: [new Paragraph('本科论文语料')] }), new TableCell({ children: [new Paragraph('1200')] })],
              }),
            ],
          }),
          new Paragraph({ text: '1.2 研究意义', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('已有研究表明，基于指纹的方法速度很快[2]。'),
          new Paragraph({ text: '参考文献', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.'),
          new Paragraph('[2] 张三. 论文查重研究[J]. 计算机学报, 2019.'),
          new Paragraph({ text: '致谢', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('感谢导师的悉心指导。'),
          new Paragraph({ text: '附录A 调查问卷', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('您每周阅读论文的时间是多少？'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

function slice(doc: ParsedDocument, range: TextRange | null): string | null {
  return range ? doc.text.slice(range.start, range.end) : null;
}

function paragraphTexts(doc: ParsedDocument, kind: string): string[] {
  return doc.paragraphs.filter((paragraph) => paragraph.kind === kind).map((paragraph) => slice(doc, paragraph.range)!);
}

describe('.docx theses', () => {
  let docx: Buffer;
  let parsed: ParsedDocument;

  beforeAll(async () => {
    docx = await buildThesisDocx();
    parsed = await parseDocument(docx, 'thesis.docx');
  });

  it('takes the title and the chapters from the styles', () => {
    expect(parsed.format).toBe('docx');
    expect(parsed.title).toBe('基于语义指纹的中文论文查重方法研究');
    expect(parsed.chapters.map((chapter) => [chapter.title, chapter.level, chapter.role, chapter.parent])).toEqual([
      ['摘要', 1, 'abstract', -1],
      ['目录', 1, 'toc', -1],
      ['第一章 绪论', 1, 'body', -1],
      ['1.1 研究背景', 2, 'body', 2],
      ['1.2 研究意义', 2, 'body', 2],
      ['参考文献', 1, 'references', -1],
      ['致谢', 1, 'acknowledgements', -1],
      ['附录A 调查问卷', 1, 'appendix', -1],
    ]);
    expect(slice(parsed, parsed.abstract)).toBe('本文提出了一种基于语义指纹的查重方法。实验表明该方法准确率较高。');
    expect(parsed.keywords).toEqual(['论文查重', '语义指纹', '文本相似度']);
  });

  it('excludes the table of contents and the references', () => {
    expect(slice(parsed, parsed.toc)).toBe('目录\n摘要 I\n第一章 绪论 1\n1.1 研究背景 1\n参考文献 12');
    expect(paragraphTexts(parsed, 'toc')).toEqual(['摘要 I', '第一章 绪论 1', '1.1 研究背景 1', '参考文献 12']);
    expect(slice(parsed, parsed.references)).toBe(
      '参考文献\n[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.\n[2] 张三. 论文查重研究[J]. 计算机学报, 2019.',
    );
    expect(parsed.excluded.map((entry) => [entry.reason, slice(parsed, entry.range)])).toEqual([
      ['toc', slice(parsed, parsed.toc)],
      ['references', slice(parsed, parsed.references)],
      ['footnotes', `^1 ${FOOTNOTE}`],
    ]);
    const counted = parsed.paragraphs.filter((paragraph) => !paragraph.excluded).map((paragraph) => slice(parsed, paragraph.range)!);
    expect(parsed.countedChars).toBe(counted.join('').replace(/\s/gu, '').length);
    expect(
      parsed.sentences
        .filter((sentence) => sentence.excluded)
        .every((sentence) => parsed.excluded.some((entry) => entry.range.start <= sentence.range.start && sentence.range.end <= entry.range.end)),
    ).toBe(true);
  });

  it('keeps the footnote as text at the end and its reference as a ^1 marker citing the quotation', () => {
    expect(paragraphTexts(parsed, 'footnote')).toEqual([`^1 ${FOOTNOTE}`]);
    expect(parsed.paragraphs.at(-1)?.kind).toBe('footnote');
    const citation = parsed.citations.find((entry) => entry.markerText === '^1');
    expect(citation).toMatchObject({ style: 'footnote', kind: 'quote' });
    expect(slice(parsed, citation!.range)).toBe('“世上本没有路，走的人多了，也便成了路。”');
    const numbered = parsed.citations.find((entry) => entry.markerText === '[2]');
    expect(numbered && slice(parsed, numbered.range)).toBe('已有研究表明，基于指纹的方法速度很快[2]。');
  });

  it("keeps the tables' text, captions, a long numbered sentence, acknowledgements and appendix as counted text", () => {
    expect(paragraphTexts(parsed, 'table')).toEqual(['数据集', '篇数', '本科论文语料', '1200']);
    expect(paragraphTexts(parsed, 'caption')).toEqual(['表1-1 实验数据集']);
    expect(paragraphTexts(parsed, 'body')).toContain(LONG_NUMBERED);
    const inChapter = (role: string) => {
      const index = parsed.chapters.findIndex((chapter) => chapter.role === role);
      return parsed.paragraphs
        .filter((paragraph) => paragraph.chapter === index)
        .map((paragraph) => [paragraph.kind, slice(parsed, paragraph.range), paragraph.excluded]);
    };
    expect(inChapter('acknowledgements')).toEqual([
      ['heading', '致谢', false],
      ['body', '感谢导师的悉心指导。', false],
    ]);
    expect(inChapter('appendix')).toEqual([
      ['heading', '附录A 调查问卷', false],
      ['body', '您每周阅读论文的时间是多少？', false],
    ]);
  });

  it('refuses a docx whose archive is cut short as corrupt_file', async () => {
    const cut = docx.subarray(0, docx.indexOf('word/document.xml') + 120);
    const error = await parseDocument(cut, 'cut.docx').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CheckInputError);
    expect((error as CheckInputError).code).toBe('corrupt_file');
  });

  it('refuses a zip that holds no Word document as unsupported_type', async () => {
    // Same archive with the main part renamed (names are stored as is, so the zip stays readable).
    const renamed = Buffer.from(docx.toString('latin1').replaceAll('word/document.xml', 'word/documenX.xml'), 'latin1');
    const error = await parseDocument(renamed, 'renamed.docx').catch((caught: unknown) => caught);
    expect((error as CheckInputError).code).toBe('unsupported_type');
  });
});

describe('docx heading styles', () => {
  it('reads heading levels from English and Chinese style names and from style ids', () => {
    expect(headingLevelOfStyle('heading 1', 'Heading1')).toBe(1);
    expect(headingLevelOfStyle('Heading 3', null)).toBe(3);
    expect(headingLevelOfStyle('标题 2', '2')).toBe(2);
    expect(headingLevelOfStyle(null, '2')).toBe(2);
    expect(headingLevelOfStyle('Normal', '1')).toBeNull();
    expect(headingLevelOfStyle('toc 1', 'TOC1')).toBeNull();
  });
});
