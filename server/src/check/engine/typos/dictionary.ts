// Error-prone words (易错词) for the check report: where the list comes from and how a paper is searched for them.
//
// The check asks a `TypoDictionary` for its words. Today the default is the seeded list (./seed.ts); the CMS words
// module (issue 20) will provide its error-prone words and whitelist through the same shape, and the check task hands
// them to the worker as plain data (`TypoWords`), where a matcher is built once per `version` and reused.
import AhoCorasick, { type Match } from 'modern-ahocorasick';
import { SEEDED_ALLOWED, SEEDED_TYPOS } from './seed';

/** One error-prone word: the wrong form and its correction. */
export interface TypoEntry {
  wrong: string;
  correct: string;
}

/** A list of error-prone words as plain, serialisable data (it crosses into the check worker thread). */
export interface TypoWords {
  /** Identifies the list's content (e.g. 'seed-1', or the words module's last change); a matcher is built once per version. */
  version: string;
  entries: readonly TypoEntry[];
  /** Correct phrases that contain a wrong form; an occurrence inside one of them is not reported. */
  allowed?: readonly string[];
}

/** Where the check gets its error-prone words; the words module implements it when it lands. */
export interface TypoDictionary {
  words(): Promise<TypoWords> | TypoWords;
}

/** Version of the seeded list; bump it when the list changes. */
export const SEEDED_TYPO_VERSION = 'seed-1';

/** The seeded list as `TypoWords`. */
export const SEEDED_TYPO_WORDS: TypoWords = Object.freeze({
  version: SEEDED_TYPO_VERSION,
  entries: Object.freeze(SEEDED_TYPOS.map(([wrong, correct]) => Object.freeze({ wrong, correct }))),
  allowed: SEEDED_ALLOWED,
});

/** The default dictionary: the seeded list. */
export const seededTypoDictionary: TypoDictionary = { words: () => SEEDED_TYPO_WORDS };

/** One occurrence of a wrong form in a text: [start, end) in UTF-16 code units of the original text. */
export interface TypoHit {
  start: number;
  end: number;
  wrong: string;
  correct: string;
}

/**
 * Folds full-width ASCII forms and the ideographic space to their half-width forms, one code unit for one code unit,
 * so offsets in the folded text are offsets in the original.
 */
export function foldWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000]/g, (ch) => (ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0)));
}

interface Pattern {
  kind: 'typo' | 'allowed';
  correct: string;
}

/** Finds the error-prone words of a list in a text: one Aho-Corasick pass over the width-folded text. */
export class TypoMatcher {
  readonly version: string;
  readonly size: number;
  private readonly automaton: AhoCorasick<Pattern>;
  /** First two code units (c0 << 16 | c1) of every pattern, or null when a pattern is a single unit (full scan). */
  private readonly heads: Set<number> | null;
  private readonly maxLength: number;

  constructor(words: TypoWords) {
    this.version = words.version;
    const patterns = new Map<string, Pattern>();
    // Entries whose wrong form equals its correction, or is empty, say nothing; the first entry of a wrong form wins.
    for (const { wrong, correct } of words.entries) {
      const key = foldWidth(wrong.trim());
      if (!key || key === foldWidth(correct.trim()) || patterns.has(key)) continue;
      patterns.set(key, { kind: 'typo', correct: correct.trim() });
    }
    this.size = patterns.size;
    for (const phrase of words.allowed ?? []) {
      const key = foldWidth(phrase.trim());
      if (key) patterns.set(key, { kind: 'allowed', correct: '' });
    }
    this.automaton = new AhoCorasick([...patterns].map(([pattern, data]) => ({ pattern, data })));
    const keys = [...patterns.keys()];
    this.maxLength = keys.reduce((max, key) => Math.max(max, key.length), 0);
    this.heads = keys.every((key) => key.length >= 2) ? new Set(keys.map((key) => (key.charCodeAt(0) << 16) | key.charCodeAt(1))) : null;
  }

  /**
   * Pattern occurrences in the folded text. The automaton runs only over windows where some pattern's first two code
   * units occur (merged when they overlap): the library segments its input into graphemes, which costs far more than
   * this scan, and in running text such windows are rare. Every occurrence lies inside the window of its start, so
   * the result is that of a scan of the whole text.
   */
  private occurrences(folded: string): Match<Pattern>[] {
    if (!this.heads) return this.automaton.search(folded);
    const out: Match<Pattern>[] = [];
    const n = folded.length;
    let from = -1;
    let to = -1;
    const flush = () => {
      if (from < 0) return;
      // One unit more, so that a combining mark or low surrogate after a candidate match is seen with it.
      const end = Math.min(n, to + 1);
      for (const m of this.automaton.search(folded.slice(from, end))) out.push({ ...m, start: m.start + from, end: m.end + from });
    };
    for (let i = 0; i + 1 < n; i++) {
      if (!this.heads.has((folded.charCodeAt(i) << 16) | folded.charCodeAt(i + 1))) continue;
      if (i <= to) to = Math.max(to, i + this.maxLength);
      else {
        flush();
        from = i;
        to = i + this.maxLength;
      }
    }
    flush();
    return out;
  }

  /**
   * Occurrences of wrong forms in `text`, in text order, not overlapping (the longest wins at a start), with original
   * offsets; an occurrence covered by an allowed phrase is dropped.
   */
  find(text: string): TypoHit[] {
    const folded = foldWidth(text);
    const all = this.occurrences(folded);
    const allowed = all.filter((m) => m.data?.kind === 'allowed');
    const typos = all
      .filter((m) => m.data?.kind === 'typo' && !allowed.some((a) => a.start <= m.start && a.end >= m.end))
      .sort((a, b) => a.start - b.start || b.end - a.end);
    const hits: TypoHit[] = [];
    let end = 0;
    for (const m of typos) {
      if (m.start < end) continue;
      hits.push({ start: m.start, end: m.end, wrong: text.slice(m.start, m.end), correct: m.data!.correct });
      end = m.end;
    }
    return hits;
  }
}

const matchers = new Map<string, TypoMatcher>();

/** A matcher for a list, built once per version (a few lists at most live in a process). */
export function typoMatcher(words: TypoWords = SEEDED_TYPO_WORDS): TypoMatcher {
  let matcher = matchers.get(words.version);
  if (!matcher) {
    if (matchers.size >= 4) matchers.clear();
    matcher = new TypoMatcher(words);
    matchers.set(words.version, matcher);
  }
  return matcher;
}
