// Turns a model's answer into the rewritten paragraph, or says why it cannot be used (so the caller retries).
import { joinWrappedLines, normalizeParagraph } from '../ingest/text-utils';
import { lostCitationMarks } from './citations';

export type CleanRewriteResult = { ok: true; text: string } | { ok: false; reason: string };

/** Accepted length of a rewrite, in non-whitespace characters relative to the original. */
export const REWRITE_LENGTH_BOUNDS = Object.freeze({ min: 0.5, max: 2 });

// A separate first line introducing the answer: "好的，以下是改写后的段落：", "改写结果：", "Sure, here it is:".
const PREAMBLE_LINE = /^(?:好的|当然|以下是|下面是|这是|here|sure|certainly)|(?:改写|修改|重写|润色|降重|优化|调整|rewrit|revis).*[:：]$/iu;
// The same introduction at the start of the paragraph itself: "改写后：……".
const INLINE_PREAMBLE =
  /^(?:(?:以下|下面|这)是)?(?:改写|修改|重写|润色|降重|优化|调整)(?:后|过|之后)?的?(?:段落|文本|文字|内容|版本|结果)?(?:如下)?\s*[:：]\s*/u;
// Notes after the answer: "注：……", "（说明：……）".
const TRAILING_NOTE = /^[（(]?\s*(?:注|说明|备注|改写说明|修改说明|降重说明|note)\s*[:：]/iu;
// An inline section label the paragraph starts with ("摘要：本文……") is kept whatever the model does with it.
const INLINE_LABEL = /^(?:(?:中文)?摘\s*要|abstract)\s*[:：]\s*/iu;
const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['“', '”'],
  ['"', '"'],
  ['「', '」'],
  ['『', '』'],
  ['‘', '’'],
  ["'", "'"],
];

/** Counted length: non-whitespace code points. */
export function countChars(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\s/u.test(ch)) n++;
  return n;
}

function stripMarkdown(text: string, original: string): string {
  let out = text
    .replace(/^\s{0,3}#{1,6}\s+/gmu, '')
    .replace(/^\s{0,3}>\s?/gmu, '')
    .replace(/\*\*(.+?)\*\*/gsu, '$1')
    .replace(/__(.+?)__/gsu, '$1');
  // Single stars and backticks may be real text (a*b, code); only strip them when the original has none.
  if (!original.includes('*')) out = out.replace(/\*(\S(?:.*?\S)?)\*/gu, '$1');
  if (!original.includes('`')) out = out.replace(/`([^`\n]+)`/gu, '$1');
  return out;
}

function stripQuotes(text: string, original: string): string {
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length < 2 || !text.startsWith(open) || !text.endsWith(close) || original.startsWith(open)) continue;
    const inner = text.slice(open.length, text.length - close.length);
    // “A”和“B” is no wrapped answer: only strip when the pair is the only one.
    if (!inner.includes(open) && !inner.includes(close)) return inner.trim();
  }
  return text;
}

/** The rewritten paragraph from a model answer (preamble, quotes, code fences and Markdown stripped), or why it is unusable. */
export function cleanRewrite(original: string, answer: string): CleanRewriteResult {
  let text = answer.replace(/\r\n?/gu, '\n').trim();
  const fenced = /```[^\n]*\n([\s\S]*?)\n?```/u.exec(text);
  if (fenced && fenced[1].trim()) text = fenced[1].trim();
  text = stripMarkdown(text, original);

  let lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^[-*_=]{3,}$/u.test(line));
  // A line that is part of the original ("本文的贡献如下：") is content, even when it looks like an introduction.
  const compactOriginal = original.replace(/\s+/gu, '');
  const isPreamble = (line: string) => line.length <= 60 && PREAMBLE_LINE.test(line) && !compactOriginal.includes(line.replace(/\s+/gu, ''));
  while (lines.length > 1 && isPreamble(lines[0])) lines.shift();
  const note = lines.findIndex((line, i) => i > 0 && TRAILING_NOTE.test(line));
  if (note > 0) lines = lines.slice(0, note);
  // A paragraph is one line of the document text: lines the model split it into are joined again.
  text = normalizeParagraph(lines.reduce((joined, line) => joinWrappedLines(joined, line), ''));

  if (!INLINE_PREAMBLE.test(original)) text = text.replace(INLINE_PREAMBLE, '');
  text = stripQuotes(text, original);

  const label = INLINE_LABEL.exec(original);
  if (label && !INLINE_LABEL.test(text)) text = label[0] + text;

  if (!text) return { ok: false, reason: 'empty answer' };
  const before = countChars(original);
  const after = countChars(text);
  if (after < before * REWRITE_LENGTH_BOUNDS.min) return { ok: false, reason: `too short: ${after} of ${before} characters` };
  if (after > before * REWRITE_LENGTH_BOUNDS.max) return { ok: false, reason: `too long: ${after} of ${before} characters` };
  const lost = lostCitationMarks(original, text);
  if (lost.length) return { ok: false, reason: `lost citation mark ${lost.join(' ')}` };
  if (text.replace(/\s+/gu, '') === original.replace(/\s+/gu, '')) return { ok: false, reason: 'unchanged' };
  return { ok: true, text };
}
