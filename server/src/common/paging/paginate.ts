import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import { PAGING, type PageResult } from '@zhiwen/shared';
import { requestContext } from '../context/request-context';
import { ServiceException } from '../errors/service-exception';
import type { PageQueryDto } from './page-query.dto';

export interface PaginateOptions {
  /** API column name -> SQL expression (e.g. `{ createTime: 'u.create_time' }`). Only these may be sorted by. */
  sortable: Record<string, string>;
  /** Order used when the caller gives none, e.g. `{ 'u.id': 'DESC' }`. */
  defaultOrder?: Record<string, 'ASC' | 'DESC'>;
  /**
   * Find a page's rows by the main table's primary key first, then read and join only those rows (a "deferred join"):
   * the skipped rows of a deep page are walked in the index alone (an index-only scan where the index holds the
   * filter and order) instead of each being read from the table and joined. Only for lists whose joins add no rows
   * (each row joins at most one row of each other table).
   */
  deferredJoin?: boolean;
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

/**
 * At or above this many rows (the planner's estimate of the filtered list) a list's total is the estimate, marked
 * `totalExact: false`, instead of a count that reads every row on each request.
 */
export const EXACT_COUNT_BELOW = 10_000;

/** Values kept a few seconds by key: concurrent callers share one load, and an expired value answers while it reloads. */
type Remembered = Map<string, { value: Promise<number>; at: number }>;
const REMEMBER_MS = 5_000;

function remembered(cache: Remembered, key: string, load: () => Promise<number>): Promise<number> {
  const entry = cache.get(key);
  if (entry && Date.now() - entry.at < REMEMBER_MS) return entry.value;
  const loading = load();
  if (!entry) {
    if (cache.size >= 1_000) cache.clear();
    const fresh = { value: loading, at: Date.now() };
    cache.set(key, fresh);
    void loading.catch(() => cache.get(key) === fresh && cache.delete(key));
    return loading;
  }
  // Expired: no burst of requests waits for the reload (a pause of every list each few seconds, the p99).
  entry.at = Date.now();
  void loading.then(
    (value) => (entry.value = Promise.resolve(value)),
    () => undefined,
  );
  return entry.value;
}

/** Row counts of tables (pg_class.reltuples): lists of small tables count without asking the planner. */
const tableRows: Remembered = new Map();

function tableRowEstimate(qb: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
  const main = qb.expressionMap.mainAlias;
  if (!main?.hasMetadata) return Promise.resolve(Infinity);
  const table = main.metadata.tablePath;
  return remembered(tableRows, table, async () => {
    const [row] = (await qb.connection.query(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass($1)`, [table])) as Array<{
      n: number;
    }>;
    // -1: never analysed yet, i.e. new and small (autovacuum analyses a table once it has grown).
    return Math.max(0, Number(row?.n ?? 0));
  });
}

/** Recent estimates by query: paging through a large list asks the planner once every few seconds, not per page. */
const estimates: Remembered = new Map();

/**
 * The planner's estimate of the rows of a query without its order and window (EXPLAIN, nothing is read). `pageKey`,
 * when given, names the query's filter already (the page's own SQL and parameters, without its window): building the
 * count's SQL only to look its estimate up would cost as much as building the page.
 */
function plannedRows(qb: SelectQueryBuilder<ObjectLiteral>, pageKey?: string): Promise<number> {
  // `qb` is the count's own copy: its order and window can go.
  const unordered = () => qb.orderBy().offset(undefined).limit(undefined).skip(undefined).take(undefined).getQueryAndParameters();
  if (pageKey) return remembered(estimates, pageKey, () => explainRows(qb, ...unordered()));
  const [sql, params] = unordered();
  return remembered(estimates, `${sql}\u0000${JSON.stringify(params)}`, () => explainRows(qb, sql, params));
}

async function explainRows(qb: SelectQueryBuilder<ObjectLiteral>, sql: string, params: unknown[]): Promise<number> {
  const [row] = (await qb.connection.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as Array<{
    'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
  }>;
  return Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']);
}

/**
 * The total of a list whose page (`rowsOnPage` rows of `take`, after `skip` rows) is read: known without counting when
 * the page is the last one; otherwise counted exactly below `EXACT_COUNT_BELOW`, else the planner's estimate.
 */
async function totalOf(
  counted: SelectQueryBuilder<ObjectLiteral>,
  page: { skip: number | undefined; take: number; rowsOnPage: number },
  count: () => Promise<number>,
  pageKey?: string,
): Promise<{ total: number; totalExact?: false }> {
  const { skip, take, rowsOnPage } = page;
  if (skip !== undefined && rowsOnPage < take && (rowsOnPage > 0 || skip === 0)) return { total: skip + rowsOnPage };
  if (!requestContext.get()?.exporting && (await tableRowEstimate(counted)) >= EXACT_COUNT_BELOW) {
    const estimate = await plannedRows(counted, pageKey);
    // Never fewer than the rows already seen (and one more when the page is full).
    if (estimate >= EXACT_COUNT_BELOW)
      return { total: Math.max(estimate, (skip ?? 0) + rowsOnPage + (rowsOnPage === take ? 1 : 0)), totalExact: false };
  }
  return { total: await count() };
}

/** Whether a page is read by deferred join: asked for, an offset page (not keyset), not an export. */
const deferrable = (options: PaginateOptions, keyset: boolean) => Boolean(options.deferredJoin) && !keyset && !requestContext.get()?.exporting;

/**
 * The SQL of a key query without the LEFT JOINs its filter and order do not name: a left join adds no row here (see
 * `deferredJoin`), and the joined key column it needs would keep the scan of the list's index from being index-only
 * (at page 250, 1.5 ms instead of 4 ms of PostgreSQL's time). A join that is named stays.
 */
function withoutUnusedLeftJoins(keys: SelectQueryBuilder<ObjectLiteral>): string {
  const joins = keys.expressionMap.joinAttributes;
  const left = joins.filter((j) => j.direction === 'LEFT');
  if (!left.length) return keys.getQuery();
  keys.expressionMap.joinAttributes = joins.filter((j) => j.direction !== 'LEFT');
  const sql = keys.getQuery();
  const named = left.some((j) => new RegExp(`(?<![\\w$])"?${j.alias.name.replace(/[$.*+?^()[\]{}|\\]/g, '\\$&')}"?\\.`).test(sql));
  if (!named) return sql;
  keys.expressionMap.joinAttributes = joins;
  return keys.getQuery();
}

/**
 * Narrows `qb` (ordered, without a window) to the `take` rows after `skip`, found by the main table's primary key alone
 * (see `PaginateOptions.deferredJoin`). Answers the key of the list's estimated total (its filter and order: the key
 * query's SQL and parameters, without the window), or undefined when the main table has no single-column primary key.
 */
function deferWindow(qb: SelectQueryBuilder<ObjectLiteral>, skip: number, take: number): string | undefined {
  const main = qb.expressionMap.mainAlias;
  const [pk, more] = main?.hasMetadata ? main.metadata.primaryColumns : [];
  if (!main || !pk || more) return undefined;
  const key = `${qb.escape(main.name)}.${qb.escape(pk.databaseName)}`;
  const keys = qb.clone().select(key);
  const sql = withoutUnusedLeftJoins(keys);
  // The window goes at the end of the key query, as TypeORM would put it (numbers, not parameters).
  qb.andWhere(`${key} IN (${sql} LIMIT ${take} OFFSET ${skip})`);
  return `${sql}\u0000${JSON.stringify(keys.getParameters())}`;
}

/** A key of the keyset continuation: the sort expression, its direction, and how to read its value off a row. */
interface SortKey {
  expression: string;
  direction: 'ASC' | 'DESC';
  read: (row: ObjectLiteral) => unknown;
}

/** Decodes a `cursor` into the values of `keys`, or refuses it (`error.cursor`). */
function cursorValues(cursor: string, keys: SortKey[]): string[] {
  let values: unknown;
  try {
    values = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown }).k;
  } catch {
    values = undefined;
  }
  if (!Array.isArray(values) || values.length !== keys.length || !values.every((v) => typeof v === 'string'))
    throw new ServiceException('error.cursor');
  return values as string[];
}

/** The cursor after `row` (a raw row with its keys), or undefined when a key is null (no cursor then). */
function cursorAfter(row: ObjectLiteral | undefined, keys: SortKey[]): string | undefined {
  if (!row || !keys.length) return undefined;
  const values = keys.map((k) => k.read(row));
  if (!values.every((v) => typeof v === 'string')) return undefined;
  return Buffer.from(JSON.stringify({ k: values }), 'utf8').toString('base64url');
}

/** Rows after the cursor in the sort order: a row comparison when all keys share a direction (an index range scan). */
function applyCursor(qb: SelectQueryBuilder<ObjectLiteral>, keys: SortKey[], cursor: string): void {
  const values = cursorValues(cursor, keys);
  const params = Object.fromEntries(values.map((v, i) => [`cursor${i}`, v]));
  const op = (d: 'ASC' | 'DESC') => (d === 'ASC' ? '>' : '<');
  if (keys.every((k) => k.direction === keys[0].direction)) {
    qb.andWhere(`(${keys.map((k) => k.expression).join(', ')}) ${op(keys[0].direction)} (${keys.map((_, i) => `:cursor${i}`).join(', ')})`, params);
    return;
  }
  const branches = keys.map((k, i) =>
    [...keys.slice(0, i).map((e, j) => `${e.expression} = :cursor${j}`), `${k.expression} ${op(k.direction)} :cursor${i}`].join(' AND '),
  );
  qb.andWhere(`((${branches.join(') OR (')}))`, params);
}

/**
 * The sort keys of a page query, selected as text beside its columns (`__key0`…: exact for timestamps too, read off
 * the raw rows); grouped or distinct queries and exports have none.
 */
function selectKeys(qb: SelectQueryBuilder<ObjectLiteral>, order: Record<string, 'ASC' | 'DESC'> | undefined): SortKey[] {
  if (!order || requestContext.get()?.exporting || qb.expressionMap.groupBys.length || qb.expressionMap.selectDistinct) return [];
  return Object.entries(order).map(([expression, direction], i) => {
    qb.addSelect(`(${expression})::text`, `__key${i}`);
    return { expression, direction, read: (row: ObjectLiteral) => row[`__key${i}`] as unknown };
  });
}

/**
 * Applies the whitelisted sort and the page window to a query and returns `{rows, total}` (`totalExact: false` when
 * the total is estimated). A full page also carries `nextCursor`; a query with `cursor` answers the page after it by
 * keyset, as fast at row 100,000 as at row 20.
 */
export async function paginate<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: PageQueryDto,
  options: PaginateOptions,
): Promise<PageResult<T>> {
  const order = sortOf(query, options);
  if (order) qb.orderBy(order);
  const { skip, take } = pageWindow(query);
  const counted = qb.clone();
  const keyset = Boolean(query.cursor) && !requestContext.get()?.exporting;
  const deferredKey = deferrable(options, keyset) ? deferWindow(qb as SelectQueryBuilder<ObjectLiteral>, skip, take) : undefined;
  const keys = selectKeys(qb as SelectQueryBuilder<ObjectLiteral>, order);
  if (keyset) {
    if (!keys.length) throw new ServiceException('error.cursor');
    applyCursor(qb as SelectQueryBuilder<ObjectLiteral>, keys, query.cursor as string);
  }
  // getMany is getRawAndEntities' entities; its raw rows, in the same order, carry the keys of the last row. A
  // deferred page holds its rows already, and its joins add none: a plain limit, not TypeORM's distinct-ids query.
  if (deferredKey) qb.limit(take);
  else qb.skip(keyset ? 0 : skip).take(take);
  const { entities: rows, raw } = await qb.getRawAndEntities();
  const total = await totalOf(counted, { skip: keyset ? undefined : skip, take, rowsOnPage: rows.length }, () => counted.getCount(), deferredKey);
  const nextCursor = rows.length === take ? cursorAfter(raw[raw.length - 1] as ObjectLiteral | undefined, keys) : undefined;
  return { rows, ...total, ...(nextCursor ? { nextCursor } : {}) };
}

/** The window TypeORM appends to a page's SQL (`LIMIT n OFFSET m`). */
const WINDOW = /(?:\s+LIMIT \d+)?(?:\s+OFFSET \d+)?$/;

/**
 * Runs SQL built from `qb` as its getRawMany would (in its transaction when it has one): the SQL is built once, for
 * the page and for the key of its estimate. A query using TypeORM's result cache or its own transaction goes through
 * getRawMany.
 */
function runRaw(qb: SelectQueryBuilder<ObjectLiteral>, sql: string, params: unknown[]): Promise<unknown[]> {
  const map = qb.expressionMap;
  if (map.cache || map.useTransaction || map.lockMode) return qb.getRawMany();
  // The runner of the manager that made the builder (a transaction's), else a pooled one as getRawMany takes.
  const { queryRunner } = qb as unknown as { queryRunner?: QueryRunner };
  return queryRunner ? queryRunner.query(sql, params) : qb.connection.query(sql, params);
}

/** `paginate` for a query selecting its own columns (`select([...AS "name"])`): rows are the raw results. */
export async function paginateRaw<R extends object>(
  qb: SelectQueryBuilder<ObjectLiteral>,
  query: PageQueryDto,
  options: PaginateOptions,
): Promise<PageResult<R>> {
  const order = sortOf(query, options);
  if (order) qb.orderBy(order);
  const { skip, take } = pageWindow(query);
  const counted = qb.clone();
  const keyset = Boolean(query.cursor) && !requestContext.get()?.exporting;
  const deferredKey = deferrable(options, keyset) ? deferWindow(qb, skip, take) : undefined;
  const keys = selectKeys(qb, order);
  if (keyset) {
    if (!keys.length) throw new ServiceException('error.cursor');
    applyCursor(qb, keys, query.cursor as string);
  }
  const [sql, params] = qb
    .offset(keyset || deferredKey ? 0 : skip)
    .limit(take)
    .getQueryAndParameters();
  const raw = (await runRaw(qb, sql, params)) as Array<R & ObjectLiteral>;
  const nextCursor = raw.length === take ? cursorAfter(raw[raw.length - 1], keys) : undefined;
  const rows = raw.map((row) => {
    keys.forEach((_, i) => delete row[`__key${i}`]);
    return row as R;
  });
  // The page's SQL without its window names the filter (and sort): the key of the estimate, for offset pages.
  const pageKey = keyset ? undefined : (deferredKey ?? `${sql.replace(WINDOW, '')}\u0000${JSON.stringify(params)}`);
  const total = await totalOf(counted, { skip: keyset ? undefined : skip, take, rowsOnPage: rows.length }, () => counted.getCount(), pageKey);
  return { rows, ...total, ...(nextCursor ? { nextCursor } : {}) };
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
