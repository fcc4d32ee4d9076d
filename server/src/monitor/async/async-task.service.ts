import { Injectable } from '@nestjs/common';
import type { PageResult } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { escapeLike } from '../../database/sql-helpers';
import { pageWindow } from '../../common/paging/paginate';
import { QueueService } from '../../queue/queue.service';
import type { AsyncTaskDto, AsyncTaskQueryDto, JobStateName } from './async-task.dto';

const COLUMNS = `id::text AS id, name, state::text AS state, retry_count AS "retryCount", retry_limit AS "retryLimit",
  created_on AS "createdOn", started_on AS "startedOn", completed_on AS "completedOn", singleton_key AS "singletonKey",
  CASE WHEN state = 'failed' THEN COALESCE(output->>'message', output->'value'->>'message', output::text) END AS error, data`;

/** pg-boss's live table and its archive (jobs older than its archive settings), read only. */
const JOBS = `(SELECT ${COLUMNS}, false AS archived FROM pgboss.job UNION ALL SELECT ${COLUMNS}, true AS archived FROM pgboss.archive)`;

/** Columns the list sorts by (whitelist, as every list). */
const SORTABLE: Record<string, string> = {
  createdOn: 'j."createdOn"',
  startedOn: 'j."startedOn"',
  completedOn: 'j."completedOn"',
  name: 'j.name',
  state: 'j.state',
};

const UNFINISHED: JobStateName[] = ['created', 'retry', 'active'];

type JobRow = Omit<AsyncTaskDto, 'progress' | 'progressMessage'> & { data: unknown };

/**
 * The async-tasks screen (异步任务): the queue's jobs as pg-boss keeps them. The list reads pg-boss's `job` and `archive`
 * tables (schema `pgboss`) read only, through the queue's own connection (so it pages by itself: no TypeORM entity); stop, retry and remove go through pg-boss's own API (an archived row is
 * removed from the archive directly: pg-boss has no call for it). Jobs of scheduled tasks are left to 计划任务 unless
 * asked for by name, and pg-boss's internal queues are never shown.
 */
@Injectable()
export class AsyncTaskService {
  constructor(private readonly queue: QueueService) {}

  async list(query: AsyncTaskQueryDto): Promise<PageResult<AsyncTaskDto>> {
    if (!this.queue.enabled) return { rows: [], total: 0 };
    const where = [`j.name NOT LIKE '\\_\\_pgboss\\_\\_%'`];
    const params: unknown[] = [];
    if (query.name) {
      params.push(`%${escapeLike(query.name)}%`);
      where.push(`j.name LIKE $${params.length}`);
    } else {
      // Scheduled tasks fire every minute or so: they have their own screen and log.
      params.push(this.queue.schedules().map((s) => s.name));
      where.push(`j.name <> ALL($${params.length}::text[])`);
    }
    if (query.status) {
      params.push(query.status);
      where.push(`j.state = $${params.length}`);
    }
    const sort = query.orderByColumn ? SORTABLE[query.orderByColumn] : undefined;
    if (query.orderByColumn && !sort) throw new ServiceException('error.orderByColumn', { column: query.orderByColumn });
    const direction = query.isAsc === 'asc' || query.isAsc === 'ascending' ? 'ASC' : 'DESC';
    const order = sort ? `${sort} ${direction}, j.id` : 'j."createdOn" DESC, j.id DESC';
    const { skip, take } = pageWindow(query);
    const from = `FROM ${JOBS} j WHERE ${where.join(' AND ')}`;
    const db = this.queue.db();
    const [{ rows }, { rows: counted }] = await Promise.all([
      db.executeSql(`SELECT j.* ${from} ORDER BY ${order} OFFSET ${skip} LIMIT ${take}`, params),
      db.executeSql(`SELECT count(*)::int AS total ${from}`, params),
    ]);
    const page = rows as JobRow[];
    const progress = await this.queue.progressOf(page);
    return {
      total: (counted[0] as { total: number }).total,
      rows: page.map(({ data: _data, ...row }) => ({
        ...row,
        progress: row.state === 'completed' ? 100 : (progress.get(row.id)?.progress ?? null),
        progressMessage: progress.get(row.id)?.message ?? null,
      })),
    };
  }

  async get(id: string): Promise<AsyncTaskDto> {
    const row = await this.find(id);
    const progress = (await this.queue.progressOf([row])).get(row.id);
    return { ...row, progress: row.state === 'completed' ? 100 : (progress?.progress ?? null), progressMessage: progress?.message ?? null };
  }

  private async find(id: string): Promise<JobRow> {
    if (!this.queue.enabled) throw new ServiceException('asyncTask.queueDisabled');
    const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    const { rows } = valid
      ? await this.queue.db().executeSql(`SELECT * FROM ${JOBS} j WHERE j.id = $1 ORDER BY j.archived LIMIT 1`, [id])
      : { rows: [] };
    if (!rows.length) throw ServiceException.notFound('asyncTask.notFound', { id: id.slice(0, 40) });
    return rows[0] as JobRow;
  }

  /** Cancels queued or running jobs; a running handler sees its signal aborted within about a second. */
  async stop(ids: string[]): Promise<void> {
    const jobs = await Promise.all(ids.map((id) => this.find(id)));
    for (const job of jobs)
      if (job.archived || !UNFINISHED.includes(job.state)) throw new ServiceException('asyncTask.notStoppable', { id: job.id, state: job.state });
    for (const job of jobs) await this.boss().cancel(job.name, job.id);
  }

  /** Sends failed jobs back to the queue (pg-boss retry: one more attempt each). */
  async retry(ids: string[]): Promise<void> {
    const jobs = await Promise.all(ids.map((id) => this.find(id)));
    for (const job of jobs) {
      if (job.state !== 'failed') throw new ServiceException('asyncTask.notRetryable', { id: job.id, state: job.state });
      if (job.archived) throw new ServiceException('asyncTask.archived', { id: job.id });
    }
    for (const job of jobs) await this.boss().retry(job.name, job.id);
  }

  /** Deletes ended jobs (completed, failed, cancelled), live or archived. */
  async remove(ids: string[]): Promise<void> {
    const jobs = await Promise.all(ids.map((id) => this.find(id)));
    for (const job of jobs)
      if (UNFINISHED.includes(job.state)) throw new ServiceException('asyncTask.notRemovable', { id: job.id, state: job.state });
    for (const job of jobs) {
      if (job.archived) await this.queue.db().executeSql(`DELETE FROM pgboss.archive WHERE id = $1`, [job.id]);
      else await this.boss().deleteJob(job.name, job.id);
    }
  }

  private boss() {
    const boss = this.queue.pgBoss;
    if (!boss) throw new ServiceException('asyncTask.queueDisabled');
    return boss;
  }
}
