import { In, type DataSource, type SelectQueryBuilder } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { CmsCatalog } from '../catalog/cms-catalog.entity';
import type { CmsAccessService } from '../common/cms-access.service';
import type { CmsContent } from './cms-content.entity';

/**
 * The columns the content list shows or acts on (title, flags, status, lock, dates, sort): a page reads these
 * rather than all 45 columns of a piece of content (summary, SEO fields and paths are for the editor).
 */
export const CONTENT_LIST_COLUMNS = [
  'contentId',
  'siteId',
  'catalogId',
  'contentType',
  'title',
  'subTitle',
  'shortTitle',
  'logo',
  'author',
  'editor',
  'status',
  'topFlag',
  'topDate',
  'recommend',
  'hot',
  'linkFlag',
  'publishDate',
  'offlineDate',
  'viewCount',
  'sortFlag',
  'lockUser',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const;

/** A content row of a list, with its catalog's name. */
export type ContentListRow = CmsContent & { catalogName: string };

/** Limits a query of content (alias `c`) to catalogs the caller may view; false when there is none. */
export async function restrictToViewable(access: CmsAccessService, user: LoginUser, qb: SelectQueryBuilder<CmsContent>): Promise<boolean> {
  const viewable = await access.ids(user, 'Catalog', 'View');
  if (viewable === 'all') return true;
  const ids = viewable.filter((id) => /^\d{1,18}$/.test(id));
  if (!ids.length) return false;
  qb.andWhere('c.catalog_id IN (:...viewable)', { viewable: ids });
  return true;
}

/** The rows with their catalogs' names. */
export async function withCatalogNames(ds: DataSource, rows: CmsContent[]): Promise<ContentListRow[]> {
  const ids = [...new Set(rows.map((r) => r.catalogId))];
  const catalogs = ids.length
    ? await ds.getRepository(CmsCatalog).find({ where: { catalogId: In(ids) }, select: { catalogId: true, name: true } })
    : [];
  const names = new Map(catalogs.map((c) => [c.catalogId, c.name]));
  return rows.map((r) => Object.assign(r, { catalogName: names.get(r.catalogId) ?? '' }));
}
