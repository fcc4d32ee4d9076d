import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Segmenter } from './segmenter';

/** How often a process checks whether the dictionary changed elsewhere (another instance added a word). */
const CHECK_EVERY_MS = 10_000;

/**
 * The process's segmenter, loaded with the search dictionary (`search_dict_word`). A change made here reloads it at
 * once; a change made by another instance is seen within 10 s (the dictionary's version is its row count and
 * largest id).
 */
@Injectable()
export class SearchSegmenterService {
  private segmenter: Segmenter | null = null;
  private version = '';
  private checkedAt = 0;
  private loading: Promise<Segmenter> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The current segmenter. */
  async get(): Promise<Segmenter> {
    if (this.segmenter && Date.now() - this.checkedAt < CHECK_EVERY_MS) return this.segmenter;
    if (!this.loading) this.loading = this.refresh(false).finally(() => (this.loading = null));
    return this.loading;
  }

  /** Loads the dictionary again now (after a change, and before a rebuild). */
  async reload(): Promise<Segmenter> {
    return this.refresh(true);
  }

  private async refresh(force: boolean): Promise<Segmenter> {
    const [{ version }] = (await this.dataSource.query(
      `SELECT count(*) || ':' || coalesce(max(word_id), 0) AS version FROM search_dict_word`,
    )) as Array<{ version: string }>;
    this.checkedAt = Date.now();
    if (!force && this.segmenter && version === this.version) return this.segmenter;
    const rows = (await this.dataSource.query(`SELECT word, word_type FROM search_dict_word ORDER BY word_id`)) as Array<{
      word: string;
      word_type: 'word' | 'stop';
    }>;
    this.segmenter = new Segmenter({
      words: rows.filter((r) => r.word_type === 'word').map((r) => r.word),
      stopWords: rows.filter((r) => r.word_type === 'stop').map((r) => r.word),
    });
    this.version = version;
    return this.segmenter;
  }
}
