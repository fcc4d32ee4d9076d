import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate, paginateRaw } from '../../common/paging/paginate';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';
import { escapeLike } from '../../database/sql-helpers';
import { CmsAccessService } from '../common/cms-access.service';
import type { ContentLogQueryDto, ContentQueryDto, CreateContentDto, UpdateContentDto } from './cms-content.dto';
import { CmsCatalog } from '../catalog/cms-catalog.entity';
import { CmsContent, CmsContentOpLog, type ContentStatus, type ContentType } from './cms-content.entity';
import { ancestorsOf, assertHoldsContent, assertLockHolder, CmsContentWriter } from './cms-content-writer.service';
import { CmsRelatedContentService } from './cms-related-content.service';
import { CmsRemoteImages, type RemoteImagesSummary } from '../resource/remote-images';
import { checkDates, contentBody, contentFields, editorOf, writeBody, type ContentBody, type ContentEditor } from './content-body';
import { contentListSelect, restrictToViewable, type ContentListRow } from './content-lists';
import { EDITABLE, statusAfterSave, statusLabel } from './content-status';
import { htmlText } from '../../word/sensitive/sensitive-matcher';
import { SensitiveWordService } from '../../word/sensitive/sensitive-word.service';
import { ExModelService } from '../exmodel/exmodel.service';

export type { ContentEditor } from './content-body';
export type { ContentListRow } from './content-lists';

/**
 * The entry point of content: reading, adding and saving it, and its status changes (publish, schedule, offline,
 * archive, delete into the recycle bin). A caller needs the menu permission (checked by the controller) and the
 * catalog's object permission (checked here). Every write goes through `CmsContentWriter` (locks, status machine,
 * operation log). Copy, move and what catalogs do to their content are in `CmsContentMoveService`.
 */
@Injectable()
export class CmsContentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly writer: CmsContentWriter,
    private readonly relations: CmsRelatedContentService,
    private readonly remoteImages: CmsRemoteImages,
    private readonly sensitiveWords: SensitiveWordService,
    private readonly exmodels: ExModelService,
  ) {}

  // ------------------------------------------------------------------------------------------------ reads

  /** Content of the site (not in the recycle bin) in catalogs the caller may view: top first, then by sort flag. */
  async list(user: LoginUser, siteId: string, query: ContentQueryDto): Promise<PageResult<ContentListRow>> {
    const qb = this.dataSource
      .getRepository(CmsContent)
      .createQueryBuilder('c')
      .select(contentListSelect(this.dataSource))
      .leftJoin(CmsCatalog, 'cat', 'cat.catalog_id = c.catalog_id')
      .where('c.site_id = :siteId', { siteId })
      .andWhere(`c.status <> 'deleted'`);
    if (!(await restrictToViewable(this.access, user, qb))) return { rows: [], total: 0 };
    if (query.catalogId) {
      const own = ancestorsOf(await this.writer.catalog(query.catalogId));
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
    return paginateRaw<ContentListRow>(qb, query, {
      sortable: {
        publishDate: 'c.publish_date',
        createTime: 'c.create_time',
        viewCount: 'c.view_count',
        favoriteCount: 'c.favorite_count',
        likeCount: 'c.like_count',
        commentCount: 'c.comment_count',
      },
      defaultOrder: { 'c.top_flag': 'DESC', 'c.sort_flag': 'DESC', 'c.content_id': 'DESC' },
      deferredJoin: true,
    });
  }

  /** The editor's data: the content with its body, media and related ids, or the defaults of new content. */
  async init(user: LoginUser, catalogId: string, contentType: ContentType, contentId: string): Promise<ContentEditor> {
    if (contentId !== '0') {
      const content = await this.get(contentId);
      await this.access.assert(user, 'Catalog', 'View', content.catalogId);
      return editorOf(this.dataSource, content);
    }
    const catalog = await this.writer.catalog(catalogId);
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
  get(contentId: string): Promise<CmsContent> {
    return this.writer.get(contentId);
  }

  /**
   * Sets the count of shown comments of a piece of content (the comment module keeps it). Not an edit: no status
   * change, no log, and its update time stays.
   */
  async setCommentCount(contentId: string, commentCount: number): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(CmsContent)
      .set({ commentCount, updateTime: () => 'update_time' })
      .where('content_id = :contentId', { contentId })
      .execute();
  }

  /**
   * Adds views of detail pages counted by site statistics (a batch, one UPDATE in id order, without touching the
   * update time or the lock); answers the `siteId:contentId` pairs that exist (content of another site is not counted).
   */
  async addViews(views: Array<{ siteId: string; contentId: string; count: number }>): Promise<Set<string>> {
    if (!views.length) return new Set();
    const sorted = [...views].sort((a, b) => (BigInt(a.contentId) < BigInt(b.contentId) ? -1 : 1));
    const result: unknown = await this.dataSource.query(
      `UPDATE cms_content c SET view_count = c.view_count + v.n
       FROM unnest($1::bigint[], $2::bigint[], $3::int[]) AS v(site_id, content_id, n)
       WHERE c.content_id = v.content_id AND c.site_id = v.site_id
       RETURNING c.site_id AS "siteId", c.content_id AS "contentId"`,
      [sorted.map((v) => v.siteId), sorted.map((v) => v.contentId), sorted.map((v) => v.count)],
    );
    // TypeORM answers [rows, count] for UPDATE ... RETURNING.
    const list = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Array<{ siteId: string; contentId: string }>;
    return new Set(list.map((r) => `${r.siteId}:${r.contentId}`));
  }

  /** Titles of content by id (any status; ids that do not exist are left out), for rankings such as site statistics. */
  async titles(contentIds: string[]): Promise<Map<string, string>> {
    if (!contentIds.length) return new Map();
    const rows = (await this.dataSource.query(`SELECT content_id AS "contentId", title FROM cms_content WHERE content_id = ANY($1::bigint[])`, [
      contentIds,
    ])) as Array<{ contentId: string; title: string }>;
    return new Map(rows.map((r) => [r.contentId, r.title]));
  }

  /** The operation log of a piece of content, newest first. */
  async logs(user: LoginUser, query: ContentLogQueryDto): Promise<PageResult<CmsContentOpLog>> {
    const content = await this.get(query.contentId);
    await this.access.assert(user, 'Catalog', 'View', content.catalogId);
    const qb = this.dataSource.getRepository(CmsContentOpLog).createQueryBuilder('l').where('l.content_id = :id', { id: content.contentId });
    return paginate(qb, query, { sortable: {}, defaultOrder: { 'l.log_id': 'DESC' } });
  }

  /**
   * Content of the site (not in the recycle bin) whose body, logo or media (image sets, audio, video) mention one of
   * `paths` (resource paths inside the site folder): what the resource library shows as usages and refuses to delete
   * while published. At most 50 per call, newest first.
   */
  async contentUsingPaths(
    siteId: string,
    paths: string[],
  ): Promise<Array<{ contentId: string; title: string; catalogName: string; status: ContentStatus }>> {
    const wanted = [...new Set(paths.filter((p) => p !== ''))];
    if (!wanted.length) return [];
    const patterns = wanted.map((p) => `%${escapeLike(p)}%`);
    const rows: Array<{ contentId: string; title: string; catalogName: string | null; status: ContentStatus }> = await this.dataSource.query(
      `SELECT c.content_id::text AS "contentId", c.title, cat.name AS "catalogName", c.status
         FROM cms_content c
         LEFT JOIN cms_catalog cat ON cat.catalog_id = c.catalog_id
        WHERE c.site_id = $1 AND c.status <> 'deleted'
          AND (c.logo ILIKE ANY ($2::text[])
               OR EXISTS (SELECT 1 FROM cms_article_detail d WHERE d.content_id = c.content_id AND d.content_html ILIKE ANY ($2::text[]))
               OR EXISTS (SELECT 1 FROM cms_content_media m WHERE m.content_id = c.content_id AND m.path ILIKE ANY ($2::text[])))
        ORDER BY c.content_id DESC
        LIMIT 50`,
      [siteId, patterns],
    );
    return rows.map((r) => ({ ...r, catalogName: r.catalogName ?? '' }));
  }

  // ------------------------------------------------------------------------------------------------ add and save

  /** Adds content to a catalog (needs `Catalog:AddContent`); it starts as a draft, newest first in its catalog. */
  async create(user: LoginUser, dto: CreateContentDto): Promise<ContentEditor> {
    const catalog = await this.writer.catalog(dto.catalogId);
    await this.access.assert(user, 'Catalog', 'AddContent', catalog.catalogId);
    assertHoldsContent(catalog);
    const body = contentBody(dto.contentType, dto);
    checkDates(dto);
    const sensitiveWords = await this.checkSensitiveWords(catalog.siteId, dto, body);
    const remoteImages = await this.localizeRemoteImages(user, catalog.siteId, body, dto);
    const contentId = await this.dataSource.transaction(async (m) => {
      const site = await this.writer.site(m, catalog.siteId);
      await this.writer.checkTitle(m, site, catalog, dto.title, null);
      const relaIds = await this.relations.checkRelated(m, catalog.siteId, null, dto.relaContentIds ?? []);
      const saved = await m.getRepository(CmsContent).save(
        m.getRepository(CmsContent).create({
          ...contentFields(dto),
          siteId: catalog.siteId,
          catalogId: catalog.catalogId,
          catalogAncestors: ancestorsOf(catalog),
          contentType: dto.contentType,
          status: 'draft',
          sortFlag: await this.writer.nextSortFlag(m, catalog.catalogId),
          createBy: user.userName,
          updateBy: user.userName,
        }),
      );
      await writeBody(m, saved.contentId, body);
      await this.relations.replaceRelated(m, saved.contentId, relaIds, user.userName);
      // The content's extension values (cms/exmodel) are checked and stored with it, or neither is.
      await this.exmodels.saveFor(
        m,
        'content',
        catalog.siteId,
        { site: site.configProps as Record<string, unknown>, catalog: catalog.configProps },
        saved.contentId,
        dto.extend,
      );
      await this.writer.log(m, [saved], 'add', user.userName);
      return saved.contentId;
    });
    return { ...(await editorOf(this.dataSource, await this.get(contentId))), remoteImages, sensitiveWords };
  }

  /** Saves content (needs `Catalog:EditContent`); saving published content makes it `re_edit`. */
  async update(user: LoginUser, dto: UpdateContentDto): Promise<ContentEditor> {
    const existing = await this.get(dto.contentId);
    await this.access.assert(user, 'Catalog', 'EditContent', existing.catalogId);
    if (dto.contentType !== existing.contentType) throw new ServiceException('cms.content.typeChanged');
    const body = contentBody(existing.contentType, dto);
    checkDates(dto);
    // Checked before the downloads too, so a save that will be refused copies no images into the library.
    assertEditableBy(existing, user);
    const sensitiveWords = await this.checkSensitiveWords(existing.siteId, dto, body);
    const remoteImages = await this.localizeRemoteImages(user, existing.siteId, body, dto);
    await this.dataSource.transaction(async (m) => {
      const [content] = await this.writer.lockRows(m, [dto.contentId]);
      assertEditableBy(content, user);
      const catalog = await this.writer.catalog(content.catalogId);
      const site = await this.writer.site(m, content.siteId);
      await this.writer.checkTitle(m, site, catalog, dto.title, content.contentId);
      const relaIds =
        dto.relaContentIds === undefined ? null : await this.relations.checkRelated(m, content.siteId, content.contentId, dto.relaContentIds);
      const status = statusAfterSave(content.status);
      await m.update(CmsContent, { contentId: content.contentId }, { ...contentFields(dto), status, updateBy: user.userName });
      await writeBody(m, content.contentId, body);
      if (relaIds) await this.relations.replaceRelated(m, content.contentId, relaIds, user.userName);
      await this.exmodels.saveFor(
        m,
        'content',
        content.siteId,
        { site: site.configProps as Record<string, unknown>, catalog: catalog.configProps },
        content.contentId,
        dto.extend,
      );
      await this.writer.log(m, [content], 'edit', user.userName, status !== content.status ? `${content.status} -> ${status}` : '');
    });
    return { ...(await editorOf(this.dataSource, await this.get(dto.contentId))), remoteImages, sensitiveWords };
  }

  /**
   * The site's sensitive-word check of a save (setting `sensitiveWordCheck`, docs/cms.md "Sensitive words"): title,
   * subtitles, summary and body text. `block` refuses the save naming the words; `warn` answers them (the editor shows
   * them, the save is done); `off` checks nothing.
   */
  private async checkSensitiveWords(
    siteId: string,
    dto: { title: string; subTitle?: string; shortTitle?: string; summary?: string },
    body: ContentBody,
  ): Promise<string[] | undefined> {
    const site = await this.writer.site(this.dataSource.manager, siteId);
    const mode = site.configProps?.sensitiveWordCheck ?? 'off';
    if (mode === 'off') return undefined;
    const texts = [dto.title, dto.subTitle ?? '', dto.shortTitle ?? '', dto.summary ?? '', htmlText(body.html ?? '')];
    const words = await this.sensitiveWords.wordsIn(texts);
    if (!words.length) return undefined;
    if (mode === 'block') throw new ServiceException('word.sensitive.contentBlocked', { words: words.join('、') });
    return words;
  }

  /**
   * Before a save (outside its transaction: downloads take seconds): remote images of the body and a logo URL copied
   * into the site's library when the site says so, `body` and `dto.logo` pointed at the copies (docs/cms.md "Remote
   * images"). Answers what happened, or undefined when nothing was remote.
   */
  private async localizeRemoteImages(
    user: LoginUser,
    siteId: string,
    body: ContentBody,
    dto: { logo?: string },
  ): Promise<RemoteImagesSummary | undefined> {
    const site = await this.writer.site(this.dataSource.manager, siteId);
    const done = await this.remoteImages.localize(user, site, { html: body.html, logo: dto.logo ?? '' });
    if (!done.localized && !done.failed && !done.skipped) return undefined;
    body.html = done.html;
    if (dto.logo !== undefined) dto.logo = done.logo;
    return { localized: done.localized, failed: done.failed, skipped: done.skipped };
  }

  // ------------------------------------------------------------------------------------------------ status changes

  /** Publishes content now (needs `Catalog:PublishContent`); the publisher queues its page and lists. */
  async publish(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.transition(user, contentIds, 'publish');
  }

  /** Schedules content for its (future) publish date. */
  async toPublish(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.transition(user, contentIds, 'toPublish');
  }

  /** Takes content off the site (its files are removed, its lists republished). */
  async offline(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.transition(user, contentIds, 'offline');
  }

  /** Archives published or offline content (its files are removed). */
  async archive(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.transition(user, contentIds, 'archive');
  }

  /** Moves content to the recycle bin (needs `Catalog:DeleteContent`), keeping its status for a restore. */
  async remove(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.transition(user, contentIds, 'delete');
  }

  // ------------------------------------------------------------------------------------------------ locks

  /** Locks content for the caller: nobody else may edit, publish or delete it until unlocked. */
  async lock(user: LoginUser, contentId: string): Promise<void> {
    await this.writer.assertOnContent(user, [contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      const [content] = await this.writer.lockRows(m, [contentId]);
      assertLockHolder(content, user);
      if (content.lockUser === user.userName) return;
      await m.update(CmsContent, { contentId }, { lockUser: user.userName });
      await this.writer.log(m, [content], 'lock', user.userName);
    });
  }

  /** Unlocks content: only the holder of the lock or a super administrator may. */
  async unlock(user: LoginUser, contentId: string): Promise<void> {
    await this.writer.assertOnContent(user, [contentId], 'EditContent');
    await this.dataSource.transaction(async (m) => {
      const [content] = await this.writer.lockRows(m, [contentId]);
      if (!content.lockUser) return;
      if (content.lockUser !== user.userName && !user.roles.includes(SUPER_ADMIN_ROLE)) {
        throw new ServiceException('cms.content.unlockDenied', { title: content.title, lockUser: content.lockUser });
      }
      await m.update(CmsContent, { contentId }, { lockUser: '' });
      await this.writer.log(m, [content], 'unlock', user.userName, content.lockUser);
    });
  }
}

/** Content this user may save now: they hold its lock (or nobody does) and its status is editable. */
function assertEditableBy(content: CmsContent, user: LoginUser): void {
  assertLockHolder(content, user);
  if (!EDITABLE.includes(content.status)) {
    throw new ServiceException('cms.content.notEditable', { title: content.title, status: statusLabel(content.status) });
  }
}
