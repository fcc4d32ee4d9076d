import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { PAGING, type PageResult } from '@zhiwen/shared';
import { requestContext } from '../context/request-context';
import { ServiceException } from '../errors/service-exception';
import type { PageQueryDto } from './page-query.dto';

export interface PaginateOptions {
  /** API column name -> SQL expression (e.g. `{ createTime: 'u.create_time' }`). Only these may be sorted by. */
  sortable: Record<string, string>;
  /** Order used when the caller gives none, e.g. `{ 'u.id': 'DESC' }`. */
  defaultOrder?: Record<string, 'ASC' | 'DESC'>;
}

/** Offset and limit of a page query; an Excel export takes every row up to the export cap. */
export function pageWindow(query: PageQueryDto): { skip: number; take: number } {
  if (requestContext.get()?.exporting) return { skip: 0, take: PAGING.exportMaxRows };
  const pageNum = query.pageNum ?? PAGING.defaultPageNum;
  const pageSize = Math.min(query.pageSize ?? PAGING.defaultPageSize, PAGING.maxPageSize);
  return { skip: (pageNum - 1) * pageSize, take: pageSize };
}

/** The caller's sort when whitelisted (else `error.orderByColumn`), or the default order. */
function sortOf(query: PageQueryDto, options: PaginateOptions): Record<string, 'ASC' | 'DESC'> | undefined {
  if (!query.orderByColumn) return options.defaultOrder;
  const expression = options.sortable[query.orderByColumn];
  if (!expression) throw new ServiceException('error.orderByColumn', { column: query.orderByColumn });
  return { [expression]: query.isAsc === 'asc' || query.isAsc === 'ascending' ? 'ASC' : 'DESC' };
}

/** Applies the whitelisted sort and the page window to a query and returns `{rows, total}`. */
export async function paginate<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: PageQueryDto,
  options: PaginateOptions,
): Promise<PageResult<T>> {
  const order = sortOf(query, options);
  if (order) qb.orderBy(order);
  const { skip, take } = pageWindow(query);
  const [rows, total] = await qb.skip(skip).take(take).getManyAndCount();
  return { rows, total };
}

/** `paginate` for a query selecting its own columns (`select([...AS "name"])`): rows are the raw results. */
export async function paginateRaw<R extends object>(
  qb: SelectQueryBuilder<ObjectLiteral>,
  query: PageQueryDto,
  options: PaginateOptions,
): Promise<PageResult<R>> {
  const total = await qb.getCount();
  const order = sortOf(query, options);
  if (order) qb.orderBy(order);
  const { skip, take } = pageWindow(query);
  const rows = await qb.offset(skip).limit(take).getRawMany<R>();
  return { rows, total };
}

/**
 * `paginate` for rows that do not live in a table (e.g. sessions in the shared store): the same whitelisted sort,
 * page window and export behaviour, applied in memory. `sortable` maps API columns to row properties.
 */
export function paginateRows<R extends object>(
  rows: R[],
  query: PageQueryDto,
  options: { sortable: Record<string, keyof R & string>; defaultOrder?: Partial<Record<keyof R & string, 'ASC' | 'DESC'>> },
): PageResult<R> {
  // The same whitelist and default as SQL lists; the "expressions" here are row properties.
  const order = Object.entries(sortOf(query, options as PaginateOptions) ?? {}) as Array<[keyof R & string, 'ASC' | 'DESC']>;
  const compare = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() - b.getTime() : String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
  const sorted = [...rows].sort((a, b) => {
    for (const [key, direction] of order) {
      const c = compare(a[key], b[key]);
      if (c) return direction === 'ASC' ? c : -c;
    }
    return 0;
  });
  const { skip, take } = pageWindow(query);
  return { rows: sorted.slice(skip, skip + take), total: rows.length };
}
