import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { applyTimeRange } from '../../common/paging/time-range';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import type { JobLogQueryDto } from './job.dto';
import { SysJobLog } from './job.entity';

/** The job log (调度日志): runs of scheduled jobs, listed, read, deleted and cleaned. */
@Injectable()
export class JobLogService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(SysJobLog);
  }

  /** Runs matching the filters (one job's with `jobId`), newest first. */
  list(query: JobLogQueryDto): Promise<PageResult<SysJobLog>> {
    const qb = this.repo.createQueryBuilder('l');
    if (query.jobId) qb.andWhere('l.job_id = :jobId', { jobId: query.jobId });
    if (query.jobName) qb.andWhere('l.job_name ILIKE :jobName', { jobName: `%${escapeLike(query.jobName)}%` });
    if (query.jobGroup) qb.andWhere('l.job_group = :jobGroup', { jobGroup: query.jobGroup });
    if (query.status) qb.andWhere('l.status = :status', { status: query.status });
    applyTimeRange(qb, 'l.start_time', query);
    return paginate(qb, query, {
      sortable: { jobLogId: 'l.job_log_id', startTime: 'l.start_time', durationMs: 'l.duration_ms', jobName: 'l.job_name' },
      defaultOrder: { 'l.start_time': 'DESC', 'l.job_log_id': 'DESC' },
    });
  }

  async get(jobLogId: string): Promise<SysJobLog> {
    const log = await this.repo.findOne({ where: { jobLogId } });
    if (!log) throw ServiceException.notFound('job.logNotFound');
    return log;
  }

  /** Deletes the listed entries; ids that do not exist are ignored. */
  async remove(ids: string[]): Promise<number> {
    return (await this.repo.delete({ jobLogId: In(ids) })).affected ?? 0;
  }

  /** Deletes every entry. */
  async clean(): Promise<void> {
    await this.repo.createQueryBuilder().delete().from(SysJobLog).execute();
  }

  /** Deletes entries that started more than `days` days ago; answers how many. */
  async cleanOlderThan(days: number, now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - days * 86_400_000);
    const result = await this.repo.createQueryBuilder().delete().from(SysJobLog).where('start_time < :before', { before }).execute();
    return result.affected ?? 0;
  }
}
