import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { hasPermission } from '../../auth/permission';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { sanitizeRichText } from '../content/content-html';
import type { AdOptionDto, AdvertisementQueryDto, CreateAdvertisementDto, UpdateAdvertisementDto } from './cms-ad.dto';
import { AD_TYPES, CmsAdvertisement } from './cms-advertisement.entity';

/** The permission that lets a code advert be saved as is (scripts and all); every such save is logged. */
export const RAW_CODE_PERMISSION = 'cms:ad:rawcode';

/** Fields of an advert as staff send them (create and update). */
type AdvertFields = Omit<CreateAdvertisementDto, 'adSpaceId'>;

/**
 * Adverts of ad spaces (`cms_advertisement`). The caller (CmsAdSpaceService / the controller) has checked the ad
 * space and the caller's rights on it; this service owns the rows: saving with code sanitizing, the status switch,
 * the dates the scheduler applies, and the online adverts a published space shows.
 */
@Injectable()
export class CmsAdvertisementService {
  private readonly logger = new Logger('CmsAd');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(CmsAdvertisement);
  }

  /** Advert types as options ({id, name}), names in the request's language. */
  types(): AdOptionDto[] {
    return AD_TYPES.map((id) => ({ id, name: t(`cms.ad.type.${id}`) }));
  }

  /** Adverts of a site, paged; filters: ad space, name part, type, status. Newest first unless sorted. */
  list(siteId: string, query: AdvertisementQueryDto): Promise<PageResult<CmsAdvertisement>> {
    const qb = this.repo.createQueryBuilder('a').where('a.site_id = :siteId', { siteId });
    if (query.adSpaceId) qb.andWhere('a.ad_space_id = :space', { space: query.adSpaceId });
    if (query.name) qb.andWhere('a.name ILIKE :name', { name: `%${escapeLike(query.name)}%` });
    if (query.type) qb.andWhere('a.type = :type', { type: query.type });
    if (query.status) qb.andWhere('a.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { name: 'a.name', weight: 'a.weight', onlineDate: 'a.online_date', offlineDate: 'a.offline_date', createTime: 'a.create_time' },
      defaultOrder: { 'a.create_time': 'DESC', 'a.advertisement_id': 'DESC' },
    });
  }

  /** One advert (404 when missing). */
  async get(advertisementId: string): Promise<CmsAdvertisement> {
    const ad = await this.repo.findOneBy({ advertisementId });
    if (!ad) throw new ServiceException('cms.ad.notFound', {}, 500, 404);
    return ad;
  }

  /** Adverts by id (missing ones left out). */
  findMany(ids: string[]): Promise<CmsAdvertisement[]> {
    return ids.length ? this.repo.findBy({ advertisementId: In(ids) }) : Promise.resolve([]);
  }

  /** Names and spaces of adverts of a site (all, or those of some spaces), by name. */
  ofSite(siteId: string, adSpaceIds?: string[]): Promise<CmsAdvertisement[]> {
    return this.repo.find({
      where: adSpaceIds ? { siteId, adSpaceId: In(adSpaceIds) } : { siteId },
      order: { name: 'ASC', advertisementId: 'ASC' },
    });
  }

  /** Adds an advert to a space of a site. */
  async create(user: LoginUser, siteId: string, adSpaceId: string, dto: AdvertFields): Promise<CmsAdvertisement> {
    const ad = this.repo.create({ siteId, adSpaceId, createBy: user.userName });
    this.apply(user, ad, dto, true);
    const saved = await this.repo.save(ad);
    this.logRaw(user, saved);
    return this.get(saved.advertisementId);
  }

  /** Changes an advert (its space stays). */
  async update(user: LoginUser, ad: CmsAdvertisement, dto: UpdateAdvertisementDto): Promise<CmsAdvertisement> {
    const current = await this.repo.findOne({
      where: { advertisementId: ad.advertisementId },
      select: { advertisementId: true, onlineDate: true, offlineDate: true, onlineDone: true, offlineDone: true },
    });
    const before = { online: current?.onlineDate?.getTime() ?? null, offline: current?.offlineDate?.getTime() ?? null };
    this.apply(user, ad, dto, false);
    // A changed date is applied again by the scheduler.
    const patch: Partial<CmsAdvertisement> = {};
    if ((ad.onlineDate?.getTime() ?? null) !== before.online) patch.onlineDone = false;
    if ((ad.offlineDate?.getTime() ?? null) !== before.offline) patch.offlineDone = false;
    await this.repo.save(Object.assign(ad, patch));
    this.logRaw(user, ad);
    return this.get(ad.advertisementId);
  }

  /**
   * Checks and copies the fields: an image advert needs a picture, a text advert its text, a code advert its code
   * (sanitized unless the saver holds `cms:ad:rawcode`); the offline date must be after the online date. A new
   * advert whose online date is still to come waits disabled; one whose offline date has passed is disabled.
   */
  private apply(user: LoginUser, ad: CmsAdvertisement, dto: AdvertFields, isNew: boolean): void {
    const online = dto.onlineDate === undefined ? (isNew ? null : ad.onlineDate) : dto.onlineDate ? new Date(dto.onlineDate) : null;
    const offline = dto.offlineDate === undefined ? (isNew ? null : ad.offlineDate) : dto.offlineDate ? new Date(dto.offlineDate) : null;
    if (online && offline && offline.getTime() <= online.getTime()) throw new ServiceException('cms.ad.offlineBeforeOnline', {}, 500, 400);
    const content = dto.content ?? (isNew ? '' : ad.content);
    const resourcePath = dto.resourcePath ?? (isNew ? '' : ad.resourcePath);
    if (dto.type === 'image' && !resourcePath) throw new ServiceException('cms.ad.imageRequired', {}, 500, 400);
    if (dto.type === 'text' && !content.trim()) throw new ServiceException('cms.ad.textRequired', {}, 500, 400);
    if (dto.type === 'code' && !content.trim()) throw new ServiceException('cms.ad.codeRequired', {}, 500, 400);
    if (resourcePath && (resourcePath.includes('..') || /^[a-z][a-z0-9+.-]*:/i.test(resourcePath) || resourcePath.startsWith('//')))
      throw new ServiceException('cms.ad.badImage', {}, 500, 400);
    ad.name = dto.name;
    ad.type = dto.type;
    ad.weight = dto.weight ?? (isNew ? 100 : ad.weight);
    ad.onlineDate = online;
    ad.offlineDate = offline;
    ad.redirectUrl = dto.redirectUrl ?? (isNew ? '' : ad.redirectUrl);
    ad.linkTarget = dto.linkTarget ?? (isNew ? '_blank' : ad.linkTarget);
    ad.remark = dto.remark ?? (isNew ? '' : ad.remark);
    ad.updateBy = user.userName;
    ad.resourcePath = dto.type === 'image' ? resourcePath : '';
    ad.rawCode = false;
    if (dto.type === 'code') {
      ad.rawCode = hasPermission(user.permissions, RAW_CODE_PERMISSION);
      ad.content = ad.rawCode ? content : sanitizeRichText(content);
      if (!ad.content.trim()) throw new ServiceException('cms.ad.codeEmptyAfterSanitize', {}, 500, 400);
    } else {
      ad.content = dto.type === 'text' ? content.trim() : '';
    }
    const now = Date.now();
    let status = dto.status ?? (isNew ? '0' : ad.status);
    if (online && online.getTime() > now && isNew) status = '1';
    if (offline && offline.getTime() <= now) status = '1';
    ad.status = status;
  }

  private logRaw(user: LoginUser, ad: CmsAdvertisement): void {
    if (ad.rawCode) this.logger.warn(`Raw advert code saved by ${user.userName}: advert ${ad.advertisementId} of ad space ${ad.adSpaceId}`);
  }

  /** Enables or disables adverts; answers the spaces touched. */
  async setStatus(user: LoginUser, ads: CmsAdvertisement[], status: '0' | '1'): Promise<string[]> {
    if (!ads.length) return [];
    await this.repo.update({ advertisementId: In(ads.map((a) => a.advertisementId)) }, { status, updateBy: user.userName });
    return [...new Set(ads.map((a) => a.adSpaceId))];
  }

  /** Deletes adverts; answers the spaces touched. */
  async remove(ads: CmsAdvertisement[]): Promise<string[]> {
    if (!ads.length) return [];
    await this.repo.delete({ advertisementId: In(ads.map((a) => a.advertisementId)) });
    return [...new Set(ads.map((a) => a.adSpaceId))];
  }

  /** Deletes every advert of some spaces (the spaces are being deleted). */
  async removeOfSpaces(adSpaceIds: string[]): Promise<void> {
    if (adSpaceIds.length) await this.repo.delete({ adSpaceId: In(adSpaceIds) });
  }

  /** Adverts of a space shown now: enabled, online date reached (or none), offline date not reached (or none). */
  online(adSpaceId: string, now = new Date()): Promise<CmsAdvertisement[]> {
    return this.repo
      .createQueryBuilder('a')
      .where(`a.ad_space_id = :adSpaceId AND a.status = '0'`, { adSpaceId })
      .andWhere('(a.online_date IS NULL OR a.online_date <= :now) AND (a.offline_date IS NULL OR a.offline_date > :now)', { now })
      .orderBy('a.weight', 'DESC')
      .addOrderBy('a.advertisement_id', 'ASC')
      .getMany();
  }

  /** Whether an advert is shown now (what a click or view of it counts on). */
  isOnline(ad: CmsAdvertisement, now = new Date()): boolean {
    return (
      ad.status === '0' &&
      (!ad.onlineDate || ad.onlineDate.getTime() <= now.getTime()) &&
      (!ad.offlineDate || ad.offlineDate.getTime() > now.getTime())
    );
  }

  /**
   * The scheduler's work: enables adverts whose online date has come (offline date not yet) and disables those whose
   * offline date has passed, each date once (a later manual switch stands); answers the spaces whose adverts changed.
   */
  async applyDates(now = new Date()): Promise<string[]> {
    return this.dataSource.transaction(async (m) => {
      const on = (await m.query(
        `UPDATE cms_advertisement SET status = '0', online_done = true, update_time = now(), update_by = 'scheduler'
         WHERE NOT online_done AND online_date <= $1 AND (offline_date IS NULL OR offline_date > $1)
         RETURNING ad_space_id`,
        [now],
      )) as [Array<{ ad_space_id: string }>, number];
      const off = (await m.query(
        `UPDATE cms_advertisement SET status = '1', offline_done = true, online_done = true, update_time = now(), update_by = 'scheduler'
         WHERE NOT offline_done AND offline_date <= $1
         RETURNING ad_space_id`,
        [now],
      )) as [Array<{ ad_space_id: string }>, number];
      return [...new Set([...on[0], ...off[0]].map((r) => String(r.ad_space_id)))];
    });
  }
}
