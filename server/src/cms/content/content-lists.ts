import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import type { CmsAccessService } from '../common/cms-access.service';
import { CmsContent } from './cms-content.entity';

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

const selects = new WeakMap<DataSource, string[]>();

/**
 * The list's columns as `"c"."column" AS "property"` plus `"catalogName"` from the catalog joined as `cat`: a page is
 * one query read as raw rows (no second lookup of the names, no entity mapping), with the same fields and values.
 */
export function contentListSelect(ds: DataSource): string[] {
  let select = selects.get(ds);
  if (!select) {
    const meta = ds.getMetadata(CmsContent);
    select = CONTENT_LIST_COLUMNS.map((property) => `"c"."${meta.findColumnWithPropertyName(property)!.databaseName}" AS "${property}"`);
    select.push(`COALESCE("cat"."name", '') AS "catalogName"`);
    selects.set(ds, select);
  }
  return select;
}

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
  // A plain query: the repository's find costs more to build and map than the lookup itself, on every list page.
  const catalogs: Array<{ id: string; name: string }> = ids.length
    ? await ds.query(`SELECT catalog_id::text AS id, name FROM cms_catalog WHERE catalog_id = ANY($1::bigint[])`, [ids])
    : [];
  const names = new Map(catalogs.map((c) => [c.id, c.name]));
  return rows.map((r) => Object.assign(r, { catalogName: names.get(r.catalogId) ?? '' }));
}
