// The report model: everything a duplicate-and-AIGC check found, as plain serialisable data. Renderers (HTML, PDF)
// read only this, so a stored report can be rendered again later in another language or variant.
//
// Offsets are [start, end) in UTF-16 code units of `CheckReport.text` (the parsed document's text); "characters" in
// figures are counted characters: non-whitespace code units outside the excluded spans (TOC, references, footnotes),
// exactly as the ingestion stage counts `ParsedDocument.countedChars`.
import type { AigcModelInfo } from '../aigc/types';
import type { ExclusionReason, ParagraphKind, ChapterRole, SourceFormat } from '../ingest/types';

/** Version of the `CheckReport` shape; bumped on any incompatible change so stored reports can be migrated. */
export const REPORT_MODEL_VERSION = 1;

/** Which library a source document belongs to. */
export type LibraryKind = 'reference' | 'cms' | 'self';

/** What the caller knows about a source document of the library. */
export interface SourceMeta {
  id: number;
  title: string;
  /** Where it comes from (journal, site, upload...), shown next to the title. */
  origin: string;
  libraryKind: LibraryKind;
  /** Owner of a self-library paper; a self-library source of the checked member is one of "their own earlier papers". */
  memberId?: string | number | null;
}

/** The detector output the report needs (a `Detection` of match/detector.ts fits). */
export interface ReportDetection {
  sourceId: number;
  thisOffset: number;
  thisLength: number;
  sourceOffset: number;
  sourceLength: number;
  /** Share of matched characters of the passage, in [0, 1]. */
  similarity: number;
  /** Whether both sides are the same text after normalisation; when absent, a similarity of 1 counts as identical. */
  identical?: boolean;
}

/** Sentence similarity band: red >= 80 %, orange 50-79 %, yellow 30-49 %. */
export type SimilarityBand = 'red' | 'orange' | 'yellow';

/** AIGC paragraph band: high >= 80 %, medium 50-79 % (below: none). */
export type AigcBand = 'high' | 'medium';

/** Thresholds the report was built with (stored with it, so the figures can be explained later). */
export interface ReportRules {
  /** A paragraph is suspect when its copied (red) characters are more than this share of its counted characters. */
  suspectParagraphShare: number;
  /** Lower bounds of the sentence similarity bands. */
  bands: Record<SimilarityBand, number>;
  /** Score from which an AIGC paragraph counts as flagged (`aggregateScores` threshold). */
  aigcThreshold: number;
  /** Paragraphs shorter than this (code points) are not scored for AIGC figures. */
  aigcMinChars: number;
  /** Lower bounds of the AIGC paragraph bands. */
  aigcBands: Record<AigcBand, number>;
  /** Sources listed per chapter in the chapter table. */
  topSourcesPerChapter: number;
}

/** Default thresholds. */
export const DEFAULT_REPORT_RULES: ReportRules = Object.freeze({
  suspectParagraphShare: 0.1,
  bands: Object.freeze({ red: 0.8, orange: 0.5, yellow: 0.3 }),
  aigcThreshold: 0.5,
  aigcMinChars: 20,
  aigcBands: Object.freeze({ high: 0.8, medium: 0.5 }),
  topSourcesPerChapter: 3,
}) as ReportRules;

/** Character figures of a part of the document (whole, chapter, paragraph). */
export interface CharFigures {
  /** Counted characters: the denominator. */
  totalChars: number;
  /** Counted characters covered by any detection (red + green), each character once. */
  duplicateChars: number;
  /** Duplicate characters inside cited passages (green). */
  citedChars: number;
  /** Duplicate characters outside cited passages (red) = duplicateChars - citedChars. */
  copiedChars: number;
}

/** The headline figures. */
export interface ReportSummary extends CharFigures {
  /** duplicateChars / totalChars (总文字复制比). */
  totalRatio: number;
  /** copiedChars / totalChars (去除引用文献复制比). */
  ratioExcludingCited: number;
  /** Duplicate characters covered by at least one source that is not the member's own paper, / totalChars (去除本人文献复制比). */
  ratioExcludingSelf: number;
  /** Duplicate characters covered only by the member's own earlier papers. */
  ownChars: number;
  /** Largest overlap of a single source / totalChars (单篇最大文字复制比). */
  largestSourceRatio: number;
  /** Index into `sources` of that source, or -1 without sources. */
  largestSource: number;
  /** Text paragraphs (not headings or the title, not excluded, with counted characters). */
  paragraphs: number;
  suspectParagraphs: number;
  /** Sources with at least one counted overlapping character. */
  sourceCount: number;
  /** Characters of the excluded spans (TOC, references, footnotes), whitespace not counted. */
  excludedChars: number;
}

/** One source in the source list, sorted by overlap (largest first). */
export interface ReportSource {
  id: number;
  title: string;
  origin: string;
  libraryKind: LibraryKind;
  /** A self-library paper of the checked member. */
  own: boolean;
  /** Counted characters of the document covered by this source's passages (cited ones included), each once. */
  overlapChars: number;
  /** Of those, inside cited passages. */
  citedChars: number;
  /** overlapChars / summary.totalChars. */
  ratio: number;
  /** Passages (detections) from this source. */
  passages: number;
  maxSimilarity: number;
}

/** A row of the chapter table: the front matter or a top-level chapter with its sections. */
export interface ReportChapter extends CharFigures {
  title: string;
  /** 'front' for the text before the first heading (title page), 'notes' for footnotes gathered after the text. */
  role: ChapterRole | 'front' | 'notes';
  start: number;
  end: number;
  /** TOC and references: shown, never counted. */
  excluded: boolean;
  /** duplicateChars / totalChars of the chapter (0 when it has none). */
  totalRatio: number;
  /** copiedChars / totalChars of the chapter. */
  ratioExcludingCited: number;
  paragraphs: number;
  suspectParagraphs: number;
  /** Sources overlapping the chapter most: index into `sources` and counted characters in the chapter. */
  topSources: { source: number; chars: number }[];
  /** Character-weighted AIGC figures of the chapter's scored paragraphs, or null when none was scored. */
  aigc: { weightedScore: number; flaggedShare: number; chars: number } | null;
}

/** One detection kept in the report (those with no counted character are dropped). */
export interface ReportPassage {
  /** Index into `sources`. */
  source: number;
  start: number;
  end: number;
  sourceStart: number;
  sourceEnd: number;
  similarity: number;
  /** 'identical' (the same text, up to punctuation, width and script) or 'similar' (disguised: edited, synonyms, reordered). */
  match: 'identical' | 'similar';
  /** Counted characters of the passage and, of those, cited ones. */
  chars: number;
  citedChars: number;
  /** The source side of the passage, for the side-by-side comparison ('' when the source text was not available). */
  sourceText: string;
}

/** A run of the document covered by overlapping passages: one entry of the side-by-side comparison. */
export interface ReportFragment {
  start: number;
  end: number;
  copiedChars: number;
  citedChars: number;
  /** Indexes into `passages`, best first (most counted characters, then highest similarity). */
  passages: number[];
}

/** A coloured span of the full text: copied (red) or cited (green). Sorted, non-overlapping, outside excluded spans. */
export interface ReportMark {
  start: number;
  end: number;
  kind: 'copied' | 'cited';
}

/** One paragraph of the document with its figures. */
export interface ReportParagraph extends CharFigures {
  start: number;
  end: number;
  kind: ParagraphKind;
  /** Row of `chapters` it belongs to. */
  chapter: number;
  excluded: boolean;
  /** copiedChars / totalChars. */
  copiedShare: number;
  suspect: boolean;
  /** AIGC score in [0, 1], or null when the paragraph was not scored (or is shorter than aigcMinChars). */
  aigcScore: number | null;
  aigcBand: AigcBand | null;
}

/** A sentence with at least one duplicate character. */
export interface ReportSentence {
  start: number;
  end: number;
  paragraph: number;
  /** Mean, over the sentence's counted characters, of the similarity of the best passage covering each copied (red) character (0 for others). */
  similarity: number;
  band: SimilarityBand | null;
  cited: boolean;
}

/** AIGC part of the report. */
export interface ReportAigc {
  model: AigcModelInfo;
  /** Character-weighted mean paragraph score: the "AI feature value". */
  weightedScore: number;
  /** Share of scored characters in paragraphs scoring at least `rules.aigcThreshold`. */
  flaggedShare: number;
  /** Characters (code points) of the scored paragraphs, and of those skipped as too short. */
  chars: number;
  skippedChars: number;
  flaggedChars: number;
  /** Scored paragraphs per band. */
  paragraphsHigh: number;
  paragraphsMedium: number;
  paragraphsScored: number;
}

/** One occurrence of an error-prone word (疑似错别字) in the text. */
export interface ReportTypo {
  start: number;
  end: number;
  /** The wrong form as written, and its correction. */
  wrong: string;
  correct: string;
  /** Index into `paragraphs` of the paragraph holding it. */
  paragraph: number;
}

/** The error-prone words section. */
export interface ReportTypos {
  /** Version of the word list searched (`TypoWords.version`). */
  listVersion: string;
  /** Occurrences outside the excluded spans, in text order. */
  occurrences: ReportTypo[];
}

/** The whole report. */
export interface CheckReport {
  version: typeof REPORT_MODEL_VERSION;
  checkedAt: string;
  document: {
    title: string;
    fileName: string;
    format: SourceFormat;
    pageCount: number | null;
    keywords: string[];
  };
  /** The document text all offsets point into. */
  text: string;
  rules: ReportRules;
  summary: ReportSummary;
  chapters: ReportChapter[];
  sources: ReportSource[];
  passages: ReportPassage[];
  fragments: ReportFragment[];
  marks: ReportMark[];
  excluded: { start: number; end: number; reason: ExclusionReason }[];
  paragraphs: ReportParagraph[];
  sentences: ReportSentence[];
  /** Null when no AIGC scorer ran. */
  aigc: ReportAigc | null;
  /** Null when no word list was searched; absent in reports stored before the section existed. */
  typos?: ReportTypos | null;
}
