import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { ServiceException } from '../../common/errors/service-exception';
import { EventBus } from '../../common/events/app-events';
import { isUniqueViolation } from '../../database/sql-helpers';
import { QueueService } from '../../queue/queue.service';
import { SearchResultCache } from './search-result-cache';
import { SearchSegmenterService } from './search-segmenter.service';
import { htmlToText, MAX_INDEXED_CHARS, type Segmenter } from './segmenter';

export const SEARCH_INDEX_JOB = 'cms.search.index';
export const SEARCH_REBUILD_JOB = 'cms.search.rebuild';
/** Content indexed per statement (and per rebuild transaction). */
const BATCH = 250;
/** How often each process that runs jobs looks for drift between content and the index. */
const RECONCILE_EVERY_MS = 60_000;
/** A rebuild that has not moved for this long died with its worker and no longer blocks a new one. */
const STALLED_REBUILD = '10 minutes';

/** Statuses whose content stays in the index: published, and re-edited (its published page is still on the site). */
const KEPT = `('published', 're_edit')`;

interface SourceRow {
  content_id: string;
  site_id: string;
  catalog_id: string;
  catalog_ancestors: string;
  content_type: string;
  title: string;
  tags: string[];
  summary: string;
  html: string | null;
  media: string | null;
  publish_date: Date | null;
  update_time: Date;
}

/** A rebuild run as the screens show it. */
export interface SearchRebuildStatus {
  rebuildId: string;
  status: 'running' | 'completed' | 'failed';
  total: number;
  done: number;
  error: string;
  createBy: string;
  createTime: Date;
  endTime: Date | null;
}

/**
 * The full-text index of published content (`search_content_index`): text segmented by the search dictionary's
 * segmenter into a `simple` tsvector weighted title A, tags B, summary C, body D.
 *
 * Kept in step three ways: content going on or off the site emits an event that becomes a queue job (durable once
 * sent); every minute each job-running process indexes published content that is missing or changed since indexed and
 * drops rows of content no longer on the site (so a crash between a commit and the job loses nothing for long); and a
 * full rebuild (an async task with progress) segments everything again, e.g. after a dictionary change.
 */
@Injectable()
export class SearchIndexService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SearchIndex');
  private readonly unsubscribe: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private reconciling = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueueService,
    private readonly events: EventBus,
    private readonly segmenters: SearchSegmenterService,
    private readonly results: SearchResultCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.queue.register<{ contentIds: string[] }>(SEARCH_INDEX_JOB, async (data) => {
      await this.indexContents(data.contentIds);
    });
    this.queue.register<{ rebuildId: string }>(SEARCH_REBUILD_JOB, (data, job) => this.runRebuild(data.rebuildId, job.signal));
    this.queue.registerProgress(SEARCH_REBUILD_JOB, async (jobs) => {
      const byRun = new Map(jobs.map((j) => [String((j.data as { rebuildId?: string })?.rebuildId), j.id]));
      const rows = (await this.dataSource.query(`SELECT rebuild_id::text, done, total FROM search_rebuild WHERE rebuild_id = ANY($1::bigint[])`, [
        [...byRun.keys()].filter((id) => /^\d{1,18}$/.test(id)),
      ])) as Array<{ rebuild_id: string; done: number; total: number }>;
      return new Map(
        rows.map((r) => [
          byRun.get(r.rebuild_id) as string,
          { progress: r.total ? Math.min(100, Math.floor((r.done * 100) / r.total)) : 100, message: `${r.done}/${r.total}` },
        ]),
      );
    });
    const follow = ({ contentIds }: { contentIds: string[] }) => this.follow(contentIds);
    this.unsubscribe.push(this.events.on('cms.content.published', follow), this.events.on('cms.content.offline', follow));
    if (this.config.queueEnabled) {
      this.timer = setInterval(() => void this.reconcile().catch((e: Error) => this.logger.warn(`Reconcile: ${e.message}`)), RECONCILE_EVERY_MS);
      this.timer.unref();
    }
  }

  onModuleDestroy(): void {
    this.unsubscribe.forEach((off) => off());
    if (this.timer) clearInterval(this.timer);
  }

  /** Content went on or off the site: a queue job looks at it (or, without a queue, this process at once). */
  private async follow(contentIds: string[]): Promise<void> {
    for (let i = 0; i < contentIds.length; i += 1000) {
      const ids = contentIds.slice(i, i + 1000);
      if (this.config.queueEnabled) {
        try {
          await this.queue.send(SEARCH_INDEX_JOB, { contentIds: ids });
          continue;
        } catch (error) {
          this.logger.warn(`Index job not queued, indexing here: ${(error as Error).message}`);
        }
      }
      await this.indexContents(ids);
    }
  }

  /**
   * Brings the index in step with the given content: published content is (re)indexed, content off the site removed,
   * re-edited content left as published. Idempotent, whatever order jobs run in.
   */
  async indexContents(contentIds: string[]): Promise<number> {
    const ids = contentIds.filter((id) => /^[1-9]\d{0,17}$/.test(String(id))).map(String);
    if (!ids.length) return 0;
    await this.dataSource.query(
      `DELETE FROM search_content_index s WHERE s.content_id = ANY($1::bigint[])
         AND NOT EXISTS (SELECT 1 FROM cms_content c WHERE c.content_id = s.content_id AND c.status IN ${KEPT})`,
      [ids],
    );
    this.results.clear();
    const segmenter = await this.segmenters.get();
    let indexed = 0;
    for (let i = 0; i < ids.length; i += BATCH) {
      const rows = await this.sources(`c.content_id = ANY($1::bigint[]) AND c.status = 'published'`, [ids.slice(i, i + BATCH)]);
      indexed += await this.write(rows, segmenter);
    }
    return indexed;
  }

  /** Indexes one content now (staff's 重建索引 of a row); it must be published. */
  async buildOne(siteId: string, contentId: string): Promise<void> {
    const [row] = (await this.dataSource.query(`SELECT status FROM cms_content WHERE content_id = $1 AND site_id = $2`, [
      contentId,
      siteId,
    ])) as Array<{
      status: string;
    }>;
    if (!row) throw ServiceException.notFound('cms.search.contentNotFound');
    if (row.status !== 'published') throw new ServiceException('cms.search.notPublished');
    await this.indexContents([contentId]);
  }

  /** Removes rows of the site's index (they come back when the content is published again or the index rebuilt). */
  async remove(siteId: string, contentIds: string[]): Promise<number> {
    const rows = (await this.dataSource.query(
      `DELETE FROM search_content_index WHERE site_id = $1 AND content_id = ANY($2::bigint[]) RETURNING content_id`,
      [siteId, contentIds],
    )) as unknown[];
    this.results.clear();
    return rows.length;
  }

  /**
   * Repairs drift: indexes published content that is missing or changed since it was indexed, and removes rows of
   * content that left the site. Answers how many rows it changed.
   */
  async reconcile(): Promise<number> {
    if (this.reconciling) return 0;
    this.reconciling = true;
    try {
      let changed = (
        (await this.dataSource.query(
          `DELETE FROM search_content_index s
            WHERE NOT EXISTS (SELECT 1 FROM cms_content c WHERE c.content_id = s.content_id AND c.status IN ${KEPT}) RETURNING s.content_id`,
        )) as unknown[]
      ).length;
      if (changed) this.results.clear();
      for (;;) {
        const stale = (await this.dataSource.query(
          `SELECT c.content_id::text AS id FROM cms_content c LEFT JOIN search_content_index s ON s.content_id = c.content_id
            WHERE c.status = 'published' AND (s.content_id IS NULL OR s.source_time < c.update_time) LIMIT 1000`,
        )) as Array<{ id: string }>;
        if (!stale.length) break;
        const done = await this.indexContents(stale.map((r) => r.id));
        changed += done;
        if (stale.length < 1000 || !done) break;
      }
      return changed;
    } finally {
      this.reconciling = false;
    }
  }

  // ------------------------------------------------------------------------------------------------ rebuild

  /** Starts a full rebuild (an async task); refused while one runs. */
  async requestRebuild(userName: string): Promise<SearchRebuildStatus> {
    await this.dataSource.query(
      `UPDATE search_rebuild SET status = 'failed', error = 'stalled', end_time = now() WHERE status = 'running' AND update_time < now() - $1::interval`,
      [STALLED_REBUILD],
    );
    let rebuildId: string;
    try {
      const [row] = (await this.dataSource.query(
        `INSERT INTO search_rebuild (status, total, create_by)
         SELECT 'running', count(*), $1 FROM cms_content WHERE status = 'published' RETURNING rebuild_id::text AS id`,
        [userName],
      )) as Array<{ id: string }>;
      rebuildId = row.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceException('cms.search.rebuildRunning');
      throw error;
    }
    if (this.config.queueEnabled) {
      try {
        await this.queue.send(SEARCH_REBUILD_JOB, { rebuildId }, { expireInSeconds: 6 * 3600 });
      } catch (error) {
        await this.dataSource.query(`UPDATE search_rebuild SET status = 'failed', error = 'not queued', end_time = now() WHERE rebuild_id = $1`, [
          rebuildId,
        ]);
        throw error;
      }
    } else {
      void this.runRebuild(rebuildId).catch(() => undefined);
    }
    return (await this.rebuildStatus(rebuildId))!;
  }

  /** The latest rebuild, or one by id. */
  async rebuildStatus(rebuildId?: string): Promise<SearchRebuildStatus | null> {
    const [row] = (await this.dataSource.query(
      `SELECT rebuild_id::text AS "rebuildId", status, total, done, error, create_by AS "createBy", create_time AS "createTime", end_time AS "endTime"
         FROM search_rebuild ${rebuildId ? 'WHERE rebuild_id = $1' : ''} ORDER BY rebuild_id DESC LIMIT 1`,
      rebuildId ? [rebuildId] : [],
    )) as SearchRebuildStatus[];
    return row ?? null;
  }

  /**
   * The rebuild job: loads the dictionary again, then segments every published content again in batches (one
   * transaction each), recording progress and its cursor; content no longer on the site leaves the index. A cancelled
   * job stops between batches (the run fails as stopped); a retried job goes on from its cursor.
   */
  async runRebuild(rebuildId: string, signal?: AbortSignal): Promise<void> {
    try {
      await this.dataSource.query(
        `UPDATE search_rebuild SET status = 'running', error = '', end_time = NULL, update_time = now() WHERE rebuild_id = $1 AND status = 'failed'`,
        [rebuildId],
      );
    } catch (error) {
      if (isUniqueViolation(error)) return; // another rebuild started meanwhile
      throw error;
    }
    try {
      const segmenter = await this.segmenters.reload();
      await this.dataSource.query(
        `DELETE FROM search_content_index s WHERE NOT EXISTS (SELECT 1 FROM cms_content c WHERE c.content_id = s.content_id AND c.status IN ${KEPT})`,
      );
      this.results.clear();
      for (;;) {
        signal?.throwIfAborted();
        const [run] = (await this.dataSource.query(`SELECT status, last_content_id::text AS last FROM search_rebuild WHERE rebuild_id = $1`, [
          rebuildId,
        ])) as Array<{ status: string; last: string }>;
        if (!run || run.status !== 'running') return;
        const rows = await this.sources(`c.status = 'published' AND c.content_id > $1 ORDER BY c.content_id LIMIT ${BATCH}`, [run.last]);
        if (!rows.length) {
          await this.dataSource.query(`UPDATE search_rebuild SET status = 'completed', end_time = now(), update_time = now() WHERE rebuild_id = $1`, [
            rebuildId,
          ]);
          return;
        }
        await this.write(rows, segmenter);
        await this.dataSource.query(`UPDATE search_rebuild SET done = done + $2, last_content_id = $3, update_time = now() WHERE rebuild_id = $1`, [
          rebuildId,
          rows.length,
          rows[rows.length - 1].content_id,
        ]);
      }
    } catch (error) {
      const stopped = signal?.aborted;
      if (!stopped) this.logger.error({ err: error, rebuildId }, 'Search index rebuild failed');
      await this.dataSource.query(
        `UPDATE search_rebuild SET status = 'failed', error = $2, end_time = now() WHERE rebuild_id = $1 AND status = 'running'`,
        [rebuildId, stopped ? 'stopped' : String((error as Error).message ?? error).slice(0, 500)],
      );
      throw error;
    }
  }

  // ------------------------------------------------------------------------------------------------ rows

  private async sources(where: string, params: unknown[]): Promise<SourceRow[]> {
    return (await this.dataSource.query(
      `SELECT c.content_id::text, c.site_id::text, c.catalog_id::text, c.catalog_ancestors, c.content_type, c.title, c.tags, c.summary,
              d.content_html AS html,
              (SELECT string_agg(m.title || ' ' || m.description, E'\\n' ORDER BY m.media_id) FROM cms_content_media m WHERE m.content_id = c.content_id) AS media,
              c.publish_date, c.update_time
         FROM cms_content c LEFT JOIN cms_article_detail d ON d.content_id = c.content_id
        WHERE ${where}`,
      params,
    )) as SourceRow[];
  }

  /** Upserts index rows of content read by `sources`; a row whose content left the site meanwhile is not written. */
  private async write(rows: SourceRow[], segmenter: Segmenter): Promise<number> {
    if (!rows.length) return 0;
    const cols = {
      id: [] as string[],
      catalogIds: [] as string[],
      tags: [] as string[],
      body: [] as string[],
      segTitle: [] as string[],
      segTags: [] as string[],
      segSummary: [] as string[],
      segBody: [] as string[],
    };
    for (const r of rows) {
      const tags = (r.tags ?? []).join(' ');
      const body = [htmlToText(r.html ?? ''), r.media ?? ''].filter(Boolean).join('\n').slice(0, MAX_INDEXED_CHARS);
      cols.id.push(r.content_id);
      cols.catalogIds.push(
        `{${(r.catalog_ancestors || r.catalog_id)
          .split(',')
          .filter((x) => /^\d+$/.test(x))
          .join(',')}}`,
      );
      cols.tags.push(tags);
      cols.body.push(body);
      cols.segTitle.push(segmenter.indexTokens(r.title).join(' '));
      cols.segTags.push(segmenter.indexTokens(tags).join(' '));
      cols.segSummary.push(segmenter.indexTokens(r.summary).join(' '));
      cols.segBody.push(segmenter.indexTokens(body).join(' '));
    }
    const written = (await this.dataSource.query(
      `INSERT INTO search_content_index
         (content_id, site_id, catalog_id, catalog_ids, content_type, title, tags, summary, body, publish_date, source_time, indexed_time, doc, rank_doc)
       SELECT c.content_id, c.site_id, c.catalog_id, u.catalog_ids::bigint[], c.content_type, c.title, u.tags, c.summary, u.body, c.publish_date,
              c.update_time, now(), h.head || setweight(to_tsvector('simple', u.seg_body), 'D'), h.head
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
              AS u(content_id, catalog_ids, tags, body, seg_title, seg_tags, seg_summary, seg_body)
         JOIN cms_content c ON c.content_id = u.content_id AND c.status = 'published'
         -- the ranked part (title > tags > summary): small, kept in the row; the body only matches (see the query)
         CROSS JOIN LATERAL (SELECT setweight(to_tsvector('simple', u.seg_title), 'A') || setweight(to_tsvector('simple', u.seg_tags), 'B')
                                    || setweight(to_tsvector('simple', u.seg_summary), 'C') AS head) h
       ON CONFLICT (content_id) DO UPDATE SET site_id = EXCLUDED.site_id, catalog_id = EXCLUDED.catalog_id, catalog_ids = EXCLUDED.catalog_ids,
         content_type = EXCLUDED.content_type, title = EXCLUDED.title, tags = EXCLUDED.tags, summary = EXCLUDED.summary, body = EXCLUDED.body,
         publish_date = EXCLUDED.publish_date, source_time = EXCLUDED.source_time, indexed_time = now(), doc = EXCLUDED.doc, rank_doc = EXCLUDED.rank_doc
       RETURNING content_id`,
      [cols.id, cols.catalogIds, cols.tags, cols.body, cols.segTitle, cols.segTags, cols.segSummary, cols.segBody],
    )) as unknown[];
    this.results.clear();
    return written.length;
  }
}
