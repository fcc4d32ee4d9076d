import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import type { AiUsageQueryDto } from './ai-usage.dto';
import { AiUsageLog } from './ai-usage-log.entity';

export type AiUsageRecord = Omit<AiUsageLog, 'usageId' | 'createTime'>;

/** The usage log: one row per upstream call (failed attempts of a failover included). */
@Injectable()
export class AiUsageService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(AiUsageLog);
  }

  async record(entry: AiUsageRecord): Promise<void> {
    await this.repo.insert({ ...entry, errorMsg: entry.errorMsg.slice(0, 500) });
  }

  list(query: AiUsageQueryDto): Promise<PageResult<AiUsageLog>> {
    const qb = this.repo.createQueryBuilder('u');
    if (query.memberName) qb.andWhere('u.member_name ILIKE :member', { member: `%${escapeLike(query.memberName)}%` });
    if (query.toolSlug) qb.andWhere('u.tool_slug = :tool', { tool: query.toolSlug });
    if (query.providerName) qb.andWhere('u.provider_name ILIKE :provider', { provider: `%${escapeLike(query.providerName)}%` });
    if (query.status) qb.andWhere('u.status = :status', { status: query.status });
    if (query.beginTime) qb.andWhere('u.create_time >= :begin::date', { begin: query.beginTime });
    if (query.endTime) qb.andWhere(`u.create_time < :end::date + interval '1 day'`, { end: query.endTime });
    return paginate(qb, query, {
      sortable: { createTime: 'u.create_time', latencyMs: 'u.latency_ms', completionTokens: 'u.completion_tokens', promptTokens: 'u.prompt_tokens', usageId: 'u.usage_id' },
      defaultOrder: { 'u.usage_id': 'DESC' },
    });
  }
}
