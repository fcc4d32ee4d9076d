// Matching of sensitive words: one Aho-Corasick automaton (modern-ahocorasick) over the whole list, run on folded text.
//
// Text and words are folded the same way as the check engine's duplicate matching (`normalizeForMatching`): full-width
// forms to half-width, Traditional to Simplified (opencc-js tw2sp), Latin to lower case, and everything but letters and
// digits dropped, so "冰 毒", "ＡＢＣ" and "賭博網站" match 冰毒, abc and 赌博网站. Every hit maps back to the range of the
// original text it covers. A whitelist word whose occurrence covers a sensitive word's occurrence wins: that
// occurrence is not reported.
import AhoCorasick, { type Match } from 'modern-ahocorasick';
import { normalizeForMatching, toOriginalRange } from '../../check/engine/text/normalize';

export type SensitiveWordType = 'sensitive' | 'whitelist';

/** A word of the list as the matcher needs it. */
export interface SensitiveWordEntry {
  word: string;
  wordType: SensitiveWordType;
  /** What `mask` puts in place of an occurrence; '' = one `*` per character. */
  replaceWord: string;
}

/** One occurrence of a sensitive word: [start, end) in UTF-16 code units of the original text. */
export interface SensitiveHit {
  /** The word of the list. */
  word: string;
  /** The original text it was found as (e.g. 冰 毒 or 賭博網站). */
  text: string;
  start: number;
  end: number;
  replaceWord: string;
}

interface Pattern {
  entry: SensitiveWordEntry;
}

/** The folded form of a word or text (what the automaton sees). */
export function foldForMatching(text: string): string {
  return normalizeForMatching(text).text;
}

/** Matches the sensitive words of a list in texts; built once per list version and then only read. */
export class SensitiveMatcher {
  /** The sensitive (not whitelist) words, as written in the list. */
  readonly words: readonly string[];
  private readonly automaton: AhoCorasick<Pattern> | null;

  constructor(entries: readonly SensitiveWordEntry[]) {
    const patterns = new Map<string, Pattern>();
    // A whitelist word folding like a sensitive word makes it say nothing; otherwise the first entry of a form wins.
    for (const entry of [...entries].sort((a, b) => (a.wordType === b.wordType ? 0 : a.wordType === 'whitelist' ? -1 : 1))) {
      const key = foldForMatching(entry.word);
      if (!key || patterns.has(key)) continue;
      patterns.set(key, { entry });
    }
    this.words = [...patterns.values()].filter((p) => p.entry.wordType === 'sensitive').map((p) => p.entry.word);
    this.automaton = patterns.size ? new AhoCorasick([...patterns].map(([pattern, data]) => ({ pattern, data }))) : null;
  }

  /** Occurrences of sensitive words in `text`, in text order, not overlapping (the longest wins at a start). */
  find(text: string): SensitiveHit[] {
    if (!this.automaton || !text) return [];
    const norm = normalizeForMatching(text);
    if (!norm.text) return [];
    const all: Match<Pattern>[] = this.automaton.search(norm.text);
    const allowed = all.filter((m) => m.data?.entry.wordType === 'whitelist');
    const sensitive = all
      .filter((m) => m.data?.entry.wordType === 'sensitive' && !allowed.some((a) => a.start <= m.start && a.end >= m.end))
      .sort((a, b) => a.start - b.start || b.end - a.end);
    const hits: SensitiveHit[] = [];
    let end = 0;
    for (const m of sensitive) {
      if (m.start < end) continue;
      end = m.end;
      const { offset, length } = toOriginalRange(norm, m.start, m.end);
      const entry = m.data!.entry;
      hits.push({ word: entry.word, text: text.slice(offset, offset + length), start: offset, end: offset + length, replaceWord: entry.replaceWord });
    }
    return hits;
  }

  /** The first sensitive word (as in the list) found in `text`, or undefined. */
  first(text: string): string | undefined {
    return this.find(text)[0]?.word;
  }

  /** The distinct words of the list found in `text`. */
  wordsIn(text: string): string[] {
    return [...new Set(this.find(text).map((h) => h.word))];
  }

  /** `text` with every occurrence replaced by its replacement word, or by one `*` per character of the occurrence. */
  mask(text: string): string {
    const hits = this.find(text);
    if (!hits.length) return text;
    let out = '';
    let at = 0;
    for (const hit of hits) {
      out += text.slice(at, hit.start) + (hit.replaceWord || '*'.repeat([...hit.text].length));
      at = hit.end;
    }
    return out + text.slice(at);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of stored HTML for matching: scripts, styles and tags dropped, common entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole;
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    });
}
