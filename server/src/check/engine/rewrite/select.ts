// Which paragraphs a rewrite touches, and the paragraph list of the rewrite document.
import { matchHeading } from '../ingest/headings';
import type { ParagraphKind } from '../ingest/types';
import type { CheckReport, ReportParagraph } from '../report/types';
import type { RewriteDocParagraph, RewriteItem, RewriteMode } from './types';

// Running text only: headings, the title, captions and the excluded parts (TOC, references, footnotes) are not
// prose, and table cells hold data and labels whose rewording would break the table.
const REWRITABLE_KINDS: ReadonlySet<ParagraphKind> = new Set(['body', 'abstract']);
// The keywords line is an 'abstract' paragraph too, but its terms must stay as they are.
const KEYWORDS_LINE = /^\s*(?:关\s*键\s*[词字]|key\s*words?)\s*[:：]/iu;

function isRewritable(paragraph: ReportParagraph, text: string): boolean {
  return !paragraph.excluded && REWRITABLE_KINDS.has(paragraph.kind) && paragraph.totalChars > 0 && !KEYWORDS_LINE.test(text);
}

function isFlagged(paragraph: ReportParagraph, mode: RewriteMode, rules: CheckReport['rules']): boolean {
  if (mode === 'aigc') return paragraph.aigcScore !== null && paragraph.aigcScore >= rules.aigcThreshold;
  return paragraph.suspect || (paragraph.copiedChars > 0 && paragraph.copiedShare >= rules.suspectParagraphShare);
}

/** The flagged text paragraphs of a report to rewrite in `mode`, in document order. */
export function selectParagraphs(report: CheckReport, mode: RewriteMode): RewriteItem[] {
  const items: RewriteItem[] = [];
  report.paragraphs.forEach((paragraph, index) => {
    const text = report.text.slice(paragraph.start, paragraph.end);
    if (!isRewritable(paragraph, text) || !isFlagged(paragraph, mode, report.rules)) return;
    items.push({ index, start: paragraph.start, end: paragraph.end, text, copiedShare: paragraph.copiedShare, aigcScore: paragraph.aigcScore });
  });
  return items;
}

/** Level of a heading paragraph: 1 when it opens a chapter row of the report, else from its numbering (1.2 -> 2). */
function headingLevel(report: CheckReport, paragraph: ReportParagraph, text: string): number {
  if (report.chapters.some((chapter) => chapter.start === paragraph.start && chapter.role !== 'front' && chapter.role !== 'notes')) return 1;
  const match = matchHeading(text);
  let level = 2;
  if (match?.family === 'numeric') level = match.numbers.length;
  else if (match?.family === 'cn-paren') level = 3;
  return Math.min(Math.max(level, 2), 4);
}

/** The report's paragraphs for `buildRewriteDocx`, with the rewritten texts (by paragraph index) put in. */
export function paragraphsOf(report: CheckReport, rewrites: ReadonlyMap<number, string> = new Map()): RewriteDocParagraph[] {
  return report.paragraphs.map((paragraph, index) => {
    const original = report.text.slice(paragraph.start, paragraph.end);
    const rewritten = rewrites.get(index);
    const out: RewriteDocParagraph = { kind: paragraph.kind, text: rewritten ?? original, rewritten: rewritten !== undefined };
    if (paragraph.kind === 'heading') out.level = headingLevel(report, paragraph, original);
    return out;
  });
}
