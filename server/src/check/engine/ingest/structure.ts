// Structure of a paper from its paragraph blocks: headings and chapters, title, abstract, table of contents,
// references, sentences and citations. Format-independent: every reader hands over `SourceBlock`s.
import { findCitations, mergeRanges } from './citations';
import { isCaption, isTocEntry, matchHeading, specialSectionOf, type HeadingFamily, type HeadingMatch, type SpecialSection } from './headings';
import { splitSentences } from './sentences';
import { normalizeParagraph } from './text-utils';
import type {
  Chapter,
  ChapterRole,
  Citation,
  ExcludedRange,
  ExtractedBlocks,
  Paragraph,
  ParagraphKind,
  ParsedDocument,
  Sentence,
  SourceBlock,
  SourceFormat,
  TextRange,
} from './types';

interface Para {
  text: string;
  range: TextRange;
  block: SourceBlock;
}

interface HeadingPick {
  /** First and last paragraph of the heading (a bare "第一章" may take its title from the next line). */
  first: number;
  last: number;
  family: HeadingFamily | 'style';
  numbers: number[];
  styleLevel: number | null;
  special: SpecialSection | null;
  title: string;
  headingRange: TextRange;
  inline: boolean;
}

/** Joins the blocks into the document text, one paragraph per line, dropping empty ones. */
function assemble(blocks: SourceBlock[]): { text: string; paras: Para[] } {
  const paras: Para[] = [];
  let offset = 0;
  const pieces: string[] = [];
  for (const block of blocks) {
    const text = normalizeParagraph(block.text);
    if (!text) continue;
    if (pieces.length) offset += 1;
    paras.push({ text, range: { start: offset, end: offset + text.length }, block });
    pieces.push(text);
    offset += text.length;
  }
  return { text: pieces.join('\n'), paras };
}

// The line after a bare "第一章" is its title unless it is a heading of its own (a named chapter like 引言 may be the title).
function titleLike(match: HeadingMatch | null): boolean {
  return (
    !match ||
    (match.family === 'special' &&
      (match.special === 'intro' || match.special === 'conclusion' || match.special === 'references' || match.special === 'acknowledgements'))
  );
}

const SPECIAL_ROLES: Partial<Record<SpecialSection, ChapterRole>> = {
  abstract: 'abstract',
  'abstract-en': 'abstract',
  toc: 'toc',
  references: 'references',
  acknowledgements: 'acknowledgements',
  appendix: 'appendix',
};

/** Sections whose subsections share their role (an appendix's sections are appendix too). */
const INHERITED_ROLES = new Set<ChapterRole>(['abstract', 'references', 'acknowledgements', 'appendix']);

/** Finds the headings, validating pattern headings by their numbering sequence. */
class HeadingFinder {
  readonly picks: HeadingPick[] = [];
  readonly tocParas = new Set<number>();
  private zone: 'toc' | 'references' | 'other' = 'other';
  private chapterNumber: number | null = null;
  private lastTopNumber = 0;
  private lastNumbers: number[] = [];
  private lastCnEnum = 0;
  private lastCnParen = 0;

  /** "第一章 … 1.1 …" numbering: a bare "1." can then only be a list item, since chapter 1 is 第一章. */
  private chaptersWithDottedSections = false;

  constructor(
    private readonly paras: Para[],
    private readonly mainEnd: number,
    private readonly styled: boolean,
  ) {}

  run(): void {
    const matches = this.paras.map((para, i) => (i < this.mainEnd && this.mayBeHeading(para) ? matchHeading(para.text) : null));
    this.chaptersWithDottedSections =
      matches.some((match) => match?.family === 'chapter') && matches.some((match) => match?.family === 'numeric' && match.numbers.length >= 2);
    for (let i = 0; i < this.mainEnd; i++) {
      const para = this.paras[i];
      if (para.block.hint === 'toc') {
        this.tocParas.add(i);
        continue;
      }
      if (this.zone === 'toc') {
        if (isTocEntry(para.text) || this.wrappedTocEntry(i, matches[i])) {
          this.tocParas.add(i);
          continue;
        }
        this.zone = 'other';
      }
      const pick = this.decide(i, matches[i], matches[i + 1] ?? null);
      if (!pick) continue;
      this.picks.push(pick);
      i = pick.last;
      const role = pick.special ? SPECIAL_ROLES[pick.special] : undefined;
      this.zone = role === 'toc' ? 'toc' : role === 'references' ? 'references' : 'other';
    }
  }

  private mayBeHeading(para: Para): boolean {
    const hint = para.block.hint;
    return hint !== 'table' && hint !== 'footnote' && hint !== 'caption' && hint !== 'toc' && hint !== 'title';
  }

  // A long TOC title wraps: a short line without a page number, followed by an entry.
  private wrappedTocEntry(i: number, match: HeadingMatch | null): boolean {
    const next = this.paras[i + 1];
    return (
      !match?.special &&
      !this.paras[i].block.headingLevel &&
      this.paras[i].text.length <= 80 &&
      i + 1 < this.mainEnd &&
      (next.block.hint === 'toc' || isTocEntry(next.text))
    );
  }

  private decide(i: number, match: HeadingMatch | null, nextMatch: HeadingMatch | null): HeadingPick | null {
    const para = this.paras[i];
    const styleLevel = para.block.headingLevel ?? null;
    if (styleLevel) {
      const special = match?.special ?? specialSectionOf(para.text);
      return this.pick(i, i, 'style', match?.numbers ?? [], styleLevel, special === 'keywords' ? null : special, para.text, null);
    }
    if (!match) return null;
    if (match.family === 'special') {
      if (match.special === 'keywords') return null;
      return this.pick(i, i, 'special', [], null, match.special, match.titleText, match.inlineLength);
    }
    // Numbered headings: styled documents number through their styles; inside references, "1. 作者" is an entry.
    if (this.styled) return null;
    if (this.zone === 'references' && match.family !== 'chapter') return null;
    if (!this.acceptNumbering(match)) return null;
    let last = i;
    let title = para.text;
    const next = this.paras[i + 1];
    if (!match.titleText && next && i + 1 < this.mainEnd && next.text.length <= 30 && this.mayBeHeading(next) && titleLike(nextMatch)) {
      last = i + 1;
      title = `${para.text} ${next.text}`;
    }
    const special = match.special ?? (last > i ? specialSectionOf(next.text) : null);
    return this.pick(i, last, match.family, match.numbers, null, special, title, null);
  }

  // Numbered headings follow each other (1, 2, 3; 3.1 inside 3); a list "1. …" restarting inside chapter 3 is no heading.
  private acceptNumbering(match: HeadingMatch): boolean {
    const [n] = match.numbers;
    switch (match.family) {
      case 'chapter':
        this.chapterNumber = n;
        this.lastTopNumber = 0;
        this.lastNumbers = [];
        this.lastCnEnum = 0;
        this.lastCnParen = 0;
        return true;
      case 'section':
        this.lastCnEnum = 0;
        this.lastCnParen = 0;
        return true;
      case 'cn-enum':
        if (n !== this.lastCnEnum + 1 && n !== 1) return false;
        this.lastCnEnum = n;
        this.lastCnParen = 0;
        return true;
      case 'cn-paren':
        if (n !== this.lastCnParen + 1 && n !== 1) return false;
        this.lastCnParen = n;
        return true;
      case 'numeric': {
        const numbers = match.numbers;
        if (numbers.length === 1) {
          if (this.chaptersWithDottedSections || n !== this.lastTopNumber + 1) return false;
          this.lastTopNumber = n;
          this.chapterNumber = n;
        } else {
          if (this.chapterNumber !== null && numbers[0] !== this.chapterNumber) return false;
          // 3.2.1 needs a 3.2 before it (when any x.y was seen).
          if (
            numbers.length >= 3 &&
            this.lastNumbers.length >= 2 &&
            numbers.slice(0, -1).join('.') !== this.lastNumbers.slice(0, numbers.length - 1).join('.')
          )
            return false;
          this.chapterNumber ??= numbers[0];
        }
        this.lastNumbers = numbers;
        this.lastCnEnum = 0;
        this.lastCnParen = 0;
        return true;
      }
      default:
        return false;
    }
  }

  private pick(
    first: number,
    last: number,
    family: HeadingPick['family'],
    numbers: number[],
    styleLevel: number | null,
    special: SpecialSection | null,
    title: string,
    inlineLength: number | null,
  ): HeadingPick {
    const start = this.paras[first].range.start;
    const headingRange = inlineLength
      ? { start, end: start + this.paras[first].text.slice(0, inlineLength).trimEnd().length }
      : { start, end: this.paras[last].range.end };
    return { first, last, family, numbers, styleLevel, special, title, headingRange, inline: inlineLength !== null };
  }
}

// Levels of pattern headings from the schemes the paper uses: 第一章 > 第一节 > 一、 > （一）, and 1 / 1.1 / 1.1.1
// below them (with 第一章 chapters, "1.1" is a section of chapter 1).
function assignLevels(picks: HeadingPick[]): number[] {
  const order: HeadingFamily[] = ['chapter', 'section', 'cn-enum', 'cn-paren'];
  const present = order.filter((family) => picks.some((pick) => pick.family === family));
  const numericParts = picks.filter((pick) => pick.family === 'numeric').map((pick) => pick.numbers.length);
  const numericOffset = present.length - (present.includes('chapter') && numericParts.length && Math.min(...numericParts) >= 2 ? 1 : 0);
  return picks.map((pick) => {
    if (pick.styleLevel) return pick.styleLevel;
    if (pick.family === 'special') return 1;
    if (pick.family === 'numeric') return pick.numbers.length + numericOffset;
    return present.indexOf(pick.family as HeadingFamily) + 1;
  });
}

function buildChapters(picks: HeadingPick[], levels: number[], paras: Para[], tocParas: Set<number>, mainEndOffset: number): Chapter[] {
  const chapters: Chapter[] = [];
  picks.forEach((pick, k) => {
    const level = levels[k];
    let next = k + 1;
    while (next < picks.length && levels[next] > level) next++;
    let end = next < picks.length ? paras[picks[next].first].range.start - 1 : mainEndOffset;
    let parent = -1;
    for (let p = k - 1; p >= 0; p--) {
      if (levels[p] < level && chapters[p].range.end >= paras[pick.first].range.start) {
        parent = p;
        break;
      }
    }
    const parentRole = parent >= 0 ? chapters[parent].role : null;
    const role: ChapterRole = (pick.special && SPECIAL_ROLES[pick.special]) || (parentRole && INHERITED_ROLES.has(parentRole) ? parentRole : 'body');
    if (role === 'toc') {
      // The table of contents ends with its last entry, not at the next heading.
      let last = pick.last;
      while (tocParas.has(last + 1)) last++;
      end = paras[last].range.end;
    }
    chapters.push({
      title: pick.title,
      level,
      role,
      range: { start: paras[pick.first].range.start, end: Math.max(end, pick.headingRange.end) },
      headingRange: pick.headingRange,
      parent,
      excluded: role === 'toc' || role === 'references',
    });
  });
  return chapters;
}

const COVER_FIELD = /^[\p{L}\s]{2,10}[:：]/u;
const TITLE_FIELD = /^(?:论文|课题|设计)?(?:题\s*目|标\s*题|名\s*称)(?:（中文）|\(中文\))?\s*[:：]\s*(\S.*)$/u;
const GENERIC_COVER_LINE =
  /^(?:\S{0,16}(?:大学|学院|学校))?\s*(?:本科|专科|硕士|博士|研究生|学士)?(?:生)?\s*(?:毕业|学位)?\s*(?:论文|设计|论文[（(]设计[)）])\s*(?:[（(]\S{0,6}[)）])?$|^(?:\S{0,16}(?:大学|学院|学校))$|^[\d\s年月日./-]+$/u;

/** The title: a Title style, a "题目：" field, or the first plausible line of the cover; null when there is none. */
function findTitle(paras: Para[], firstHeading: number): { title: string; range: TextRange; index: number } | null {
  const styled = paras.findIndex((para) => para.block.hint === 'title');
  if (styled >= 0) return { title: paras[styled].text, range: paras[styled].range, index: styled };
  const front = paras
    .slice(0, firstHeading)
    .map((para, index) => ({ para, index }))
    .filter(({ para }) => !para.block.hint);
  for (const { para, index } of front) {
    const field = TITLE_FIELD.exec(para.text);
    if (field) {
      const start = para.range.start + para.text.indexOf(field[1]);
      return { title: field[1].trim(), range: { start, end: start + field[1].trim().length }, index };
    }
  }
  for (const { para, index } of front) {
    const text = para.text;
    if (text.length < 4 || text.length > 80 || COVER_FIELD.test(text) || GENERIC_COVER_LINE.test(text) || /[。！？]$/u.test(text)) continue;
    return { title: text, range: para.range, index };
  }
  return null;
}

function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/u).pop() ?? '';
  return base.replace(/\.[A-Za-z0-9]{1,5}$/u, '').trim();
}

function abstractRange(chapter: Chapter | undefined, paras: Para[], keywordParas: Set<number>, text: string): TextRange | null {
  if (!chapter) return null;
  let start = chapter.headingRange.end;
  while (start < chapter.range.end && /\s/u.test(text[start])) start++;
  let end = start;
  for (let i = 0; i < paras.length; i++) {
    const range = paras[i].range;
    if (range.end <= start || range.end > chapter.range.end || keywordParas.has(i)) continue;
    end = Math.max(end, range.end);
  }
  return end > start ? { start, end } : null;
}

function parseKeywords(text: string, match: HeadingMatch): string[] {
  const rest = text.slice(match.inlineLength ?? 0).trim();
  return rest
    .split(/[;；,，、]+|\s{2,}/u)
    .map((word) => word.trim().replace(/[。.]$/u, ''))
    .filter(Boolean);
}

function countVisible(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (!/\s/u.test(text[i])) count++;
  return count;
}

/** Builds the structured document from a reader's blocks. */
export function buildDocument(extracted: ExtractedBlocks, format: SourceFormat, fileName: string): ParsedDocument {
  const { text, paras } = assemble(extracted.blocks);
  const firstNote = paras.findIndex((para) => para.block.hint === 'footnote');
  const mainEnd = firstNote >= 0 ? firstNote : paras.length;
  const mainEndOffset = mainEnd > 0 ? paras[mainEnd - 1].range.end : 0;

  const finder = new HeadingFinder(paras, mainEnd, extracted.styledHeadings);
  finder.run();
  const { picks, tocParas } = finder;
  const levels = assignLevels(picks);
  const chapters = buildChapters(picks, levels, paras, tocParas, mainEndOffset);

  const headingOf = new Map<number, number>();
  picks.forEach((pick, k) => {
    for (let i = pick.first; i <= pick.last; i++) headingOf.set(i, k);
  });
  const titleFound = findTitle(paras, picks.length ? picks[0].first : paras.length);

  const excluded: ExcludedRange[] = [];
  for (const chapter of chapters)
    if (chapter.excluded) excluded.push({ range: chapter.range, reason: chapter.role === 'toc' ? 'toc' : 'references' });
  // TOC entries found by their style outside a "目录" section.
  for (const i of tocParas) {
    if (!excluded.some((entry) => entry.range.start <= paras[i].range.start && paras[i].range.end <= entry.range.end))
      excluded.push({ range: paras[i].range, reason: 'toc' });
  }
  if (firstNote >= 0) excluded.push({ range: { start: paras[firstNote].range.start, end: text.length }, reason: 'footnotes' });
  const excludedMerged = mergeExcluded(excluded);
  const isExcluded = (range: TextRange) => excludedMerged.some((entry) => entry.range.start <= range.start && range.end <= entry.range.end);

  const keywordParas = new Set<number>();
  let keywords: string[] = [];
  const paragraphs: Paragraph[] = paras.map((para, i) => {
    const chapter = i >= mainEnd ? -1 : innermostChapter(chapters, para.range.start);
    const role = chapter >= 0 ? chapters[chapter].role : null;
    const match = i < mainEnd && para.block.hint !== 'footnote' ? matchHeading(para.text) : null;
    let kind: ParagraphKind;
    const heading = headingOf.get(i);
    if (para.block.hint === 'footnote') kind = 'footnote';
    else if (tocParas.has(i)) kind = 'toc';
    else if (heading !== undefined && !picks[heading].inline) kind = 'heading';
    else if (titleFound?.index === i) kind = 'title';
    else if (role === 'references') kind = 'references';
    else if (role === 'abstract' || match?.special === 'keywords') kind = 'abstract';
    else if (para.block.hint === 'table') kind = 'table';
    else if (para.block.hint === 'caption' || isCaption(para.text)) kind = 'caption';
    else kind = 'body';
    if (match?.special === 'keywords' && match.inlineLength !== null) {
      keywordParas.add(i);
      if (!keywords.length) keywords = parseKeywords(para.text, match);
    }
    return { range: para.range, kind, chapter, excluded: isExcluded(para.range) };
  });

  const sentences: Sentence[] = [];
  const citations: Citation[] = [];
  paragraphs.forEach((paragraph, index) => {
    // A keywords line is a list, not sentences.
    const ranges = keywordParas.has(index) ? [paragraph.range] : splitSentences(text, paragraph.range.start, paragraph.range.end);
    for (const range of ranges) sentences.push({ range, paragraph: index, excluded: paragraph.excluded, cited: false });
    if (!paragraph.excluded && paragraph.kind !== 'heading' && paragraph.kind !== 'title')
      citations.push(...findCitations(text, paragraph.range, ranges));
  });
  const cited = mergeRanges(citations.map((citation) => citation.range));
  for (const sentence of sentences) sentence.cited = cited.some((range) => range.start < sentence.range.end && sentence.range.start < range.end);

  const zhAbstract = chapters.find((_, k) => picks[k].special === 'abstract');
  const enAbstract = chapters.find((_, k) => picks[k].special === 'abstract-en');
  const abstractZh = abstractRange(zhAbstract, paras, keywordParas, text);
  const abstractEn = abstractRange(enAbstract, paras, keywordParas, text);
  let countedChars = 0;
  let cursor = 0;
  for (const entry of excludedMerged) {
    countedChars += countVisible(text, cursor, entry.range.start);
    cursor = Math.max(cursor, entry.range.end);
  }
  countedChars += countVisible(text, cursor, text.length);

  return {
    format,
    fileName,
    text,
    countedChars,
    title: titleFound?.title ?? titleFromFileName(fileName),
    titleRange: titleFound?.range ?? null,
    abstract: abstractZh ?? abstractEn,
    englishAbstract: abstractZh ? abstractEn : null,
    keywords,
    toc: chapters.find((chapter) => chapter.role === 'toc')?.range ?? null,
    references: chapters.find((chapter) => chapter.role === 'references')?.range ?? null,
    chapters,
    paragraphs,
    sentences,
    citations,
    cited,
    excluded: excludedMerged,
    pageCount: extracted.pageCount,
    warnings: extracted.warnings,
  };
}

function innermostChapter(chapters: Chapter[], offset: number): number {
  let found = -1;
  chapters.forEach((chapter, k) => {
    if (chapter.range.start <= offset && offset < Math.max(chapter.range.end, chapter.range.start + 1)) {
      if (found < 0 || chapter.level >= chapters[found].level) found = k;
    }
  });
  return found;
}

// Overlapping exclusions merge (the earlier reason names the merged span); touching ones keep their own reasons.
function mergeExcluded(entries: ExcludedRange[]): ExcludedRange[] {
  const sorted = [...entries].sort((a, b) => a.range.start - b.range.start);
  const merged: ExcludedRange[] = [];
  for (const entry of sorted) {
    const last = merged[merged.length - 1];
    if (last && entry.range.start < last.range.end) last.range = { start: last.range.start, end: Math.max(last.range.end, entry.range.end) };
    else merged.push({ range: { ...entry.range }, reason: entry.reason });
  }
  return merged;
}
