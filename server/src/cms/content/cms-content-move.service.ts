import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import type { CmsCatalog } from '../catalog/cms-catalog.entity';
import type { CopyContentDto, MoveContentDto } from './cms-content.dto';
import { CmsContent } from './cms-content.entity';
import { ancestorsOf, CmsContentWriter, type PageChanges } from './cms-content-writer.service';
import { copyable, readBody, writeBody } from './content-body';
import { HAS_PAGE } from './content-status';

/**
 * Content changing catalogs: copy and move chosen by a user, and what a catalog does to all its content (clear into
 * the recycle bin, merge into another catalog). All of it goes through `CmsContentWriter`, so the lock holder, the
 * status machine, the title rule and the operation log apply to each item as they do to a single edit. An action on a
 * whole catalog is all or nothing: one item that may not change (e.g. locked by another user) refuses it.
 */
@Injectable()
export class CmsContentMoveService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: CmsContentWriter,
  ) {}

  /** Copies content into catalogs (needs View on the source, AddContent on each target); the copies are drafts. */
  async copy(user: LoginUser, dto: CopyContentDto): Promise<string[]> {
    const sources = await this.writer.assertOnContent(user, dto.contentIds, 'View');
    const targets = await this.writer.targetCatalogs(user, dto.catalogIds, sources);
    return this.dataSource.transaction(async (m) => {
      const created: string[] = [];
      for (const target of targets) {
        const site = await this.writer.site(m, target.siteId);
        for (const source of sources) {
          await this.writer.checkTitle(m, site, target, source.title, null);
          const copy = await m.getRepository(CmsContent).save(
            m.getRepository(CmsContent).create({
              ...copyable(source),
              siteId: target.siteId,
              catalogId: target.catalogId,
              catalogAncestors: ancestorsOf(target),
              status: 'draft',
              sortFlag: await this.writer.nextSortFlag(m, target.catalogId),
              createBy: user.userName,
              updateBy: user.userName,
            }),
          );
          await writeBody(m, copy.contentId, await readBody(m, source.contentId));
          await this.writer.log(m, [copy], 'copy', user.userName, `from ${source.contentId}`);
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
    const rows = await this.writer.assertOnContent(user, dto.contentIds, 'EditContent');
    const [target] = await this.writer.targetCatalogs(user, [dto.catalogId], rows);
    const moving = rows.filter((c) => c.catalogId !== target.catalogId);
    await this.writer.assertMovable(this.dataSource.manager, user, moving, target);
    // The old page must go while the rows still name the old catalog: the publisher derives paths from them.
    const withPages = moving.filter((c) => HAS_PAGE.includes(c.status));
    await this.writer.syncPages({ unpublish: withPages }, user.userName);
    await this.dataSource.transaction(async (m) =>
      this.writer.moveTo(
        m,
        user,
        await this.writer.lockRows(
          m,
          moving.map((c) => c.contentId),
        ),
        target,
      ),
    );
    await this.writer.syncPages({ publish: withPages.filter((c) => c.status === 'published') }, user.userName);
  }

  /**
   * A catalog's clear, inside the caller's transaction: every piece of its content outside the recycle bin takes the
   * `delete` status change, all or nothing (content locked by another user refuses the whole clear). The caller has
   * checked `Catalog:DeleteContent`. Answers the count and the pages to take down once the caller has committed.
   */
  async recycleAllOf(m: EntityManager, user: LoginUser, catalogId: string): Promise<{ count: number; pages: PageChanges }> {
    const rows = await this.writer.lockRowsOfCatalogs(m, [catalogId], false);
    const pages = await this.writer.changeStatus(m, user, rows, 'delete', { batch: true });
    return { count: rows.length, pages };
  }

  /**
   * Before a merge moves the content of catalogs into `target`: refuses, changing nothing, when any item may not move
   * (locked by another user, or its title taken per the site's rule); then takes down the pages of content that has
   * some, while the rows still name the old catalogs. Answers that content (to publish again should the merge fail).
   */
  async prepareMoveAll(user: LoginUser, catalogIds: string[], target: CmsCatalog): Promise<CmsContent[]> {
    const rows = catalogIds.length
      ? await this.dataSource.getRepository(CmsContent).find({ where: { catalogId: In(catalogIds) }, order: { contentId: 'ASC' } })
      : [];
    await this.writer.assertMovable(this.dataSource.manager, user, rows, target, { batch: true });
    const withPages = rows.filter((c) => HAS_PAGE.includes(c.status));
    await this.writer.syncPages({ unpublish: withPages }, user.userName);
    return withPages;
  }

  /**
   * A catalog merge's move, inside the caller's transaction: all content of the catalogs (the recycle bin's too, so it
   * stays restorable) goes to `target` item by item by the rules of `move`, all or nothing. The caller has checked the
   * catalog permissions. Answers how many moved and the pages to publish again once the caller has committed.
   */
  async moveAllOf(m: EntityManager, user: LoginUser, catalogIds: string[], target: CmsCatalog): Promise<{ moved: number; pages: PageChanges }> {
    const rows = await this.writer.lockRowsOfCatalogs(m, catalogIds, true);
    const moved = await this.writer.moveTo(m, user, rows, target, { batch: true });
    return { moved: moved.length, pages: { unpublish: [], publish: moved.filter((c) => c.status === 'published') } };
  }

  /** After the caller's commit: the pages a catalog-wide change answered. */
  syncPages(pages: Partial<PageChanges>, operator: string): Promise<void> {
    return this.writer.syncPages(pages, operator);
  }
}
