import { Inject, Injectable } from '@nestjs/common';

/**
 * Where the sensitive words come from: the CMS word module's `SensitiveWordService` (词汇 > 敏感词) provides it, with
 * folded matching (full-width, Traditional, case) where the whitelist wins.
 */
export interface SensitiveWordSource {
  /** Words to refuse in inputs and to mask in outputs. */
  words(): Promise<readonly string[]>;
  /** A matcher of the list; when a source has one, the filter matches through it instead of by plain substrings. */
  matcher?(): Promise<SensitiveTextMatcher>;
}

/** Matching of a word list in texts, as the CMS word module does it. */
export interface SensitiveTextMatcher {
  /** The sensitive words of the list (to hold back a possible word start in a stream). */
  readonly words: readonly string[];
  /** The first word of the list found in `text`, or undefined. */
  first(text: string): string | undefined;
  /** `text` with every word found masked. */
  mask(text: string): string;
}

export const SENSITIVE_WORD_SOURCE = Symbol('SENSITIVE_WORD_SOURCE');

/**
 * Masks sensitive words in a stream of text pieces. A piece is forwarded at once except for a tail that could be the
 * start of a word continuing in the next piece, so a word split across pieces is still masked and the first token
 * is rarely held back.
 */
export class StreamMasker {
  private pending = '';
  private readonly words: readonly string[];
  private readonly maskText: (text: string) => string;

  /** Masks the words of a list, or through a matcher (which may fold text and allow whitelist words). */
  constructor(source: readonly string[] | SensitiveTextMatcher) {
    if (isMatcher(source)) {
      this.words = source.words;
      this.maskText = (text) => source.mask(text);
    } else {
      this.words = source;
      this.maskText = (text) => mask(text, source);
    }
  }

  push(piece: string): string {
    const text = this.maskText(this.pending + piece);
    const keep = this.heldTail(text);
    this.pending = text.slice(text.length - keep);
    return text.slice(0, text.length - keep);
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }

  /** Length of the longest end of `text` that is a proper beginning of some word. */
  private heldTail(text: string): number {
    let keep = 0;
    for (const word of this.words) {
      for (let n = Math.min(word.length - 1, text.length); n > keep; n--) {
        if (text.endsWith(word.slice(0, n))) {
          keep = n;
          break;
        }
      }
    }
    return keep;
  }
}

function isMatcher(source: readonly string[] | SensitiveTextMatcher): source is SensitiveTextMatcher {
  return !Array.isArray(source);
}

function mask(text: string, words: readonly string[]): string {
  let out = text;
  for (const word of words) if (word && out.includes(word)) out = out.split(word).join('*'.repeat(word.length));
  return out;
}

/** Sensitive-word checks of AI writing: refuse inputs that hold one, mask them in outputs. */
@Injectable()
export class SensitiveWordFilter {
  constructor(@Inject(SENSITIVE_WORD_SOURCE) private readonly source: SensitiveWordSource) {}

  /** The first sensitive word found in any of the texts, or undefined. */
  async findIn(texts: string[]): Promise<string | undefined> {
    if (this.source.matcher) {
      const matcher = await this.source.matcher();
      for (const text of texts) {
        const word = matcher.first(text);
        if (word) return word;
      }
      return undefined;
    }
    const words = await this.source.words();
    for (const text of texts) {
      const word = words.find((w) => w && text.includes(w));
      if (word) return word;
    }
    return undefined;
  }

  async masker(): Promise<StreamMasker> {
    return new StreamMasker(this.source.matcher ? await this.source.matcher() : await this.source.words());
  }
}
