// The rewrite result as a Word document: title, a summary table, then the whole text with the rewritten paragraphs
// shaded light yellow so the member can review them one by one.
import type { RewriteDocParagraph, RewriteMode } from './types';

export interface RewriteDocxInput {
  title: string;
  paragraphs: readonly RewriteDocParagraph[];
  mode: RewriteMode;
  /** The rate lowered (duplicate or AI), in [0, 1], before and after; null when not known (yet). */
  before: number | null;
  after: number | null;
  language?: 'zh-CN';
}

interface RewriteDocLabels {
  service: Record<RewriteMode, string>;
  metric: Record<RewriteMode, string>;
  heading: string;
  rowService: string;
  rowBefore: string;
  rowAfter: string;
  rowParagraphs: string;
  paragraphs: (rewritten: number, total: number) => string;
  unknown: string;
  note: string;
}

const LABELS: Record<NonNullable<RewriteDocxInput['language']>, RewriteDocLabels> = {
  'zh-CN': {
    service: { duplicate: '全文降重', aigc: '全文降AIGC' },
    metric: { duplicate: '文字复制比', aigc: 'AIGC值' },
    heading: '改写结果',
    rowService: '服务',
    rowBefore: '改写前',
    rowAfter: '改写后',
    rowParagraphs: '改写段落',
    paragraphs: (rewritten, total) => `${rewritten} 段（共 ${total} 段正文）`,
    unknown: '待检测',
    note: '说明：浅黄色底纹标出的段落为本次改写的段落。请逐段核对专业术语、数据和引用标注是否准确，必要时自行修改后再使用。',
  },
};

const LATIN_FONT = 'Times New Roman';
const BODY_FONT = { ascii: LATIN_FONT, hAnsi: LATIN_FONT, cs: LATIN_FONT, eastAsia: '宋体' };
const HEADING_FONT = { ascii: LATIN_FONT, hAnsi: LATIN_FONT, cs: LATIN_FONT, eastAsia: '黑体' };
/** Light yellow shading of a rewritten paragraph. */
export const REWRITTEN_FILL = 'FFF2CC';
const LABEL_FILL = 'F2F2F2';
// Half-points: 小四 12 pt body, 五号 10.5 pt notes; 三号 16, 四号 14, 小四 12 pt headings; 小二 18 pt title.
const SIZE = { body: 24, small: 21, title: 36, heading: [32, 28, 24, 24] } as const;

// Characters XML 1.0 does not allow (a stray control character would make Word refuse the whole file).
// eslint-disable-next-line no-control-regex -- control characters are exactly what XML 1.0 refuses
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
const xmlSafe = (text: string): string => text.replace(XML_INVALID, '');

function percent(value: number | null, unknown: string): string {
  return value === null || !Number.isFinite(value) ? unknown : `${(value * 100).toFixed(1)}%`;
}

/** A .docx of the rewritten paper: summary table, then the full text with rewritten paragraphs shaded for review. */
export async function buildRewriteDocx(input: RewriteDocxInput): Promise<Buffer> {
  // Loaded on use: docx is large and only this function needs it. (Its types come with it: a static `import type`
  // would read the CommonJS declarations, which TypeScript holds distinct from the ESM ones `import()` gets.)
  const {
    AlignmentType,
    BorderStyle,
    Document,
    HeadingLevel,
    Packer,
    PageBreak,
    Paragraph,
    ShadingType,
    Table,
    TableCell,
    TableRow,
    TextRun,
    WidthType,
  } = await import('docx');
  const labels = LABELS[input.language ?? 'zh-CN'];
  const bodyRun = (text: string, extra: { size?: number } = {}) => new TextRun({ text: xmlSafe(text), font: BODY_FONT, size: SIZE.body, ...extra });
  const headingRun = (text: string, size: number) => new TextRun({ text: xmlSafe(text), font: HEADING_FONT, size, bold: true, color: '000000' });
  const headingLevels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4] as const;

  const service = labels.service[input.mode];
  const metric = labels.metric[input.mode];
  const rewrittenCount = input.paragraphs.filter((p) => p.rewritten).length;
  const textCount = input.paragraphs.filter((p) => p.kind === 'body' || p.kind === 'abstract').length;

  const cell = (text: string, label: boolean) =>
    new TableCell({
      width: { size: label ? 30 : 70, type: WidthType.PERCENTAGE },
      shading: label ? { type: ShadingType.CLEAR, color: 'auto', fill: LABEL_FILL } : undefined,
      margins: { top: 60, bottom: 60, left: 120, right: 120 },
      children: [new Paragraph({ children: [label ? headingRun(text, SIZE.body) : bodyRun(text)] })],
    });
  const row = (label: string, value: string) => new TableRow({ children: [cell(label, true), cell(value, false)] });
  const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
  const summary = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
    rows: [
      row(labels.rowService, service),
      row(`${labels.rowBefore}${metric}`, percent(input.before, labels.unknown)),
      row(`${labels.rowAfter}${metric}`, percent(input.after, labels.unknown)),
      row(labels.rowParagraphs, labels.paragraphs(rewrittenCount, textCount)),
    ],
  });

  const front = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      spacing: { after: 120 },
      children: [headingRun(input.title, SIZE.title)],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [headingRun(`${service}${labels.heading}`, SIZE.heading[1])],
    }),
    summary,
    new Paragraph({ spacing: { before: 240 }, children: [bodyRun(labels.note, { size: SIZE.small })] }),
    new Paragraph({ children: [new PageBreak()] }),
  ];

  const body = input.paragraphs.map((p) => {
    const shading = p.rewritten ? { type: ShadingType.CLEAR, color: 'auto', fill: REWRITTEN_FILL } : undefined;
    switch (p.kind) {
      case 'title':
        return new Paragraph({
          heading: HeadingLevel.TITLE,
          alignment: AlignmentType.CENTER,
          spacing: { after: 240 },
          children: [headingRun(p.text, SIZE.title)],
        });
      case 'heading': {
        const level = Math.min(Math.max(Math.round(p.level ?? 1), 1), 4);
        return new Paragraph({
          heading: headingLevels[level - 1],
          spacing: { before: 240, after: 120 },
          children: [headingRun(p.text, SIZE.heading[level - 1])],
        });
      }
      case 'caption':
        return new Paragraph({ alignment: AlignmentType.CENTER, shading, children: [bodyRun(p.text, { size: SIZE.small })] });
      case 'toc':
      case 'references':
      case 'footnote':
        return new Paragraph({ shading, spacing: { line: 300 }, children: [bodyRun(p.text, { size: SIZE.small })] });
      default:
        // Body text: first line indented two characters, 1.5 line spacing, as Chinese theses are set.
        return new Paragraph({ shading, indent: { firstLine: 480 }, spacing: { line: 360 }, children: [bodyRun(p.text)] });
    }
  });

  const document = new Document({
    title: xmlSafe(input.title),
    creator: 'zhiwen',
    styles: {
      default: {
        document: { run: { font: BODY_FONT, size: SIZE.body, language: { value: 'en-US', eastAsia: 'zh-CN' } } },
        title: { run: { font: HEADING_FONT, size: SIZE.title, bold: true, color: '000000' } },
        heading1: { run: { font: HEADING_FONT, size: SIZE.heading[0], bold: true, color: '000000' } },
        heading2: { run: { font: HEADING_FONT, size: SIZE.heading[1], bold: true, color: '000000' } },
        heading3: { run: { font: HEADING_FONT, size: SIZE.heading[2], bold: true, color: '000000' } },
        heading4: { run: { font: HEADING_FONT, size: SIZE.heading[3], bold: true, color: '000000' } },
      },
    },
    sections: [{ children: [...front, ...body] }],
  });
  return Packer.toBuffer(document);
}
