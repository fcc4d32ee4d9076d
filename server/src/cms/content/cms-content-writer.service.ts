import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { appEvents } from '../../common/events/app-events';
import { CmsCatalog } from '../catalog/cms-catalog.entity';
import { CmsAccessService } from '../common/cms-access.service';
import { CmsSite } from '../site/cms-site.entity';
import { CmsContent, type ContentStatus } from './cms-content.entity';
import { bySite, CmsContentPublishing } from './content-publishing';
import { HAS_PAGE, LOG_ACTION, statusAfterRecover, statusLabel, TRANSITIONS, type StatusAction } from './content-status';

/** Who scheduled jobs act as in the operation log. */
export const SYSTEM_OPERATOR = 'system';

/** Enough of a content row for the operation log and the publisher. */
export type ContentRef = { contentId: string; siteId: string };

/** Pages to change once a transaction has committed: taken down (`unpublish`) and queued (`publish`). */
export interface PageChanges {
  unpublish: ContentRef[];
  publish: ContentRef[];
}

/** `catalog_ancestors` of content in a catalog: the catalog's ancestors and the catalog itself. */
export function ancestorsOf(catalog: Pick<CmsCatalog, 'ancestors' | 'catalogId'>): string {
  return catalog.ancestors ? `${catalog.ancestors},${catalog.catalogId}` : catalog.catalogId;
}

/**
 * Locked content can be changed only by the holder of the lock. `batch` names the item in the message of an action on
 * many items at once (a catalog's content), which is refused as a whole.
 */
export function assertLockHolder(content: CmsContent, user: LoginUser, batch = false): void {
  if (!content.lockUser || content.lockUser === user.userName) return;
  throw new ServiceException(batch ? 'cms.content.lockedBatch' : 'cms.content.locked', {
    title: content.title,
    contentId: content.contentId,
    lockUser: content.lockUser,
  });
}

/**
 * The one write path of content rows, which every content service (and the catalog service, through
 * `CmsContentService`) goes through: rows locked for update, the lock holder, the status machine (docs/cms.md
 * "Content statuses"), the title rule of the site, the operation log, and the pages to change after the commit.
 * Writes run in the caller's transaction (`m`); nothing here opens one except `transition`.
 */
@Injectable()
export class CmsContentWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly publishing: CmsContentPublishing,
  ) {}

  /** Content by id (any status), or 404. */
  async get(contentId: string): Promise<CmsContent> {
    const content = await this.dataSource.getRepository(CmsContent).findOneBy({ contentId });
    if (!content) throw ServiceException.notFound('cms.content.notFound');
    return content;
  }

  /** A catalog content may belong to, or 404. */
  async catalog(catalogId: string): Promise<CmsCatalog> {
    const catalog = await this.dataSource.getRepository(CmsCatalog).findOneBy({ catalogId });
    if (!catalog) throw ServiceException.notFound('cms.content.catalogNotFound');
    return catalog;
  }

  async site(m: EntityManager, siteId: string): Promise<CmsSite> {
    const site = await m.findOneBy(CmsSite, { siteId });
    if (!site) throw ServiceException.notFound('cms.site.noCurrentSite');
    return site;
  }

  /**
   * Loads content by ids (404 when any is missing, or in the recycle bin unless `inRecycleBin` actions may see it) and
   * checks `Catalog:<action>` on each of their catalogs.
   */
  async assertOnContent(user: LoginUser, contentIds: string[], action: string, options: { inRecycleBin?: boolean } = {}): Promise<CmsContent[]> {
    const rows = await this.dataSource.getRepository(CmsContent).findBy({ contentId: In(contentIds) });
    if (rows.length !== new Set(contentIds).size) throw ServiceException.notFound('cms.content.notFound');
    if (!options.inRecycleBin && rows.some((r) => r.status === 'deleted')) throw ServiceException.notFound('cms.content.notFound');
    for (const catalogId of new Set(rows.map((r) => r.catalogId))) await this.access.assert(user, 'Catalog', action, catalogId);
    return contentIds.map((id) => rows.find((r) => r.contentId === id)!);
  }

  /** Catalogs content may go to: each exists, holds content, is in the sources' site and grants `AddContent`. */
  async targetCatalogs(user: LoginUser, catalogIds: string[], sources: CmsContent[]): Promise<CmsCatalog[]> {
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
  async lockRows(m: EntityManager, contentIds: string[]): Promise<CmsContent[]> {
    if (!contentIds.length) return [];
    const rows = await m
      .getRepository(CmsContent)
      .find({ where: { contentId: In(contentIds) }, order: { contentId: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    if (rows.length !== new Set(contentIds).size) throw ServiceException.notFound('cms.content.notFound');
    return contentIds.map((id) => rows.find((r) => r.contentId === id)!);
  }

  /** The content of catalogs locked for update, in id order; without `withRecycleBin`, only content outside it. */
  lockRowsOfCatalogs(m: EntityManager, catalogIds: string[], withRecycleBin: boolean): Promise<CmsContent[]> {
    if (!catalogIds.length) return Promise.resolve([]);
    const where = withRecycleBin ? { catalogId: In(catalogIds) } : { catalogId: In(catalogIds), status: Not<ContentStatus>('deleted') };
    return m.getRepository(CmsContent).find({ where, order: { contentId: 'ASC' }, lock: { mode: 'pessimistic_write' } });
  }

  /** Refuses a title used by other content (not in the recycle bin) where the site's `titleRepeatCheck` says. */
  async checkTitle(m: EntityManager, site: CmsSite, catalog: CmsCatalog, title: string, exceptId: string | null): Promise<void> {
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

  /** A sort flag above every other of the catalog and never behind the clock: new content comes first. */
  async nextSortFlag(m: EntityManager, catalogId: string): Promise<string> {
    const [{ max }] = await m.query('SELECT COALESCE(max(sort_flag), 0)::text AS max FROM cms_content WHERE catalog_id = $1', [catalogId]);
    const next = BigInt(max) + 1n;
    const clock = BigInt(Date.now());
    return String(next > clock ? next : clock);
  }

  /**
   * One status change of content rows (locked by the caller's transaction), all or nothing: every row is checked
   * (the lock holder, except for `recover` and for scheduled jobs, `user` null; the statuses the action starts from;
   * a future date for `toPublish`) before any is written. Each change is logged; answers the pages to change.
   */
  async changeStatus(
    m: EntityManager,
    user: LoginUser | null,
    rows: CmsContent[],
    action: StatusAction,
    options: { now?: Date; note?: string; batch?: boolean } = {},
  ): Promise<PageChanges> {
    const now = options.now ?? new Date();
    const target = (content: CmsContent): ContentStatus =>
      action === 'recover' ? statusAfterRecover(content.statusBeforeDelete) : TRANSITIONS[action].to;
    for (const content of rows) {
      if (user && action !== 'recover') assertLockHolder(content, user, options.batch);
      if (!TRANSITIONS[action].from.includes(content.status)) {
        throw new ServiceException('cms.content.illegalStatus', {
          title: content.title,
          from: statusLabel(content.status),
          to: statusLabel(target(content)),
        });
      }
      if (action === 'toPublish' && !(content.publishDate && content.publishDate > now)) {
        throw new ServiceException('cms.content.toPublishNeedsDate', { title: content.title });
      }
    }
    const operator = user?.userName ?? SYSTEM_OPERATOR;
    const pages: PageChanges = { unpublish: [], publish: [] };
    for (const content of rows) {
      const to = target(content);
      const change: Partial<CmsContent> = { updateBy: operator };
      if (action === 'recover') {
        Object.assign(change, { statusBeforeDelete: '', deleteTime: null });
        if (to === 'published') pages.publish.push(content);
      } else {
        if (action === 'delete') Object.assign(change, { statusBeforeDelete: content.status, deleteTime: now });
        if (action === 'publish') {
          Object.assign(change, publishStamp(content, now));
          pages.publish.push(content);
        }
        if (action !== 'publish' && action !== 'toPublish' && HAS_PAGE.includes(content.status)) pages.unpublish.push(content);
      }
      await m.update(CmsContent, { contentId: content.contentId }, { ...change, status: to });
      await this.log(m, [content], LOG_ACTION[action], operator, `${content.status} -> ${to}${options.note ? ` (${options.note})` : ''}`);
    }
    return pages;
  }

  /**
   * A status change of content chosen by a user, in its own transaction: `Catalog:DeleteContent` (delete, recover) or
   * `Catalog:PublishContent` (the others) on each catalog, then `changeStatus`; the pages follow after the commit.
   */
  async transition(user: LoginUser, contentIds: string[], action: StatusAction): Promise<void> {
    const right = action === 'delete' || action === 'recover' ? 'DeleteContent' : 'PublishContent';
    await this.assertOnContent(user, contentIds, right, { inRecycleBin: true });
    const pages = await this.dataSource.transaction(async (m) => this.changeStatus(m, user, await this.lockRows(m, contentIds), action));
    await this.syncPages(pages, user.userName);
  }

  /**
   * Refuses moving any of the rows to the target (the lock holder, then the site's title rule for content outside the
   * recycle bin) without writing anything; `moveTo` checks the same again on locked rows.
   */
  async assertMovable(m: EntityManager, user: LoginUser, rows: CmsContent[], target: CmsCatalog, options: { batch?: boolean } = {}): Promise<void> {
    for (const content of rows) assertLockHolder(content, user, options.batch);
    const site = await this.site(m, target.siteId);
    for (const content of rows) {
      if (content.catalogId !== target.catalogId && content.status !== 'deleted')
        await this.checkTitle(m, site, target, content.title, content.contentId);
    }
  }

  /** Moves content rows (locked by the caller's transaction) to a catalog of their site, checked by `assertMovable`; logs each. */
  async moveTo(m: EntityManager, user: LoginUser, rows: CmsContent[], target: CmsCatalog, options: { batch?: boolean } = {}): Promise<CmsContent[]> {
    assertHoldsContent(target);
    const moving = rows.filter((c) => c.catalogId !== target.catalogId);
    for (const content of moving) assertLockHolder(content, user, options.batch);
    const site = await this.site(m, target.siteId);
    for (const content of moving) {
      if (content.siteId !== target.siteId) throw new ServiceException('cms.content.otherSite');
      if (content.status !== 'deleted') await this.checkTitle(m, site, target, content.title, content.contentId);
      await m.update(
        CmsContent,
        { contentId: content.contentId },
        { catalogId: target.catalogId, catalogAncestors: ancestorsOf(target), updateBy: user.userName },
      );
      await this.log(m, [content], 'move', user.userName, `${content.catalogId} -> ${target.catalogId}`);
    }
    return moving;
  }

  /** Writes one operation-log row per content. */
  async log(m: EntityManager, rows: ContentRef[], action: string, operator: string, detail = ''): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `INSERT INTO cms_content_op_log (content_id, site_id, action, detail, operator)
       SELECT c, s, $3, $4, $5 FROM unnest($1::bigint[], $2::bigint[]) AS u(c, s)`,
      [rows.map((r) => r.contentId), rows.map((r) => r.siteId), action, detail.slice(0, 1000), operator],
    );
  }

  /** After the commit: takes down pages, then queues pages (with their lists and home page). Failures are logged. */
  async syncPages(pages: Partial<PageChanges>, operator: string): Promise<void> {
    // The site search (and any other listener) follows what went on and off the site.
    if (pages.unpublish?.length) appEvents.emit('cms.content.offline', { contentIds: pages.unpublish.map((c) => String(c.contentId)) });
    if (pages.publish?.length) appEvents.emit('cms.content.published', { contentIds: pages.publish.map((c) => String(c.contentId)) });
    if (pages.unpublish?.length) await this.publishing.unpublish(bySite(pages.unpublish), operator);
    if (pages.publish?.length) await this.publishing.publish(bySite(pages.publish), operator);
  }
}

/** A link catalog holds no content. */
export function assertHoldsContent(catalog: CmsCatalog): void {
  if (catalog.catalogType === 'link') throw new ServiceException('cms.content.catalogIsLink', { catalogName: catalog.name });
}

/** Publishing stamps the publish date (now when empty or still ahead) and drops an offline date already passed. */
function publishStamp(content: CmsContent, now: Date): Partial<CmsContent> {
  const change: Partial<CmsContent> = {};
  if (!content.publishDate || content.publishDate > now) change.publishDate = now;
  if (content.offlineDate && content.offlineDate <= now) change.offlineDate = null;
  return change;
}
