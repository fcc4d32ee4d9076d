import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { QueueService } from '../../queue/queue.service';
import {
  CmsPageWidgetService,
  PageWidgetTypeRegistry,
  type CmsPageWidget,
  type CreatePageWidgetDto,
  type PageWidgetQueryDto,
  type UpdatePageWidgetDto,
} from '../pagewidget';
import { AdSpaceWidgetType } from './ad-space-type';
import type { CmsAdvertisement } from './cms-advertisement.entity';
import { CmsAdvertisementService } from './cms-advertisement.service';

export const AD_SPACE_TYPE = 'ads';

/**
 * Ad spaces (广告位): page widgets of type `ads`, stored, checked and published by CmsPageWidgetService (so rights
 * are the page widget rights: `Site:*` or `PageWidget:*:<id>`); their adverts by CmsAdvertisementService. A change of
 * a published space's adverts publishes it again (and so the pages showing it); the task `cms-ad-schedule` applies
 * the adverts' online and offline dates every minute.
 */
@Injectable()
export class CmsAdSpaceService implements OnModuleInit {
  private readonly logger = new Logger('CmsAd');

  constructor(
    private readonly widgets: CmsPageWidgetService,
    private readonly registry: PageWidgetTypeRegistry,
    private readonly type: AdSpaceWidgetType,
    private readonly adverts: CmsAdvertisementService,
    private readonly queue: QueueService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.type);
    this.queue.registerSchedule(
      { name: 'cms-ad-schedule', cron: '* * * * *', description: 'Apply the online and offline dates of adverts and republish their ad spaces' },
      async () => {
        const spaces = await this.applySchedule(new Date());
        if (spaces.length) this.logger.log(`advert dates applied; republished ad spaces ${spaces.join(', ')}`);
      },
    );
  }

  list(user: LoginUser, siteId: string, query: PageWidgetQueryDto): Promise<PageResult<CmsPageWidget>> {
    return this.widgets.list(user, siteId, { ...query, type: AD_SPACE_TYPE } as PageWidgetQueryDto);
  }

  /** One ad space the user may view (an id of another widget type: the page widget 404). */
  get(user: LoginUser, adSpaceId: string): Promise<CmsPageWidget> {
    return this.widgets.get(user, adSpaceId, AD_SPACE_TYPE);
  }

  /** An ad space the user may do `action` on (404 for a missing one or one of another type, 403 without the right). */
  async require(user: LoginUser, adSpaceId: string, action: 'View' | 'Edit' | 'Publish'): Promise<CmsPageWidget> {
    const space = await this.widgets.get(user, adSpaceId, AD_SPACE_TYPE);
    if (action !== 'View' && !(await this.widgets.can(user, action, space))) throw ServiceException.forbidden();
    return space;
  }

  create(user: LoginUser, siteId: string, dto: Omit<CreatePageWidgetDto, 'type'>): Promise<CmsPageWidget> {
    return this.widgets.create(user, siteId, { ...dto, content: {}, type: AD_SPACE_TYPE } as CreatePageWidgetDto);
  }

  update(user: LoginUser, dto: UpdatePageWidgetDto): Promise<CmsPageWidget> {
    return this.widgets.update(user, { ...dto, content: {} } as UpdatePageWidgetDto, AD_SPACE_TYPE);
  }

  /** Deletes ad spaces with their adverts (the adverts' statistics stay). */
  async remove(user: LoginUser, adSpaceIds: string[]): Promise<void> {
    await this.widgets.remove(user, adSpaceIds, AD_SPACE_TYPE);
    await this.adverts.removeOfSpaces(adSpaceIds);
  }

  publish(user: LoginUser, adSpaceIds: string[]): Promise<void> {
    return this.widgets.publish(user, adSpaceIds, AD_SPACE_TYPE);
  }

  /**
   * Publishes again the spaces (of those given) that are published, so their pages show the adverts as they are now
   * (no rights check: the caller has checked the change, or it is the scheduler). Answers the spaces published.
   */
  async republish(adSpaceIds: string[], operator: string): Promise<string[]> {
    return this.widgets.republish(adSpaceIds, operator).catch((error: Error) => {
      this.logger.warn(`Ad spaces ${adSpaceIds.join(', ')} not republished: ${error.message}`);
      return [];
    });
  }

  /** The scheduler's run: applies due advert dates, then republishes the spaces concerned; answers them. */
  async applySchedule(now: Date): Promise<string[]> {
    const spaces = await this.adverts.applyDates(now);
    await this.republish(spaces, 'scheduler');
    return spaces;
  }

  /** Spaces of adverts, by id, that the user may view (others left out). */
  async spacesOf(user: LoginUser, ads: CmsAdvertisement[]): Promise<Map<string, CmsPageWidget>> {
    const spaces = new Map<string, CmsPageWidget>();
    for (const id of new Set(ads.map((a) => String(a.adSpaceId)))) {
      const space = await this.widgets.get(user, id, AD_SPACE_TYPE).catch(() => null);
      if (space) spaces.set(id, space);
    }
    return spaces;
  }
}
