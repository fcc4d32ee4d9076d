import { Injectable } from '@nestjs/common';

/** How long an answer is kept: a search repeated within it is answered from memory. */
export const SEARCH_RESULT_TTL_MS = 10_000;
/** At most this many answers are kept (the oldest go first). */
const MAX_ENTRIES = 5_000;

/**
 * Recent answers of the public search, by site, tokens, filter, page and sort: popular searches are asked many times
 * a second, and each costs a ranked full-text query. This process's index writes clear it; an index written by another
 * process (a separate worker) shows in searches within the time to live.
 */
@Injectable()
export class SearchResultCache {
  private readonly entries = new Map<string, { at: number; value: unknown }>();

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > SEARCH_RESULT_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set(key: string, value: unknown): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { at: Date.now(), value });
  }

  /** Drops every answer: the index changed. */
  clear(): void {
    this.entries.clear();
  }
}
