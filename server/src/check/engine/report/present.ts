// Presentation shared by the HTML and PDF renderers: colours, number formats, chart geometry and the split of each
// paragraph into uniformly styled segments (mark, sentence band, fragment start).
import type { CheckReport, ReportChapter, ReportMark, SimilarityBand } from './types';
import { chapterName, type ReportLabels, type ReportLanguage } from './labels';

/** Which report: concise (figures, sources, marked full text) or full (the same plus each passage beside its source). */
export type ReportVariant = 'concise' | 'full';

/** Rendering options shared by the HTML and PDF renderers. */
export interface RenderOptions {
  variant?: ReportVariant;
  language?: ReportLanguage;
  /** Source passages shown beside each fragment in the full variant (best first); default 3. */
  comparedSources?: number;
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

/** Splits every paragraph of the report into segments of one mark, one sentence band and at most one fragment start. */
export function paragraphSegments(report: CheckReport): TextSegment[][] {
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

/** Label and value pairs of the summary table. */
export function summaryFigures(report: CheckReport, labels: ReportLabels): [string, string][] {
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
  for (let k = lo; k < marks.length && marks[k].start < end; k++) out.push({ start: Math.max(start, marks[k].start), end: Math.min(end, marks[k].end), kind: marks[k].kind });
  return out;
}
