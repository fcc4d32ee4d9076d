import { Injectable } from '@nestjs/common';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import type { CmsStatVisit } from '../stat/cms-stat.entity';
import { CmsStatService } from '../stat/cms-stat.service';
import type { AdChartDto, AdLogQueryDto, AdStatQueryDto, AdStatSumDto } from './cms-ad.dto';
import { AD_CLICK_EVENT, AD_VIEW_EVENT } from './cms-ad-track.service';
import { CmsAdSpaceService } from './cms-ad-space.service';
import type { CmsAdvertisement } from './cms-advertisement.entity';
import { CmsAdvertisementService } from './cms-advertisement.service';

const ratio = (clicks: number, views: number) => (views ? Math.round((clicks / views) * 10000) / 10000 : 0);

/**
 * 统计 > 广告统计: views (one per visitor, advert and day) and clicks per advert and per day, read through the site
 * statistics' event figures (rolled-up days and live days alike), for the adverts of the site, of one space or one.
 */
@Injectable()
export class CmsAdStatService {
  constructor(
    private readonly stats: CmsStatService,
    private readonly adverts: CmsAdvertisementService,
    private readonly spaces: CmsAdSpaceService,
  ) {}

  /** The adverts a query is about (of the site; of a space; or one), 404 for a space or advert not of the site. */
  private async advertsOf(user: LoginUser, siteId: string, query: { adSpaceId?: string; advertisementId?: string }): Promise<CmsAdvertisement[]> {
    if (query.advertisementId) {
      const ad = await this.adverts.get(query.advertisementId);
      if (String(ad.siteId) !== String(siteId)) throw new ServiceException('cms.ad.notFound', {}, 500, 404);
      return [ad];
    }
    if (query.adSpaceId) {
      const space = await this.spaces.get(user, query.adSpaceId);
      if (String(space.siteId) !== String(siteId)) throw ServiceException.notFound('cms.pagewidget.idInvalid');
      return this.adverts.ofSite(siteId, [query.adSpaceId]);
    }
    return this.adverts.ofSite(siteId);
  }

  /** Views, clicks and click rate per advert over the range, most viewed first. */
  async sum(user: LoginUser, siteId: string, query: AdStatQueryDto): Promise<PageResult<AdStatSumDto>> {
    const ads = await this.advertsOf(user, siteId, query);
    const { rows } = await this.stats.eventDaily(
      siteId,
      [AD_VIEW_EVENT, AD_CLICK_EVENT],
      ads.map((a) => String(a.advertisementId)),
      query,
    );
    const spaces = await this.spaces.spacesOf(user, ads);
    const totals = new Map<string, { views: number; clicks: number }>();
    for (const r of rows) {
      const t = totals.get(r.subjectId) ?? { views: 0, clicks: 0 };
      if (r.event === AD_VIEW_EVENT) t.views += r.uv;
      else t.clicks += r.hits;
      totals.set(r.subjectId, t);
    }
    const result = ads.map((a) => {
      const t = totals.get(String(a.advertisementId)) ?? { views: 0, clicks: 0 };
      return {
        advertisementId: String(a.advertisementId),
        name: a.name,
        adSpaceId: String(a.adSpaceId),
        adSpaceName: spaces.get(String(a.adSpaceId))?.name ?? '',
        views: t.views,
        clicks: t.clicks,
        ctr: ratio(t.clicks, t.views),
      };
    });
    result.sort((a, b) => b.views - a.views || b.clicks - a.clicks || a.name.localeCompare(b.name));
    return { rows: result, total: result.length };
  }

  /** Views, clicks and click rate per day of the range, summed over the adverts of the query. */
  async chart(user: LoginUser, siteId: string, query: AdStatQueryDto): Promise<AdChartDto> {
    const ads = await this.advertsOf(user, siteId, query);
    const { days, rows } = await this.stats.eventDaily(
      siteId,
      [AD_VIEW_EVENT, AD_CLICK_EVENT],
      ads.map((a) => String(a.advertisementId)),
      query,
    );
    const views = new Map<string, number>();
    const clicks = new Map<string, number>();
    for (const r of rows) {
      if (r.event === AD_VIEW_EVENT) views.set(r.day, (views.get(r.day) ?? 0) + r.uv);
      else clicks.set(r.day, (clicks.get(r.day) ?? 0) + r.hits);
    }
    const v = days.map((d) => views.get(d) ?? 0);
    const c = days.map((d) => clicks.get(d) ?? 0);
    const total = { views: v.reduce((a, b) => a + b, 0), clicks: c.reduce((a, b) => a + b, 0), ctr: 0 };
    total.ctr = ratio(total.clicks, total.views);
    return { days, views: v, clicks: c, ctr: days.map((_, i) => ratio(c[i], v[i])), total };
  }

  /** The raw view or click events of one advert, newest first, paged. */
  async log(user: LoginUser, siteId: string, event: 'view' | 'click', query: AdLogQueryDto): Promise<PageResult<CmsStatVisit>> {
    const [ad] = await this.advertsOf(user, siteId, { advertisementId: query.advertisementId });
    return this.stats.eventLog(siteId, event === 'view' ? AD_VIEW_EVENT : AD_CLICK_EVENT, [String(ad.advertisementId)], query);
  }
}
