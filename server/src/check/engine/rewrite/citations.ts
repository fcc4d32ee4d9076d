// Citation marks a rewrite must keep: [1], ［2-4］, 【3】, ^1, ¹, (张三, 2020), （Smith et al., 2019: 12）, and the year
// of "张三（2019）指出" (the name and verb around it may be reworded). Same shapes as the ingest stage recognises.
const YEAR = '(?:1[5-9]|20)\\d{2}[a-z]?';
const AUTHOR = '[\\p{L}][^()（）\\n]{0,60}?';
const MARK_PATTERNS: RegExp[] = [
  /[[［【]\s*\d{1,3}(?:\s*[-–—~～,，、]\s*\d{1,3})*\s*[\]］】]/gu,
  /\^\[?\d{1,3}\]?|[¹²³⁴⁵⁶⁷⁸⁹⁰]+/gu,
  new RegExp(
    `[（(]\\s*${AUTHOR}[,，]\\s*${YEAR}(?:\\s*[,，:：]\\s*(?:pp?\\.\\s*)?\\d+(?:\\s*[-–]\\s*\\d+)?)?(?:\\s*[;；]\\s*${AUTHOR}[,，]\\s*${YEAR})*\\s*[)）]`,
    'gu',
  ),
  new RegExp(`[（(]\\s*${YEAR}\\s*[)）]`, 'gu'),
];

/** The citation marks of a text, in order (overlapping matches of later patterns dropped). */
export function citationMarks(text: string): string[] {
  const found: { start: number; end: number; mark: string }[] = [];
  for (const pattern of MARK_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((f) => f.start < end && start < f.end)) continue;
      found.push({ start, end, mark: match[0] });
    }
  }
  return found.sort((a, b) => a.start - b.start).map((f) => f.mark);
}

/**
 * Folds what a rewrite may harmlessly change in a mark: full-width ASCII forms (［１］, （，）) to ASCII, 【】 to [],
 * range dashes and separators, spaces. Superscript digits are left alone (NFKC would turn ¹ into a bare 1).
 */
function foldMark(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/【/gu, '[')
    .replace(/】/gu, ']')
    .replace(/[–—~～]/gu, '-')
    .replace(/、/gu, ',')
    .replace(/\s+/gu, '');
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The marks of `original` that `rewritten` lost (each mark as many times as it is missing), in their original form. */
export function lostCitationMarks(original: string, rewritten: string): string[] {
  const folded = foldMark(rewritten);
  const needed = new Map<string, { mark: string; count: number }>();
  for (const mark of citationMarks(original)) {
    const key = foldMark(mark);
    const entry = needed.get(key) ?? { mark, count: 0 };
    entry.count++;
    needed.set(key, entry);
  }
  const lost: string[] = [];
  for (const [key, { mark, count }] of needed) {
    const missing = count - occurrences(folded, key);
    for (let i = 0; i < missing; i++) lost.push(mark);
  }
  return lost;
}
