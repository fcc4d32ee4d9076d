import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ResultCode } from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.token';
import { ServiceException } from '../../common/errors/service-exception';
import type { AiTool } from '../tool/ai-tool.entity';

const MINUTE = 60_000;

/** Daily uses of a tool for a member level: the level's own quota, else the tool's; 0 = unlimited. */
export function quotaFor(tool: Pick<AiTool, 'dailyQuota' | 'levelQuotas'>, level: number): number {
  return tool.levelQuotas.find((q) => q.level === level)?.quota ?? tool.dailyQuota;
}

/**
 * Fairness of AI writing: per-minute rate limits per member and per client address (in the shared store, so they
 * hold across instances), and daily quotas per member and tool (counted in the database, atomically).
 */
@Injectable()
export class AiLimitsService {
  constructor(
    @Inject(KV_STORE) private readonly kv: KvStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Counts one generation against both rate limits; throws (HTTP 429) when either is exceeded. */
  async takeRate(memberId: string, ip: string): Promise<void> {
    const { memberPerMinute, ipPerMinute } = this.config.aiRate;
    if ((await this.kv.increment(`ai:rate:member:${memberId}`, MINUTE)) > memberPerMinute) {
      throw new ServiceException('ai.rateLimitedMember', { limit: memberPerMinute }, ResultCode.ERROR, HttpStatus.TOO_MANY_REQUESTS);
    }
    if ((await this.kv.increment(`ai:rate:ip:${ip}`, MINUTE)) > ipPerMinute) {
      throw new ServiceException('ai.rateLimitedIp', { limit: ipPerMinute }, ResultCode.ERROR, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /**
   * Takes one use of today's quota. The limit is in the upsert's WHERE clause, so simultaneous requests can never
   * take more than the quota. Answers whether a use was counted (false when unlimited).
   */
  async takeQuota(memberId: string, tool: AiTool, level: number): Promise<boolean> {
    const quota = quotaFor(tool, level);
    if (quota <= 0) return false;
    const rows = await this.dataSource.query(
      `INSERT INTO ai_quota_counter (member_id, tool_slug, day, used) VALUES ($1, $2, current_date, 1)
       ON CONFLICT (member_id, tool_slug, day) DO UPDATE SET used = ai_quota_counter.used + 1 WHERE ai_quota_counter.used < $3
       RETURNING used`,
      [memberId, tool.slug, quota],
    );
    if (!rows.length) throw new ServiceException('ai.quotaExceeded', { tool: tool.toolName, quota }, ResultCode.ERROR, HttpStatus.TOO_MANY_REQUESTS);
    return true;
  }

  /** Gives a use back (the generation failed through no fault of the member). */
  async refundQuota(memberId: string, slug: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ai_quota_counter SET used = used - 1 WHERE member_id = $1 AND tool_slug = $2 AND day = current_date AND used > 0`,
      [memberId, slug],
    );
  }

  /** Uses of today (for the tool answer). */
  async usedToday(memberId: string, slug: string): Promise<number> {
    const rows = await this.dataSource.query(`SELECT used FROM ai_quota_counter WHERE member_id = $1 AND tool_slug = $2 AND day = current_date`, [
      memberId,
      slug,
    ]);
    return rows[0]?.used ?? 0;
  }
}
