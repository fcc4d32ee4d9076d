// Character classes and whitespace rules shared by the readers.

const CJK = /[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;
const LATIN_END = /[A-Za-z0-9\u00c0-\u024f.,;:!?%)\]'"’”]$/u;
const LATIN_START = /^[A-Za-z0-9\u00c0-\u024f(['"‘“]/u;

/** True for a CJK ideograph, kana or full-width form/punctuation. */
export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

/**
 * Joins two wrapped lines of one paragraph: Chinese joins without a space, two Latin words keep one,
 * and a word hyphenated at the line end is rejoined.
 */
export function joinWrappedLines(previous: string, next: string): string {
  const left = previous.replace(/[ \t]+$/u, '');
  const right = next.replace(/^[ \t]+/u, '');
  if (!left) return right;
  if (!right) return left;
  if (/[a-z]-$/u.test(left) && /^[a-z]/u.test(right)) return left.slice(0, -1) + right;
  const last = left.slice(-1);
  const first = right[0];
  if (isCjk(last) || isCjk(first)) return left + right;
  if (LATIN_END.test(left) && LATIN_START.test(right)) return `${left} ${right}`;
  return left + right;
}

/** Cleans one paragraph: no-break and ideographic spaces to plain ones, runs of whitespace to one space, trimmed. */
export function normalizeParagraph(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]/gu, ' ')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Text with all whitespace removed: for comparing lines and headings whatever their spacing ("摘 要"). */
export function compact(text: string): string {
  return text.replace(/[\s\u3000]+/gu, '');
}
