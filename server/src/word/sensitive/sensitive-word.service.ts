import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import type { SensitiveWordSource } from '../../ai/safety/sensitive-words';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import type { CreateSensitiveWordDto, SensitiveWordQueryDto, UpdateSensitiveWordDto } from './sensitive-word.dto';
import { CmsSensitiveWord } from './sensitive-word.entity';
import { SensitiveMatcher, type SensitiveHit, type SensitiveWordType } from './sensitive-matcher';

const UNIQUE_WORD = 'uq_cms_sensitive_word_word';
/** Most lines one import takes. */
export const MAX_IMPORT_WORDS = 10_000;

/**
 * The sensitive-word list (`cms_sensitive_word`) and matching against it. The automaton is built once per version of
 * the list and rebuilt when the list changes, in this process or another: every match first reads the list's version
 * (row count, largest id, last update time: one index-only aggregate on a small table).
 *
 * It is the AI writing's `SENSITIVE_WORD_SOURCE` too, and comments and content saves call `find`/`mask`.
 */
@Injectable()
export class SensitiveWordService implements SensitiveWordSource {
  private cached: { version: string; matcher: SensitiveMatcher } | null = null;
  private building: { version: string; promise: Promise<SensitiveMatcher> } | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(CmsSensitiveWord);
  }

  // ------------------------------------------------------------------------------------------------ matching

  /** The matcher of the list as it is now. */
  async matcher(): Promise<SensitiveMatcher> {
    const [{ version }] = await this.dataSource.query<Array<{ version: string }>>(
      `SELECT count(*)::text || ':' || coalesce(max(word_id), 0)::text || ':' || coalesce(floor(extract(epoch FROM max(update_time)) * 1000000)::text, '') AS version
         FROM cms_sensitive_word`,
    );
    if (this.cached?.version === version) return this.cached.matcher;
    if (this.building?.version !== version) {
      const promise = this.repo
        .find({ select: { word: true, wordType: true, replaceWord: true }, order: { wordId: 'ASC' } })
        .then((rows) => {
          const matcher = new SensitiveMatcher(rows);
          this.cached = { version, matcher };
          return matcher;
        })
        .finally(() => {
          if (this.building?.promise === promise) this.building = null;
        });
      this.building = { version, promise };
    }
    return this.building!.promise;
  }

  /** The sensitive words of the list (as written). */
  async words(): Promise<readonly string[]> {
    return (await this.matcher()).words;
  }

  /** Occurrences of sensitive words in `text` (folded matching, whitelist winning), with offsets in `text`. */
  async find(text: string): Promise<SensitiveHit[]> {
    return (await this.matcher()).find(text);
  }

  /** The distinct sensitive words found in any of `texts`. */
  async wordsIn(texts: string[]): Promise<string[]> {
    const matcher = await this.matcher();
    return [...new Set(texts.flatMap((text) => matcher.wordsIn(text)))];
  }

  /** `text` with every sensitive word replaced by its replacement, or `*` per character. */
  async mask(text: string): Promise<string> {
    return (await this.matcher()).mask(text);
  }

  // ------------------------------------------------------------------------------------------------ the list

  list(query: SensitiveWordQueryDto): Promise<PageResult<CmsSensitiveWord>> {
    const qb = this.repo.createQueryBuilder('w');
    if (query.word) qb.andWhere('w.word ILIKE :word', { word: `%${escapeLike(query.word)}%` });
    if (query.wordType) qb.andWhere('w.word_type = :type', { type: query.wordType });
    return paginate(qb, query, {
      sortable: { word: 'w.word', wordType: 'w.word_type', createTime: 'w.create_time' },
      defaultOrder: { 'w.word_id': 'DESC' },
    });
  }

  async get(wordId: string): Promise<CmsSensitiveWord> {
    const word = await this.repo.findOneBy({ wordId });
    if (!word) throw ServiceException.notFound('word.sensitive.notFound');
    return word;
  }

  async create(user: LoginUser, dto: CreateSensitiveWordDto): Promise<CmsSensitiveWord> {
    const row = this.repo.create({
      word: dto.word,
      wordType: dto.wordType ?? 'sensitive',
      replaceWord: dto.replaceWord ?? '',
      remark: dto.remark ?? '',
      createBy: user.userName,
      updateBy: user.userName,
    });
    return this.saveUnique(row);
  }

  async update(user: LoginUser, dto: UpdateSensitiveWordDto): Promise<CmsSensitiveWord> {
    const row = await this.get(dto.wordId);
    Object.assign(row, {
      word: dto.word,
      wordType: dto.wordType ?? row.wordType,
      replaceWord: dto.replaceWord ?? row.replaceWord,
      remark: dto.remark ?? row.remark,
      updateBy: user.userName,
    });
    return this.saveUnique(row);
  }

  private async saveUnique(row: CmsSensitiveWord): Promise<CmsSensitiveWord> {
    try {
      return await this.repo.save(row);
    } catch (error) {
      if (uniqueViolationOf(error) === UNIQUE_WORD) throw new ServiceException('word.sensitive.wordTaken', { word: row.word });
      throw error;
    }
  }

  async remove(wordIds: string[]): Promise<void> {
    const found = await this.repo.countBy({ wordId: In(wordIds) });
    if (found !== new Set(wordIds).size) throw ServiceException.notFound('word.sensitive.notFound');
    await this.repo.delete({ wordId: In(wordIds) });
  }

  /**
   * Adds the words of an import (one a line, or the first column of a sheet); blank, too long and present words are
   * skipped. Answers how many were added and skipped.
   */
  async importWords(user: LoginUser, words: string[], wordType: SensitiveWordType): Promise<{ added: number; skipped: number }> {
    if (words.length > MAX_IMPORT_WORDS) throw new ServiceException('word.sensitive.importTooMany', { max: MAX_IMPORT_WORDS });
    const wanted = [
      ...new Map(
        words
          .map((w) => w.trim())
          .filter((w) => w && w.length <= 255)
          .map((w) => [w.toLowerCase(), w]),
      ).values(),
    ];
    let added = 0;
    if (wanted.length) {
      const rows = await this.dataSource.query<unknown[]>(
        `INSERT INTO cms_sensitive_word (word, word_type, create_by, update_by)
         SELECT w, $2, $3, $3 FROM unnest($1::text[]) AS w
         ON CONFLICT DO NOTHING
         RETURNING word_id`,
        [wanted, wordType, user.userName],
      );
      added = rows.length;
    }
    return { added, skipped: words.length - added };
  }
}
