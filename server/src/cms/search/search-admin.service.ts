import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { applyTimeRange } from '../../common/paging/time-range';
import { paginateRaw, pageWindow } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import type { AddDictWordsDto, DictQueryDto, IndexQueryDto, SearchLogQueryDto, SearchWordQueryDto, TrendQueryDto } from './search.dto';
import { SearchSegmenterService } from './search-segmenter.service';

export interface IndexRow {
  contentId: string;
  title: string;
  catalogId: string;
  catalogName: string;
  contentType: string;
  status: string;
  publishDate: Date | null;
  indexedTime: Date;
}

/** The back office's side of the site search: the index list, the dictionary, the logs and hot searches. */
@Injectable()
export class SearchAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly segmenters: SearchSegmenterService,
  ) {}

  /** Indexed content of a site (filters: title part, catalog with its sub-catalogs), latest indexed first. */
  listIndex(siteId: string, query: IndexQueryDto): Promise<PageResult<IndexRow>> {
    const qb = this.dataSource
      .createQueryBuilder()
      .from('search_content_index', 's')
      .leftJoin('cms_content', 'c', 'c.content_id = s.content_id')
      .leftJoin('cms_catalog', 'cat', 'cat.catalog_id = s.catalog_id')
      .select([
        `s.content_id::text AS "contentId"`,
        `s.title AS "title"`,
        `s.catalog_id::text AS "catalogId"`,
        `coalesce(cat.name, '') AS "catalogName"`,
        `s.content_type AS "contentType"`,
        `coalesce(c.status, '') AS "status"`,
        `s.publish_date AS "publishDate"`,
        `s.indexed_time AS "indexedTime"`,
      ])
      .where('s.site_id = :siteId', { siteId });
    if (query.title) qb.andWhere('s.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.catalogId) qb.andWhere('s.catalog_ids @> ARRAY[:catalogId]::bigint[]', { catalogId: query.catalogId });
    return paginateRaw<IndexRow>(qb, query, {
      sortable: { indexedTime: 's.indexed_time', publishDate: 's.publish_date' },
      defaultOrder: { 's.indexed_time': 'DESC', 's.content_id': 'DESC' },
    });
  }

  /** One index row with its stored text and lexemes. */
  async indexDetail(siteId: string, contentId: string): Promise<Record<string, unknown>> {
    const [row] = (await this.dataSource.query(
      `SELECT s.content_id::text AS "contentId", s.site_id::text AS "siteId", s.catalog_id::text AS "catalogId", coalesce(cat.name, '') AS "catalogName",
              s.content_type AS "contentType", s.title, s.tags, s.summary, s.body, s.publish_date AS "publishDate", s.indexed_time AS "indexedTime",
              coalesce(c.status, '') AS status, s.doc::text AS lexemes
         FROM search_content_index s LEFT JOIN cms_content c ON c.content_id = s.content_id LEFT JOIN cms_catalog cat ON cat.catalog_id = s.catalog_id
        WHERE s.site_id = $1 AND s.content_id = $2`,
      [siteId, contentId],
    )) as Array<Record<string, unknown>>;
    if (!row) throw ServiceException.notFound('cms.search.notIndexed');
    return row;
  }

  // ------------------------------------------------------------------------------------------------ dictionary

  listDict(query: DictQueryDto): Promise<PageResult<Record<string, unknown>>> {
    const qb = this.dataSource
      .createQueryBuilder()
      .from('search_dict_word', 'w')
      .select([
        `w.word_id::text AS "wordId"`,
        `w.word AS "word"`,
        `w.word_type AS "wordType"`,
        `w.create_by AS "createBy"`,
        `w.create_time AS "createTime"`,
      ]);
    if (query.word) qb.andWhere('w.word ILIKE :word', { word: `%${escapeLike(query.word)}%` });
    if (query.wordType) qb.andWhere('w.word_type = :wordType', { wordType: query.wordType });
    return paginateRaw(qb, query, {
      sortable: { createTime: 'w.create_time', word: 'w.word' },
      defaultOrder: { 'w.create_time': 'DESC', 'w.word_id': 'DESC' },
    });
  }

  /** Adds custom or stop words (one statement: all or none); the segmenter of this process reloads at once. */
  async addDict(dto: AddDictWordsDto, userName: string): Promise<number> {
    const words = [...new Set(dto.words.map((w) => w.trim()).filter(Boolean))];
    if (!words.length) throw new ServiceException('cms.search.wordRequired');
    try {
      await this.dataSource.query(`INSERT INTO search_dict_word (word, word_type, create_by) SELECT w, $2, $3 FROM unnest($1::text[]) AS w`, [
        words,
        dto.wordType,
        userName,
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('cms.search.wordTaken');
      throw error;
    }
    await this.segmenters.reload();
    return words.length;
  }

  async removeDict(wordIds: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM search_dict_word WHERE word_id = ANY($1::bigint[])`, [wordIds]);
    await this.segmenters.reload();
  }

  /** How the segmenter cuts a text now (index tokens and query tokens). */
  async analyze(text: string): Promise<{ indexTokens: string[]; queryTokens: string[] }> {
    const segmenter = await this.segmenters.get();
    return { indexTokens: segmenter.indexTokens(text), queryTokens: segmenter.queryTokens(text) };
  }

  // ------------------------------------------------------------------------------------------------ logs

  listLogs(siteId: string, query: SearchLogQueryDto): Promise<PageResult<Record<string, unknown>>> {
    const qb = this.dataSource
      .createQueryBuilder()
      .from('search_log', 'l')
      .select([
        `l.log_id::text AS "logId"`,
        `l.query AS "query"`,
        `l.result_count AS "resultCount"`,
        `l.client_type AS "clientType"`,
        `l.create_time AS "createTime"`,
      ])
      .where('l.site_id = :siteId', { siteId });
    if (query.query) qb.andWhere('l.query ILIKE :q', { q: `%${escapeLike(query.query)}%` });
    if (query.clientType) qb.andWhere('l.client_type = :clientType', { clientType: query.clientType });
    applyTimeRange(qb, 'l.create_time', query);
    return paginateRaw(qb, query, {
      sortable: { createTime: 'l.create_time', resultCount: 'l.result_count' },
      defaultOrder: { 'l.create_time': 'DESC', 'l.log_id': 'DESC' },
    });
  }

  async removeLogs(siteId: string, logIds: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM search_log WHERE site_id = $1 AND log_id = ANY($2::bigint[])`, [siteId, logIds]);
  }

  /** Hot searches: queries of the site by how often they were searched in the window (last 30 days by default). */
  async hotWords(siteId: string, query: SearchWordQueryDto): Promise<PageResult<{ word: string; searchTotal: number; lastTime: Date }>> {
    assertRealDays(query.beginTime?.slice(0, 10), query.endTime?.slice(0, 10));
    const { skip, take } = pageWindow(query);
    const params: unknown[] = [siteId, query.beginTime ?? null, query.endTime ?? null];
    let filter = '';
    if (query.word) {
      params.push(`%${escapeLike(query.word)}%`);
      filter = ` AND query ILIKE $${params.length}`;
    }
    params.push(take, skip);
    const rows = (await this.dataSource.query(
      `SELECT query AS word, count(*)::int AS "searchTotal", max(create_time) AS "lastTime", count(*) OVER ()::int AS total
         FROM search_log
        WHERE site_id = $1 AND query <> ''
          AND create_time >= coalesce($2::timestamp, now() - interval '30 days')
          AND create_time < coalesce(CASE WHEN length($3::text) = 10 THEN $3::date + interval '1 day' ELSE $3::timestamp END, 'infinity')${filter}
        GROUP BY query ORDER BY count(*) DESC, max(create_time) DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as Array<{ word: string; searchTotal: number; lastTime: Date; total: number }>;
    return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? 0 };
  }

  /** Searches per day (of one query when `word` is given) in the window, every day listed (zero when none). */
  async trend(siteId: string, query: TrendQueryDto): Promise<Array<{ day: string; count: number }>> {
    assertRealDays(query.beginTime, query.endTime);
    const end = query.endTime ? Date.parse(query.endTime) : Date.now();
    const begin = query.beginTime ? Date.parse(query.beginTime) : end - 29 * 86_400_000;
    if (!(end - begin <= 366 * 86_400_000)) throw new ServiceException('cms.search.trendTooLong');
    return (await this.dataSource.query(
      `WITH days AS (
         SELECT generate_series(coalesce($2::date, (now() - interval '29 days')::date), coalesce($3::date, now()::date), interval '1 day')::date AS day)
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(l.log_id)::int AS count
         FROM days d LEFT JOIN search_log l
           ON l.site_id = $1 AND l.create_time >= d.day AND l.create_time < d.day + 1 AND ($4::text IS NULL OR l.query = $4)
        GROUP BY d.day ORDER BY d.day`,
      [siteId, query.beginTime ?? null, query.endTime ?? null, query.word ?? null],
    )) as Array<{ day: string; count: number }>;
  }
}

/** Refuses a day that matches YYYY-MM-DD but does not exist (2024-02-31), before the database sees it. */
function assertRealDays(...days: Array<string | undefined>): void {
  for (const day of days) {
    if (!day) continue;
    const date = new Date(`${day}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw new ServiceException('cms.search.badDay', { day });
  }
}
