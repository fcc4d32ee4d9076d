// Citations: a marker ([1], ［2-4］, ^1, (张三, 2019), 张三（2019）指出) and the passage it cites: the quotation
// next to it when there is one, else the sentence that holds it.
import type { Citation, CitationStyle, TextRange } from './types';

interface Marker {
  range: TextRange;
  style: CitationStyle;
  /** An author-year marker before the passage ("张三（2019）指出：“……”") cites forward. */
  leading: boolean;
}

const YEAR = '(?:1[5-9]|20)\\d{2}[a-z]?';
const AUTHOR = '[\\p{L}][^()（）\\n]{0,60}?';
const MARKER_PATTERNS: Array<{ pattern: RegExp; style: CitationStyle; leading?: boolean }> = [
  { pattern: /[[［【]\s*\d{1,3}(?:\s*[-–—~～,，、]\s*\d{1,3})*\s*[\]］】]/gu, style: 'numeric' },
  { pattern: /\^\[?\d{1,3}\]?|[¹²³⁴⁵⁶⁷⁸⁹⁰]+/gu, style: 'footnote' },
  // Circled numbers also number list items, so only right after a closing quote or a full stop are they notes.
  { pattern: /(?<=[”」』"。！？])[①-⑳]/gu, style: 'footnote' },
  {
    pattern: new RegExp(
      `[（(]\\s*${AUTHOR}[,，]\\s*${YEAR}(?:\\s*[,，:：]\\s*(?:pp?\\.\\s*)?\\d+(?:\\s*[-–]\\s*\\d+)?)?(?:\\s*[;；]\\s*${AUTHOR}[,，]\\s*${YEAR})*\\s*[)）]`,
      'gu',
    ),
    style: 'author-year',
  },
  {
    // "张三（2019）认为", "Smith et al. (2020) found": the year follows the name and a reporting verb follows.
    pattern: new RegExp(
      `(?:[\\u4e00-\\u9fff]{2,4}(?:等人?)?|[A-Z][A-Za-z'’-]+(?:\\s+et\\s+al\\.?|\\s+(?:and|&)\\s+[A-Z][A-Za-z'’-]+)?)\\s*[（(]\\s*${YEAR}\\s*[)）](?=\\s*(?:在|的|等)?\\s*(?:认为|指出|提出|发现|表示|写道|说|强调|主张|研究|定义|阐述|论述|argued|found|stated|noted|wrote|suggested|defined|showed|[:：，,]))`,
      'gu',
    ),
    style: 'author-year',
    leading: true,
  },
];

function findMarkers(text: string, range: TextRange): Marker[] {
  const slice = text.slice(range.start, range.end);
  const markers: Marker[] = [];
  for (const { pattern, style, leading } of MARKER_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(slice); match; match = pattern.exec(slice)) {
      const start = range.start + match.index;
      const end = start + match[0].length;
      if (markers.some((marker) => marker.range.start < end && start < marker.range.end)) continue;
      markers.push({ range: { start, end }, style, leading: leading ?? false });
    }
  }
  return markers.sort((a, b) => a.range.start - b.range.start);
}

const QUOTE_PAIRS: Record<string, string> = { '“': '”', '「': '」', '『': '』', '"': '"' };

/** Quotations of one paragraph, outermost only, each with its quote marks. */
export function findQuotes(text: string, range: TextRange): TextRange[] {
  const quotes: TextRange[] = [];
  let i = range.start;
  while (i < range.end) {
    const closer = QUOTE_PAIRS[text[i]];
    if (!closer) {
      i++;
      continue;
    }
    const opener = text[i];
    let depth = 1;
    let j = i + 1;
    for (; j < range.end; j++) {
      if (text[j] === closer && (opener === '"' || --depth === 0)) break;
      if (opener !== '"' && text[j] === opener) depth++;
    }
    if (j >= range.end) {
      i++;
      continue;
    }
    quotes.push({ start: i, end: j + 1 });
    i = j + 1;
  }
  return quotes;
}

const BETWEEN_QUOTE_AND_MARKER = /^[\s。，．.,!?！？；;:：]*$/u;
/** A numbered marker cites the quotation after it only through a reporting verb: "文献[3]指出：“……”". */
const INTRODUCING_QUOTE = /^\s*(?:等人?)?\s*(?:认为|指出|提出|写道|说|强调|表示|定义为?|主张|曾说)\s*[:：，,]?\s*$/u;

function citedQuote(text: string, marker: Marker, quotes: TextRange[]): TextRange | null {
  for (const quote of quotes) {
    // “……”[1] or “……。”[1]
    if (quote.end <= marker.range.start && BETWEEN_QUOTE_AND_MARKER.test(text.slice(quote.end, marker.range.start))) return quote;
    // “……[1]。” : the marker closes the quotation from inside.
    if (
      quote.start < marker.range.start &&
      marker.range.end <= quote.end &&
      BETWEEN_QUOTE_AND_MARKER.test(text.slice(marker.range.end, quote.end - 1))
    )
      return quote;
    // 张三（2019）指出：“……” or 文献[3]认为：“……”
    if (quote.start >= marker.range.end) {
      const between = text.slice(marker.range.end, quote.start);
      if (marker.leading ? between.length <= 12 && !/[。！？；!?;]/u.test(between) : INTRODUCING_QUOTE.test(between)) return quote;
    }
  }
  return null;
}

/**
 * Citations of one paragraph. `sentences` are the paragraph's sentences (to cite a paraphrase);
 * a marker outside any quotation or sentence is ignored.
 */
export function findCitations(text: string, paragraph: TextRange, sentences: TextRange[]): Citation[] {
  const markers = findMarkers(text, paragraph);
  if (!markers.length) return [];
  const quotes = findQuotes(text, paragraph);
  const citations: Citation[] = [];
  for (const marker of markers) {
    const base = { marker: marker.range, markerText: text.slice(marker.range.start, marker.range.end), style: marker.style };
    const quote = citedQuote(text, marker, quotes);
    if (quote) {
      citations.push({ ...base, range: quote, kind: 'quote' });
      continue;
    }
    const sentence = sentences.find((s) => s.start <= marker.range.start && marker.range.start < s.end);
    if (sentence) citations.push({ ...base, range: sentence, kind: 'sentence' });
  }
  return citations;
}

/** Sorts ranges and merges the overlapping or touching ones. */
export function mergeRanges(ranges: TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
