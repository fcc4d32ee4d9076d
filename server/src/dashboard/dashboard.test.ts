import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/helpers/member';
import { createRole, createStaffUser, tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { newOrderNo } from '../check/order/check-order-transition.service';
import { serverTimeZone } from '../common/stats/daily-stats';

let t: TestApp;
let ds: DataSource;
let admin: string;
const TZ = serverTimeZone();
const DAYS = 30;

/** The instant `time` (local, HH:MM:SS) of the day `daysAgo` days before today, in the server's time zone. */
async function local(daysAgo: number, time = '12:00:00'): Promise<Date> {
  const [{ ts }] = await ds.query(`SELECT (((now() AT TIME ZONE $1)::date - $2::int) + $3::time) AT TIME ZONE $1 AS ts`, [TZ, daysAgo, time]);
  return ts as Date;
}

/** A series of the window with `values[k]` on the day k days ago, 0 elsewhere. */
function series(values: Record<number, number>): number[] {
  const out = Array<number>(DAYS).fill(0);
  for (const [ago, v] of Object.entries(values)) out[DAYS - 1 - Number(ago)] = v;
  return out;
}
const figure = (values: Record<number, number>) => {
  const s = series(values);
  return { today: s[DAYS - 1], total: s.reduce((a, b) => a + b, 0), series: s };
};

const dashboard = (token: string) => request(t.server).get('/prod-api/dashboard').set('Authorization', `Bearer ${token}`);

async function order(fee: number, status: string, created: Date, paid: Date | null): Promise<string> {
  const [{ order_id }] = await ds.query(
    `INSERT INTO check_order (order_no, check_type, total_fee, status, file_md5, member_id, create_time, pay_time) VALUES ($1, 'bkysb', $2, $3, 'md5', 1, $4, $5) RETURNING order_id`,
    [newOrderNo(), fee, status, created, paid],
  );
  return String(order_id);
}
const orderLog = (orderId: string, from: string, to: string, at: Date) =>
  ds.query(`INSERT INTO check_order_log (order_id, from_status, to_status, create_time) VALUES ($1, $2, $3, $4)`, [orderId, from, to, at]);
const usage = (generationId: string | null, tokens: [number, number], at: Date, status = 'success') =>
  ds.query(
    `INSERT INTO ai_usage_log (member_id, tool_slug, generation_id, provider_name, model, prompt_tokens, completion_tokens, status, create_time)
     VALUES (1, 'essay', $1, 'p', 'm', $2, $3, $4, $5)`,
    [generationId, tokens[0], tokens[1], status, at],
  );
let invite = 0;
const member = (registered: Date, deleted = false) =>
  ds.query(`INSERT INTO member_user (user_name, invite_code, register_time, del_flag) VALUES ($1, $2, $3, $4)`, [
    `dash_m${++invite}`,
    `Q${String(invite).padStart(4, '0')}`,
    registered,
    deleted ? '1' : '0',
  ]);

let siteId: string;
let catalogA: string;
let catalogB: string;
async function catalog(alias: string): Promise<string> {
  const [{ id }] = await ds.query(
    `INSERT INTO cms_catalog (site_id, parent_id, ancestors, tree_level, name, alias, path, catalog_type) VALUES ($1, 0, '', 1, $2, $2, $3, 'common') RETURNING catalog_id::text AS id`,
    [siteId, alias, `${alias}/`],
  );
  return id;
}
const content = (catalogId: string, status: string, publishDate: Date | null) =>
  ds.query(
    `INSERT INTO cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, status, publish_date) VALUES ($1, $2, $5, 'article', 'x', $3, $4)`,
    [siteId, catalogId, status, publishDate, catalogId],
  );

let ordersOnly: string;
let membersAndContent: string;
let nothing: string;
let contentBaseline: number[];

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  [{ site_id: siteId }] = await ds.query(`INSERT INTO cms_site (name, path) VALUES ('Dash site', 'dashsite') RETURNING site_id::text`);
  catalogA = await catalog('dasha');
  catalogB = await catalog('dashb');
  contentBaseline = (await dashboard(admin)).body.data.content.published.series;

  await createRole(t.app, 'dash_orders', ['check.order']);
  await createRole(t.app, 'dash_members_content', ['cms.member.member', 'cms.content']);
  await createRole(t.app, 'dash_nothing', []);
  await createStaffUser(t.app, { userName: 'dash_orders1', password: 'DashOrders1', roles: ['dash_orders'] });
  const mc = await createStaffUser(t.app, { userName: 'dash_mc1', password: 'DashMembers1', roles: ['dash_members_content'] });
  await createStaffUser(t.app, { userName: 'dash_none1', password: 'DashNone123', roles: ['dash_nothing'] });
  // The content user may view catalog A only.
  await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [mc, `Catalog:View:${catalogA}`]);
  ordersOnly = await tokenOf(t.app, 'dash_orders1', 'DashOrders1');
  membersAndContent = await tokenOf(t.app, 'dash_mc1', 'DashMembers1');
  nothing = await tokenOf(t.app, 'dash_none1', 'DashNone123');

  // Orders: two today (one refunded since), one 3 days ago, one on the window's first day at 00:00 (in),
  // one a second before it (out).
  const a = await order(1500, 'done', await local(0, '09:00:00'), await local(0, '09:01:00'));
  await order(500, 'refunded', await local(0, '10:00:00'), await local(0, '10:01:00'));
  const c = await order(800, 'failed', await local(3), await local(2, '23:59:59'));
  await order(300, 'created', await local(DAYS - 1, '00:00:00'), null);
  await order(700, 'done', await local(DAYS, '23:59:59'), await local(DAYS, '23:59:59'));
  await orderLog(a, 'checking', 'done', await local(0, '09:30:00'));
  await orderLog(a, 'queued', 'checking', await local(0, '09:10:00'));
  await orderLog(c, 'checking', 'failed', await local(2));
  await orderLog(c, 'checking', 'failed', await local(1));
  await orderLog(c, 'checking', 'done', await local(DAYS));

  // AI: generation 1 failed over (two calls), generation 2 once, a check rewrite call (no generation); one call 5 days ago.
  await usage('1', [10, 20], await local(0), 'failed');
  await usage('1', [10, 30], await local(0));
  await usage('2', [5, 5], await local(0));
  await usage(null, [100, 200], await local(0));
  await usage('3', [1, 2], await local(5));

  // Members: one registered through the API today, two by hand 4 days ago, a deleted one.
  expect((await register(t.app, { username: 'dash_reg1', password: 'Member123' })).body.code).toBe(200);
  await member(await local(4));
  await member(await local(4, '23:59:59'));
  await member(await local(4), true);

  // Content: published today in A and B, re-edited 6 days ago in A; a draft, a scheduled one, one offline: none counts.
  await content(catalogA, 'published', await local(0, '00:00:01'));
  await content(catalogB, 'published', await local(0, '00:00:01'));
  await content(catalogA, 're_edit', await local(6));
  await content(catalogA, 'draft', await local(0, '00:00:01'));
  await content(catalogA, 'to_publish', new Date(Date.now() + 3_600_000 * 24 * 3));
  await content(catalogA, 'offline', await local(1));
});
afterAll(() => t?.close());

describe('GET /dashboard', () => {
  it('answers the super administrator every section over the last 30 days of the server time zone, zero-filled', async () => {
    const res = await dashboard(admin);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.timeZone).toBe(TZ);
    expect(data.days).toHaveLength(DAYS);
    const [{ today }] = await ds.query(`SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS today`, [TZ]);
    expect(data.days[DAYS - 1]).toBe(today);
    expect(new Date(`${data.days[DAYS - 1]}T00:00:00Z`).getTime() - new Date(`${data.days[0]}T00:00:00Z`).getTime()).toBe((DAYS - 1) * 86_400_000);

    expect(data.checkOrders).toEqual({
      orders: figure({ 0: 2, 3: 1, [DAYS - 1]: 1 }),
      revenue: figure({ 0: 1500, 2: 800 }),
      finished: figure({ 0: 1 }),
      failed: figure({ 2: 1, 1: 1 }),
    });
    expect(data.ai).toEqual({ generations: figure({ 0: 2, 5: 1 }), tokens: figure({ 0: 380, 5: 3 }) });
    expect(data.members).toEqual({ registered: figure({ 0: 1, 4: 2 }) });
    const expected = [...contentBaseline];
    expected[DAYS - 1] += 2;
    expected[DAYS - 1 - 6] += 1;
    expect(data.content.published.series).toEqual(expected);
    expect(data.content.published.today).toBe(expected[DAYS - 1]);
    // Days without data are 0.
    expect(data.checkOrders.orders.series.filter((v: number) => v === 0)).toHaveLength(DAYS - 3);
    expect(data.members.registered.series[DAYS - 2]).toBe(0);
  });

  it('shows a staff user only the sections of the permissions held', async () => {
    const orders = (await dashboard(ordersOnly)).body.data;
    expect(Object.keys(orders).sort()).toEqual(['checkOrders', 'days', 'timeZone']);
    expect(orders.checkOrders.revenue.total).toBe(2300);

    const mc = (await dashboard(membersAndContent)).body.data;
    expect(Object.keys(mc).sort()).toEqual(['content', 'days', 'members', 'timeZone']);
    expect(mc.members.registered.total).toBe(3);
    // Content only of the catalogs the caller may view: A's today and 6 days ago, not B's.
    expect(mc.content.published).toEqual(figure({ 0: 1, 6: 1 }));

    const none = await dashboard(nothing);
    expect(none.status).toBe(200);
    expect(Object.keys(none.body.data).sort()).toEqual(['days', 'timeZone']);
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await request(t.server).get('/prod-api/dashboard');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });
});
