import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from './index';
import { CheckInputError } from './errors';
import { isPageNumberLine, itemsToLines, linesToBlocks, type PdfLine } from './pdf-layout';
import type { ParsedDocument, TextRange } from './types';

// Installed by `apt-get install fonts-wqy-microhei` (.ci/run does it); the collection's first face is the one we use.
const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const CJK_FACE = 'WenQuanYiMicroHei';

type Pdf = PDFKit.PDFDocument;

/** Renders a PDF with pdfkit; `decorate` draws on every finished page (running header/footer). */
async function makePdf(
  build: (doc: Pdf) => void,
  options: PDFKit.PDFDocumentOptions = {},
  decorate?: (doc: Pdf, page: number, pages: number) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 72, bufferPages: true, ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', CJK_FONT, CJK_FACE);
  doc.font('cjk');
  build(doc);
  if (decorate) {
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      // Text below the bottom margin would open a new page; the footer sits in the margin on purpose.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      decorate(doc, i + 1, count);
      doc.page.margins.bottom = bottom;
    }
  }
  doc.end();
  return done;
}

const HEADER = '华东示范大学本科毕业论文';
const P_INTRO =
  '随着互联网技术的快速发展，学术论文的数量呈现爆炸式增长，学术不端行为也随之增多，因此论文查重系统在高校教学管理中发挥着越来越重要的作用，本文围绕中文论文查重的关键技术展开研究。';
const P_METHOD =
  '传统的查重方法主要基于字符串匹配，例如最长公共子序列和指纹算法，这些方法在处理同义改写和语序调整时效果不佳，难以发现经过改写的抄袭内容，近年来深度学习方法为这一问题提供了新的思路。';
const P_QUOTE =
  '鲁迅曾说：“世上本没有路，走的人多了，也便成了路。”[1]这句话同样适用于学术研究，创新总是从无到有逐步形成的，需要研究者不断探索和积累经验。';
const P_ENGLISH =
  'Duplicate checking systems compare a submitted paper with a large collection of published documents and report the overlapping passages to the reader.';

function body(doc: Pdf, text: string): void {
  doc.fontSize(12).text(text, { indent: 24, align: 'justify' });
}

function heading(doc: Pdf, text: string, size = 16): void {
  doc.fontSize(size).text(text);
}

/** A table-of-contents line as Word sets it: title, dot leaders across the line, page number flush right. */
function tocLine(doc: Pdf, title: string, page: string): void {
  doc.fontSize(12);
  const y = doc.y;
  const room = 451 - doc.widthOfString(`${title} `) - doc.widthOfString(` ${page}`);
  doc.text(`${title} ${'.'.repeat(Math.floor(room / doc.widthOfString('.')))}`, 72, y, { lineBreak: false });
  doc.text(page, 72, y, { width: 451, align: 'right' });
}

const TOC: Array<[string, string]> = [
  ['摘要', 'I'],
  ['第一章 绪论', '1'],
  ['1.1 研究背景', '1'],
  ['第二章 研究方法', '2'],
  ['参考文献', '4'],
];

function slice(doc: ParsedDocument, range: TextRange | null): string | null {
  return range ? doc.text.slice(range.start, range.end) : null;
}

async function rejection(promise: Promise<unknown>): Promise<CheckInputError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CheckInputError);
  return error as CheckInputError;
}

describe('PDF theses', () => {
  let parsed: ParsedDocument;

  beforeAll(async () => {
    const pdf = await makePdf(
      (doc) => {
        doc.fontSize(20).text('中文论文查重关键技术研究', { align: 'center' });
        doc.moveDown();
        heading(doc, '摘要');
        body(doc, P_INTRO);
        doc.fontSize(12).text('关键词：查重；深度学习；自然语言处理');
        heading(doc, '目录');
        for (const [title, page] of TOC) tocLine(doc, title, page);
        heading(doc, '第一章 绪论');
        heading(doc, '1.1 研究背景', 14);
        for (let i = 0; i < 7; i++) body(doc, i % 2 ? P_METHOD : P_INTRO);
        body(doc, P_QUOTE);
        body(doc, P_ENGLISH);
        heading(doc, '第二章 研究方法');
        for (let i = 0; i < 30; i++) body(doc, i % 2 ? P_INTRO : P_METHOD);
        heading(doc, '参考文献');
        doc.fontSize(12).text('[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.');
        doc.fontSize(12).text('[2] 张三. 论文查重研究[J]. 计算机学报, 2019.');
      },
      {},
      (doc, page, pages) => {
        doc.fontSize(9).text(HEADER, 72, 36, { width: 451, align: 'center', lineBreak: false });
        doc.fontSize(9).text(`第 ${page} 页 共 ${pages} 页`, 72, 800, { width: 451, align: 'center', lineBreak: false });
      },
    );
    // Named .txt on purpose: the content decides the format.
    parsed = await parseDocument(pdf, '论文终稿.txt');
  });

  it('reads a multi-page Chinese PDF by content, with title, chapters and references', () => {
    expect(parsed.format).toBe('pdf');
    expect(parsed.pageCount).toBeGreaterThanOrEqual(3);
    expect(parsed.title).toBe('中文论文查重关键技术研究');
    expect(parsed.chapters.map((chapter) => [chapter.title, chapter.level, chapter.role])).toEqual([
      ['摘要', 1, 'abstract'],
      ['目录', 1, 'toc'],
      ['第一章 绪论', 1, 'body'],
      ['1.1 研究背景', 2, 'body'],
      ['第二章 研究方法', 1, 'body'],
      ['参考文献', 1, 'references'],
    ]);
    expect(slice(parsed, parsed.abstract)).toBe(P_INTRO);
    expect(parsed.keywords).toEqual(['查重', '深度学习', '自然语言处理']);
    expect(slice(parsed, parsed.references)).toBe(
      '参考文献\n[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.\n[2] 张三. 论文查重研究[J]. 计算机学报, 2019.',
    );
    expect(parsed.excluded).toEqual([
      { range: parsed.toc, reason: 'toc' },
      { range: parsed.references, reason: 'references' },
    ]);
  });

  it('excludes the table of contents, one entry per line even where the leaders fill the line', () => {
    const entries = parsed.paragraphs.filter((paragraph) => paragraph.kind === 'toc').map((paragraph) => slice(parsed, paragraph.range)!);
    expect(entries).toHaveLength(TOC.length);
    entries.forEach((entry, i) => expect(entry).toMatch(new RegExp(`^${TOC[i][0]} \\.{10,} ?${TOC[i][1]}$`, 'u')));
    expect(slice(parsed, parsed.toc)).toBe(['目录', ...entries].join('\n'));
  });

  it('joins wrapped Chinese lines without spaces and keeps one space between wrapped English words', () => {
    const paragraphs = parsed.paragraphs.map((paragraph) => slice(parsed, paragraph.range));
    // Every body paragraph comes back whole, including the ones broken across pages.
    expect(paragraphs.filter((text) => text === P_INTRO)).toHaveLength(20);
    expect(paragraphs.filter((text) => text === P_METHOD)).toHaveLength(18);
    expect(paragraphs).toContain(P_QUOTE);
    expect(paragraphs).toContain(P_ENGLISH);
    const bodyText = parsed.paragraphs.filter((paragraph) => paragraph.kind === 'body').map((paragraph) => slice(parsed, paragraph.range));
    expect(bodyText.join('\n')).not.toMatch(/[\u4e00-\u9fff，。] [\u4e00-\u9fff，。]/u);
  });

  it('drops the running header, the page footer and their page numbers', () => {
    expect(parsed.text).not.toContain(HEADER);
    expect(parsed.text).not.toMatch(/第 ?\d+ ?页/u);
    expect(parsed.warnings.join(' ')).toMatch(/dropped \d+ running/u);
  });

  it('finds the quotation cited by [1]', () => {
    const quote = parsed.citations.find((citation) => citation.markerText === '[1]');
    expect(quote && slice(parsed, quote.range)).toBe('“世上本没有路，走的人多了，也便成了路。”');
    expect(quote?.kind).toBe('quote');
  });
});

describe('PDF input errors', () => {
  it('refuses a password-protected PDF as encrypted_pdf', async () => {
    const pdf = await makePdf((doc) => body(doc, P_INTRO), { userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
    expect((await rejection(parseDocument(pdf, 'locked.pdf'))).code).toBe('encrypted_pdf');
  });

  it('refuses a PDF of drawings without text as scanned_pdf', async () => {
    const pdf = await makePdf((doc) => {
      doc.rect(100, 100, 300, 400).fill('#888888');
      doc.addPage();
      doc.rect(100, 100, 200, 200).stroke();
    });
    const error = await rejection(parseDocument(pdf, 'scan.pdf'));
    expect(error.code).toBe('scanned_pdf');
    expect(error.message).toBe('check.input.scannedPdf');
  });

  it('refuses a broken PDF as corrupt_file', async () => {
    const pdf = await makePdf((doc) => body(doc, P_INTRO));
    const broken = Buffer.concat([pdf.subarray(0, 20), Buffer.alloc(400, 0x41)]);
    expect((await rejection(parseDocument(broken, 'broken.pdf'))).code).toBe('corrupt_file');
  });

  it('refuses more pages than the limit as too_large', async () => {
    const pdf = await makePdf((doc) => {
      body(doc, P_INTRO);
      doc.addPage();
      body(doc, P_METHOD);
      doc.addPage();
      body(doc, P_INTRO);
    });
    const error = await rejection(parseDocument(pdf, 'long.pdf', { maxPages: 2 }));
    expect(error.code).toBe('too_large');
    expect(error.details).toEqual({ limit: 'pages', max: 2, actual: 3 });
  });
});

describe('PDF layout', () => {
  const item = (str: string, x: number, y: number, size = 12, width = str.length * size) => ({
    str,
    transform: [size, 0, 0, size, x, y],
    width,
    height: size,
  });

  it('keeps a raised citation marker on its line and spaces Latin words by their gap', () => {
    const lines = itemsToLines(
      [
        item('研究表明', 72, 700),
        item('[1]', 120, 704, 7, 10),
        item('。', 130, 700),
        item('deep', 72, 680, 12, 24),
        item('learning', 100, 680, 12, 48),
      ],
      1,
      842,
    );
    expect(lines.map((line) => line.text)).toEqual(['研究表明[1]。', 'deep learning']);
  });

  it('ignores rotated watermark text', () => {
    const watermark = { str: '机密', transform: [30, 30, -30, 30, 200, 400], width: 60, height: 42 };
    expect(itemsToLines([watermark, item('正文内容', 72, 700)], 1, 842).map((line) => line.text)).toEqual(['正文内容']);
  });

  it('recognises page-number lines', () => {
    for (const text of ['3', '- 3 -', '第 3 页', '第3页 共10页', '3/10', 'Page 3 of 10', 'iv']) expect(isPageNumberLine(text), text).toBe(true);
    for (const text of ['第三章 结论', '3.1 方法', '2019年']) expect(isPageNumberLine(text), text).toBe(false);
  });

  it('starts paragraphs at indents, short last lines and vertical gaps', () => {
    const line = (text: string, x: number, right: number, y: number): PdfLine => ({ text, x, right, y, size: 12, page: 1, pageHeight: 842 });
    const page = [
      line('　第一段开头缩进两个字符并且写满了整整一行文字内容', 96, 516, 700),
      line('第一段的第二行也写满了整整一行的文字内容而且更长一些', 72, 516, 686),
      line('第一段结束。', 72, 150, 672),
      line('第二段顶格开始但是上一行很短所以这是新的一段并且写满', 72, 516, 658),
      line('第二段继续写满了这一行的文字内容并且一直写到最右边', 72, 516, 644),
      line('第三段与上一段之间有较大的空白所以是新的一段并且写满', 72, 516, 610),
      line('第三段结束。', 72, 150, 596),
    ];
    const { blocks } = linesToBlocks([page]);
    expect(blocks.map((block) => block.text)).toEqual([
      '　第一段开头缩进两个字符并且写满了整整一行文字内容第一段的第二行也写满了整整一行的文字内容而且更长一些第一段结束。',
      '第二段顶格开始但是上一行很短所以这是新的一段并且写满第二段继续写满了这一行的文字内容并且一直写到最右边',
      '第三段与上一段之间有较大的空白所以是新的一段并且写满第三段结束。',
    ]);
  });
});
