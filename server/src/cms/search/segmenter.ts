import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/** Longest token kept (a tsvector lexeme holds up to 2 KB; longer "words" are noise). */
const MAX_TOKEN = 60;
/** A token made only of spaces, punctuation and symbols carries nothing to search for. */
const NOISE = /^[\s\p{P}\p{S}]+$/u;

/** The search dictionary as the segmenter takes it: custom words (kept whole) and stop words (dropped). */
export interface SearchDictionary {
  words: readonly string[];
  stopWords: readonly string[];
}

/**
 * Chinese word segmentation for the site search (`@node-rs/jieba` with its default dictionary plus the search
 * dictionary's custom words). Indexed text and queries go through the same instance, so both sides cut alike; tokens
 * are lower-cased, punctuation and stop words dropped.
 */
export class Segmenter {
  private readonly jieba: Jieba;
  private readonly stop: Set<string>;

  constructor(dictionary: SearchDictionary = { words: [], stopWords: [] }) {
    this.jieba = Jieba.withDict(dict);
    const words = dictionary.words.map((w) => w.trim()).filter((w) => w && !/\s/.test(w));
    // A custom word gets a high frequency so it wins over the default dictionary's cuts.
    if (words.length) this.jieba.loadDict(Buffer.from(words.map((w) => `${w} 100000 n`).join('\n') + '\n', 'utf8'));
    this.stop = new Set(dictionary.stopWords.map((w) => w.trim().toLowerCase()).filter(Boolean));
  }

  /** Tokens of text to index: search mode (a long word also yields its parts), so a part of it finds the document. */
  indexTokens(text: string): string[] {
    return this.clean(this.jieba.cutForSearch(text, true));
  }

  /** Tokens of a query: the precise cut, each token required. */
  queryTokens(text: string): string[] {
    return [...new Set(this.clean(this.jieba.cut(text, true)))];
  }

  private clean(tokens: string[]): string[] {
    const out: string[] = [];
    for (const raw of tokens) {
      const token = raw.trim().toLowerCase();
      if (!token || token.length > MAX_TOKEN || NOISE.test(token) || this.stop.has(token)) continue;
      out.push(token);
    }
    return out;
  }
}

/** Characters of a document's text that are segmented (a longer body is indexed up to here). */
export const MAX_INDEXED_CHARS = 200_000;

/** Plain text of stored HTML: tags and scripts dropped, entities decoded, white space folded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th|blockquote|section)>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}
