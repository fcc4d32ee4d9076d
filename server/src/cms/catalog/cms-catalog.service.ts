import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, isUniqueViolation } from '../../database/sql-helpers';
import { objectPermission, ObjectPermissionService } from '../../system/permission/object-permission.service';
import { SUPER_ADMIN_ROLE } from '../../common/security/super-admin';
import { CmsAccessService } from '../common/cms-access.service';
import { CONTENT_TYPES } from '../content/cms-content.entity';
import { CmsContentMoveService } from '../content/cms-content-move.service';
import type { PageChanges } from '../content/cms-content-writer.service';
import { CmsSite } from '../site/cms-site.entity';
import {
  CATALOG_PATH,
  CATALOG_TYPES,
  type ApplyConfigPropsDto,
  type ApplyPipePropsDto,
  type BatchAddCatalogDto,
  type CatalogFieldsDto,
  type CatalogQueryDto,
  type CatalogSortDto,
  type CreateCatalogDto,
  type MergeCatalogDto,
  type UpdateCatalogDto,
} from './cms-catalog.dto';
import { CmsCatalogPublishing } from './cms-catalog-publishing';
import { ExModelService } from '../exmodel/exmodel.service';
import { CmsCatalog, type CatalogPipeProps } from './cms-catalog.entity';

/** What the creator of a catalog (not a super administrator) is granted on it. */
export const CATALOG_CREATOR_GRANTS = [
  'View',
  'Edit',
  'Delete',
  'Publish',
  'Move',
  'Sort',
  'ShowHide',
  'AddContent',
  'EditContent',
  'DeleteContent',
  'PublishContent',
] as const;

/** A node of a site's catalog tree. */
export interface CatalogTreeNode {
  id: string;
  /** The node it hangs under in this tree ('0' = root), which is its nearest shown ancestor. */
  parentId: string;
  name: string;
  isLeaf: boolean;
  disabled: boolean;
  props: { alias: string; path: string; catalogType: string; visible: boolean; sortFlag: string; treeLevel: number };
  children: CatalogTreeNode[];
}

const PIPE_CODE = /^[A-Za-z0-9_]{1,50}$/;
const TEMPLATE = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.template\.html$/;
const TEMPLATE_KEYS = ['indexTemplate', 'listTemplate', 'detailTemplate'] as const;
const REDIRECT_URL = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;
const CONFIG_KEY = /^[A-Za-z0-9_]{1,64}$/;
const ANCESTORS_MAX = 1000;
const PATH_MAX = 255;

/** `a,b` joined with `c` ('' stays out). */
const join = (ancestors: string, id: string) => (ancestors ? `${ancestors},${id}` : id);
/** The value of `cms_content.catalog_ancestors` for content of a catalog: its ancestors plus itself. */
export const contentAncestorsOf = (catalog: Pick<CmsCatalog, 'ancestors' | 'catalogId'>) => join(catalog.ancestors, catalog.catalogId);

/**
 * The catalog tree of each site: add (with the creator's object permissions), edit (descendant paths follow),
 * move (ancestors, levels, paths and content ancestors follow), sort, show/hide, delete, clear, merge, extended
 * settings. Every multi-row change runs in one transaction; unique indexes on (site, lower(alias|path)) decide.
 */
@Injectable()
export class CmsCatalogService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly publishing: CmsCatalogPublishing,
    private readonly permissions: ObjectPermissionService,
    private readonly contents: CmsContentMoveService,
    private readonly exmodels: ExModelService,
  ) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(CmsCatalog);
  }

  // ------------------------------------------------------------------------------------------------ reads

  /** Throws 403 unless the user may do `action` (View, Edit, Publish...) on the catalog. */
  assertCan(user: LoginUser, action: string, catalogId: string): Promise<void> {
    return this.access.assert(user, 'Catalog', action, catalogId);
  }

  /** A site the user may view (`Site:View`), or 403/404. */
  async viewableSite(user: LoginUser, siteId: string): Promise<CmsSite> {
    await this.access.assert(user, 'Site', 'View', siteId);
    const site = await this.dataSource.getRepository(CmsSite).findOneBy({ siteId });
    if (!site) throw ServiceException.notFound();
    return site;
  }

  /** One catalog, or 404. */
  async get(catalogId: string, m?: EntityManager): Promise<CmsCatalog> {
    const catalog = await this.repo(m).findOneBy({ catalogId });
    if (!catalog) throw ServiceException.notFound('cms.catalog.notFound');
    return catalog;
  }

  /** Catalogs of a site the user may view, paged and filtered. */
  async list(user: LoginUser, siteId: string, query: CatalogQueryDto): Promise<PageResult<CmsCatalog>> {
    const ids = await this.access.ids(user, 'Catalog', 'View');
    if (ids !== 'all' && !ids.length) return { rows: [], total: 0 };
    const qb = this.repo().createQueryBuilder('c').where('c.site_id = :siteId', { siteId });
    if (ids !== 'all') qb.andWhere('c.catalog_id IN (:...ids)', { ids });
    if (query.name) qb.andWhere('(c.name ILIKE :name OR c.alias ILIKE :name)', { name: `%${escapeLike(query.name)}%` });
    if (query.parentId) qb.andWhere('c.parent_id = :parentId', { parentId: query.parentId });
    if (query.catalogType) qb.andWhere('c.catalog_type = :catalogType', { catalogType: query.catalogType });
    if (query.visible) qb.andWhere('c.visible = :visible', { visible: query.visible === 'true' });
    return paginate(qb, query, {
      sortable: { catalogId: 'c.catalog_id', name: 'c.name', sortFlag: 'c.sort_flag', treeLevel: 'c.tree_level', createTime: 'c.create_time' },
      defaultOrder: { 'c.tree_level': 'ASC', 'c.parent_id': 'ASC', 'c.sort_flag': 'ASC', 'c.catalog_id': 'ASC' },
    });
  }

  /**
   * The catalog tree of a site. With a user, only catalogs they may view are shown, each under its nearest shown
   * ancestor (or as a root); `disableLink` marks link catalogs disabled (selectors of a catalog holding content).
   */
  async tree(siteId: string, user?: LoginUser, options: { disableLink?: boolean } = {}): Promise<CatalogTreeNode[]> {
    const all = await this.repo().find({ where: { siteId }, order: { treeLevel: 'ASC', sortFlag: 'ASC', catalogId: 'ASC' } });
    const viewable = user ? await this.access.ids(user, 'Catalog', 'View') : 'all';
    const shown = (id: string) => viewable === 'all' || viewable.includes(id);
    // Depth-first order so that a node lifted to a farther ancestor keeps its place among that ancestor's children.
    const byParent = new Map<string, CmsCatalog[]>();
    for (const c of all) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
    const ordered: CmsCatalog[] = [];
    const known = new Set(all.map((c) => c.catalogId));
    const walk = (parentId: string) => {
      for (const c of byParent.get(parentId) ?? []) {
        ordered.push(c);
        walk(c.catalogId);
      }
    };
    walk('0');
    // Orphans (a parent of another site or gone) are listed as roots rather than lost.
    for (const c of all)
      if (c.parentId !== '0' && !known.has(c.parentId) && !ordered.includes(c)) {
        ordered.push(c);
        walk(c.catalogId);
      }

    const nodes = new Map<string, CatalogTreeNode>();
    const roots: CatalogTreeNode[] = [];
    for (const c of ordered) {
      if (!shown(c.catalogId)) continue;
      const parent = c.ancestors
        .split(',')
        .filter(Boolean)
        .reverse()
        .find((id) => nodes.has(id));
      const node: CatalogTreeNode = {
        id: c.catalogId,
        parentId: parent ?? '0',
        name: c.name,
        isLeaf: true,
        disabled: !!options.disableLink && c.catalogType === 'link',
        props: { alias: c.alias, path: c.path, catalogType: c.catalogType, visible: c.visible, sortFlag: c.sortFlag, treeLevel: c.treeLevel },
        children: [],
      };
      nodes.set(c.catalogId, node);
      if (parent) {
        const p = nodes.get(parent)!;
        p.children.push(node);
        p.isLeaf = false;
      } else roots.push(node);
    }
    return roots;
  }

  /** Ids of the catalogs below a catalog (children, grandchildren...), top-down; with `includeSelf`, itself first. */
  async descendantIds(catalogId: string, includeSelf = false, m?: EntityManager): Promise<string[]> {
    const rows: Array<{ catalog_id: string }> = await (m ?? this.dataSource.manager).query(
      `SELECT catalog_id FROM cms_catalog WHERE $1::text = ANY(string_to_array(ancestors, ',')) ORDER BY tree_level, sort_flag, catalog_id`,
      [catalogId],
    );
    const ids = rows.map((r) => String(r.catalog_id));
    return includeSelf ? [catalogId, ...ids] : ids;
  }

  /** The catalogs from the root down to the catalog itself (breadcrumb), e.g. [news, tech]. */
  async pathOf(catalog: string | CmsCatalog): Promise<CmsCatalog[]> {
    const self = typeof catalog === 'string' ? await this.get(catalog) : catalog;
    const ids = self.ancestors.split(',').filter(Boolean);
    if (!ids.length) return [self];
    const found = await this.repo().createQueryBuilder('c').where('c.catalog_id IN (:...ids)', { ids }).getMany();
    const byId = new Map(found.map((c) => [c.catalogId, c]));
    return [...ids.map((id) => byId.get(id)).filter((c): c is CmsCatalog => !!c), self];
  }

  /** Static options: catalog types with names in the request language. */
  catalogTypes(): Array<{ id: string; name: string }> {
    return CATALOG_TYPES.map((id) => ({ id, name: t(`cms.catalog.type.${id}`) }));
  }

  /** Static options: content types with names in the request language. */
  contentTypes(): Array<{ id: string; name: string }> {
    return CONTENT_TYPES.map((id) => ({ id, name: t(`cms.catalog.contentType.${id}`) }));
  }

  // ------------------------------------------------------------------------------------------------ add and edit

  /** Adds a catalog under `parentId` of the site (needs `Site:AddCatalog`); grants the creator on it. */
  async create(user: LoginUser, site: CmsSite, dto: CreateCatalogDto): Promise<CmsCatalog> {
    await this.access.assert(user, 'Site', 'AddCatalog', site.siteId);
    const fields = this.fields(dto);
    return this.writeUnique(dto, () =>
      this.dataSource.transaction(async (m) => {
        const created = await this.insert(m, user, site.siteId, dto.parentId ?? '0', fields, dto.path);
        // The catalog's extension values (cms/exmodel) are checked and stored with it, or neither is.
        await this.exmodels.saveFor(m, 'catalog', site.siteId, { site: site.configProps as Record<string, unknown> }, created.catalogId, dto.extend);
        return created;
      }),
    );
  }

  /** Adds several catalogs under one parent at once; aliases and paths are derived from the names (made unique). */
  async batchAdd(user: LoginUser, site: CmsSite, dto: BatchAddCatalogDto): Promise<CmsCatalog[]> {
    await this.access.assert(user, 'Site', 'AddCatalog', site.siteId);
    const names = dto.names.map((n) => n.trim());
    if (!names.length || names.some((n) => !n)) throw new ServiceException('cms.catalog.batchNamesInvalid');
    return this.dataSource.transaction(async (m) => {
      const taken: Array<{ alias: string; path: string }> = await m.query(
        `SELECT lower(alias) AS alias, lower(path) AS path FROM cms_catalog WHERE site_id = $1`,
        [site.siteId],
      );
      const aliases = new Set(taken.map((r) => r.alias));
      const paths = new Set(taken.map((r) => r.path));
      const parentPath = dto.parentId && dto.parentId !== '0' ? (await this.parentIn(m, site.siteId, dto.parentId)).path : '';
      const created: CmsCatalog[] = [];
      for (const name of names) {
        const base = deriveAlias(name);
        let alias = base;
        for (let n = 2; aliases.has(alias.toLowerCase()) || paths.has(`${parentPath}${alias}/`.toLowerCase()); n++) alias = `${base}_${n}`;
        aliases.add(alias.toLowerCase());
        paths.add(`${parentPath}${alias}/`.toLowerCase());
        const fields = this.fields({ name, alias });
        created.push(await this.writeUnique({ name, alias }, () => this.insert(m, user, site.siteId, dto.parentId ?? '0', fields, '')));
      }
      return created;
    });
  }

  /** Changes a catalog (needs `Catalog:Edit`); a new path moves its descendants' paths along in the same transaction. */
  async update(user: LoginUser, dto: UpdateCatalogDto): Promise<CmsCatalog> {
    const catalog = await this.get(dto.catalogId);
    await this.access.assert(user, 'Catalog', 'Edit', catalog.catalogId);
    const fields = this.fields(dto);
    const oldPath = catalog.path;
    const saved = await this.writeUnique(dto, () =>
      this.dataSource.transaction(async (m) => {
        const parentPath = catalog.parentId !== '0' ? ((await this.repo(m).findOneBy({ catalogId: catalog.parentId }))?.path ?? '') : '';
        const path = this.checkPath(dto.path || `${parentPath}${fields.alias}/`);
        await this.assertFree(m, catalog.siteId, fields.name, fields.alias, path, catalog.catalogId);
        Object.assign(catalog, fields, { path, updateBy: user.userName });
        await this.repo(m).save(catalog);
        if (oldPath !== path) await this.rebaseDescendantPaths(m, catalog.catalogId, oldPath, path, user.userName);
        const site = await m.getRepository(CmsSite).findOneBy({ siteId: catalog.siteId });
        await this.exmodels.saveFor(
          m,
          'catalog',
          catalog.siteId,
          { site: site?.configProps as Record<string, unknown> },
          catalog.catalogId,
          dto.extend,
        );
        return catalog;
      }),
    );
    if (saved.path !== oldPath) await this.publishing.relocated(saved, oldPath, user);
    return saved;
  }

  /** Shows or hides a catalog (needs `Catalog:ShowHide`). */
  async setVisible(user: LoginUser, catalogId: string, visible: boolean): Promise<void> {
    const catalog = await this.get(catalogId);
    await this.access.assert(user, 'Catalog', 'ShowHide', catalogId);
    await this.repo().update({ catalogId: catalog.catalogId }, { visible, updateBy: user.userName });
  }

  /** The extended settings of a catalog (needs `Catalog:View`). */
  async getExtends(user: LoginUser, catalogId: string): Promise<Record<string, unknown>> {
    const catalog = await this.get(catalogId);
    await this.access.assert(user, 'Catalog', 'View', catalogId);
    return catalog.configProps ?? {};
  }

  /** Replaces the extended settings of a catalog (needs `Catalog:Edit`). */
  async saveExtends(user: LoginUser, catalogId: string, configProps: unknown): Promise<void> {
    const catalog = await this.get(catalogId);
    await this.access.assert(user, 'Catalog', 'Edit', catalogId);
    const props = checkConfigProps(configProps);
    await this.dataSource.query(`UPDATE cms_catalog SET config_props = $2::jsonb, update_by = $3, update_time = now() WHERE catalog_id = $1`, [
      catalog.catalogId,
      JSON.stringify(props),
      user.userName,
    ]);
  }

  /** Copies the catalog's templates (all pipes or the listed ones) to every descendant the caller may edit. */
  async applyPipePropsToChildren(user: LoginUser, dto: ApplyPipePropsDto): Promise<{ updated: number }> {
    const catalog = await this.get(dto.catalogId);
    await this.access.assert(user, 'Catalog', 'Edit', catalog.catalogId);
    const props = pick(catalog.publishPipeProps ?? {}, dto.publishPipeCodes);
    return this.applyToChildren(user, catalog.catalogId, 'publish_pipe_props', props);
  }

  /** Copies the catalog's extended settings (all or the listed keys) to every descendant the caller may edit. */
  async applyConfigPropsToChildren(user: LoginUser, dto: ApplyConfigPropsDto): Promise<{ updated: number }> {
    const catalog = await this.get(dto.catalogId);
    await this.access.assert(user, 'Catalog', 'Edit', catalog.catalogId);
    const props = pick(catalog.configProps ?? {}, dto.configPropKeys);
    return this.applyToChildren(user, catalog.catalogId, 'config_props', props);
  }

  // ------------------------------------------------------------------------------------------------ tree changes

  /**
   * Moves a catalog under another (`toId` '0' = top level): needs `Catalog:Move` on both (`Site:AddCatalog` for the
   * top level). Its subtree's ancestors, levels and paths and its content's catalog ancestors follow, in one transaction.
   */
  async move(user: LoginUser, fromId: string, toId: string): Promise<CmsCatalog> {
    const from = await this.get(fromId);
    await this.access.assert(user, 'Catalog', 'Move', from.catalogId);
    const to = toId === '0' ? null : await this.get(toId);
    if (to) {
      await this.access.assert(user, 'Catalog', 'Move', to.catalogId);
      if (to.siteId !== from.siteId) throw new ServiceException('cms.catalog.otherSite');
      if (to.catalogId === from.catalogId || to.ancestors.split(',').includes(from.catalogId)) throw new ServiceException('cms.catalog.moveIntoSelf');
    } else {
      await this.access.assert(user, 'Site', 'AddCatalog', from.siteId);
    }
    if (from.parentId === (to?.catalogId ?? '0')) return from;

    const ancestors = to ? contentAncestorsOf(to) : '';
    const treeLevel = to ? to.treeLevel + 1 : 1;
    const folder = from.path.split('/').filter(Boolean).pop() ?? from.alias;
    const path = this.checkPath(`${to?.path ?? ''}${folder}/`);
    const oldPath = from.path;
    const moved = await this.writeUnique({ name: from.name, alias: from.alias, path }, () =>
      this.dataSource.transaction(async (m) => {
        const [depth] = await m.query(
          `SELECT coalesce(max(length(ancestors)), 0)::int AS ancestors, coalesce(max(length(path)), 0)::int AS path
           FROM cms_catalog WHERE catalog_id = $1::bigint OR $1::text = ANY(string_to_array(ancestors, ','))`,
          [from.catalogId],
        );
        if (depth.ancestors + ancestors.length - from.ancestors.length > ANCESTORS_MAX - 20) throw new ServiceException('cms.catalog.tooDeep');
        if (depth.path + path.length - from.path.length > PATH_MAX) throw new ServiceException('cms.catalog.pathFormat');
        await this.assertFree(m, from.siteId, from.name, from.alias, path, from.catalogId);
        const oldPrefix = contentAncestorsOf(from);
        const newPrefix = join(ancestors, from.catalogId);
        // Descendants first: they are found by the mover's id in their ancestors, which does not change.
        await m.query(
          `UPDATE cms_catalog SET ancestors = $2::text || substr(ancestors, length($3::text) + 1), tree_level = tree_level + $4, update_by = $5, update_time = now()
           WHERE $1::text = ANY(string_to_array(ancestors, ','))`,
          [from.catalogId, newPrefix, oldPrefix, treeLevel - from.treeLevel, user.userName],
        );
        await this.rebaseDescendantPaths(m, from.catalogId, from.path, path, user.userName);
        const sortFlag = await this.nextSortFlag(m, from.siteId, to?.catalogId ?? '0');
        await m.query(
          `UPDATE cms_catalog SET parent_id = $2, ancestors = $3, tree_level = $4, path = $5, sort_flag = $6, update_by = $7, update_time = now() WHERE catalog_id = $1`,
          [from.catalogId, to?.catalogId ?? '0', ancestors, treeLevel, path, sortFlag, user.userName],
        );
        await this.syncContentAncestors(m, await this.descendantIds(from.catalogId, true, m));
        return this.get(from.catalogId, m);
      }),
    );
    if (moved.path !== oldPath) await this.publishing.relocated(moved, oldPath, user);
    return moved;
  }

  /** Moves a catalog `sort` places up (positive) or down (negative) among its siblings (needs `Catalog:Sort`). */
  async sort(user: LoginUser, dto: CatalogSortDto): Promise<void> {
    const catalog = await this.get(dto.catalogId);
    await this.access.assert(user, 'Catalog', 'Sort', catalog.catalogId);
    await this.dataSource.transaction(async (m) => {
      const siblings = await this.repo(m)
        .createQueryBuilder('c')
        .setLock('pessimistic_write')
        .where('c.site_id = :siteId AND c.parent_id = :parentId', { siteId: catalog.siteId, parentId: catalog.parentId })
        .orderBy({ 'c.sort_flag': 'ASC', 'c.catalog_id': 'ASC' })
        .getMany();
      const from = siblings.findIndex((c) => c.catalogId === catalog.catalogId);
      const to = Math.max(0, Math.min(siblings.length - 1, from - dto.sort));
      if (from < 0 || from === to) return;
      const [moved] = siblings.splice(from, 1);
      siblings.splice(to, 0, moved);
      // Renumber 1..n: swaps the flags of the catalogs it passes and repairs equal flags on the way.
      for (const [i, c] of siblings.entries()) {
        if (c.sortFlag !== String(i + 1))
          await m.query(`UPDATE cms_catalog SET sort_flag = $2, update_by = $3, update_time = now() WHERE catalog_id = $1`, [
            c.catalogId,
            i + 1,
            user.userName,
          ]);
      }
    });
  }

  /**
   * Deletes a catalog (needs `Catalog:Delete`): refused while it has sub-catalogs or content outside the recycle bin.
   * Content in the recycle bin goes with it; so do the permissions granted on it.
   */
  async remove(user: LoginUser, catalogId: string): Promise<CmsCatalog> {
    const catalog = await this.get(catalogId);
    await this.access.assert(user, 'Catalog', 'Delete', catalog.catalogId);
    await this.dataSource.transaction(async (m) => {
      await this.deleteEmpty(m, catalog);
      await this.exmodels.forget('catalog', [catalog.catalogId], m);
    });
    return catalog;
  }

  /**
   * Moves every piece of content of the catalog to the recycle bin (needs `Catalog:Edit` and `Catalog:DeleteContent`):
   * the content's own `delete` status change per item (lock holder, status, operation log), all or nothing; content
   * locked by another user refuses the whole clear. Published pages are taken down after the commit.
   */
  async clear(user: LoginUser, catalogId: string): Promise<{ count: number }> {
    const catalog = await this.get(catalogId);
    await this.access.assert(user, 'Catalog', 'Edit', catalog.catalogId);
    await this.access.assert(user, 'Catalog', 'DeleteContent', catalog.catalogId);
    const { count, pages } = await this.dataSource.transaction((m) => this.contents.recycleAllOf(m, user, catalog.catalogId));
    await this.contents.syncPages(pages, user.userName);
    return { count };
  }

  /**
   * Moves the content of the source catalogs into the target (needs `Catalog:Edit` on the target, `Edit` and `Delete`
   * on each source), then deletes the emptied sources that have no sub-catalogs, in one transaction. Each item moves by
   * the rules of a content move (lock holder, title rule, operation log); content locked by another user refuses the
   * whole merge before anything changes. Pages leave the old folders and published content is published again.
   */
  async merge(user: LoginUser, dto: MergeCatalogDto): Promise<{ moved: number; deleted: string[] }> {
    const target = await this.get(dto.catalogId);
    await this.access.assert(user, 'Catalog', 'Edit', target.catalogId);
    if (target.catalogType === 'link') throw new ServiceException('cms.catalog.targetIsLink');
    const sources: CmsCatalog[] = [];
    for (const id of new Set(dto.mergeCatalogIds)) {
      if (id === target.catalogId) throw new ServiceException('cms.catalog.mergeIntoSelf');
      const source = await this.get(id);
      if (source.siteId !== target.siteId) throw new ServiceException('cms.catalog.otherSite');
      await this.access.assert(user, 'Catalog', 'Edit', source.catalogId);
      await this.access.assert(user, 'Catalog', 'Delete', source.catalogId);
      sources.push(source);
    }
    const sourceIds = sources.map((s) => s.catalogId);
    const hadPages = await this.contents.prepareMoveAll(user, sourceIds, target);
    let result: { moved: number; deleted: CmsCatalog[]; pages: PageChanges };
    try {
      result = await this.dataSource.transaction(async (m) => {
        const { moved, pages } = await this.contents.moveAllOf(m, user, sourceIds, target);
        const deleted: CmsCatalog[] = [];
        // Deepest first, so a source whose only children were other sources goes too.
        for (const source of [...sources].sort((a, b) => b.treeLevel - a.treeLevel)) {
          const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM cms_catalog WHERE parent_id = $1`, [source.catalogId]);
          if (n > 0) continue;
          await this.deleteEmpty(m, source);
          deleted.push(source);
        }
        return { moved, deleted, pages };
      });
    } catch (error) {
      // Refused after the pages were taken down (a lock taken meanwhile): the content stayed, so its pages come back.
      await this.contents.syncPages({ publish: hadPages.filter((c) => c.status === 'published') }, user.userName);
      throw error;
    }
    await this.contents.syncPages(result.pages, user.userName);
    for (const source of result.deleted) await this.publishing.removeFiles(source);
    return { moved: result.moved, deleted: result.deleted.map((c) => c.catalogId) };
  }

  // ------------------------------------------------------------------------------------------------ helpers

  /** Inserts one catalog under `parentId` (validated fields), appended last among its siblings. */
  private async insert(
    m: EntityManager,
    user: LoginUser,
    siteId: string,
    parentId: string,
    fields: CatalogFields,
    path: string | undefined,
  ): Promise<CmsCatalog> {
    const parent = parentId !== '0' ? await this.parentIn(m, siteId, parentId) : null;
    const finalPath = this.checkPath(path || `${parent?.path ?? ''}${fields.alias}/`);
    const ancestors = parent ? contentAncestorsOf(parent) : '';
    if (ancestors.length > ANCESTORS_MAX - 20) throw new ServiceException('cms.catalog.tooDeep');
    await this.assertFree(m, siteId, fields.name, fields.alias, finalPath);
    const catalog = await this.repo(m).save(
      this.repo(m).create({
        ...fields,
        siteId,
        parentId,
        ancestors,
        treeLevel: parent ? parent.treeLevel + 1 : 1,
        path: finalPath,
        sortFlag: String(await this.nextSortFlag(m, siteId, parentId)),
        createBy: user.userName,
        updateBy: user.userName,
      }),
    );
    if (!user.roles.includes(SUPER_ADMIN_ROLE)) {
      const grants = CATALOG_CREATOR_GRANTS.map((action) => objectPermission('Catalog', action, catalog.catalogId));
      await this.permissions.grant({ type: 'user', id: user.id }, grants, m);
    }
    return catalog;
  }

  private async parentIn(m: EntityManager, siteId: string, parentId: string): Promise<CmsCatalog> {
    const parent = await this.repo(m).findOneBy({ catalogId: parentId, siteId });
    if (!parent) throw new ServiceException('cms.catalog.parentNotFound');
    return parent;
  }

  private async nextSortFlag(m: EntityManager, siteId: string, parentId: string): Promise<number> {
    const [{ next }] = await m.query(`SELECT coalesce(max(sort_flag), 0) + 1 AS next FROM cms_catalog WHERE site_id = $1 AND parent_id = $2`, [
      siteId,
      parentId,
    ]);
    return Number(next);
  }

  /** Refuses an alias or path another catalog of the site uses (case-insensitive), naming it. */
  private async assertFree(m: EntityManager, siteId: string, name: string, alias: string, path: string, exceptId = '0'): Promise<void> {
    const rows: Array<{ alias: boolean; path: boolean }> = await m.query(
      `SELECT lower(alias) = lower($2::text) AS alias, lower(path) = lower($3::text) AS path FROM cms_catalog
       WHERE site_id = $1 AND catalog_id <> $4 AND (lower(alias) = lower($2::text) OR lower(path) = lower($3::text)) LIMIT 2`,
      [siteId, alias, path, exceptId],
    );
    if (rows.some((r) => r.alias)) throw new ServiceException('cms.catalog.aliasTaken', { name, alias });
    if (rows.some((r) => r.path)) throw new ServiceException('cms.catalog.pathTaken', { name, path });
  }

  /** Runs a write; a unique-index violation (a concurrent writer, or a descendant's rebased path) becomes a message. */
  private async writeUnique<T>(what: { name: string; alias: string; path?: string }, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const constraint =
        (error as { constraint?: string; driverError?: { constraint?: string } }).driverError?.constraint ??
        (error as { constraint?: string }).constraint;
      if (constraint === 'cms_catalog_alias_uq') throw new ServiceException('cms.catalog.aliasTaken', { name: what.name, alias: what.alias });
      throw new ServiceException('cms.catalog.pathTaken', { name: what.name, path: what.path ?? '' });
    }
  }

  private checkPath(path: string): string {
    if (path.length > PATH_MAX || !CATALOG_PATH.test(path)) throw new ServiceException('cms.catalog.pathFormat');
    return path;
  }

  /** Descendants whose path lies under `oldPath` move under `newPath` (custom paths elsewhere stay). */
  private async rebaseDescendantPaths(m: EntityManager, catalogId: string, oldPath: string, newPath: string, operator: string): Promise<void> {
    if (oldPath === newPath) return;
    await m.query(
      `UPDATE cms_catalog SET path = $3::text || substr(path, length($2::text) + 1), update_by = $4, update_time = now()
       WHERE $1::text = ANY(string_to_array(ancestors, ',')) AND left(path, length($2::text)) = $2::text`,
      [catalogId, oldPath, newPath, operator],
    );
  }

  /** Content of these catalogs gets its catalog's current ancestors plus the catalog. */
  private async syncContentAncestors(m: EntityManager, catalogIds: string[]): Promise<void> {
    if (!catalogIds.length) return;
    await m.query(
      `UPDATE cms_content c SET catalog_ancestors = CASE WHEN cat.ancestors = '' THEN cat.catalog_id::text ELSE cat.ancestors || ',' || cat.catalog_id END
       FROM cms_catalog cat WHERE c.catalog_id = cat.catalog_id AND cat.catalog_id = ANY($1::bigint[])`,
      [catalogIds],
    );
  }

  /** Deletes a catalog without sub-catalogs or live content, with the permissions granted on it. */
  private async deleteEmpty(m: EntityManager, catalog: CmsCatalog): Promise<void> {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM cms_catalog WHERE parent_id = $1`, [catalog.catalogId]);
    if (n > 0) throw new ServiceException('cms.catalog.hasChildren', { name: catalog.name });
    const [{ count }] = await m.query(`SELECT count(*)::int AS count FROM cms_content WHERE catalog_id = $1 AND status <> 'deleted'`, [
      catalog.catalogId,
    ]);
    if (count > 0) throw new ServiceException('cms.catalog.hasContent', { name: catalog.name, count });
    await m.query(`DELETE FROM cms_catalog WHERE catalog_id = $1`, [catalog.catalogId]);
    await this.permissions.forget('Catalog', catalog.catalogId, m);
  }

  private async applyToChildren(
    user: LoginUser,
    catalogId: string,
    column: 'publish_pipe_props' | 'config_props',
    props: Record<string, unknown>,
  ): Promise<{ updated: number }> {
    const editable = await this.access.ids(user, 'Catalog', 'Edit');
    const ids = (await this.descendantIds(catalogId)).filter((id) => editable === 'all' || editable.includes(id));
    if (!ids.length || !Object.keys(props).length) return { updated: 0 };
    // jsonb || replaces the copied top-level keys (pipes or settings) and keeps the children's others.
    await this.dataSource.query(
      `UPDATE cms_catalog SET ${column} = ${column} || $1::jsonb, update_by = $2, update_time = now() WHERE catalog_id = ANY($3::bigint[])`,
      [JSON.stringify(props), user.userName, ids],
    );
    return { updated: ids.length };
  }

  /** The checked and normalized stored fields of a form. */
  private fields(dto: Partial<CatalogFieldsDto> & { name: string; alias: string }): CatalogFields {
    const catalogType = dto.catalogType ?? 'common';
    const redirectUrl = (dto.redirectUrl ?? '').trim();
    if (catalogType === 'link' && !REDIRECT_URL.test(redirectUrl)) throw new ServiceException('cms.catalog.redirectUrlFormat');
    const pageSize = dto.pageSize ?? -1;
    if (!Number.isInteger(pageSize) || (pageSize !== -1 && (pageSize < 1 || pageSize > 200))) throw new ServiceException('cms.catalog.pageSizeRange');
    return {
      name: dto.name,
      alias: dto.alias,
      catalogType,
      redirectUrl: catalogType === 'link' ? redirectUrl : '',
      description: dto.description ?? '',
      logo: dto.logo ?? '',
      staticFlag: dto.staticFlag ?? true,
      visible: dto.visible ?? true,
      pageSize,
      seoTitle: dto.seoTitle ?? '',
      seoKeywords: dto.seoKeywords ?? '',
      seoDescription: dto.seoDescription ?? '',
      publishPipeProps: checkPipeProps(dto.publishPipeProps ?? {}),
      remark: dto.remark ?? '',
    };
  }
}

type CatalogFields = Pick<
  CmsCatalog,
  | 'name'
  | 'alias'
  | 'catalogType'
  | 'redirectUrl'
  | 'description'
  | 'logo'
  | 'staticFlag'
  | 'visible'
  | 'pageSize'
  | 'seoTitle'
  | 'seoKeywords'
  | 'seoDescription'
  | 'publishPipeProps'
  | 'remark'
>;

/** Templates per pipe: known keys only, each '' or a `xxx.template.html` path. */
function checkPipeProps(input: unknown): Record<string, CatalogPipeProps> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new ServiceException('cms.catalog.pipeCodeFormat', { code: '' });
  const out: Record<string, CatalogPipeProps> = {};
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > 50) throw new ServiceException('cms.catalog.pipeCodeFormat', { code: entries[50][0].slice(0, 50) });
  for (const [code, value] of entries) {
    if (!PIPE_CODE.test(code)) throw new ServiceException('cms.catalog.pipeCodeFormat', { code: code.slice(0, 50) });
    const props: CatalogPipeProps = {};
    const given = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    for (const key of TEMPLATE_KEYS) {
      const template = given[key];
      if (template === undefined || template === null || template === '') {
        props[key] = '';
        continue;
      }
      if (typeof template !== 'string' || template.length > 255 || !TEMPLATE.test(template)) {
        throw new ServiceException('cms.catalog.templateFormat', { template: String(template).slice(0, 80) });
      }
      props[key] = template;
    }
    out[code] = props;
  }
  return out;
}

/** Extended settings: up to 100 keys of letters/digits/underscore with short scalar values. */
function checkConfigProps(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new ServiceException('cms.catalog.configPropsInvalid');
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > 100) throw new ServiceException('cms.catalog.configPropsInvalid');
  for (const [key, value] of entries) {
    const scalar = value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 2000);
    if (!CONFIG_KEY.test(key) || !scalar || (typeof value === 'number' && !Number.isFinite(value)))
      throw new ServiceException('cms.catalog.configPropsInvalid');
  }
  return Object.fromEntries(entries);
}

function pick<T>(props: Record<string, T>, keys?: string[]): Record<string, T> {
  return keys?.length ? Object.fromEntries(Object.entries(props).filter(([k]) => keys.includes(k))) : { ...props };
}

/** An alias from a name: its ASCII letters and digits (lower case, `_` between runs), else `catalog`. */
export function deriveAlias(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return ascii || 'catalog';
}
