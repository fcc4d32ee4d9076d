import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import { paginate } from '../../common/paging/paginate';
import { dailyFigures, type DailyFigure, type DayWindow } from '../../common/stats/daily-stats';
import { escapeLike } from '../../database/sql-helpers';
import type { AiUsageQueryDto } from './ai-usage.dto';
import { AiUsageLog } from './ai-usage-log.entity';

export type AiUsageRecord = Omit<AiUsageLog, 'usageId' | 'createTime'>;

/** The dashboard's AI figures (see `AiUsageService.dailyStats`). */
export interface AiDailyStats {
  generations: DailyFigure;
  tokens: DailyFigure;
}

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
      sortable: {
        createTime: 'u.create_time',
        latencyMs: 'u.latency_ms',
        completionTokens: 'u.completion_tokens',
        promptTokens: 'u.prompt_tokens',
        usageId: 'u.usage_id',
      },
      defaultOrder: { 'u.usage_id': 'DESC' },
    });
  }

  /**
   * The dashboard's AI figures per day of the window, from the usage log: members' generations that reached a
   * provider (a failover's attempts count once) and the tokens spent on every call (check rewrites included).
   */
  async dailyStats(window: DayWindow): Promise<AiDailyStats> {
    return dailyFigures(this.dataSource, window, {
      time: 'u.create_time',
      from: 'ai_usage_log u',
      values: { generations: 'count(DISTINCT u.generation_id)', tokens: 'coalesce(sum(u.prompt_tokens + u.completion_tokens), 0)' },
    });
  }
}
