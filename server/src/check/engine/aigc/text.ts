// Text helpers shared by the AIGC features and the character language model.

/** Sentence-final punctuation (full- and half-width), after which a new sentence starts. */
const SENTENCE_END = new Set(['。', '！', '？', '!', '?', '…', '\n']);
/** Closing marks that stay with the sentence they end (e.g. `。”`). */
const CLOSERS = new Set(['”', '’', '」', '』', '）', ')', '"', "'", '》']);
/** Any punctuation that ends a clause; used for clause lengths. */
const CLAUSE_END = new Set([...SENTENCE_END, '，', ',', '；', ';', '：', ':', '、']);

/** Number of characters (code points), the unit of every length in the AIGC scorer. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** True for a CJK unified ideograph (basic block and extension A). */
export function isIdeograph(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);
}

/** True for an ASCII or full-width decimal digit. */
export function isDigit(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x30 && c <= 0x39) || (c >= 0xff10 && c <= 0xff19);
}

/** True for a Latin letter (ASCII, full-width or accented). */
export function isLatin(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (
    (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a) || (c >= 0xc0 && c <= 0x24f)
  );
}

/** Splits text into sentences at sentence-final punctuation, keeping closing quotes; drops whitespace-only pieces. */
export function splitSentences(text: string): string[] {
  return pieces(text, sentenceSpans(text));
}

/** Splits text into clauses at any clause punctuation (，、；：。！？ …). */
export function splitClauses(text: string): string[] {
  return pieces(text, spansAt([...text], CLAUSE_END));
}

/** Sentence spans as [start, end) code-point offsets, whitespace-only spans dropped. */
export function sentenceSpans(text: string): [number, number][] {
  return spansAt([...text], SENTENCE_END);
}

function spansAt(chars: string[], ends: Set<string>): [number, number][] {
  const out: [number, number][] = [];
  const push = (a: number, b: number): void => {
    for (let k = a; k < b; k++) {
      if (chars[k].trim()) {
        out.push([a, b]);
        return;
      }
    }
  };
  let start = 0;
  for (let i = 0; i < chars.length; i++) {
    if (!ends.has(chars[i])) continue;
    // Runs such as "？！" or "……" and closing quotes belong to the sentence they end.
    let j = i + 1;
    while (j < chars.length && (ends.has(chars[j]) || CLOSERS.has(chars[j]))) j++;
    push(start, j);
    start = j;
    i = j - 1;
  }
  push(start, chars.length);
  return out;
}

function pieces(text: string, spans: [number, number][]): string[] {
  const chars = [...text];
  return spans.map(([a, b]) => chars.slice(a, b).join('').trim());
}

/** Counts non-overlapping occurrences of `needle` in `text`. */
export function countOccurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}
