// From positioned PDF text items to paragraphs: lines by baseline, running headers/footers and page numbers
// dropped, paragraphs found by indent, vertical gap, short last lines and heading shapes.
import { hasTocLeaders, matchHeading } from './headings';
import { compact, isCjk, joinWrappedLines } from './text-utils';
import type { SourceBlock } from './types';

/** A pdfjs text item (the fields we read). `transform` is [a, b, c, d, x, y] in PDF user space (y grows upward). */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** One visual line of a page. */
export interface PdfLine {
  text: string;
  /** Left and right ends and baseline, in points. */
  x: number;
  right: number;
  y: number;
  /** Font size of the line's main text. */
  size: number;
  page: number;
  pageHeight: number;
}

interface PlacedItem {
  str: string;
  x: number;
  right: number;
  y: number;
  size: number;
}

const LATIN_CHAR = /[A-Za-z0-9\u00c0-\u024f]/u;

function placeItem(item: PdfTextItem): PlacedItem | null {
  const [a, b, c, d, x, y] = item.transform;
  // Rotated text (diagonal watermarks, vertical margin notes) is not part of the running text.
  if (Math.abs(b) > Math.abs(a) * 0.05 || Math.abs(c) > Math.abs(d) * 0.05) return null;
  const size = item.height > 0 ? item.height : Math.hypot(c, d);
  if (!item.str || !(size > 0)) return null;
  return { str: item.str, x, right: x + item.width, y, size };
}

// Vertical overlap of two items' text boxes relative to the smaller box: superscripts still share their line.
function sameLine(a: PlacedItem, b: PlacedItem): boolean {
  const top = Math.min(a.y + a.size * 0.8, b.y + b.size * 0.8);
  const bottom = Math.max(a.y - a.size * 0.2, b.y - b.size * 0.2);
  return top - bottom >= Math.min(a.size, b.size) * 0.5;
}

/** Groups a page's text items into lines, top to bottom, each read left to right. */
export function itemsToLines(items: PdfTextItem[], page: number, pageHeight: number): PdfLine[] {
  const placed = items.map(placeItem).filter((item): item is PlacedItem => item !== null);
  placed.sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: PlacedItem[][] = [];
  for (const item of placed) {
    // Lines are built top-down, so only the last few can still take an item.
    let target: PlacedItem[] | undefined;
    for (let i = groups.length - 1; i >= Math.max(0, groups.length - 3) && !target; i--) {
      if (groups[i].some((other) => sameLine(item, other))) target = groups[i];
    }
    if (target) target.push(item);
    else groups.push([item]);
  }
  const lines: PdfLine[] = [];
  for (const group of groups) {
    group.sort((p, q) => p.x - q.x);
    let text = '';
    let previous: PlacedItem | null = null;
    for (const item of group) {
      if (previous && text && !/\s$/u.test(text) && !/^\s/u.test(item.str)) {
        const gap = item.x - previous.right;
        const size = Math.max(item.size, previous.size);
        const latinPair = LATIN_CHAR.test(text.slice(-1)) && LATIN_CHAR.test(item.str[0]);
        if ((latinPair && gap > size * 0.15) || gap > size * 1.2) text += ' ';
      }
      text += item.str;
      previous = item;
    }
    text = text.replace(/\s+/gu, ' ').trim();
    if (!text) continue;
    const main = group.reduce((best, item) => (item.str.trim().length > best.str.trim().length ? item : best));
    lines.push({
      text,
      x: Math.min(...group.map((item) => item.x)),
      right: Math.max(...group.map((item) => item.right)),
      y: main.y,
      size: main.size,
      page,
      pageHeight,
    });
  }
  return lines;
}

const PAGE_NUMBER =
  /^(?:[-–—~·\s]*\d{1,4}[-–—~·\s]*|第\s*\d{1,4}\s*页(?:\s*[,，/／]?\s*共\s*\d{1,4}\s*页)?|\d{1,4}\s*[/／]\s*\d{1,4}|page\s*\d{1,4}(?:\s*of\s*\d{1,4})?|[ivxlcIVXLC]{1,7})$/iu;

/** True for a line that is only a page number ("3", "- 3 -", "第3页 共10页", "3/10", "Page 3 of 10", "iv"). */
export function isPageNumberLine(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}

// Running headers and footers: the same text (digits aside) among the first or last two lines of many pages.
function dropRunningLines(pages: PdfLine[][]): { pages: PdfLine[][]; removed: number } {
  const signature = (line: PdfLine) => compact(line.text).replace(/\d+/gu, '#');
  const edgeIndexes = (lines: PdfLine[]) => [...new Set([0, 1, lines.length - 2, lines.length - 1].filter((i) => i >= 0 && i < lines.length))];
  const pagesWith = new Map<string, Set<number>>();
  pages.forEach((lines, pageIndex) => {
    for (const i of edgeIndexes(lines)) {
      const key = signature(lines[i]);
      if (!pagesWith.has(key)) pagesWith.set(key, new Set());
      pagesWith.get(key)!.add(pageIndex);
    }
  });
  const repeatedOn = Math.max(2, Math.min(3, Math.ceil(pages.length * 0.5)));
  let removed = 0;
  const kept = pages.map((lines) => {
    const drop = new Set<number>();
    for (const i of edgeIndexes(lines)) {
      if ((pagesWith.get(signature(lines[i]))?.size ?? 0) >= repeatedOn) drop.add(i);
    }
    // A lone page number at the very top or bottom goes even when it is on one page only.
    const rest = lines.map((_, i) => i).filter((i) => !drop.has(i));
    for (const i of [rest[0], rest[rest.length - 1]]) {
      if (i !== undefined && isPageNumberLine(lines[i].text)) drop.add(i);
    }
    removed += drop.size;
    return lines.filter((_, i) => !drop.has(i));
  });
  return { pages: kept, removed };
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(Math.round(value), (counts.get(Math.round(value)) ?? 0) + 1);
  let best = 0;
  let bestCount = -1;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && value < best)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

interface PageFrame {
  left: number;
  right: number;
}

// Margins per page (books mirror them on odd and even pages); pages with few lines borrow the document's.
function pageFrames(pages: PdfLine[][]): PageFrame[] {
  const all = pages.flat();
  const overall: PageFrame = {
    left: mode(all.map((line) => line.x)),
    right: percentile(
      all.map((line) => line.right),
      0.9,
    ),
  };
  return pages.map((lines) =>
    lines.length >= 6
      ? {
          left: mode(lines.map((line) => line.x)),
          right: percentile(
            lines.map((line) => line.right),
            0.9,
          ),
        }
      : overall,
  );
}

// Room a line would need for the first word (or ideograph) of the next line.
function firstTokenWidth(line: PdfLine): number {
  const word = /^[A-Za-z0-9\u00c0-\u024f'’-]+/u.exec(line.text);
  if (word) return word[0].length * line.size * 0.5;
  return isCjk(line.text[0]) ? line.size : line.size * 0.6;
}

function isHeadingLine(line: PdfLine, frame: PageFrame): boolean {
  return frame.right - line.right > line.size * 2 && matchHeading(line.text) !== null;
}

/** Turns the pages' lines into paragraph blocks; reports how many header/footer/page-number lines were dropped. */
export function linesToBlocks(rawPages: PdfLine[][]): { blocks: SourceBlock[]; removedLines: number } {
  const { pages, removed } = dropRunningLines(rawPages);
  const frames = pageFrames(pages);
  const gaps: number[] = [];
  for (const lines of pages) {
    for (let i = 1; i < lines.length; i++) {
      const gap = lines[i - 1].y - lines[i].y;
      if (gap > 0 && gap < lines[i].size * 4) gaps.push(gap);
    }
  }
  const lineGap = percentile(gaps, 0.5);
  const blocks: SourceBlock[] = [];
  let current = '';
  let previous: PdfLine | null = null;
  let previousFrame: PageFrame | null = null;
  const flush = () => {
    if (current) blocks.push({ text: current });
    current = '';
  };
  pages.forEach((lines, pageIndex) => {
    const frame = frames[pageIndex];
    for (const line of lines) {
      if (previous && previousFrame && startsParagraph(previous, previousFrame, line, frame, lineGap)) flush();
      current = current ? joinWrappedLines(current, line.text) : line.text;
      previous = line;
      previousFrame = frame;
    }
  });
  flush();
  return { blocks, removedLines: removed };
}

function startsParagraph(previous: PdfLine, previousFrame: PageFrame, line: PdfLine, frame: PageFrame, lineGap: number): boolean {
  const size = line.size;
  // The previous line stopped early although the next word would have fitted: it ended its paragraph.
  if (previousFrame.right - previous.right > firstTokenWidth(line) + previous.size * 0.5) return true;
  if (Math.abs(line.size - previous.size) > Math.max(line.size, previous.size) * 0.2) return true;
  const indented = line.x > frame.left + size * 0.8;
  const previousIndented = previous.x > previousFrame.left + previous.size * 0.8;
  // A first-line indent; a block indented as a whole (quotation) keeps its lines together.
  if (indented && !(previousIndented && Math.abs(previous.x - line.x) < size * 0.5 && line.page === previous.page)) return true;
  if (line.page === previous.page && lineGap > 0 && previous.y - line.y > lineGap * 1.6) return true;
  if (hasTocLeaders(previous.text) || hasTocLeaders(line.text)) return true;
  if (isHeadingLine(line, frame) || isHeadingLine(previous, previousFrame)) return true;
  return false;
}
