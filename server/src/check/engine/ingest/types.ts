// Public shapes of the ingestion stage. Every range is [start, end) in UTF-16 code units of `ParsedDocument.text`
// (plain JavaScript string indices), so `text.slice(range.start, range.end)` gives the piece.

/** A half-open span of `ParsedDocument.text`. */
export interface TextRange {
  start: number;
  end: number;
}

/** The formats the engine reads, detected from the content. */
export type SourceFormat = 'docx' | 'pdf' | 'txt';

/** What a section of the paper is; decides whether it counts toward the duplicate ratio. */
export type ChapterRole = 'abstract' | 'toc' | 'body' | 'references' | 'acknowledgements' | 'appendix';

/** What a paragraph is. `toc`, `references` and `footnote` paragraphs are excluded from the ratio. */
export type ParagraphKind = 'title' | 'heading' | 'abstract' | 'toc' | 'body' | 'table' | 'caption' | 'references' | 'footnote';

/** A heading and the span it governs (up to the next heading of the same or a higher level). */
export interface Chapter {
  title: string;
  /** 1 = chapter, 2 = section, 3 = subsection, ... */
  level: number;
  role: ChapterRole;
  /** The heading and its content. */
  range: TextRange;
  /** The heading's own text (for an inline heading such as "摘要：本文……", only the "摘要：" part). */
  headingRange: TextRange;
  /** Index of the enclosing chapter, or -1 for a top-level one. */
  parent: number;
  /** True for the table of contents and the references: not part of the ratio. */
  excluded: boolean;
}

/** One paragraph (one line of `text`). */
export interface Paragraph {
  range: TextRange;
  kind: ParagraphKind;
  /** Index of the innermost chapter holding it, or -1 (front matter before the first heading, footnotes). */
  chapter: number;
  excluded: boolean;
}

/** One sentence, never crossing a paragraph. */
export interface Sentence {
  range: TextRange;
  paragraph: number;
  excluded: boolean;
  /** True when a citation's cited range overlaps it. */
  cited: boolean;
}

/** How a source is marked: numbered ([1], ［2-4］), footnote (^1, ¹, a Word footnote) or author-year ((张三, 2019)). */
export type CitationStyle = 'numeric' | 'footnote' | 'author-year';

/** A cited passage and the marker that cites it. */
export interface Citation {
  /** The cited text: the quotation (with its quote marks) or the whole sentence. */
  range: TextRange;
  marker: TextRange;
  markerText: string;
  style: CitationStyle;
  /** `quote` when a quotation sits next to the marker, `sentence` for a paraphrase. */
  kind: 'quote' | 'sentence';
}

/** Why a span is left out of the ratio. */
export type ExclusionReason = 'toc' | 'references' | 'footnotes';

/** A span left out of the ratio. */
export interface ExcludedRange {
  range: TextRange;
  reason: ExclusionReason;
}

/** The paper as plain text with its structure. */
export interface ParsedDocument {
  format: SourceFormat;
  fileName: string;
  /** Every paragraph on its own line, joined with "\n". */
  text: string;
  /** Characters of `text` that count toward the ratio (outside excluded spans, without whitespace). */
  countedChars: number;
  title: string;
  /** Where the title is in `text`; null when it came from the file name. */
  titleRange: TextRange | null;
  /** Body of the (Chinese, else the only) abstract, without its heading and keywords line. */
  abstract: TextRange | null;
  /** Body of the English abstract when there is a Chinese one too. */
  englishAbstract: TextRange | null;
  keywords: string[];
  /** Table of contents (heading and entries), excluded from the ratio. */
  toc: TextRange | null;
  /** The references section (heading and entries), excluded from the ratio. */
  references: TextRange | null;
  chapters: Chapter[];
  paragraphs: Paragraph[];
  sentences: Sentence[];
  citations: Citation[];
  /** Union of the citations' cited ranges, sorted and merged. */
  cited: TextRange[];
  /** Sorted, non-overlapping spans that do not count toward the ratio. */
  excluded: ExcludedRange[];
  /** Pages of a PDF; null for other formats. */
  pageCount: number | null;
  /** Non-fatal notes of the readers (unknown styles, dropped headers), for logs. */
  warnings: string[];
}

/** Size limits of one upload. */
export interface IngestLimits {
  /** File size in bytes. */
  maxBytes: number;
  /** Characters of the extracted text. */
  maxChars: number;
  /** Pages of a PDF. */
  maxPages: number;
}

/** Limits used when the caller gives none: a doctoral thesis fits with room to spare. */
export const DEFAULT_INGEST_LIMITS: IngestLimits = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxChars: 600_000,
  maxPages: 1_000,
});

/** What a format reader hands to the structure analysis: one paragraph and what the format says about it. */
export interface SourceBlock {
  text: string;
  /** Heading level from the document's own styles (docx), trusted over text patterns. */
  headingLevel?: number;
  /** A role the format knows for sure (a Title style, a TOC style, a table cell, a footnote). */
  hint?: 'title' | 'toc' | 'caption' | 'table' | 'footnote';
}

/** Output of a format reader. */
export interface ExtractedBlocks {
  blocks: SourceBlock[];
  /** True when the reader has reliable heading levels (docx heading styles); patterns then only add special sections. */
  styledHeadings: boolean;
  pageCount: number | null;
  warnings: string[];
}
