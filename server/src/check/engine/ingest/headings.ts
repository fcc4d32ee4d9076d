// Heading patterns of Chinese theses, for text without styles (txt, pdf, unstyled docx).
import { compact } from './text-utils';

/** Sections with a fixed name, whatever their numbering. */
export type SpecialSection =
  'abstract' | 'abstract-en' | 'keywords' | 'toc' | 'references' | 'acknowledgements' | 'appendix' | 'intro' | 'conclusion';

/** Numbering schemes: 第一章, 第一节, 一、, （一）, 1 / 1.1 / 1.1.1, or a bare section name. */
export type HeadingFamily = 'chapter' | 'section' | 'cn-enum' | 'cn-paren' | 'numeric' | 'special';

/** What the text of one paragraph says about it being a heading. */
export interface HeadingMatch {
  family: HeadingFamily;
  /** The number(s) of a numbered heading: [3] for 第三章 or 3, [3, 2] for 3.2. */
  numbers: number[];
  special: SpecialSection | null;
  /** The heading's title without its numbering ("绪论" of "第一章 绪论"); empty for a bare "第一章". */
  titleText: string;
  /** For an inline heading ("摘要：本文……"), the length of the heading part; the rest is content. */
  inlineLength: number | null;
}

const CN_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** Value of a Chinese (一 … 九十九, 百) or Arabic numeral; NaN when it is neither. */
export function parseNumeral(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  let total = 0;
  let digit = 0;
  let seen = false;
  for (const ch of text) {
    if (ch in CN_DIGITS) {
      digit = CN_DIGITS[ch];
      seen = true;
    } else if (ch === '十') {
      total += (seen ? digit : 1) * 10;
      digit = 0;
      seen = false;
    } else if (ch === '百') {
      total += (seen ? digit : 1) * 100;
      digit = 0;
      seen = false;
    } else {
      return Number.NaN;
    }
  }
  return total + digit;
}

const SPECIAL_NAMES: Array<[RegExp, SpecialSection]> = [
  [/^(?:中文)?(?:内容)?(?:摘要|提要)$/, 'abstract'],
  [/^(?:abstract|英文摘要|summary)$/i, 'abstract-en'],
  [/^(?:关键词|关键字|key\s*words?)$/i, 'keywords'],
  [/^(?:目录|目次|contents|table\s*of\s*contents)$/i, 'toc'],
  [/^(?:主要)?(?:参考文献|参考资料|引用文献)(?:目录)?$|^(?:references?|bibliography|works\s*cited)$/i, 'references'],
  [/^(?:致谢|致谢词|谢辞|鸣谢|acknowledge?ments?)$/i, 'acknowledgements'],
  [/^(?:附录|appendix|appendices)(?:[a-z\d一二三四五六七八九十]{0,3})?$/i, 'appendix'],
  [/^(?:引言|前言|绪论|导论|序言|introduction)$/i, 'intro'],
  [/^(?:结论|结语|结束语|总结|总结与展望|结论与展望|研究结论与展望|conclusions?)$/i, 'conclusion'],
];

/** The special section a heading title names ("摘 要", "参考文献", "附录A 问卷"), or null. */
export function specialSectionOf(title: string): SpecialSection | null {
  const key = compact(title).replace(/[:：.．]$/u, '');
  for (const [pattern, section] of SPECIAL_NAMES) if (pattern.test(key)) return section;
  // "附录A 调查问卷", "附录一：访谈提纲", "Appendix B. Data"
  if (/^(?:附录|appendix)\s*(?:[A-Za-z\d]|[一二三四五六七八九十]{1,3})?(?:[\s:：.．、]|$)/iu.test(title.trim())) return 'appendix';
  return null;
}

// A heading is short and is no sentence: it does not end in sentence punctuation nor hold a full stop.
const MAX_CJK_HEADING = 40;
const MAX_LATIN_HEADING = 100;
const SENTENCE_END = /[。；;，,：:！!？?、]$/u;

function headingShaped(text: string): boolean {
  const limit = /[\u4e00-\u9fff]/u.test(text) ? MAX_CJK_HEADING : MAX_LATIN_HEADING;
  return text.length <= limit && !SENTENCE_END.test(text) && !text.includes('。');
}

const CN_NUM = '[一二三四五六七八九十百零〇两\\d]{1,4}';
const CHAPTER = new RegExp(`^第\\s*(${CN_NUM})\\s*(章|部分|篇)(?:\\s*[:：、.．]?\\s*)(.*)$`, 'u');
const SECTION = new RegExp(`^第\\s*(${CN_NUM})\\s*节(?:\\s*[:：、.．]?\\s*)(.*)$`, 'u');
const CN_ENUM = /^([一二三四五六七八九十]{1,3})\s*[、.．]\s*(\S.*)$/u;
const CN_PAREN = /^[（(]\s*([一二三四五六七八九十]{1,3})\s*[）)]\s*(\S.*)$/u;
const NUMERIC = /^(\d{1,2}(?:[.．]\d{1,2}){0,3})(?:[.．、]\s*|\s+|(?=[\u4e00-\u9fff]))(\S.*)$/u;
const INLINE_SPECIAL = /^((?:中文)?摘\s*要|abstract|关\s*键\s*[词字]|key\s*words?)\s*(?:[:：]\s*|\s+(?=\S))(?=\S)/iu;

/** Reads one paragraph as a heading candidate; null when its text cannot be a heading. */
export function matchHeading(raw: string): HeadingMatch | null {
  const text = raw.trim();
  if (!text) return null;
  const inline = INLINE_SPECIAL.exec(text);
  if (inline) {
    const special = specialSectionOf(inline[1]);
    if (special) return { family: 'special', numbers: [], special, titleText: compact(inline[1]), inlineLength: inline[0].length };
  }
  const special = text.length <= MAX_CJK_HEADING ? specialSectionOf(text) : null;
  if (special) return { family: 'special', numbers: [], special, titleText: text.replace(/[:：]$/u, ''), inlineLength: null };
  if (!headingShaped(text)) return null;
  let match = CHAPTER.exec(text);
  if (match) return numbered('chapter', [parseNumeral(match[1])], match[3]);
  match = SECTION.exec(text);
  if (match) return numbered('section', [parseNumeral(match[1])], match[2]);
  match = CN_PAREN.exec(text);
  if (match) return numbered('cn-paren', [parseNumeral(match[1])], match[2]);
  match = CN_ENUM.exec(text);
  if (match) return numbered('cn-enum', [parseNumeral(match[1])], match[2]);
  match = NUMERIC.exec(text);
  if (match) {
    const numbers = match[1].split(/[.．]/u).map(Number);
    // "2.5 倍" style measurements and lone digits are no headings: the title needs a letter or ideograph.
    if (!/[\p{L}]/u.test(match[2])) return null;
    return numbered('numeric', numbers, match[2]);
  }
  return null;
}

function numbered(family: HeadingFamily, numbers: number[], title: string): HeadingMatch | null {
  if (numbers.some((n) => Number.isNaN(n))) return null;
  const titleText = title.trim();
  return { family, numbers, special: specialSectionOf(titleText), titleText, inlineLength: null };
}

const TOC_ENTRY = /^(.{1,120}?)(?:\s*[.．·…⋯_\-—]{2,}\s*|\s+|(?<=[\u4e00-\u9fff）)\]]))(\d{1,4}|[ivxlcIVXLC]{1,7})$/u;

/** True for a table-of-contents entry: a title followed by leaders or space and a page number. */
export function isTocEntry(text: string): boolean {
  const match = TOC_ENTRY.exec(text.trim());
  if (!match) return false;
  // "2019" alone or "图 1" are no entries; an entry has a title with a letter or ideograph.
  return /[\p{L}]/u.test(match[1].replace(/^[\d.．\s]+/u, '')) && match[1].trim().length >= 2;
}

/** True for a line with dot leaders before a page number (never body text, even when it fills the line). */
export function hasTocLeaders(text: string): boolean {
  return /[.．·…⋯_]{4,}\s*(\d{1,4}|[ivxlcIVXLC]{1,7})$/u.test(text.trim());
}

const CAPTION = /^(?:图|表|figure|fig\.|table)\s*[\d一二三四五六七八九十]+(?:[.．\-－–]\d+)*[\s:：.．]*\S/iu;

/** True for a figure or table caption ("图3-1 系统结构", "表 2.1 样本分布", "Figure 4. Results"). */
export function isCaption(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= 60 && !trimmed.endsWith('。') && CAPTION.test(trimmed);
}
