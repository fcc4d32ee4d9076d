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

/** Applies the whitelisted sort and the page window to a query and returns `{rows, total}`. */
export async function paginate<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: PageQueryDto,
  options: PaginateOptions,
): Promise<PageResult<T>> {
  if (query.orderByColumn) {
    const expression = options.sortable[query.orderByColumn];
    if (!expression) throw new ServiceException('error.orderByColumn', { column: query.orderByColumn });
    const direction = query.isAsc === 'asc' || query.isAsc === 'ascending' ? 'ASC' : 'DESC';
    qb.orderBy(expression, direction);
  } else if (options.defaultOrder) {
    qb.orderBy(options.defaultOrder);
  }
  const { skip, take } = pageWindow(query);
  const [rows, total] = await qb.skip(skip).take(take).getManyAndCount();
  return { rows, total };
}
