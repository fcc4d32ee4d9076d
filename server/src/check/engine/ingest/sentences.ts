// Sentence splitting for Chinese (and the odd English) paragraphs. Terminators inside quotes, book titles and
// brackets do not end a sentence, so a quoted passage stays whole; citation markers stay with their sentence.
import type { TextRange } from './types';

const PAIRS: Record<string, string> = {
  '“': '”',
  '「': '」',
  '『': '』',
  '‘': '’',
  '《': '》',
  '〈': '〉',
  '（': '）',
  '(': ')',
  '[': ']',
  '［': '］',
  '【': '】',
};
const CLOSERS = new Set(Object.values(PAIRS));
const TERMINATORS = new Set(['。', '！', '？', '；', '!', '?', ';', '｡']);
const TRAILING_CLOSERS = /^[”’」』）)\]］】》〉"']+/u;
const QUOTE_CLOSERS = /^[”’」』"']+/u;
/** A citation marker right after a terminator still belongs to the sentence before it. */
const TRAILING_MARKER = /^(?:\s?(?:\[[\d\s,，、\-–—~～]+\]|［[\d\s,，、\-–—~～]+］|【[\d\s,，、\-–—~～]+】|\^\[?\d{1,3}\]?|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|[①-⑳]))+/u;
const ABBREVIATIONS = new Set([
  'al',
  'etc',
  'e.g',
  'i.e',
  'fig',
  'figs',
  'vs',
  'no',
  'nos',
  'pp',
  'vol',
  'eq',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'jr',
  'ed',
  'eds',
  'cf',
  'approx',
]);

/**
 * Spans of `text` inside matched quote and bracket pairs (an opener without its closer protects nothing).
 * Returns, for each index, the depth of protection.
 */
function protectionDepths(text: string, start: number, end: number): Int16Array {
  const depth = new Int16Array(end - start + 1);
  const stack: Array<{ closer: string; at: number }> = [];
  const pairs: Array<[number, number]> = [];
  let asciiQuote = -1;
  for (let i = start; i < end; i++) {
    const ch = text[i];
    if (ch === '"') {
      if (asciiQuote < 0) asciiQuote = i;
      else {
        pairs.push([asciiQuote, i]);
        asciiQuote = -1;
      }
    } else if (PAIRS[ch]) {
      stack.push({ closer: PAIRS[ch], at: i });
    } else if (CLOSERS.has(ch)) {
      const index = stack.map((entry) => entry.closer).lastIndexOf(ch);
      if (index >= 0) {
        pairs.push([stack[index].at, i]);
        stack.length = index;
      }
    }
  }
  // depth[k] counts the pairs strictly containing position start+k (between opener and closer).
  const delta = new Int16Array(end - start + 2);
  for (const [open, close] of pairs) {
    delta[open - start + 1]++;
    delta[close - start]--;
  }
  let running = 0;
  for (let k = 0; k <= end - start; k++) {
    running += delta[k];
    depth[k] = running;
  }
  return depth;
}

function isAbbreviation(text: string, dot: number, start: number): boolean {
  let i = dot;
  while (i > start && /[A-Za-z.]/u.test(text[i - 1])) i--;
  const word = text.slice(i, dot).toLowerCase();
  return ABBREVIATIONS.has(word) || /^[a-z]$/u.test(word);
}

// A Latin full stop ends a sentence before a space and a capital (or CJK), or at the end, never inside "3.14".
function isFullStop(text: string, i: number, start: number, end: number, sentenceStart: number): boolean {
  // "1. 引言", "2. The method": a list number, not a sentence.
  if (/^\s*\d{1,3}$/u.test(text.slice(sentenceStart, i))) return false;
  if (i + 1 >= end) return /[A-Za-z0-9)\]"'”’]/u.test(text[i - 1] ?? '');
  const next = text[i + 1];
  if (next !== ' ') return false;
  if (!/[A-Za-z)\]"'”’\d%]/u.test(text[i - 1] ?? '')) return false;
  if (isAbbreviation(text, i, start)) return false;
  return /[A-Z“"'([\u4e00-\u9fff]/u.test(text[i + 2] ?? '');
}

/** Splits text[start, end) (one paragraph) into sentence ranges on 。！？；!?; and Latin full stops, trimmed of spaces. */
export function splitSentences(text: string, start = 0, end = text.length): TextRange[] {
  const depth = protectionDepths(text, start, end);
  const ranges: TextRange[] = [];
  let sentenceStart = start;
  const push = (stop: number) => {
    let s = sentenceStart;
    let e = stop;
    while (s < e && /\s/u.test(text[s])) s++;
    while (e > s && /\s/u.test(text[e - 1])) e--;
    if (e > s && /[\p{L}\p{N}]/u.test(text.slice(s, e))) ranges.push({ start: s, end: e });
    else if (e > s && ranges.length && ranges[ranges.length - 1].end <= s)
      ranges[ranges.length - 1] = { start: ranges[ranges.length - 1].start, end: e };
    sentenceStart = stop;
  };
  let i = start;
  while (i < end) {
    const ch = text[i];
    const isTerminator =
      TERMINATORS.has(ch) ||
      (ch === '.' && isFullStop(text, i, start, end, sentenceStart)) ||
      // The full-width point some science texts use as a full stop, but not in "1．1" or "3．5".
      (ch === '．' && !/\d/u.test(text[i - 1] ?? '') && !/\d/u.test(text[i + 1] ?? ''));
    if (!isTerminator) {
      i++;
      continue;
    }
    let stop = i + 1;
    while (stop < end && TERMINATORS.has(text[stop])) stop++;
    const insideDepth = depth[i - start];
    if (insideDepth > 0) {
      // Inside quotes: the sentence ends only when the quote closes right after the terminator ("……。”");
      // inside brackets and book titles (《你好吗？》) it never does.
      const closers = QUOTE_CLOSERS.exec(text.slice(stop, end));
      if (!closers || depth[stop - start + closers[0].length] !== 0) {
        i = stop;
        continue;
      }
      stop += closers[0].length;
    } else {
      const closers = TRAILING_CLOSERS.exec(text.slice(stop, end));
      if (closers) stop += closers[0].length;
    }
    const marker = TRAILING_MARKER.exec(text.slice(stop, end));
    if (marker) stop += marker[0].length;
    // Terminators after the closers ("”。") belong here too.
    while (stop < end && TERMINATORS.has(text[stop])) stop++;
    push(stop);
    i = stop;
  }
  if (sentenceStart < end) push(end);
  return ranges;
}
