import { Injectable } from '@nestjs/common';
import type { LoginUser } from '../auth/login-user';
import { hasPermission } from '../auth/permission';
import type { Permission } from '../auth/permissions';
import { AiUsageService } from '../ai/usage/ai-usage.service';
import { CheckOrderService } from '../check/order/check-order.service';
import { CmsContentStatsService } from '../cms/content/cms-content-stats.service';
import { lastDays } from '../common/stats/daily-stats';
import { MemberService } from '../member/member.service';
import type { DashboardDto } from './dashboard.dto';

/** The permission that shows each section: the one of the screen listing its data. */
export const DASHBOARD_PERMISSIONS = {
  checkOrders: 'check:order:list',
  ai: 'ai:usage:list',
  members: 'cms:member:view',
  content: 'cms:content:view',
} as const satisfies Record<string, Permission>;

/**
 * The back-office home's figures. Each module counts its own tables (its service's `dailyStats`); this only decides
 * which sections the caller may see and asks those, in parallel, over the same window of days.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly orders: CheckOrderService,
    private readonly ai: AiUsageService,
    private readonly members: MemberService,
    private readonly content: CmsContentStatsService,
  ) {}

  async figures(user: LoginUser, now = new Date()): Promise<DashboardDto> {
    const window = lastDays(undefined, now);
    const may = (section: keyof typeof DASHBOARD_PERMISSIONS) => hasPermission(user.permissions, DASHBOARD_PERMISSIONS[section]);
    const [checkOrders, ai, members, content] = await Promise.all([
      may('checkOrders') ? this.orders.dailyStats(window) : undefined,
      may('ai') ? this.ai.dailyStats(window) : undefined,
      may('members') ? this.members.dailyStats(window) : undefined,
      may('content') ? this.content.dailyStats(user, window) : undefined,
    ]);
    return {
      timeZone: window.timeZone,
      days: window.days,
      ...(checkOrders && { checkOrders }),
      ...(ai && { ai }),
      ...(members && { members }),
      ...(content && { content }),
    };
  }
}
