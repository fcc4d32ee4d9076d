// renderReportPdf: the report as an A4 PDF drawn with pdfkit, with Noto Sans SC embedded (subset by fontkit) and the
// charts drawn as vector graphics. Same content as the HTML page of the same variant and scope.
import PDFDocument from 'pdfkit';
import { chapterName, type ReportLabels } from './labels';
import { reportFonts, type MeasuredFont } from './pdf-fonts';
import { layoutRuns, measureText, type LaidLine, type Run, type TextStyle } from './pdf-text';
import {
  aigcChapterTable,
  aigcFigures,
  aigcLegend,
  chapterBars,
  COLORS,
  fullTextLegend,
  gaugeArc,
  gaugeColor,
  GAUGE_THRESHOLDS,
  headerFigures,
  integer,
  isHeadingKind,
  marksWithin,
  matchLabel,
  paragraphSegments,
  percent,
  resolveRenderOptions,
  shorten,
  summaryFigures,
  typoCount,
  typoRows,
  type RenderOptions,
  type ReportScope,
} from './present';
import type { CheckReport } from './types';

const PAGE = { width: 595.28, height: 841.89, left: 50, right: 50, top: 56, bottom: 56 };
const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
const BODY = 10;
const SMALL = 8.5;
const LINE = 1.65;

/** Options of the PDF renderer (those of the HTML renderer). */
export type PdfRenderOptions = RenderOptions;

interface Fonts {
  regular: MeasuredFont;
  bold: MeasuredFont;
}

/** Draws top to bottom, opening pages as needed. */
class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  y = PAGE.top;
  private readonly styles = new Map<string, TextStyle>();

  constructor(
    readonly fonts: Fonts,
    readonly labels: ReportLabels,
    title: string,
    checkedAt: string,
  ) {
    const created = new Date(checkedAt);
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
      bufferPages: true,
      autoFirstPage: true,
      info: {
        Title: title,
        Producer: 'zhiwen check engine',
        Creator: 'zhiwen check engine',
        ...(Number.isNaN(created.getTime()) ? {} : { CreationDate: created }),
      },
    });
    this.doc.registerFont('regular', fonts.regular.font as unknown as PDFKit.Mixins.PDFFontSource);
    this.doc.registerFont('bold', fonts.bold.font as unknown as PDFKit.Mixins.PDFFontSource);
    this.doc.font('regular');
  }

  /** One shared style object per combination, so equal runs merge into one segment. */
  style(color: string, background: string | null = null, bold = false): TextStyle {
    const key = `${color}|${background}|${bold}`;
    let style = this.styles.get(key);
    if (!style) {
      style = { color, background, bold };
      this.styles.set(key, style);
    }
    return style;
  }

  get bottom(): number {
    return PAGE.height - PAGE.bottom;
  }

  /** Opens a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) {
      this.doc.addPage();
      this.y = PAGE.top;
    }
  }

  /** Writes one unwrapped string at (x, y) with its top at y. */
  put(text: string, x: number, y: number, size: number, color: string, bold = false): void {
    if (!text) return;
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color)
      .text(text, x, y, { lineBreak: false });
  }

  width(text: string, size: number, bold = false): number {
    return measureText(text, size, bold ? this.fonts.bold : this.fonts.regular);
  }

  heading(text: string, size = 13): void {
    this.ensure(size * 3.2);
    this.y += size * 0.8;
    this.put(text, PAGE.left, this.y, size, COLORS.text, true);
    this.y += size * 1.6;
    this.doc
      .moveTo(PAGE.left, this.y)
      .lineTo(PAGE.width - PAGE.right, this.y)
      .lineWidth(1)
      .strokeColor(COLORS.rule)
      .stroke();
    this.y += 6;
  }

  /** Lays out runs and draws the lines, breaking pages between lines; `bar` paints a thin bar left of every line. */
  paragraph(runs: Run[], options: { size?: number; x?: number; width?: number; indent?: number; bar?: string | null; gap?: number } = {}): void {
    const size = options.size ?? BODY;
    const x = options.x ?? PAGE.left;
    const lines = layoutRuns(runs, options.width ?? CONTENT_WIDTH, size, this.fonts, options.indent ?? 0);
    const lineHeight = size * LINE;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.drawLine(line, x, this.y, size, lineHeight, options.bar ?? null);
      this.y += lineHeight;
    }
    this.y += options.gap ?? size * 0.3;
  }

  drawLine(line: LaidLine, x: number, y: number, size: number, lineHeight: number, bar: string | null): void {
    const doc = this.doc;
    if (bar) doc.rect(x - 7, y, 2.5, lineHeight).fill(bar);
    for (const segment of line.segments) {
      if (segment.style.background) doc.rect(x + segment.x, y + 0.5, segment.width, lineHeight - 1).fill(segment.style.background);
    }
    const top = y + (lineHeight - size * 1.45) / 2;
    for (const segment of line.segments) this.put(segment.text, x + segment.x, top, size, segment.style.color, segment.style.bold);
  }

  /** A table with wrapped cells; the header row repeats on every page the table spans. */
  table(
    head: string[] | null,
    rows: { cells: string[]; color?: string }[],
    widths: number[],
    options: { size?: number; numeric?: Set<number> } = {},
  ): void {
    const size = options.size ?? SMALL;
    const total = widths.reduce((a, b) => a + b, 0);
    const cols = widths.map((w) => (w / total) * CONTENT_WIDTH);
    const pad = 4;
    const lineHeight = size * 1.5;
    const layoutRow = (cells: string[], bold: boolean, color: string) =>
      cells.map((cell, c) => layoutRuns([{ text: cell, style: this.style(color, null, bold) }], cols[c] - 2 * pad, size, this.fonts));
    const drawRow = (laid: LaidLine[][], background: string | null) => {
      const height = Math.max(...laid.map((lines) => lines.length)) * lineHeight + 2 * pad;
      let x = PAGE.left;
      laid.forEach((lines, c) => {
        if (background) this.doc.rect(x, this.y, cols[c], height).fill(background);
        this.doc.rect(x, this.y, cols[c], height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
        lines.forEach((line, k) => {
          const shift = options.numeric?.has(c) ? cols[c] - 2 * pad - line.width : 0;
          this.drawLine(line, x + pad + Math.max(0, shift), this.y + pad + k * lineHeight, size, lineHeight, null);
        });
        x += cols[c];
      });
      this.y += height;
    };
    const header = head ? layoutRow(head, true, COLORS.text) : null;
    const headerHeight = header ? Math.max(...header.map((lines) => lines.length)) * lineHeight + 2 * pad : 0;
    this.ensure(headerHeight + lineHeight + 2 * pad);
    if (header) drawRow(header, COLORS.header);
    for (const row of rows) {
      const laid = layoutRow(row.cells, false, row.color ?? COLORS.text);
      const height = Math.max(...laid.map((lines) => lines.length)) * lineHeight + 2 * pad;
      if (this.y + height > this.bottom) {
        this.doc.addPage();
        this.y = PAGE.top;
        if (header) drawRow(header, COLORS.header);
      }
      drawRow(laid, null);
    }
    this.y += 8;
  }

  /** A small colour key. */
  legend(items: { color: string; label: string }[]): void {
    const size = SMALL;
    let x = PAGE.left;
    this.ensure(size * 2);
    for (const item of items) {
      const w = 14 + this.width(item.label, size) + 14;
      if (x + w > PAGE.width - PAGE.right) {
        x = PAGE.left;
        this.y += size * 1.8;
        this.ensure(size * 2);
      }
      this.doc.rect(x, this.y + 1.5, 9, 9).fill(item.color);
      this.put(item.label, x + 13, this.y, size, COLORS.muted);
      x += w;
    }
    this.y += size * 2.2;
  }

  /** A half-circle gauge with its value in the middle and a caption below. */
  gauge(cx: number, top: number, value: number, caption: string, thresholds: readonly [number, number]): void {
    const r = 62;
    const cy = top + r + 10;
    const color = gaugeColor(value, thresholds[0], thresholds[1]);
    this.doc
      .path(gaugeArc(cx, cy, r, 0, 1))
      .lineWidth(14)
      .strokeColor(COLORS.gaugeTrack)
      .stroke();
    if (value > 0)
      this.doc
        .path(gaugeArc(cx, cy, r, 0, Math.min(1, value)))
        .lineWidth(14)
        .strokeColor(color)
        .stroke();
    const text = percent(value);
    this.put(text, cx - this.width(text, 20, true) / 2, cy - 30, 20, color, true);
    this.put(caption, cx - this.width(caption, SMALL) / 2, cy + 8, SMALL, COLORS.muted);
  }
}

/** Renders the report as a PDF (A4, Noto Sans SC embedded; scope 'aigc': the AIGC detection report); synchronous. */
export function renderReportPdf(report: CheckReport, options: PdfRenderOptions = {}): Buffer {
  const { labels, variant, scope, comparedSources, title, variantLabel, disclaimer } = resolveRenderOptions(options);
  const w = new PdfWriter(reportFonts(), labels, `${title} · ${report.document.title}`, report.checkedAt);

  drawHeader(w, report, title, variantLabel);
  drawSummary(w, report, labels, scope);
  if (scope === 'all') {
    drawChapters(w, report, labels);
    drawSources(w, report, labels);
    drawAigc(w, report, labels);
  } else {
    drawAigcChapters(w, report, labels);
    // Without a score the summary already says so.
    if (report.aigc) drawAigc(w, report, labels);
  }
  drawTypos(w, report, labels);
  drawFullText(w, report, labels, scope);
  if (variant === 'full') drawComparison(w, report, labels, comparedSources);

  w.y += 10;
  w.paragraph([{ text: disclaimer, style: w.style(COLORS.muted) }], { size: SMALL });

  // Page footers.
  const { start, count } = w.doc.bufferedPageRange();
  for (let p = start; p < start + count; p++) {
    w.doc.switchToPage(p);
    const footer = `${shorten(report.document.title, 40)} · ${p + 1} / ${count}`;
    w.put(footer, PAGE.width / 2 - w.width(footer, 7.5) / 2, PAGE.height - PAGE.bottom + 18, 7.5, COLORS.muted);
  }
  w.doc.end();
  // pdfkit pushes every chunk into its readable buffer synchronously; with no 'data' listener they wait there.
  const chunks: Buffer[] = [];
  for (let chunk = w.doc.read() as Buffer | null; chunk !== null; chunk = w.doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Title, variant and document data. */
function drawHeader(w: PdfWriter, report: CheckReport, title: string, variantLabel: string | null): void {
  w.put(title, PAGE.left, w.y, 18, COLORS.text, true);
  if (variantLabel !== null) w.put(variantLabel, PAGE.left + w.width(title, 18, true) + 12, w.y + 7, BODY, COLORS.muted);
  w.y += 34;
  const meta = headerFigures(report, w.labels);
  const labelWidth = Math.max(...meta.map(([k]) => w.width(k, BODY, true))) + 12;
  for (const [k, v] of meta) {
    const y = w.y;
    w.put(k, PAGE.left, y, BODY, COLORS.muted, true);
    w.paragraph([{ text: v, style: w.style(COLORS.text) }], { x: PAGE.left + labelWidth, width: CONTENT_WIDTH - labelWidth, gap: 0 });
  }
}

/** Gauges (the ratio one only with scope 'all') and the figures of the scope, or the "not scored" line. */
function drawSummary(w: PdfWriter, report: CheckReport, labels: ReportLabels, scope: ReportScope): void {
  w.heading(labels.summary);
  const gauges: [number, string, readonly [number, number]][] =
    scope === 'all' ? [[report.summary.totalRatio, labels.chartRatio, GAUGE_THRESHOLDS.ratio]] : [];
  if (report.aigc) gauges.push([report.aigc.weightedScore, labels.aiFeatureValue, GAUGE_THRESHOLDS.aigc]);
  if (gauges.length) {
    w.ensure(150);
    const top = w.y;
    gauges.forEach(([value, caption, thresholds], i) => w.gauge(PAGE.left + 90 + 170 * i, top, value, caption, thresholds));
    w.y = top + 112;
  }
  const figures = summaryFigures(report, labels, scope);
  if (!figures.length) {
    w.paragraph([{ text: labels.aigcNotRun, style: w.style(COLORS.text) }]);
    return;
  }
  const figureRows: { cells: string[] }[] = [];
  for (let i = 0; i < figures.length; i += 2)
    figureRows.push({ cells: [figures[i][0], figures[i][1], figures[i + 1]?.[0] ?? '', figures[i + 1]?.[1] ?? ''] });
  w.table(null, figureRows, [3, 2.4, 3, 2.4], { size: 9, numeric: new Set([1, 3]) });
}

/** The duplicate chapter bars and table (with the AI feature value column when scored). */
function drawChapters(w: PdfWriter, report: CheckReport, labels: ReportLabels): void {
  w.heading(labels.chapterTable);
  drawChapterBars(w, report, labels);
  const c = labels.columns;
  const head = [labels.chapter, c.chars, c.duplicate, c.ratio, c.ratioExcludingCited, c.paragraphs, labels.topSources];
  if (report.aigc) head.push(c.aigc);
  const chapterRows = report.chapters.map((chapter) => {
    const name = chapterName(chapter, labels);
    if (chapter.excluded) return { cells: [name, '–', '–', '–', '–', '–', labels.notCounted, ...(report.aigc ? ['–'] : [])], color: COLORS.excluded };
    const sources =
      chapter.topSources.map((entry) => `${shorten(report.sources[entry.source].title, 24)}（${integer(entry.chars)}）`).join('\n') || labels.none;
    const cells = [
      name,
      integer(chapter.totalChars),
      integer(chapter.duplicateChars),
      percent(chapter.totalRatio),
      percent(chapter.ratioExcludingCited),
      `${chapter.suspectParagraphs} / ${chapter.paragraphs}`,
      sources,
    ];
    if (report.aigc) cells.push(chapter.aigc ? percent(chapter.aigc.weightedScore) : '–');
    return { cells };
  });
  w.table(head, chapterRows, report.aigc ? [3.2, 1.3, 1.3, 1.2, 1.4, 1.3, 4, 1.2] : [3.2, 1.3, 1.3, 1.2, 1.4, 1.3, 4], {
    numeric: new Set([1, 2, 3, 4, 5, 7]),
  });
}

/** The AIGC report's chapter table: chapters with AIGC figures only (nothing when none was scored). */
function drawAigcChapters(w: PdfWriter, report: CheckReport, labels: ReportLabels): void {
  const { head, rows } = aigcChapterTable(report, labels);
  if (!rows.length) return;
  w.heading(labels.chapterTable);
  w.table(
    head,
    rows.map((cells) => ({ cells })),
    [4.6, 1.8, 1.8, 2.4],
    { numeric: new Set([1, 2, 3]) },
  );
}

function drawSources(w: PdfWriter, report: CheckReport, labels: ReportLabels): void {
  w.heading(labels.sourceList);
  if (!report.sources.length) {
    w.paragraph([{ text: labels.none, style: w.style(COLORS.text) }]);
    return;
  }
  const rows = report.sources.map((source, i) => ({
    cells: [
      String(i + 1),
      source.own ? `${source.title}（${labels.ownPaper}）` : source.title,
      source.origin,
      labels.libraryKinds[source.libraryKind],
      integer(source.overlapChars),
      percent(source.ratio),
      String(source.passages),
      percent(source.maxSimilarity),
    ],
  }));
  w.table(
    ['#', labels.sourceTitle, labels.origin, labels.library, labels.overlapChars, labels.ratio, labels.passages, labels.similarity],
    rows,
    [0.6, 4.2, 2.2, 1.6, 1.3, 1.2, 1.35, 1.5],
    {
      numeric: new Set([0, 4, 5, 6, 7]),
    },
  );
}

/** The AIGC section: figures, the indicative-only note and the band key (or "not run"). */
function drawAigc(w: PdfWriter, report: CheckReport, labels: ReportLabels): void {
  w.heading(labels.aigcTitle);
  if (!report.aigc) {
    w.paragraph([{ text: labels.aigcNotRun, style: w.style(COLORS.text) }]);
    return;
  }
  w.table(
    null,
    aigcFigures(report, labels).map((cells) => ({ cells })),
    [3, 5],
    { size: 9 },
  );
  w.paragraph([{ text: labels.aigcDisclaimer, style: w.style(COLORS.text, null, true) }], { size: 9, bar: COLORS.gaugeMid, gap: 6 });
  w.legend(aigcLegend(labels));
}

/** 疑似错别字: the count, then each occurrence in its context with the wrong form in red, its correction and paragraph. */
function drawTypos(w: PdfWriter, report: CheckReport, labels: ReportLabels): void {
  const rows = typoRows(report, labels);
  if (rows === null) return;
  w.heading(labels.typoTitle);
  if (!rows.length) {
    w.paragraph([{ text: labels.typoNone, style: w.style(COLORS.text) }]);
    return;
  }
  w.paragraph([{ text: typoCount(report, labels), style: w.style(COLORS.text) }], { size: 9 });
  const size = 9;
  rows.forEach((row, i) => {
    w.paragraph(
      [
        { text: `${i + 1}. ${row.position}  `, style: w.style(COLORS.muted) },
        { text: row.before, style: w.style(COLORS.text) },
        { text: row.wrong, style: w.style(COLORS.copied, COLORS.band.red, true) },
        { text: row.after, style: w.style(COLORS.text) },
        { text: `  ${labels.typoColumns.correct}：`, style: w.style(COLORS.muted) },
        { text: row.correct, style: w.style(COLORS.cited, null, true) },
      ],
      { size, gap: 2 },
    );
  });
  w.paragraph([{ text: labels.typoNote, style: w.style(COLORS.muted) }], { size: SMALL, gap: 6 });
}

/** Full text with AIGC bars, and with scope 'all' the marks and sentence bands. */
function drawFullText(w: PdfWriter, report: CheckReport, labels: ReportLabels, scope: ReportScope): void {
  w.heading(scope === 'aigc' ? labels.aigcFullText : labels.fullText);
  w.legend(fullTextLegend(report, labels, scope));
  const segments = paragraphSegments(report, scope);
  report.paragraphs.forEach((paragraph, i) => {
    const heading = isHeadingKind(paragraph.kind);
    const runs: Run[] = segments[i].map((segment) => {
      const color = paragraph.excluded
        ? COLORS.excluded
        : segment.mark === 'copied'
          ? COLORS.copied
          : segment.mark === 'cited'
            ? COLORS.cited
            : COLORS.text;
      const background = segment.band ? COLORS.band[segment.band] : null;
      return { text: report.text.slice(segment.start, segment.end), style: w.style(color, background, heading) };
    });
    if (paragraph.aigcScore !== null)
      runs.push({ text: `  AI ${percent(paragraph.aigcScore)}`, style: w.style(paragraph.aigcBand === 'high' ? COLORS.aigc.high : COLORS.muted) });
    if (heading) w.y += 4;
    w.paragraph(runs, { indent: heading ? 0 : BODY * 2, bar: paragraph.aigcBand ? COLORS.aigc[paragraph.aigcBand] : null, gap: 3 });
  });
}

function drawChapterBars(w: PdfWriter, report: CheckReport, labels: ReportLabels): void {
  const bars = chapterBars(report.chapters, labels);
  if (!bars.length) return;
  const rowH = 16;
  const labelW = 150;
  const barW = 260;
  w.ensure(Math.min(bars.length, 6) * rowH + 20);
  for (const bar of bars) {
    w.ensure(rowH);
    const y = w.y;
    const label = shorten(bar.label, 14);
    w.put(label, PAGE.left + labelW - 8 - w.width(label, SMALL), y + 2, SMALL, COLORS.text);
    const x = PAGE.left + labelW;
    w.doc.rect(x, y + 3, barW, 10).fill(COLORS.gaugeTrack);
    const copiedW = Math.min(1, bar.copied) * barW;
    const citedW = Math.min(1 - Math.min(1, bar.copied), bar.cited) * barW;
    if (copiedW > 0) w.doc.rect(x, y + 3, copiedW, 10).fill(COLORS.copied);
    if (citedW > 0) w.doc.rect(x + copiedW, y + 3, citedW, 10).fill(COLORS.cited);
    w.put(percent(bar.total), x + barW + 8, y + 2, SMALL, COLORS.text);
    w.y += rowH;
  }
  w.put(labels.chartChapters, PAGE.left + labelW, w.y, 7.5, COLORS.muted);
  w.y += 16;
}

/** Each fragment beside its best source passages, two columns drawn line by line so they break across pages together. */
function drawComparison(w: PdfWriter, report: CheckReport, labels: ReportLabels, compared: number): void {
  w.heading(labels.comparison);
  if (!report.fragments.length) {
    w.paragraph([{ text: labels.comparisonNone, style: w.style(COLORS.text) }]);
    return;
  }
  const gap = 14;
  const colW = (CONTENT_WIDTH - gap) / 2;
  const size = 9;
  const lineHeight = size * LINE;
  report.fragments.forEach((fragment, i) => {
    const left: Run[] = [
      { text: `${labels.fragment} ${i + 1}\n`, style: w.style(COLORS.text, null, true) },
      {
        text: `${labels.copiedChars} ${integer(fragment.copiedChars)} · ${labels.citedChars} ${integer(fragment.citedChars)}\n`,
        style: w.style(COLORS.muted),
      },
    ];
    let at = fragment.start;
    for (const mark of marksWithin(report.marks, fragment.start, fragment.end)) {
      if (mark.start > at) left.push({ text: report.text.slice(at, mark.start), style: w.style(COLORS.text) });
      left.push({ text: report.text.slice(mark.start, mark.end), style: w.style(mark.kind === 'copied' ? COLORS.copied : COLORS.cited) });
      at = mark.end;
    }
    if (at < fragment.end) left.push({ text: report.text.slice(at, fragment.end), style: w.style(COLORS.text) });
    const right: Run[] = [];
    for (const p of fragment.passages.slice(0, Math.max(1, compared))) {
      const passage = report.passages[p];
      const source = report.sources[passage.source];
      if (right.length) right.push({ text: '\n', style: w.style(COLORS.text) });
      right.push({ text: `${source.title}${source.own ? `（${labels.ownPaper}）` : ''}\n`, style: w.style(COLORS.text, null, true) });
      right.push({
        text: `${source.origin ? `${source.origin} · ` : ''}${matchLabel(passage, labels)}\n`,
        style: w.style(COLORS.muted),
      });
      right.push({ text: passage.sourceText || labels.sourceTextMissing, style: w.style(COLORS.text) });
    }
    const leftLines = layoutRuns(left, colW - 8, size, w.fonts);
    const rightLines = layoutRuns(right, colW - 8, size, w.fonts);
    const count = Math.max(leftLines.length, rightLines.length);
    w.ensure(Math.min(count, 4) * lineHeight + 12);
    w.doc
      .moveTo(PAGE.left, w.y)
      .lineTo(PAGE.width - PAGE.right, w.y)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    w.y += 6;
    for (let k = 0; k < count; k++) {
      w.ensure(lineHeight);
      if (leftLines[k]) w.drawLine(leftLines[k], PAGE.left + 4, w.y, size, lineHeight, null);
      if (rightLines[k]) w.drawLine(rightLines[k], PAGE.left + colW + gap + 4, w.y, size, lineHeight, null);
      w.y += lineHeight;
    }
    w.y += 6;
  });
}
