import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import type { OperLogQueryDto } from './oper-log.dto';
import { SysOperLog } from './sys-oper-log.entity';
import { applyTimeRange } from '../../common/paging/time-range';

export type OperLogEntry = Omit<SysOperLog, 'operId'>;

/** Writes and administers the operation log. */
@Injectable()
export class OperLogService implements OnModuleDestroy {
  private readonly logger = new Logger(OperLogService.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(@InjectRepository(SysOperLog) private readonly logs: Repository<SysOperLog>) {}

  /**
   * Stores an entry in the background: the caller never waits for it and a failed insert is only logged,
   * so the log can neither fail nor slow down the operation it records.
   */
  record(entry: OperLogEntry): void {
    const write = this.logs
      .insert(entry)
      .then(() => undefined)
      .catch((err: unknown) => this.logger.warn({ err, title: entry.title, url: entry.operUrl }, 'Operation log not written'))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Resolves once every entry recorded so far is written (or has failed). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Entries still in flight are written before the database connection closes. */
  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /** Entries matching the filters, newest first unless sorted otherwise. */
  list(query: OperLogQueryDto): Promise<PageResult<SysOperLog>> {
    const qb = this.logs.createQueryBuilder('l');
    if (query.title) qb.andWhere('l.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.operName) qb.andWhere('l.oper_name ILIKE :operName', { operName: `%${escapeLike(query.operName)}%` });
    if (query.operIp) qb.andWhere('l.oper_ip LIKE :operIp', { operIp: `%${escapeLike(query.operIp)}%` });
    if (query.businessType !== undefined) qb.andWhere('l.business_type = :businessType', { businessType: query.businessType });
    if (query.status) qb.andWhere('l.status = :status', { status: Number(query.status) });
    applyTimeRange(qb, 'l.oper_time', query);
    return paginate(qb, query, {
      sortable: { operName: 'l.oper_name', operTime: 'l.oper_time', costTime: 'l.cost_time', operId: 'l.oper_id' },
      defaultOrder: { 'l.oper_time': 'DESC', 'l.oper_id': 'DESC' },
      deferredJoin: true,
    });
  }

  async get(operId: string): Promise<SysOperLog> {
    const log = await this.logs.findOne({ where: { operId } });
    if (!log) throw ServiceException.notFound();
    return log;
  }

  /** Deletes the listed entries; ids that do not exist are ignored. */
  async remove(operIds: string[]): Promise<number> {
    return (await this.logs.delete({ operId: In(operIds) })).affected ?? 0;
  }

  /** Deletes every entry. */
  async clean(): Promise<void> {
    await this.logs.createQueryBuilder().delete().from(SysOperLog).execute();
  }
}

/** `text` with LIKE wildcards taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
