// Presentation shared by the HTML and PDF renderers: colours, number formats, chart geometry and the split of each
// paragraph into uniformly styled segments (mark, sentence band, fragment start).
import type { CheckReport, ReportChapter, ReportMark, ReportPassage, SimilarityBand } from './types';
import { chapterName, reportLabels, type ReportLabels, type ReportLanguage } from './labels';

/** Which report: concise (figures, sources, marked full text) or full (the same plus each passage beside its source). */
export type ReportVariant = 'concise' | 'full';

/**
 * What the report covers: 'all' is the duplicate check with its AIGC section; 'aigc' is the AIGC detection report
 * (AI figures, AIGC section and the full text with AIGC bands only: no duplicate figures, marks, sources or comparison).
 */
export type ReportScope = 'all' | 'aigc';

/** Rendering options shared by the HTML and PDF renderers. */
export interface RenderOptions {
  variant?: ReportVariant;
  language?: ReportLanguage;
  /** Source passages shown beside each fragment in the full variant (best first); default 3. */
  comparedSources?: number;
  /** Default 'all'; with 'aigc' the 'full' variant renders like 'concise' (there is nothing to compare). */
  scope?: ReportScope;
}

/** The options with their defaults filled in, as both renderers use them. */
export interface ResolvedRenderOptions {
  language: ReportLanguage;
  labels: ReportLabels;
  variant: ReportVariant;
  scope: ReportScope;
  comparedSources: number;
  /** Heading of the report. */
  title: string;
  /** Variant shown beside the heading, or null (the AIGC report has a single variant). */
  variantLabel: string | null;
  /** The closing disclaimer. */
  disclaimer: string;
}

/** Fills in the defaults of the rendering options (zh-CN, concise, scope 'all', 3 compared sources). */
export function resolveRenderOptions(options: RenderOptions): ResolvedRenderOptions {
  const language = options.language ?? 'zh-CN';
  const labels = reportLabels(language);
  const scope: ReportScope = options.scope === 'aigc' ? 'aigc' : 'all';
  const variant: ReportVariant = scope === 'aigc' ? 'concise' : (options.variant ?? 'concise');
  return {
    language,
    labels,
    variant,
    scope,
    comparedSources: options.comparedSources ?? 3,
    title: scope === 'aigc' ? labels.aigcReportTitle : labels.reportTitle,
    variantLabel: scope === 'aigc' ? null : variant === 'full' ? labels.variantFull : labels.variantConcise,
    disclaimer: scope === 'aigc' ? labels.aigcReportDisclaimer : labels.disclaimer,
  };
}

/** Colours of marks, bands and charts (hex, used by both renderers). */
export const COLORS = Object.freeze({
  text: '#1f2329',
  muted: '#6b7280',
  rule: '#d0d5dd',
  header: '#f2f4f7',
  copied: '#d4161c',
  cited: '#16873a',
  excluded: '#9aa0a6',
  band: Object.freeze({ red: '#fbd3d3', orange: '#fde0bd', yellow: '#fbf1a9' } as Record<SimilarityBand, string>),
  aigc: Object.freeze({ high: '#7e3fb4', medium: '#cdb0e8' }),
  gaugeTrack: '#e6e8ec',
  gaugeLow: '#2f9e55',
  gaugeMid: '#e8950f',
  gaugeHigh: '#d4161c',
});

/** "12.3%" (one decimal). */
export function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/**
 * How a passage is shown beside its source: "相同" for the same text, "相似 82.0%" for a disguised one. A similar
 * passage never reads 100%: rounding stops at 99.9%. A report stored before `match` existed falls back on similarity 1.
 */
export function matchLabel(passage: Pick<ReportPassage, 'match' | 'similarity'>, labels: ReportLabels): string {
  if ((passage.match ?? (passage.similarity >= 1 ? 'identical' : 'similar')) === 'identical') return labels.matchKinds.identical;
  return `${labels.matchKinds.similar} ${percent(Math.min(passage.similarity, 0.999))}`;
}

/** "12,345". */
export function integer(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Gauge colour: green below `low`, orange below `high`, red from `high`. */
export function gaugeColor(value: number, low: number, high: number): string {
  if (value < low) return COLORS.gaugeLow;
  if (value < high) return COLORS.gaugeMid;
  return COLORS.gaugeHigh;
}

/** Colour thresholds of the duplicate-ratio gauge and of the AI-feature gauge. */
export const GAUGE_THRESHOLDS = Object.freeze({ ratio: [0.1, 0.3] as const, aigc: [0.3, 0.5] as const });

/**
 * SVG path data of an upper half-circle arc of a gauge, from fraction `from` to `to` of the way left -> right
 * (both in [0, 1]); pdfkit's path() reads the same data.
 */
export function gaugeArc(cx: number, cy: number, r: number, from: number, to: number): string {
  const point = (f: number) => {
    const angle = Math.PI * (1 - Math.min(1, Math.max(0, f)));
    return [cx + r * Math.cos(angle), cy - r * Math.sin(angle)].map((v) => v.toFixed(2)).join(' ');
  };
  return `M ${point(from)} A ${r} ${r} 0 0 1 ${point(to)}`;
}

/** A bar of the per-chapter chart. */
export interface ChapterBar {
  label: string;
  copied: number;
  cited: number;
  total: number;
}

/** Bars of the per-chapter chart: counted chapters only, ratios of each chapter's own characters. */
export function chapterBars(chapters: readonly ReportChapter[], labels: ReportLabels): ChapterBar[] {
  return chapters
    .filter((chapter) => !chapter.excluded && chapter.totalChars > 0)
    .map((chapter) => ({
      label: chapterName(chapter, labels),
      copied: chapter.ratioExcludingCited,
      cited: chapter.totalChars ? chapter.citedChars / chapter.totalChars : 0,
      total: chapter.totalRatio,
    }));
}

/** Cuts a label to `max` characters with an ellipsis. */
export function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A uniformly styled piece of a paragraph. */
export interface TextSegment {
  start: number;
  end: number;
  mark: 'copied' | 'cited' | null;
  band: SimilarityBand | null;
  /** Number (1-based) of the comparison fragment that starts here, or 0. */
  fragment: number;
}

/** Splits every paragraph into segments of one mark, one sentence band and at most one fragment start (scope 'aigc': one plain segment). */
export function paragraphSegments(report: CheckReport, scope: ReportScope = 'all'): TextSegment[][] {
  if (scope === 'aigc') return report.paragraphs.map(({ start, end }) => [{ start, end, mark: null, band: null, fragment: 0 }]);
  const { marks, sentences, fragments } = report;
  const bandSentences = sentences.filter((sentence) => sentence.band !== null);
  let m = 0;
  let s = 0;
  let f = 0;
  return report.paragraphs.map((paragraph) => {
    const { start, end } = paragraph;
    const cuts = new Set<number>([start, end]);
    while (m < marks.length && marks[m].end <= start) m++;
    for (let k = m; k < marks.length && marks[k].start < end; k++) {
      cuts.add(Math.max(start, marks[k].start));
      cuts.add(Math.min(end, marks[k].end));
    }
    while (s < bandSentences.length && bandSentences[s].end <= start) s++;
    for (let k = s; k < bandSentences.length && bandSentences[k].start < end; k++) {
      cuts.add(Math.max(start, bandSentences[k].start));
      cuts.add(Math.min(end, bandSentences[k].end));
    }
    const fragmentAt = new Map<number, number>();
    while (f < fragments.length && fragments[f].start < start) f++;
    for (let k = f; k < fragments.length && fragments[k].start < end; k++) {
      fragmentAt.set(fragments[k].start, k + 1);
      cuts.add(fragments[k].start);
    }
    const points = [...cuts].sort((a, b) => a - b);
    const segments: TextSegment[] = [];
    let mk = m;
    let sk = s;
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i];
      const b = points[i + 1];
      while (mk < marks.length && marks[mk].end <= a) mk++;
      while (sk < bandSentences.length && bandSentences[sk].end <= a) sk++;
      const mark = mk < marks.length && marks[mk].start <= a ? marks[mk].kind : null;
      const band = sk < bandSentences.length && bandSentences[sk].start <= a ? bandSentences[sk].band : null;
      segments.push({ start: a, end: b, mark, band, fragment: fragmentAt.get(a) ?? 0 });
    }
    return segments;
  });
}

/** The body paragraphs' display form: headings and the title are shown as such, the rest as text. */
export function isHeadingKind(kind: string): boolean {
  return kind === 'heading' || kind === 'title';
}

/** "2025-01-31 12:34:56 UTC" from an ISO time (kept as given when it does not parse). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Label and value pairs of the report header (document data). */
export function headerFigures(report: CheckReport, labels: ReportLabels): [string, string][] {
  return [
    [labels.documentTitle, report.document.title],
    [labels.fileName, report.document.fileName],
    [labels.checkedAt, formatTime(report.checkedAt)],
    [labels.reportVersion, String(report.version)],
  ];
}

/** Label and value pairs of the summary table: the duplicate figures, or with scope 'aigc' the AIGC figures (empty when no scorer ran). */
export function summaryFigures(report: CheckReport, labels: ReportLabels, scope: ReportScope = 'all'): [string, string][] {
  if (scope === 'aigc') return aigcSummaryFigures(report, labels);
  const s = report.summary;
  const largest = s.largestSource >= 0 ? report.sources[s.largestSource] : null;
  return [
    [labels.totalRatio, percent(s.totalRatio)],
    [labels.ratioExcludingCited, percent(s.ratioExcludingCited)],
    [labels.ratioExcludingSelf, percent(s.ratioExcludingSelf)],
    [labels.largestSourceRatio, largest ? `${percent(s.largestSourceRatio)}（${shorten(largest.title, 40)}）` : percent(0)],
    [labels.duplicateChars, integer(s.duplicateChars)],
    [labels.totalChars, integer(s.totalChars)],
    [labels.citedChars, integer(s.citedChars)],
    [labels.copiedChars, integer(s.copiedChars)],
    [labels.paragraphs, integer(s.paragraphs)],
    [labels.suspectParagraphs, integer(s.suspectParagraphs)],
    [labels.sourceCount, integer(s.sourceCount)],
    [labels.excludedChars, integer(s.excludedChars)],
  ];
}

/** Label and value pairs of the AIGC figures; empty when no scorer ran. */
export function aigcFigures(report: CheckReport, labels: ReportLabels): [string, string][] {
  const aigc = report.aigc;
  if (!aigc) return [];
  return [
    [labels.aiFeatureValue, percent(aigc.weightedScore)],
    [labels.aigcFlaggedShare, percent(aigc.flaggedShare)],
    [labels.aigcParagraphs, `${aigc.paragraphsHigh} / ${aigc.paragraphsMedium} / ${aigc.paragraphsScored}`],
    [labels.aigcModel, `${aigc.model.name} ${aigc.model.version} (${aigc.model.backend})`],
  ];
}

/** Label and value pairs of the AIGC report's summary; empty when no scorer ran. */
export function aigcSummaryFigures(report: CheckReport, labels: ReportLabels): [string, string][] {
  const aigc = report.aigc;
  if (!aigc) return [];
  return [
    [labels.aiFeatureValue, percent(aigc.weightedScore)],
    [labels.aigcFlaggedShare, percent(aigc.flaggedShare)],
    [labels.aigcScoredChars, integer(aigc.chars)],
    [labels.aigcFlaggedChars, integer(aigc.flaggedChars)],
    [labels.aigcSkippedChars, integer(aigc.skippedChars)],
    [labels.aigcParagraphs, `${aigc.paragraphsHigh} / ${aigc.paragraphsMedium} / ${aigc.paragraphsScored}`],
  ];
}

/** Head and rows of the AIGC report's chapter table: chapters with AIGC figures only (no rows when none was scored). */
export function aigcChapterTable(report: CheckReport, labels: ReportLabels): { head: string[]; rows: string[][] } {
  const head = [labels.chapter, labels.aigcScoredChars, labels.aiFeatureValue, labels.aigcFlaggedShare];
  const rows = report.chapters.flatMap((chapter) =>
    chapter.aigc
      ? [[chapterName(chapter, labels), integer(chapter.aigc.chars), percent(chapter.aigc.weightedScore), percent(chapter.aigc.flaggedShare)]]
      : [],
  );
  return { head, rows };
}

/** A colour key entry. */
export interface LegendItem {
  color: string;
  label: string;
}

/** Colour key of the AIGC paragraph bands. */
export function aigcLegend(labels: ReportLabels): LegendItem[] {
  return [
    { color: COLORS.aigc.high, label: labels.aigcBands.high },
    { color: COLORS.aigc.medium, label: labels.aigcBands.medium },
  ];
}

/** Colour key of the full text: marks, excluded text and sentence bands, or with scope 'aigc' excluded text and the AIGC bands (when scored). */
export function fullTextLegend(report: CheckReport, labels: ReportLabels, scope: ReportScope = 'all'): LegendItem[] {
  const excluded = { color: COLORS.excluded, label: labels.legendExcluded };
  if (scope === 'aigc') return [excluded, ...(report.aigc ? aigcLegend(labels) : [])];
  return [
    { color: COLORS.copied, label: labels.legendCopied },
    { color: COLORS.cited, label: labels.legendCited },
    excluded,
    ...(['red', 'orange', 'yellow'] as const).map((band) => ({ color: COLORS.band[band], label: labels.bands[band] })),
  ];
}

/** Characters of context shown on each side of an error-prone word. */
export const TYPO_CONTEXT = 10;

/** A row of the error-prone words section: the context split around the wrong form, the correction, where it is. */
export interface TypoRow {
  before: string;
  wrong: string;
  after: string;
  correct: string;
  /** "第 3 段" / "Paragraph 3": the paragraph's number among the report's paragraphs. */
  position: string;
}

/**
 * Rows of the error-prone words section (null when the report has no such section: no list was searched, or it was
 * stored before the section existed). Context stays within the paragraph; line breaks show as spaces.
 */
export function typoRows(report: CheckReport, labels: ReportLabels): TypoRow[] | null {
  if (!report.typos) return null;
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  return report.typos.occurrences.map((typo) => {
    const paragraph = report.paragraphs[typo.paragraph];
    const from = Math.max(paragraph?.start ?? 0, typo.start - TYPO_CONTEXT);
    const to = Math.min(paragraph?.end ?? report.text.length, typo.end + TYPO_CONTEXT);
    return {
      before: (from > (paragraph?.start ?? 0) ? '…' : '') + flat(report.text.slice(from, typo.start)),
      wrong: report.text.slice(typo.start, typo.end),
      after: flat(report.text.slice(typo.end, to)) + (to < (paragraph?.end ?? report.text.length) ? '…' : ''),
      correct: typo.correct,
      position: labels.typoPosition.replace('{n}', String(typo.paragraph + 1)),
    };
  });
}

/** "共 3 处（2 个词）": occurrences and distinct wrong forms. */
export function typoCount(report: CheckReport, labels: ReportLabels): string {
  const occurrences = report.typos?.occurrences ?? [];
  const words = new Set(occurrences.map((typo) => typo.wrong)).size;
  return labels.typoCount.replace('{count}', String(occurrences.length)).replace('{words}', String(words));
}

/** The marks overlapping [start, end), clipped (marks are sorted and disjoint). */
export function marksWithin(marks: readonly ReportMark[], start: number, end: number): ReportMark[] {
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: ReportMark[] = [];
  for (let k = lo; k < marks.length && marks[k].start < end; k++)
    out.push({ start: Math.max(start, marks[k].start), end: Math.min(end, marks[k].end), kind: marks[k].kind });
  return out;
}
