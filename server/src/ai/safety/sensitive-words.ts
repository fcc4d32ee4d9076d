import { Inject, Injectable } from '@nestjs/common';

/**
 * Where the sensitive words come from. The seeded list below serves until the CMS word module (spec: sensitive
 * words with type sensitive/whitelist) provides its own implementation under the same token.
 */
export interface SensitiveWordSource {
  /** Words to refuse in inputs and to mask in outputs. */
  words(): Promise<readonly string[]>;
}

export const SENSITIVE_WORD_SOURCE = Symbol('SENSITIVE_WORD_SOURCE');

/** A short seeded list (illegal trades and drugs); staff-managed lists replace it with the CMS word module. */
export const SEEDED_SENSITIVE_WORDS: readonly string[] = ['代开发票', '办假证', '枪支出售', '冰毒', '海洛因', '赌博网站', '洗钱服务', '迷药'];

@Injectable()
export class SeededSensitiveWords implements SensitiveWordSource {
  async words(): Promise<readonly string[]> {
    return SEEDED_SENSITIVE_WORDS;
  }
}

/**
 * Masks sensitive words in a stream of text pieces. A piece is forwarded at once except for a tail that could be the
 * start of a word continuing in the next piece, so a word split across pieces is still masked and the first token
 * is rarely held back.
 */
export class StreamMasker {
  private pending = '';

  constructor(private readonly words: readonly string[]) {}

  push(piece: string): string {
    const text = mask(this.pending + piece, this.words);
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
    const words = await this.source.words();
    for (const text of texts) {
      const word = words.find((w) => w && text.includes(w));
      if (word) return word;
    }
    return undefined;
  }

  async masker(): Promise<StreamMasker> {
    return new StreamMasker(await this.source.words());
  }
}
