import { PAGING } from '@zhiwen/shared';
import { DataSource, type Logger } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectOk } from '../../../test/helpers/api';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { EXACT_COUNT_BELOW, paginateRaw } from './paginate';

/**
 * Every large list pages through an index, not a sort of its whole table (issue 17): over 20,000 seeded rows of each
 * table, the page query the API really runs (captured from TypeORM as it is sent) is EXPLAINed and may not be a
 * sequential scan of the list's table followed by a sort. The same tables show the estimated totals and the keyset
 * continuation of `paginate`.
 */
const ROWS = 20_000;
let t: TestApp;
let ds: DataSource;
let siteId: string;
let catalogId: string;
const sent: Array<{ sql: string; params: unknown[] }> = [];

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  const admin = await tokenOf(t.app);
  http = api(() => t, { token: () => admin, base: '/prod-api', headers: { CurrentSite: () => siteId } });
  [{ id: siteId }] = await ds.query(`INSERT INTO cms_site (name, path, sort) VALUES ('Lists', 'lists', -100) RETURNING site_id::text AS id`);
  [{ id: catalogId }] = await ds.query(
    `INSERT INTO cms_catalog (site_id, parent_id, ancestors, tree_level, name, alias, path) VALUES ($1, 0, '', 1, 'News', 'news', 'news/')
     RETURNING catalog_id::text AS id`,
    [siteId],
  );
  await ds.query(
    `INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, author, status, sort_flag, create_by)
     SELECT $1, $2::bigint, $2::bigint::text, 'article', 'Article ' || n, 'author', CASE WHEN n % 10 = 0 THEN 'draft' ELSE 'published' END, n, 'admin'
       FROM generate_series(1, $3::int) n`,
    [siteId, catalogId, ROWS],
  );
  await ds.query(
    `INSERT INTO member_user (user_name, nick_name, invite_code) SELECT 'member' || n, 'Member ' || n, lpad(to_hex(n), 5, '0') FROM generate_series(1, $1::int) n`,
    [ROWS],
  );
  const [{ id: memberId }] = await ds.query(`SELECT min(member_id)::text AS id FROM member_user`);
  await ds.query(
    `INSERT INTO check_order (order_no, check_type, total_fee, file_md5, member_id, title)
     SELECT 'NO' || n, (SELECT check_type FROM check_product LIMIT 1), 100, md5(n::text), $1, 'Paper ' || n FROM generate_series(1, $2::int) n`,
    [memberId, ROWS],
  );
  await ds.query(
    `INSERT INTO sys_logininfor (user_name, status, login_time) SELECT 'user' || n, '0', now() - make_interval(secs => n) FROM generate_series(1, $1::int) n`,
    [ROWS],
  );
  await ds.query(
    `INSERT INTO sys_oper_log (title, oper_name, oper_time) SELECT 'Op ' || n, 'admin', now() - make_interval(secs => n) FROM generate_series(1, $1::int) n`,
    [ROWS],
  );
  const [{ id: libraryId }] = await ds.query(
    `INSERT INTO check_library (library_name, library_code, library_kind) VALUES ('Lists', 'lists', 'reference') RETURNING library_id::text AS id`,
  );
  await ds.query(
    `INSERT INTO check_document (library_id, origin_type, title) SELECT $1, 'upload', 'Document ' || n FROM generate_series(1, $2::int) n`,
    [libraryId, ROWS],
  );
  await ds.query('ANALYZE');
  // Every statement the app sends, as sent, beside the logger the app has.
  const logger = ds.logger;
  const capturing: Logger = Object.assign(Object.create(logger) as Logger, {
    logQuery: (sql: string, params?: unknown[]) => {
      sent.push({ sql, params: params ?? [] });
      logger.logQuery(sql, params);
    },
  });
  (ds as unknown as { logger: Logger }).logger = capturing;
}, 120_000);
afterAll(() => t?.close());

let http: ReturnType<typeof api>;

/** Nodes of a plan, depth first. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}
interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Calls the list and EXPLAINs the page query it sent (the one with ORDER BY and LIMIT on `table`). */
async function pagePlan(path: string, table: string): Promise<{ plan: PlanNode; data: { rows: unknown[]; total: number; totalExact?: boolean } }> {
  sent.length = 0;
  const data = expectOk<{ rows: unknown[]; total: number; totalExact?: boolean }>(await http.get(path));
  const page = sent.find((q) => new RegExp(`FROM "${table}"`).test(q.sql) && /ORDER BY/.test(q.sql) && /LIMIT/.test(q.sql));
  expect(page, `page query of ${path} among ${sent.map((q) => q.sql).join('\n')}`).toBeDefined();
  const [row] = (await ds.query(`EXPLAIN (FORMAT JSON) ${page!.sql}`, page!.params)) as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
  return { plan: row['QUERY PLAN'][0].Plan, data };
}

describe('default page of each large list', () => {
  it.each([
    ['content', '/cms/content/list?pageNum=400', 'cms_content'],
    ['catalog content', () => `/cms/content/list?pageNum=400&catalogId=${catalogId}`, 'cms_content'],
    ['members', '/cms/member/list?pageNum=400', 'member_user'],
    ['check orders', '/check/order/list?pageNum=400', 'check_order'],
    ['operation log', '/monitor/operlog/list?pageNum=400', 'sys_oper_log'],
    ['login log', '/monitor/logininfor/list?pageNum=400', 'sys_logininfor'],
    ['check documents', '/check/document/list?pageNum=400', 'check_document'],
  ])('%s is read through an index in its order', async (_name, path, table) => {
    const { plan } = await pagePlan(typeof path === 'function' ? path() : path, table);
    const all = nodes(plan);
    const seqScan = all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table);
    // A deferred join (PaginateOptions.deferredJoin) sorts the one page of rows it read, never the table's rows.
    const sort = all.some((n) => (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort') && n['Plan Rows'] > PAGING.defaultPageSize);
    expect({ seqScan, sort }, JSON.stringify(plan)).not.toEqual({ seqScan: true, sort: true });
    expect(sort, JSON.stringify(plan)).toBe(false);
  });
});

describe('totals of large lists', () => {
  it('are estimated above the threshold and say so; a filtered list under it is counted exactly', async () => {
    const all = expectOk(await http.get('/monitor/operlog/list'));
    expect(all.totalExact).toBe(false);
    expect(all.total).toBeGreaterThanOrEqual(EXACT_COUNT_BELOW);
    expect(Math.abs(all.total - ROWS)).toBeLessThan(ROWS / 5);
    const few = expectOk(await http.get('/monitor/operlog/list?title=Op%201999'));
    expect(few).toMatchObject({ total: 11 });
    expect(few.totalExact).toBeUndefined();
  });

  it('are exact on the last page, which ends the list', async () => {
    const last = expectOk(await http.get(`/cms/member/list?pageSize=500&pageNum=${ROWS / 500}`));
    expect(last.rows).toHaveLength(500);
    const past = expectOk(await http.get(`/cms/member/list?pageSize=300&pageNum=${Math.ceil(ROWS / 300)}`));
    expect(past.rows).toHaveLength(ROWS % 300);
    expect(past).toMatchObject({ total: ROWS });
    expect(past.totalExact).toBeUndefined();
  });
});

describe('deep pages by deferred join', () => {
  it('answer the rows of the plain offset query, and walk the skipped rows in the index alone', async () => {
    const { plan, data } = await pagePlan('/cms/content/list?pageNum=700&pageSize=20', 'cms_content');
    const expected = await ds.query(
      `SELECT content_id::text AS id FROM cms_content WHERE site_id = $1 AND status <> 'deleted'
        ORDER BY top_flag DESC, sort_flag DESC, content_id DESC LIMIT 20 OFFSET 13980`,
      [siteId],
    );
    expect(data.rows.map((r) => (r as { contentId: string }).contentId)).toEqual(expected.map((r: { id: string }) => r.id));
    expect(data.rows[0]).toMatchObject({ catalogName: 'News', title: expect.any(String) });
    // The skipped 13,980 rows are walked in the list's index for their keys alone; the table's rows are read by
    // primary key for the page's 20 rows.
    const scans = nodes(plan).filter((n) => n['Relation Name'] === 'cms_content');
    expect(scans.map((n) => n['Index Name']).sort(), JSON.stringify(plan)).toEqual(['cms_content_pkey', 'cms_content_site_list_idx']);
    // Once the visibility map allows (as autovacuum leaves a table), without reading the table: the key query does
    // not join the catalog, whose key column the index does not hold.
    await ds.query('VACUUM cms_content');
    const vacuumed = nodes((await pagePlan('/cms/content/list?pageNum=700&pageSize=20', 'cms_content')).plan);
    expect(vacuumed.find((n) => n['Index Name'] === 'cms_content_site_list_idx')?.['Node Type'], JSON.stringify(vacuumed)).toBe('Index Only Scan');
    // Filters and a sort by another column still apply to the key query.
    const drafts = expectOk<{ rows: Array<{ contentId: string; status: string }> }>(
      await http.get('/cms/content/list?pageNum=50&pageSize=20&status=draft&orderByColumn=createTime&isAsc=asc'),
    );
    const expectedDrafts = await ds.query(
      `SELECT content_id::text AS id FROM cms_content WHERE site_id = $1 AND status = 'draft' ORDER BY create_time ASC LIMIT 20 OFFSET 980`,
      [siteId],
    );
    expect(drafts.rows.every((r) => r.status === 'draft')).toBe(true);
    expect(new Set(drafts.rows.map((r) => r.contentId))).toEqual(new Set(expectedDrafts.map((r: { id: string }) => r.id)));
  });
});

describe('the key query of a deferred join', () => {
  /** The key query of the page query last sent (the subquery with the page's window). */
  const keyQuery = () => {
    const sql = /IN \((SELECT .* LIMIT 5 OFFSET 10)\)/s.exec(sent.find((q) => /LIMIT 5 OFFSET 10/.test(q.sql))?.sql ?? '')?.[1];
    expect(sql, sent.map((q) => q.sql).join('\n')).toBeDefined();
    return sql!;
  };
  const page = (alias?: string) => {
    const qb = ds
      .createQueryBuilder()
      .select('c.content_id::text', 'id')
      .addSelect('cat.name', 'catalogName')
      .from('CmsContent', 'c')
      .leftJoin('CmsCatalog', 'cat', 'cat.catalog_id = c.catalog_id')
      .where('c.site_id = :siteId', { siteId });
    if (alias) qb.andWhere('cat.alias = :alias', { alias });
    sent.length = 0;
    return paginateRaw<{ id: string; catalogName: string }>(
      qb,
      { pageNum: 3, pageSize: 5 },
      { sortable: {}, defaultOrder: { 'c.content_id': 'DESC' }, deferredJoin: true },
    );
  };
  const expected = async () =>
    (await ds.query(`SELECT content_id::text AS id FROM cms_content WHERE site_id = $1 ORDER BY content_id DESC LIMIT 5 OFFSET 10`, [siteId])).map(
      (r: { id: string }) => r.id,
    );

  it('leaves out a left join its filter and order do not name', async () => {
    const { rows } = await page();
    expect(rows.map((r) => r.id)).toEqual(await expected());
    expect(rows[0].catalogName).toBe('News');
    expect(keyQuery()).not.toMatch(/JOIN/);
  });

  it('keeps a left join its filter names', async () => {
    const { rows } = await page('news');
    expect(rows.map((r) => r.id)).toEqual(await expected());
    expect(keyQuery()).toMatch(/LEFT JOIN "cms_catalog" "cat"/);
    expect((await page('elsewhere')).rows).toEqual([]);
  });
});

describe('keyset continuation', () => {
  it('pages forward through a list by cursor, the same rows as by page number', async () => {
    const first = expectOk(await http.get('/cms/content/list?pageSize=50'));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = expectOk(await http.get(`/cms/content/list?pageSize=50&cursor=${first.nextCursor}`));
    const byNumber = expectOk(await http.get('/cms/content/list?pageSize=50&pageNum=2'));
    expect(second.rows.map((r: { contentId: string }) => r.contentId)).toEqual(byNumber.rows.map((r: { contentId: string }) => r.contentId));
    expect(second.total).toBe(first.total);
  });

  it('reads the page after the cursor through the index, without an offset', async () => {
    const first = expectOk(await http.get('/monitor/operlog/list?pageSize=20'));
    const { plan, data } = await pagePlan(`/monitor/operlog/list?pageSize=20&cursor=${first.nextCursor}`, 'sys_oper_log');
    expect(data.rows).toHaveLength(20);
    expect(
      nodes(plan).some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Seq Scan'),
      JSON.stringify(plan),
    ).toBe(false);
  });

  it('refuses a cursor it did not issue', async () => {
    const res = await http.get(`/cms/content/list?cursor=${Buffer.from(`{"k":["1"]}`).toString('base64url')}`);
    expect(res.body).toMatchObject({ code: 500 });
  });
});
