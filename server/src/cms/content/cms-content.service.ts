import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { In, type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { QueueService } from '../../queue/queue.service';
import { detectMediaType } from '../../storage/media-type';
import { detectImageType } from '../../storage/image-type';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';
import { CmsCatalog } from '../catalog/cms-catalog.entity';
import { CmsAccessService } from '../common/cms-access.service';
import { CmsSite } from '../site/cms-site.entity';
import type {
  ContentAttrDto,
  ContentFieldsDto,
  ContentLogQueryDto,
  ContentQueryDto,
  CopyContentDto,
  CreateContentDto,
  MoveContentDto,
  RecycleQueryDto,
  RelaDto,
  RelaQueryDto,
  SetTopDto,
  SortContentDto,
  UpdateContentDto,
} from './cms-content.dto';
import { CmsArticleDetail, CmsContent, CmsContentMedia, CmsContentOpLog, CmsContentRela, type ContentStatus, type ContentType } from './cms-content.entity';
import { sanitizeEmbedCode, sanitizeRichText } from './content-html';
import { bySite, CmsContentPublishing } from './content-publishing';
import { EDITABLE, HAS_PAGE, statusAfterRecover, statusAfterSave, TRANSITIONS, type StatusAction } from './content-status';

/** Largest image the rich-text editor may upload. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest audio or video file uploaded with content. */
export const CONTENT_MEDIA_MAX_BYTES = 100 * 1024 * 1024;
/** Who scheduled jobs act as in the operation log. */
const SYSTEM_OPERATOR = 'system';

/** A content row of a list, with its catalog's name. */
export type ContentListRow = CmsContent & { catalogName: string };

/** What the editor opens. */
export interface ContentEditor extends Partial<CmsContent> {
  catalogId: string;
  catalogName: string;
  contentType: ContentType;
  contentHtml: string;
  images: Array<{ path: string; title: string; description: string }>;
  audios: Array<{ path: string; title: string; description: string; duration: number }>;
  videos: Array<{ type: 'local' | 'share'; path: string; embedCode: string; title: string; description: string; duration: number }>;
  relaContentIds: string[];
}

type ContentBody = { html: string | null; media: Array<Partial<CmsContentMedia>> };
type Ref = { contentId: string; siteId: string };

/**
 * Content of the CMS: the editor's reads and writes, status changes (docs/cms.md "Content statuses"), ordering with
 * top flags, locks, the recycle bin, relations, the operation log and the scheduled jobs. A caller needs the menu
 * permission (checked by the controller) and the catalog's object permission (checked here) for every action.
 */
@Injectable()
export class CmsContentService implements OnModuleInit {
  private readonly logger = new Logger('CmsContent');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly publishing: CmsContentPublishing,
    private readonly queue: QueueService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(CmsContent);
  }

  onModuleInit(): void {
    const run = (name: string, job: () => Promise<number>) => async () => {
      const count = await job();
      if (count) this.logger.log(`${name}: ${count}`);
    };
    this.queue.registerSchedule(
      { name: 'cms-content-publish-due', cron: '* * * * *', description: 'Publish content whose scheduled publish date has come' },
      run('publishDue', () => this.publishDue(new Date())),
    );
    this.queue.registerSchedule(
      { name: 'cms-content-offline-due', cron: '* * * * *', description: 'Take content offline at its offline date' },
      run('offlineDue', () => this.offlineDue(new Date())),
    );
    this.queue.registerSchedule(
      { name: 'cms-content-top-expired', cron: '* * * * *', description: 'Clear top flags whose end time has passed' },
      run('clearExpiredTop', () => this.clearExpiredTop(new Date())),
    );
    this.queue.registerSchedule(
      { name: 'cms-content-recycle-purge', cron: '30 3 * * *', description: "Empty the recycle bin after each site's keep days" },
      run('purgeRecycleBin', () => this.purgeRecycleBin(new Date())),
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reads
  // ---------------------------------------------------------------------------------------------------------------

  /** Content of the site (not in the recycle bin) in catalogs the caller may view: top first, then by sort flag. */
  async list(user: LoginUser, siteId: string, query: ContentQueryDto): Promise<PageResult<ContentListRow>> {
    const qb = this.repo.createQueryBuilder('c').where('c.site_id = :siteId', { siteId }).andWhere(`c.status <> 'deleted'`);
    if (!(await this.restrictToViewable(user, qb))) return { rows: [], total: 0 };
    if (query.catalogId) {
      const catalog = await this.catalog(query.catalogId);
      const own = ancestorsOf(catalog);
      qb.andWhere('(c.catalog_ancestors = :own OR c.catalog_ancestors LIKE :below)', { own, below: `${escapeLike(own)},%` });
    }
    if (query.title) qb.andWhere('c.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.contentType) qb.andWhere('c.content_type = :contentType', { contentType: query.contentType });
    if (query.status) qb.andWhere('c.status = :status', { status: query.status });
    if (query.author) qb.andWhere('c.author ILIKE :author', { author: `%${escapeLike(query.author)}%` });
    if (query.createBy) qb.andWhere('c.create_by = :createBy', { createBy: query.createBy });
    if (query.beginTime) qb.andWhere('c.publish_date >= :beginTime', { beginTime: new Date(query.beginTime) });
    if (query.endTime) qb.andWhere('c.publish_date <= :endTime', { endTime: new Date(query.endTime) });
    const attrs = new Set(query.attributes?.split(',') ?? []);
    if (attrs.has('recommend')) qb.andWhere('c.recommend');
    if (attrs.has('hot')) qb.andWhere('c.hot');
    if (attrs.has('top')) qb.andWhere('c.top_flag > 0');
    const page = await paginate(qb, query, {
      sortable: {
        publishDate: 'c.publish_date',
        createTime: 'c.create_time',
        viewCount: 'c.view_count',
        favoriteCount: 'c.favorite_count',
        likeCount: 'c.like_count',
        commentCount: 'c.comment_count',
      },
      defaultOrder: { 'c.top_flag': 'DESC', 'c.sort_flag': 'DESC', 'c.content_id': 'DESC' },
    });
    return { total: page.total, rows: await this.withCatalogNames(page.rows) };
  }

  /** The editor's data: the content with its body, media and related ids, or the defaults of new content. */
  async init(user: LoginUser, catalogId: string, contentType: ContentType, contentId: string): Promise<ContentEditor> {
    if (contentId !== '0') {
      const content = await this.get(contentId);
      await this.access.assert(user, 'Catalog', 'View', content.catalogId);
      return this.editorOf(content);
    }
    const catalog = await this.catalog(catalogId);
    await this.access.assert(user, 'Catalog', 'View', catalog.catalogId);
    return {
      contentId: undefined,
      siteId: catalog.siteId,
      catalogId: catalog.catalogId,
      catalogName: catalog.name,
      contentType,
      status: 'draft',
      title: '',
      author: '',
      editor: user.nickName || user.userName,
      tags: [],
      keywords: [],
      publishPipes: [],
      topFlag: '0',
      recommend: false,
      hot: false,
      linkFlag: false,
      original: false,
      contentHtml: '',
      images: [],
      audios: [],
      videos: [],
      relaContentIds: [],
    };
  }

  /** Content by id (any status), or 404. */
  async get(contentId: string): Promise<CmsContent> {
    const content = await this.repo.findOneBy({ contentId });
    if (!content) throw ServiceException.notFound('cms.content.notFound');
    return content;
  }

  /** The operation log of a piece of content, newest first. */
  async logs(user: LoginUser, query: ContentLogQueryDto): Promise<PageResult<CmsContentOpLog>> {
    const content = await this.get(query.contentId);
    await this.access.assert(user, 'Catalog', 'View', content.catalogId);
    const qb = this.dataSource.getRepository(CmsContentOpLog).createQueryBuilder('l').where('l.content_id = :id', { id: content.contentId });
    return paginate(qb, query, { sortable: {}, defaultOrder: { 'l.log_id': 'DESC' } });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Add and save
  // ---------------------------------------------------------------------------------------------------------------

  /** Adds content to a catalog (needs `Catalog:AddContent`); it starts as a draft, newest first in its catalog. */
  async create(user: LoginUser, dto: CreateContentDto): Promise<ContentEditor> {
    const catalog = await this.catalog(dto.catalogId);
    await this.access.assert(user, 'Catalog', 'AddContent', catalog.catalogId);
    assertHoldsContent(catalog);
    const body = this.body(dto.contentType, dto);
    checkDates(dto);
    const contentId = await this.dataSource.transaction(async (m) => {
      const site = await this.site(m, catalog.siteId);
      await this.checkTitle(m, site, catalog, dto.title, null);
      const relaIds = await this.checkRelated(m, catalog.siteId, null, dto.relaContentIds ?? []);
      const saved = await m.getRepository(CmsContent).save(
        m.getRepository(CmsContent).create({
          ...this.fields(dto),
          siteId: catalog.siteId,
          catalogId: catalog.catalogId,
          catalogAncestors: ancestorsOf(catalog),
          contentType: dto.contentType,
          status: 'draft',
          sortFlag: await this.nextSortFlag(m, catalog.catalogId),
          createBy: user.userName,
          updateBy: user.userName,
        }),
      );
      await this.writeBody(m, saved.contentId, body);
      await this.replaceRelated(m, saved.contentId, relaIds, user.userName);
      await this.log(m, [saved], 'add', user.userName);
      return saved.contentId;
    });
    return this.editorOf(await this.get(contentId));
  }

  /** Saves content (needs `Catalog:EditContent`); saving published content makes it `re_edit`. */
  async update(user: LoginUser, dto: UpdateContentDto): Promise<ContentEditor> {
    const existing = await this.get(dto.contentId);
    await this.access.assert(user, 'Catalog', 'EditContent', existing.catalogId);
    if (dto.contentType !== existing.contentType) throw new ServiceException('cms.content.typeChanged');
    const body = this.body(existing.contentType, dto);
    checkDates(dto);
    await this.dataSource.transaction(async (m) => {
      const [content] = await this.lockRows(m, [dto.contentId]);
      assertLockHolder(content, user);
      if (!EDITABLE.includes(content.status)) {
        throw new ServiceException('cms.content.notEditable', { title: content.title, status: statusLabel(content.status) });
      }
      const catalog = await this.catalog(content.catalogId);
      const site = await this.site(m, content.siteId);
      await this.checkTitle(m, site, catalog, dto.title, content.contentId);
      const relaIds = dto.relaContentIds === undefined ? null : await this.checkRelated(m, content.siteId, content.contentId, dto.relaContentIds);
      const status = statusAfterSave(content.status);
      await m.update(CmsContent, { contentId: content.contentId }, { ...this.fields(dto), status, updateBy: user.userName });
      await this.writeBody(m, content.contentId, body);
      if (relaIds) await this.replaceRelated(m, content.contentId, relaIds, user.userName);
      await this.log(m, [content], 'edit', user.userName, status !== content.status ? `${content.status} -> ${status}` : '');
    });
    return this.editorOf(await this.get(dto.contentId));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Status changes
  // ---------------------------------------------------------------------------------------------------------------

  /** Publishes content now (needs `Catalog:PublishContent`); the publisher queues its page and lists. */
  async publish(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.transition(user, contentIds, 'publish');
  }

  /** Schedules content for its (future) publish date. */
  async toPublish(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.transition(user, contentIds, 'toPublish');
  }

  /** Takes content off the site (its files are removed, its lists republished). */
  async offline(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.transition(user, contentIds, 'offline');
  }

  /** Archives published or offline content (its files are removed). */
  async archive(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.transition(user, contentIds, 'archive');
  }

  /** Moves content to the recycle bin (needs `Catalog:DeleteContent`), keeping its status for a restore. */
  async remove(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.transition(user, contentIds, 'delete');
  }

  /** Restores content from the recycle bin to the status it held; published content is published again. */
  async recover(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.transition(user, contentIds, 'recover');
  }

  /**
   * One status change of many pieces of content, all or nothing: each must exist, be in a catalog the caller may act
   * on, not be locked by someone else and be in a status the action starts from. Files follow after the commit.
   */
  private async transition(user: LoginUser, contentIds: string[], action: StatusAction): Promise<void> {
    const right = action === 'delete' || action === 'recover' ? 'DeleteContent' : 'PublishContent';
    await this.assertOnContent(user, contentIds, right, { inRecycleBin: true });
    const now = new Date();
    const toPublish: Ref[] = [];
    const toUnpublish: Ref[] = [];
    await this.dataSource.transaction(async (m) => {
      const rows = await this.lockRows(m, contentIds);
      for (const content of rows) {
        if (action !== 'recover') assertLockHolder(content, user);
        const to = action === 'recover' ? statusAfterRecover(content.statusBeforeDelete) : TRANSITIONS[action].to;
        if (!TRANSITIONS[action].from.includes(content.status)) {
          throw new ServiceException('cms.content.illegalStatus', { title: content.title, from: statusLabel(content.status), to: statusLabel(to) });
        }
        if (action === 'toPublish' && !(content.publishDate && content.publishDate > now)) {
          throw new ServiceException('cms.content.toPublishNeedsDate', { title: content.title });
        }
      }
      for (const content of rows) {
        const change: Partial<CmsContent> = { updateBy: user.userName };
        let to: ContentStatus;
        if (action === 'recover') {
          to = statusAfterRecover(content.statusBeforeDelete);
          Object.assign(change, { statusBeforeDelete: '', deleteTime: null });
          if (to === 'published') toPublish.push(content);
        } else {
          to = TRANSITIONS[action].to;
          if (action === 'delete') Object.assign(change, { statusBeforeDelete: content.status, deleteTime: now });
          if (action === 'publish') {
            Object.assign(change, publishStamp(content, now));
            toPublish.push(content);
          }
          if (action !== 'publish' && action !== 'toPublish' && HAS_PAGE.includes(content.status)) toUnpublish.push(content);
        }
        await m.update(CmsContent, { contentId: content.contentId }, { ...change, status: to });
        await this.log(m, [content], LOG_ACTION[action], user.userName, `${content.status} -> ${to}`);
      }
    });
    await this.publishing.unpublish(bySite(toUnpublish), user.userName);
    await this.publishing.publish(bySite(toPublish), user.userName);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Recycle bin
  // ---------------------------------------------------------------------------------------------------------------

  /** Deleted content of the site in catalogs the caller may view, latest deleted first. */
  async recycleList(user: LoginUser, siteId: string, query: RecycleQueryDto): Promise<PageResult<ContentListRow>> {
    const qb = this.repo.createQueryBuilder('c').where('c.site_id = :siteId', { siteId }).andWhere(`c.status = 'deleted'`);
    if (!(await this.restrictToViewable(user, qb))) return { rows: [], total: 0 };
    if (query.title) qb.andWhere('c.title ILIKE :title', { title: `%${escapeLike(query.title)}%` });
    if (query.contentType) qb.andWhere('c.content_type = :contentType', { contentType: query.contentType });
    const page = await paginate(qb, query, { sortable: { deleteTime: 'c.delete_time' }, defaultOrder: { 'c.delete_time': 'DESC', 'c.content_id': 'DESC' } });
    return { total: page.total, rows: await this.withCatalogNames(page.rows) };
  }

  /** Deletes content of the recycle bin for good, with its body, media and relations. */
  async destroy(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.assertOnContent(user, contentIds, 'DeleteContent', { inRecycleBin: true });
    await this.dataSource.transaction(async (m) => {
      const rows = await this.lockRows(m, contentIds);
      for (const content of rows) {
        if (content.status !== 'deleted') {
          throw new ServiceException('cms.content.illegalStatus', { title: content.title, from: statusLabel(content.status), to: statusLabel('deleted') });
        }
      }
      await this.log(m, rows, 'destroy', user.userName);
      await m.delete(CmsContent, { contentId: In(contentIds) });
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Locks, copy, move
  // ---------------------------------------------------------------------------------------------------------------

  /** Locks content for the caller: nobody else may edit, publish or delete it until unlocked. */
  async lock(user: LoginUser, contentId: string): Promise<void> {
    await this.assertOnContent(user, [contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      const [content] = await this.lockRows(m, [contentId]);
      assertLockHolder(content, user);
      if (content.lockUser === user.userName) return;
      await m.update(CmsContent, { contentId }, { lockUser: user.userName });
      await this.log(m, [content], 'lock', user.userName);
    });
  }

  /** Unlocks content: only the holder of the lock or a super administrator may. */
  async unlock(user: LoginUser, contentId: string): Promise<void> {
    await this.assertOnContent(user, [contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      const [content] = await this.lockRows(m, [contentId]);
      if (!content.lockUser) return;
      if (content.lockUser !== user.userName && !user.roles.includes(SUPER_ADMIN_ROLE)) {
        throw new ServiceException('cms.content.unlockDenied', { title: content.title, lockUser: content.lockUser });
      }
      await m.update(CmsContent, { contentId }, { lockUser: '' });
      await this.log(m, [content], 'unlock', user.userName, content.lockUser);
    });
  }

  /** Copies content into catalogs (needs View on the source, AddContent on each target); the copies are drafts. */
  async copy(user: LoginUser, dto: CopyContentDto): Promise<string[]> {
    const sources = await this.assertOnContent(user, dto.contentIds, 'View');
    const targets = await this.targetCatalogs(user, dto.catalogIds, sources);
    return this.dataSource.transaction(async (m) => {
      const created: string[] = [];
      for (const target of targets) {
        const site = await this.site(m, target.siteId);
        for (const source of sources) {
          await this.checkTitle(m, site, target, source.title, null);
          const copy = await m.getRepository(CmsContent).save(
            m.getRepository(CmsContent).create({
              ...copyable(source),
              siteId: target.siteId,
              catalogId: target.catalogId,
              catalogAncestors: ancestorsOf(target),
              status: 'draft',
              sortFlag: await this.nextSortFlag(m, target.catalogId),
              createBy: user.userName,
              updateBy: user.userName,
            }),
          );
          const html = await m.findOneBy(CmsArticleDetail, { contentId: source.contentId });
          const media = await m.find(CmsContentMedia, { where: { contentId: source.contentId }, order: { sort: 'ASC' } });
          await this.writeBody(m, copy.contentId, { html: html?.contentHtml ?? null, media: media.map(({ mediaId: _mediaId, contentId: _contentId, ...rest }) => rest) });
          await this.log(m, [copy], 'copy', user.userName, `from ${source.contentId}`);
          created.push(copy.contentId);
        }
      }
      return created;
    });
  }

  /**
   * Moves content to another catalog of its site (needs EditContent on the source, AddContent on the target). Published
   * pages leave the old folder first and are published again in the new one.
   */
  async move(user: LoginUser, dto: MoveContentDto): Promise<void> {
    const rows = await this.assertOnContent(user, dto.contentIds, 'EditContent');
    const [target] = await this.targetCatalogs(user, [dto.catalogId], rows);
    const moving = rows.filter((c) => c.catalogId !== target.catalogId);
    const site = await this.site(this.dataSource.manager, target.siteId);
    for (const content of moving) {
      assertLockHolder(content, user);
      await this.checkTitle(this.dataSource.manager, site, target, content.title, content.contentId);
    }
    // The old page must go while the rows still name the old catalog: the publisher derives paths from them.
    const published = moving.filter((c) => HAS_PAGE.includes(c.status));
    await this.publishing.unpublish(bySite(published), user.userName);
    await this.dataSource.transaction(async (m) => {
      const locked = await this.lockRows(m, moving.map((c) => c.contentId));
      for (const content of locked) {
        assertLockHolder(content, user);
        await this.checkTitle(m, site, target, content.title, content.contentId);
        await m.update(CmsContent, { contentId: content.contentId }, { catalogId: target.catalogId, catalogAncestors: ancestorsOf(target), updateBy: user.userName });
        await this.log(m, [content], 'move', user.userName, `${content.catalogId} -> ${target.catalogId}`);
      }
    });
    await this.publishing.publish(bySite(published.filter((c) => c.status === 'published')), user.userName);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Order, top flags, attributes
  // ---------------------------------------------------------------------------------------------------------------

  /** Sets content top (the latest set first); `topEndTime` ends it (a job clears it then). */
  async setTop(user: LoginUser, dto: SetTopDto): Promise<void> {
    const end = dto.topEndTime ? new Date(dto.topEndTime) : null;
    if (end && end <= new Date()) throw new ServiceException('cms.content.topEndPast');
    await this.assertOnContent(user, dto.contentIds, 'EditContent');
    const topFlag = String(Date.now());
    const rows = await this.dataSource.transaction(async (m) => {
      const locked = await this.lockRows(m, dto.contentIds);
      await m.update(CmsContent, { contentId: In(dto.contentIds) }, { topFlag, topDate: end, updateBy: user.userName });
      await this.log(m, locked, 'set_top', user.userName, end ? `until ${end.toISOString()}` : '');
      return locked;
    });
    await this.republishOrder(rows, user.userName);
  }

  /** Cancels the top flag of content. */
  async cancelTop(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.assertOnContent(user, contentIds, 'EditContent');
    const rows = await this.dataSource.transaction(async (m) => {
      const locked = await this.lockRows(m, contentIds);
      await m.update(CmsContent, { contentId: In(contentIds) }, { topFlag: '0', topDate: null, updateBy: user.userName });
      await this.log(m, locked, 'cancel_top', user.userName);
      return locked;
    });
    await this.republishOrder(rows, user.userName);
  }

  /**
   * Places content just before the target in its catalog's order (top flag desc, then sort flag desc). If the target
   * is top the content becomes top just above it; otherwise the content's top flag is cancelled. Only the rows between
   * the old and the new place shift by one, so the rest keep their order.
   */
  async sort(user: LoginUser, dto: SortContentDto): Promise<void> {
    if (dto.contentId === dto.targetId) throw new ServiceException('cms.content.sortSelf');
    const [content, target] = await Promise.all([this.get(dto.contentId), this.get(dto.targetId)]);
    if (content.catalogId !== target.catalogId || content.status === 'deleted' || target.status === 'deleted') {
      throw new ServiceException('cms.content.sortOtherCatalog');
    }
    await this.access.assert(user, 'Catalog', 'EditContent', content.catalogId);
    const moved = await this.dataSource.transaction(async (m) => {
      // One reorder of a catalog at a time: the range shifts below must see a stable order.
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cms_content_sort:${content.catalogId}`]);
      const [moved, before] = await this.lockRows(m, [dto.contentId, dto.targetId]).then((rows) => [
        rows.find((r) => r.contentId === dto.contentId)!,
        rows.find((r) => r.contentId === dto.targetId)!,
      ]);
      const targetTop = BigInt(before.topFlag);
      if (targetTop > 0n) {
        const flag = await shiftBefore(m, 'top_flag', moved.catalogId, moved.contentId, BigInt(moved.topFlag), targetTop);
        await m.update(CmsContent, { contentId: moved.contentId }, { topFlag: flag, topDate: BigInt(moved.topFlag) > 0n ? moved.topDate : before.topDate, updateBy: user.userName });
      } else {
        const flag = await shiftBefore(m, 'sort_flag', moved.catalogId, moved.contentId, BigInt(moved.sortFlag), BigInt(before.sortFlag));
        await m.update(CmsContent, { contentId: moved.contentId }, { sortFlag: flag, topFlag: '0', topDate: null, updateBy: user.userName });
      }
      await this.log(m, [moved], 'sort', user.userName, `before ${before.contentId}`);
      return moved;
    });
    await this.republishOrder([moved], user.userName);
  }

  /** Sets (`on`) or cancels the recommend or hot attribute of content. */
  async setAttr(user: LoginUser, dto: ContentAttrDto, on: boolean): Promise<void> {
    await this.assertOnContent(user, dto.contentIds, 'EditContent');
    const rows = await this.dataSource.transaction(async (m) => {
      const locked = await this.lockRows(m, dto.contentIds);
      await m.update(CmsContent, { contentId: In(dto.contentIds) }, { [dto.attr]: on, updateBy: user.userName });
      await this.log(m, locked, on ? 'attr_add' : 'attr_remove', user.userName, dto.attr);
      return locked;
    });
    await this.republishOrder(rows, user.userName);
  }

  /** Order, top and attributes show on list pages (and the home page): published content's pages are queued again. */
  private async republishOrder(rows: CmsContent[], operator: string): Promise<void> {
    await this.publishing.publish(bySite(rows.filter((r) => r.status === 'published')), operator);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Related content
  // ---------------------------------------------------------------------------------------------------------------

  /** Content related to a piece of content, paged. */
  async related(user: LoginUser, query: RelaQueryDto): Promise<PageResult<ContentListRow>> {
    const content = await this.get(query.contentId);
    await this.access.assert(user, 'Catalog', 'View', content.catalogId);
    const qb = this.repo
      .createQueryBuilder('c')
      .where('c.content_id IN (SELECT r.related_content_id FROM cms_content_rela r WHERE r.content_id = :id)', { id: content.contentId });
    const page = await paginate(qb, query, { sortable: {}, defaultOrder: { 'c.content_id': 'DESC' } });
    return { total: page.total, rows: await this.withCatalogNames(page.rows) };
  }

  /** Relates content (of the same site) to a piece of content. */
  async addRelated(user: LoginUser, dto: RelaDto): Promise<void> {
    const [content] = await this.assertOnContent(user, [dto.contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      const ids = await this.checkRelated(m, content.siteId, content.contentId, dto.relaContentIds);
      const [{ max }] = await m.query('SELECT COALESCE(max(sort), 0)::int AS max FROM cms_content_rela WHERE content_id = $1', [content.contentId]);
      await m.query(
        `INSERT INTO cms_content_rela (content_id, related_content_id, sort, create_by)
         SELECT $1, id, $3 + ord, $4 FROM unnest($2::bigint[]) WITH ORDINALITY AS u(id, ord) ON CONFLICT DO NOTHING`,
        [content.contentId, ids, max, user.userName],
      );
      await this.log(m, [content], 'rela_add', user.userName, ids.join(','));
    });
  }

  /** Removes relations of a piece of content. */
  async removeRelated(user: LoginUser, dto: RelaDto): Promise<void> {
    const [content] = await this.assertOnContent(user, [dto.contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      await m.delete(CmsContentRela, { contentId: content.contentId, relatedContentId: In(dto.relaContentIds) });
      await this.log(m, [content], 'rela_remove', user.userName, dto.relaContentIds.join(','));
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Image upload of the rich-text editor
  // ---------------------------------------------------------------------------------------------------------------

  /** Stores an image (jpg, png, gif, webp by its bytes, at most 5 MB) under the site's resources. */
  async uploadImage(site: CmsSite, data: Buffer): Promise<{ url: string; path: string }> {
    if (data.length > CONTENT_IMAGE_MAX_BYTES) throw new ServiceException('cms.content.imageTooLarge', { max: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024 });
    const type = detectImageType(data);
    if (!type) throw new ServiceException('cms.content.imageFormat');
    return this.storeResource(site, data, type.ext);
  }

  /** Stores an audio or video file (mp3, ogg, wav, m4a, mp4, webm, recognised by content) in the site's resources. */
  async uploadMedia(site: CmsSite, data: Buffer): Promise<{ url: string; path: string; kind: 'audio' | 'video' }> {
    if (data.length > CONTENT_MEDIA_MAX_BYTES) throw new ServiceException('cms.content.mediaTooLarge', { max: CONTENT_MEDIA_MAX_BYTES / 1024 / 1024 });
    const type = detectMediaType(data);
    if (!type) throw new ServiceException('cms.content.mediaFormat');
    return { ...(await this.storeResource(site, data, type.ext)), kind: type.kind };
  }

  /** A file of the site's resources (`resources/<yyyyMM>/<random>.<ext>`) and its public URL. */
  private async storeResource(site: CmsSite, data: Buffer, ext: string): Promise<{ url: string; path: string }> {
    const now = new Date();
    const month = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
    const path = `resources/${month}/${randomBytes(16).toString('hex')}.${ext}`;
    await this.storage.put(`site/${site.path}/${path}`, data);
    const base = site.resourceUrl ? `${site.resourceUrl.replace(/\/+$/, '')}/` : `/site/${site.path}/`;
    return { url: `${base}${path}`, path };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Scheduled jobs (each minute, and daily for the recycle bin); `now` is a parameter so tests can move time
  // ---------------------------------------------------------------------------------------------------------------

  /** Publishes scheduled content whose publish date has come; returns how many. */
  async publishDue(now: Date): Promise<number> {
    const rows = await this.dataSource.transaction(async (m) => {
      const due: Ref[] = await m.query(
        `UPDATE cms_content SET status = 'published', update_by = $2, update_time = now()
         WHERE content_id IN (SELECT content_id FROM cms_content WHERE status = 'to_publish' AND publish_date <= $1 FOR UPDATE SKIP LOCKED)
         RETURNING content_id AS "contentId", site_id AS "siteId"`,
        [now, SYSTEM_OPERATOR],
      ).then((r: unknown) => returned(r));
      await this.log(m, due, 'publish', SYSTEM_OPERATOR, 'to_publish -> published (scheduled)');
      return due;
    });
    await this.publishing.publish(bySite(rows), SYSTEM_OPERATOR);
    return rows.length;
  }

  /** Takes content offline at its offline date; returns how many. */
  async offlineDue(now: Date): Promise<number> {
    const rows = await this.dataSource.transaction(async (m) => {
      const due: Array<Ref & { was: ContentStatus }> = await m.query(
        `UPDATE cms_content c SET status = 'offline', update_by = $2, update_time = now()
         FROM (SELECT content_id, status FROM cms_content
               WHERE status IN ('published', 're_edit', 'to_publish') AND offline_date <= $1 FOR UPDATE SKIP LOCKED) old
         WHERE c.content_id = old.content_id
         RETURNING c.content_id AS "contentId", c.site_id AS "siteId", old.status AS "was"`,
        [now, SYSTEM_OPERATOR],
      ).then((r: unknown) => returned(r));
      for (const row of due) await this.log(m, [row], 'offline', SYSTEM_OPERATOR, `${row.was} -> offline (scheduled)`);
      return due;
    });
    await this.publishing.unpublish(bySite(rows.filter((r) => HAS_PAGE.includes(r.was))), SYSTEM_OPERATOR);
    return rows.length;
  }

  /** Clears top flags whose end time has passed; returns how many. */
  async clearExpiredTop(now: Date): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const rows: Ref[] = await m.query(
        `UPDATE cms_content SET top_flag = 0, top_date = NULL, update_time = now()
         WHERE top_flag > 0 AND top_date <= $1 RETURNING content_id AS "contentId", site_id AS "siteId"`,
        [now],
      ).then((r: unknown) => returned(r));
      await this.log(m, rows, 'cancel_top', SYSTEM_OPERATOR, 'top end time passed');
      return rows.length;
    });
  }

  /** Deletes for good content kept in the recycle bin longer than its site's `recycleKeepDays` (0 = forever). */
  async purgeRecycleBin(now: Date): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const rows: Ref[] = await m.query(
        `DELETE FROM cms_content c USING cms_site s
         WHERE c.site_id = s.site_id AND c.status = 'deleted'
           AND jsonb_typeof(s.config_props -> 'recycleKeepDays') = 'number'
           AND (s.config_props ->> 'recycleKeepDays')::numeric >= 1
           AND c.delete_time < $1::timestamptz - make_interval(days => floor((s.config_props ->> 'recycleKeepDays')::numeric)::int)
         RETURNING c.content_id AS "contentId", c.site_id AS "siteId"`,
        [now],
      ).then((r: unknown) => returned(r));
      await this.log(m, rows, 'destroy', SYSTEM_OPERATOR, 'recycle bin keep days passed');
      return rows.length;
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Helpers
  // ---------------------------------------------------------------------------------------------------------------

  /**
   * Loads content by ids (404 when any is missing, or in the recycle bin unless `inRecycleBin` actions may see it) and
   * checks `Catalog:<action>` on each of their catalogs.
   */
  private async assertOnContent(user: LoginUser, contentIds: string[], action: string, options: { inRecycleBin?: boolean } = {}): Promise<CmsContent[]> {
    const rows = await this.repo.findBy({ contentId: In(contentIds) });
    if (rows.length !== new Set(contentIds).size) throw ServiceException.notFound('cms.content.notFound');
    if (!options.inRecycleBin && rows.some((r) => r.status === 'deleted')) throw ServiceException.notFound('cms.content.notFound');
    for (const catalogId of new Set(rows.map((r) => r.catalogId))) await this.access.assert(user, 'Catalog', action, catalogId);
    return contentIds.map((id) => rows.find((r) => r.contentId === id)!);
  }

  /** Catalogs content may go to: each exists, holds content, is in the sources' site and grants `AddContent`. */
  private async targetCatalogs(user: LoginUser, catalogIds: string[], sources: CmsContent[]): Promise<CmsCatalog[]> {
    const catalogs: CmsCatalog[] = [];
    for (const catalogId of catalogIds) {
      const catalog = await this.catalog(catalogId);
      await this.access.assert(user, 'Catalog', 'AddContent', catalog.catalogId);
      assertHoldsContent(catalog);
      if (sources.some((s) => s.siteId !== catalog.siteId)) throw new ServiceException('cms.content.otherSite');
      catalogs.push(catalog);
    }
    return catalogs;
  }

  /** Rows locked for update in a transaction (404 when any is missing), in id order to avoid deadlocks. */
  private async lockRows(m: EntityManager, contentIds: string[]): Promise<CmsContent[]> {
    if (!contentIds.length) return [];
    const rows = await m.getRepository(CmsContent).find({ where: { contentId: In(contentIds) }, order: { contentId: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    if (rows.length !== new Set(contentIds).size) throw ServiceException.notFound('cms.content.notFound');
    return contentIds.map((id) => rows.find((r) => r.contentId === id)!);
  }

  /** Limits a query to catalogs the caller may view; false when there is none. */
  private async restrictToViewable(user: LoginUser, qb: SelectQueryBuilder<CmsContent>): Promise<boolean> {
    const viewable = await this.access.ids(user, 'Catalog', 'View');
    if (viewable === 'all') return true;
    const ids = viewable.filter((id) => /^\d{1,18}$/.test(id));
    if (!ids.length) return false;
    qb.andWhere('c.catalog_id IN (:...viewable)', { viewable: ids });
    return true;
  }

  private async catalog(catalogId: string): Promise<CmsCatalog> {
    const catalog = await this.dataSource.getRepository(CmsCatalog).findOneBy({ catalogId });
    if (!catalog) throw ServiceException.notFound('cms.content.catalogNotFound');
    return catalog;
  }

  private async site(m: EntityManager, siteId: string): Promise<CmsSite> {
    const site = await m.findOneBy(CmsSite, { siteId });
    if (!site) throw ServiceException.notFound('cms.site.noCurrentSite');
    return site;
  }

  private async withCatalogNames(rows: CmsContent[]): Promise<ContentListRow[]> {
    const ids = [...new Set(rows.map((r) => r.catalogId))];
    const catalogs = ids.length ? await this.dataSource.getRepository(CmsCatalog).find({ where: { catalogId: In(ids) }, select: { catalogId: true, name: true } }) : [];
    const names = new Map(catalogs.map((c) => [c.catalogId, c.name]));
    return rows.map((r) => Object.assign(r, { catalogName: names.get(r.catalogId) ?? '' }));
  }

  private async editorOf(content: CmsContent): Promise<ContentEditor> {
    const [html, media, rela, catalog] = await Promise.all([
      this.dataSource.getRepository(CmsArticleDetail).findOneBy({ contentId: content.contentId }),
      this.dataSource.getRepository(CmsContentMedia).find({ where: { contentId: content.contentId }, order: { sort: 'ASC', mediaId: 'ASC' } }),
      this.dataSource.getRepository(CmsContentRela).find({ where: { contentId: content.contentId }, order: { sort: 'ASC' } }),
      this.dataSource.getRepository(CmsCatalog).findOneBy({ catalogId: content.catalogId }),
    ]);
    const of = (type: CmsContentMedia['mediaType']) => media.filter((x) => x.mediaType === type);
    return {
      ...content,
      catalogName: catalog?.name ?? '',
      contentHtml: html?.contentHtml ?? '',
      images: of('image').map((x) => ({ path: x.path, title: x.title, description: x.description })),
      audios: of('audio').map((x) => ({ path: x.path, title: x.title, description: x.description, duration: x.duration })),
      videos: of('video').map((x) => ({ type: x.embedCode ? 'share' : 'local', path: x.path, embedCode: x.embedCode, title: x.title, description: x.description, duration: x.duration })),
      relaContentIds: rela.map((r) => r.relatedContentId),
    };
  }

  /** The body of content by type, validated and sanitized: article HTML, images, audio files or videos. */
  private body(type: ContentType, dto: ContentFieldsDto): ContentBody {
    switch (type) {
      case 'article':
        return { html: sanitizeRichText(dto.contentHtml ?? ''), media: [] };
      case 'image':
        if (!dto.images?.length) throw new ServiceException('cms.content.imagesRequired');
        return { html: null, media: dto.images.map((x, i) => ({ mediaType: 'image', path: x.path, title: x.title ?? '', description: x.description ?? '', sort: i + 1 })) };
      case 'audio':
        if (!dto.audios?.length) throw new ServiceException('cms.content.audiosRequired');
        return {
          html: null,
          media: dto.audios.map((x, i) => ({ mediaType: 'audio', path: x.path, title: x.title ?? '', description: x.description ?? '', duration: x.duration ?? 0, sort: i + 1 })),
        };
      case 'video':
        if (!dto.videos?.length) throw new ServiceException('cms.content.videosRequired');
        return {
          html: null,
          media: dto.videos.map((x, i) => {
            const common = { mediaType: 'video' as const, title: x.title ?? '', description: x.description ?? '', duration: x.duration ?? 0, sort: i + 1 };
            if (x.type === 'share') {
              const embed = sanitizeEmbedCode(x.embedCode ?? '');
              if (!embed) throw new ServiceException('cms.content.embedCodeInvalid');
              return { ...common, path: '', embedCode: embed };
            }
            if (!x.path) throw new ServiceException('cms.content.videoPathRequired');
            return { ...common, path: x.path, embedCode: '' };
          }),
        };
    }
  }

  private async writeBody(m: EntityManager, contentId: string, body: ContentBody): Promise<void> {
    if (body.html !== null) await m.upsert(CmsArticleDetail, { contentId, contentHtml: body.html }, ['contentId']);
    await m.delete(CmsContentMedia, { contentId });
    if (body.media.length) await m.insert(CmsContentMedia, body.media.map((x) => ({ ...x, contentId })));
  }

  /** The plain fields of the editor's form (the rest are set by actions). */
  private fields(dto: ContentFieldsDto): Partial<CmsContent> {
    return {
      title: dto.title,
      subTitle: dto.subTitle ?? '',
      shortTitle: dto.shortTitle ?? '',
      titleStyle: dto.titleStyle ?? '',
      logo: dto.logo ?? '',
      author: dto.author ?? '',
      editor: dto.editor ?? '',
      original: dto.original ?? false,
      summary: dto.summary ?? '',
      tags: dto.tags ?? [],
      keywords: dto.keywords ?? [],
      source: dto.source ?? '',
      sourceUrl: dto.sourceUrl ?? '',
      publishDate: dto.publishDate ? new Date(dto.publishDate) : null,
      offlineDate: dto.offlineDate ? new Date(dto.offlineDate) : null,
      publishPipes: [...new Set(dto.publishPipes ?? [])],
      staticPath: dto.staticPath ?? '',
      template: dto.template ?? '',
      redirectUrl: dto.redirectUrl ?? '',
      linkFlag: dto.linkFlag ?? false,
      seoTitle: dto.seoTitle ?? '',
      seoKeywords: dto.seoKeywords ?? '',
      seoDescription: dto.seoDescription ?? '',
      remark: dto.remark ?? '',
    };
  }

  /** Refuses a title used by other content (not in the recycle bin) where the site's `titleRepeatCheck` says. */
  private async checkTitle(m: EntityManager, site: CmsSite, catalog: CmsCatalog, title: string, exceptId: string | null): Promise<void> {
    const mode = site.configProps?.titleRepeatCheck ?? 'none';
    if (mode !== 'site' && mode !== 'catalog') return;
    // Two saves of one title at once must not both pass: checks of a site take turns.
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cms_content_title:${site.siteId}`]);
    const rows = await m.query(
      `SELECT 1 FROM cms_content WHERE site_id = $1 AND lower(title) = lower($2) AND status <> 'deleted'
         AND ($3::bigint IS NULL OR catalog_id = $3) AND ($4::bigint IS NULL OR content_id <> $4) LIMIT 1`,
      [site.siteId, title, mode === 'catalog' ? catalog.catalogId : null, exceptId],
    );
    if (!rows.length) return;
    if (mode === 'site') throw new ServiceException('cms.content.titleRepeatSite', { title });
    throw new ServiceException('cms.content.titleRepeatCatalog', { title, catalogName: catalog.name });
  }

  /** Related ids checked: existing content of the same site, never the content itself. */
  private async checkRelated(m: EntityManager, siteId: string, contentId: string | null, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (contentId && unique.includes(contentId)) throw new ServiceException('cms.content.relaSelf');
    if (!unique.length) return [];
    const rows = await m.find(CmsContent, { where: { contentId: In(unique) }, select: { contentId: true, siteId: true } });
    if (rows.length !== unique.length) throw ServiceException.notFound('cms.content.notFound');
    if (rows.some((r) => r.siteId !== siteId)) throw new ServiceException('cms.content.otherSite');
    return unique;
  }

  private async replaceRelated(m: EntityManager, contentId: string, ids: string[], operator: string): Promise<void> {
    await m.delete(CmsContentRela, { contentId });
    if (ids.length) await m.insert(CmsContentRela, ids.map((id, i) => ({ contentId, relatedContentId: id, sort: i + 1, createBy: operator })));
  }

  /** A sort flag above every other of the catalog and never behind the clock: new content comes first. */
  private async nextSortFlag(m: EntityManager, catalogId: string): Promise<string> {
    const [{ max }] = await m.query('SELECT COALESCE(max(sort_flag), 0)::text AS max FROM cms_content WHERE catalog_id = $1', [catalogId]);
    const next = BigInt(max) + 1n;
    const clock = BigInt(Date.now());
    return String(next > clock ? next : clock);
  }

  /** Writes one operation-log row per content. */
  private async log(m: EntityManager, rows: Array<Ref>, action: string, operator: string, detail = ''): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO cms_content_op_log (content_id, site_id, action, detail, operator)
       SELECT c, s, $3, $4, $5 FROM unnest($1::bigint[], $2::bigint[]) AS u(c, s)`,
      [rows.map((r) => r.contentId), rows.map((r) => r.siteId), action, detail.slice(0, 1000), operator],
    );
  }
}

/** Action names in the operation log. */
const LOG_ACTION: Record<StatusAction, string> = {
  publish: 'publish',
  toPublish: 'to_publish',
  offline: 'offline',
  archive: 'archive',
  delete: 'delete',
  recover: 'recover',
};

function statusLabel(status: string): string {
  return t(`cms.content.status.${status}`);
}

/** `catalog_ancestors` of content in a catalog: the catalog's ancestors and the catalog itself. */
function ancestorsOf(catalog: CmsCatalog): string {
  return catalog.ancestors ? `${catalog.ancestors},${catalog.catalogId}` : catalog.catalogId;
}

function assertHoldsContent(catalog: CmsCatalog): void {
  if (catalog.catalogType === 'link') throw new ServiceException('cms.content.catalogIsLink', { catalogName: catalog.name });
}

/** Locked content can be changed only by the holder of the lock. */
function assertLockHolder(content: CmsContent, user: LoginUser): void {
  if (content.lockUser && content.lockUser !== user.userName) throw new ServiceException('cms.content.locked', { title: content.title, lockUser: content.lockUser });
}

function checkDates(dto: ContentFieldsDto): void {
  if (dto.linkFlag && !dto.redirectUrl) throw new ServiceException('cms.content.linkNeedsUrl');
  if (dto.publishDate && dto.offlineDate && new Date(dto.offlineDate) <= new Date(dto.publishDate)) throw new ServiceException('cms.content.offlineBeforePublish');
}

/** Publishing stamps the publish date (now when empty or still ahead) and drops an offline date already passed. */
function publishStamp(content: CmsContent, now: Date): Partial<CmsContent> {
  const change: Partial<CmsContent> = {};
  if (!content.publishDate || content.publishDate > now) change.publishDate = now;
  if (content.offlineDate && content.offlineDate <= now) change.offlineDate = null;
  return change;
}

/** The fields a copy takes from its source (counts, flags, lock and page path start afresh). */
function copyable(source: CmsContent): Partial<CmsContent> {
  const {
    contentId: _id, siteId: _site, catalogId: _catalog, catalogAncestors: _anc, status: _status, statusBeforeDelete: _before, topFlag: _top,
    topDate: _topDate, publishDate: _publish, offlineDate: _offline, staticPath: _static, viewCount: _v, favoriteCount: _f, likeCount: _l,
    commentCount: _c, sortFlag: _sort, lockUser: _lock, deleteTime: _del, createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...rest
  } = source;
  return rest;
}

/**
 * Shifts the rows between the moved content's old place and the target by one so the moved content fits just before
 * the target on `column` (ordered descending); returns the moved content's new value.
 */
async function shiftBefore(m: EntityManager, column: 'top_flag' | 'sort_flag', catalogId: string, movedId: string, moved: bigint, target: bigint): Promise<string> {
  if (moved > target) {
    // Moving down: the rows between move up by one, the moved content takes the slot just above the target.
    await m.query(
      `UPDATE cms_content SET ${column} = ${column} + 1 WHERE catalog_id = $1 AND content_id <> $2 AND ${column} > $3 AND ${column} < $4`,
      [catalogId, movedId, String(target), String(moved)],
    );
    return String(target + 1n);
  }
  if (moved === target) {
    // A tie: everything above moves up by one to make room.
    await m.query(`UPDATE cms_content SET ${column} = ${column} + 1 WHERE catalog_id = $1 AND content_id <> $2 AND ${column} > $3`, [catalogId, movedId, String(target)]);
    return String(target + 1n);
  }
  // Moving up: the target and the rows between move down by one, the moved content takes the target's value.
  await m.query(
    `UPDATE cms_content SET ${column} = ${column} - 1 WHERE catalog_id = $1 AND content_id <> $2 AND ${column} > $3 AND ${column} <= $4`,
    [catalogId, movedId, String(moved), String(target)],
  );
  return String(target);
}

/** Rows of `UPDATE/DELETE ... RETURNING` through TypeORM's query(): [rows, count] for these statements. */
function returned<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
