import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { dailyFigures, emptyFigure, type DailyFigure, type DayWindow } from '../../common/stats/daily-stats';
import { CmsAccessService } from '../common/cms-access.service';

/** Content figures of the back-office dashboard. */
@Injectable()
export class CmsContentStatsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
  ) {}

  /**
   * Content published per day of the window, by its publish date, among content still on the site (published, or
   * published and being edited again), in the catalogs the caller may view.
   */
  async dailyStats(user: LoginUser, window: DayWindow): Promise<{ published: DailyFigure }> {
    const viewable = await this.access.ids(user, 'Catalog', 'View');
    const ids = viewable === 'all' ? null : viewable.filter((id) => /^\d{1,18}$/.test(id));
    if (ids && !ids.length) return { published: emptyFigure(window) };
    // Constant statuses in the text: the (status, publish_date) index serves the window.
    return dailyFigures(this.dataSource, window, {
      time: 'c.publish_date',
      from: 'cms_content c',
      where: "c.status IN ('published', 're_edit') AND c.publish_date <= now()" + (ids ? ' AND c.catalog_id = ANY($4::bigint[])' : ''),
      params: ids ? [ids] : [],
      values: { published: 'count(*)' },
    });
  }
}
