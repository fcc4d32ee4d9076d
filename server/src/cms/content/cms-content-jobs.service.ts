import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { QueueService } from '../../queue/queue.service';
import { CmsContent } from './cms-content.entity';
import { CmsContentWriter, SYSTEM_OPERATOR, type ContentRef } from './cms-content-writer.service';
import { TRANSITIONS } from './content-status';

/**
 * Scheduled jobs of content (each minute, and daily for the recycle bin), acting as `system`. Status changes go through
 * the writer's status machine like a user's (scheduled jobs are not held back by content locks); `now` is a parameter
 * so tests can move time. Rows another transaction holds are skipped and picked up by the next run.
 */
@Injectable()
export class CmsContentJobsService implements OnModuleInit {
  private readonly logger = new Logger('CmsContent');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: CmsContentWriter,
    private readonly queue: QueueService,
  ) {}

  onModuleInit(): void {
    const run = (name: string, job: () => Promise<number>) => async () => {
      const count = await job();
      if (count) this.logger.log(`${name}: ${count}`);
    };
    this.queue.registerSchedule(
      { name: 'cms-content-publish-due', cron: '* * * * *', description: 'Publish content whose scheduled publish date has come' },
      run('publishDue', () => this.publishDue(new Date())),
    );
    this.queue.registerSchedule(
      { name: 'cms-content-offline-due', cron: '* * * * *', description: 'Take content offline at its offline date' },
      run('offlineDue', () => this.offlineDue(new Date())),
    );
    this.queue.registerSchedule(
      { name: 'cms-content-top-expired', cron: '* * * * *', description: 'Clear top flags whose end time has passed' },
      run('clearExpiredTop', () => this.clearExpiredTop(new Date())),
    );
    this.queue.registerSchedule(
      { name: 'cms-content-recycle-purge', cron: '30 3 * * *', description: "Empty the recycle bin after each site's keep days" },
      run('purgeRecycleBin', () => this.purgeRecycleBin(new Date())),
    );
  }

  /**
   * Publishes scheduled content whose publish date has come; returns how many. Content whose offline date has passed
   * too is left to `offlineDue` (to_publish -> offline) rather than published.
   */
  async publishDue(now: Date): Promise<number> {
    const pages = await this.dataSource.transaction(async (m) => {
      const due = await this.lockDue(
        m,
        `c.status = 'to_publish' AND c.publish_date <= :now AND (c.offline_date IS NULL OR c.offline_date > :now)`,
        now,
      );
      return this.writer.changeStatus(m, null, due, 'publish', { now, note: 'scheduled' });
    });
    await this.writer.syncPages(pages, SYSTEM_OPERATOR);
    return pages.publish.length;
  }

  /** Takes content offline at its offline date; returns how many. */
  async offlineDue(now: Date): Promise<number> {
    const { count, pages } = await this.dataSource.transaction(async (m) => {
      const due = await this.lockDue(m, `c.status IN (:...from) AND c.offline_date <= :now`, now, { from: [...TRANSITIONS.offline.from] });
      return { count: due.length, pages: await this.writer.changeStatus(m, null, due, 'offline', { now, note: 'scheduled' }) };
    });
    await this.writer.syncPages(pages, SYSTEM_OPERATOR);
    return count;
  }

  /** Clears top flags whose end time has passed; returns how many. */
  async clearExpiredTop(now: Date): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const rows: ContentRef[] = await m
        .query(
          `UPDATE cms_content SET top_flag = 0, top_date = NULL, update_time = now()
           WHERE top_flag > 0 AND top_date <= $1 RETURNING content_id AS "contentId", site_id AS "siteId"`,
          [now],
        )
        .then((r: unknown) => returned<ContentRef>(r));
      await this.writer.log(m, rows, 'cancel_top', SYSTEM_OPERATOR, 'top end time passed');
      return rows.length;
    });
  }

  /** Deletes for good content kept in the recycle bin longer than its site's `recycleKeepDays` (0 = forever). */
  async purgeRecycleBin(now: Date): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const rows: ContentRef[] = await m
        .query(
          `DELETE FROM cms_content c USING cms_site s
           WHERE c.site_id = s.site_id AND c.status = 'deleted'
             AND jsonb_typeof(s.config_props -> 'recycleKeepDays') = 'number'
             AND (s.config_props ->> 'recycleKeepDays')::numeric >= 1
             AND c.delete_time < $1::timestamptz - make_interval(days => floor((s.config_props ->> 'recycleKeepDays')::numeric)::int)
           RETURNING c.content_id AS "contentId", c.site_id AS "siteId"`,
          [now],
        )
        .then((r: unknown) => returned<ContentRef>(r));
      await this.writer.log(m, rows, 'destroy', SYSTEM_OPERATOR, 'recycle bin keep days passed');
      return rows.length;
    });
  }

  /** Due content locked for update, skipping rows another transaction holds, in id order. */
  private lockDue(m: EntityManager, condition: string, now: Date, params: Record<string, unknown> = {}): Promise<CmsContent[]> {
    return m
      .getRepository(CmsContent)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .where(condition, { ...params, now })
      .orderBy('c.content_id', 'ASC')
      .getMany();
  }
}

/** Rows of `UPDATE/DELETE ... RETURNING` through TypeORM's query(): [rows, count] for these statements. */
function returned<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
