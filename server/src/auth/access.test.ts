import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { memberTokenOf } from '../../test/helpers/member';
import { createRole, createStaffUser, tokenOf } from '../../test/helpers/staff';
import { api } from '../../test/helpers/api';

/** Routes anyone may call. Adding one here is a security decision. */
const PUBLIC = new Set([
  'GET /prod-api/health',
  'GET /prod-api/captchaImage',
  'POST /prod-api/login',
  'POST /prod-api/logout',
  'GET /prod-api/system/i18n/dict/langOptions',
  'GET /prod-api/storage/avatar/1',
  'POST /prod-api/register',
  'POST /prod-api/member/login',
  'POST /prod-api/member/logout',
  'GET /prod-api/wechat/qrConfig',
  'GET /prod-api/wechatLogin',
  'GET /prod-api/ai/tools',
  'GET /prod-api/ai/tools/1',
  'GET /prod-api/check/products',
  'GET /prod-api/check/sample-report',
  'GET /prod-api/check/payment/methods',
  // The site search for page script of published sites (global per-address rate limit).
  'GET /prod-api/api/cms/search/query',
  // Payment providers' notifications: verified by their signatures, not by a session.
  'POST /prod-api/payment/notify/1',
  // Site statistics: the beacon of published pages and its script.
  'GET /prod-api/api/stat/visit',
  'POST /prod-api/api/stat/visit',
  'GET /prod-api/api/stat/beacon.js',
  // Ads of published pages: the click redirect (to the advert's own URL), the click and view beacons, the picking script.
  'GET /prod-api/api/adv/redirect',
  'GET /prod-api/api/adv/click',
  'POST /prod-api/api/adv/click',
  'GET /prod-api/api/adv/view',
  'POST /prod-api/api/adv/view',
  'GET /prod-api/api/adv/adspace.js',
  // Votes for page script of published sites: open votes, results as their view type allows, submissions (limits per voter).
  'GET /prod-api/api/vote/1',
  'GET /prod-api/api/vote/result/1',
  'POST /prod-api/api/vote',
  // Custom forms for page script of published sites: a published form, its captcha, submissions (captcha, rate limit, limit rules).
  'GET /prod-api/api/customform/captchaImage',
  'GET /prod-api/api/customform/form',
  'POST /prod-api/api/customform/submit',
  // Dynamic pages (动态模板): templates of published sites rendered per request (a member page token adds the member).
  'GET /prod-api/api/dynamic/1/1/1',
  // Comments for page script of published sites: passed ones only.
  'GET /prod-api/api/comment/1/1',
  'GET /prod-api/api/comment/reply/1',
  'GET /prod-api/api/comment/user/1',
]);
/** Routes only a signed-in member of the public site may call (@MemberOnly); staff tokens get 401 there. */
const MEMBER = new Set([
  'GET /prod-api/member/info',
  'PUT /prod-api/member/profile',
  'PUT /prod-api/member/password',
  'POST /prod-api/member/avatar',
  'POST /prod-api/member/wechat/bind',
  'POST /prod-api/api/member/page-token',
  'POST /prod-api/ai/tools/1/generate',
  'GET /prod-api/ai/history/list',
  'GET /prod-api/ai/history/1',
  'DELETE /prod-api/ai/history/1',
  'POST /prod-api/check/orders',
  'GET /prod-api/check/orders',
  'GET /prod-api/check/orders/unread',
  'GET /prod-api/check/orders/1',
  'POST /prod-api/check/orders/1/pay',
  'POST /prod-api/check/orders/1/resume',
  'GET /prod-api/check/reports/1',
  'POST /prod-api/api/comment/submit',
  'PUT /prod-api/api/comment/like/1',
  'DELETE /prod-api/api/comment/1',
]);
/** Routes any signed-in staff member may call. */
const SIGNED_IN = new Set([
  'GET /prod-api/getInfo',
  'GET /prod-api/getRouters',
  'GET /prod-api/cms/site/getCurrentSite',
  'GET /prod-api/dashboard',
  'GET /prod-api/system/security/config/check',
  'GET /prod-api/system/user/profile',
  'PUT /prod-api/system/user/profile',
  'PUT /prod-api/system/user/profile/updatePwd',
  'GET /prod-api/system/user/preferences',
  'PUT /prod-api/system/user/preferences',
  'GET /prod-api/system/config/configKey/1',
  'GET /prod-api/system/dict/type/optionselect',
  'GET /prod-api/system/dict/data/type/1',
  'GET /prod-api/system/i18n/dict/langKey/1',
  'GET /prod-api/system/post/optionselect',
  'POST /prod-api/system/user/profile/avatar',
]);

let t: TestApp;
let routes: Array<{ method: string; path: string; exportTwin: boolean }>;

beforeAll(async () => {
  // Every route is called several times from one address: more than the default limit of 1200 a minute.
  t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const doc = (await request(t.server).get('/prod-api/docs-json')).body;
  routes = Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, '1'),
      exportTwin: op.operationId.endsWith('_export'),
    })),
  );
  await createRole(t.app, 'nothing', []);
  await createStaffUser(t.app, { userName: 'nobody', password: 'Nobody123', roles: ['nothing'] });
  await createRole(t.app, 'useradmin', ['system.user']);
  await createStaffUser(t.app, { userName: 'useradmin1', password: 'Useradmin1', roles: ['useradmin'] });
});
afterAll(() => t?.close());

const http = api(() => t, { base: '' });

describe('deny by default', () => {
  it('finds the routes to check in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(9);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining([...PUBLIC, ...SIGNED_IN, ...MEMBER]));
  });

  it('answers 401 without a token on every route that is not public', async () => {
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      const res = await http.request(r.method, r.path).set(r.exportTwin ? { 'cc-export': '1' } : {});
      if (PUBLIC.has(key)) expect(res.status, key).not.toBe(401);
      else {
        expect(res.status, key).toBe(401);
        expect(res.body.code, key).toBe(401);
      }
    }
  });

  it('answers 403 to a signed-in user lacking the permission, on every route that needs one', async () => {
    const token = await tokenOf(t.app, 'nobody', 'Nobody123');
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC.has(key) || key === 'POST /prod-api/logout') continue;
      const res = await http
        .as(token)
        .request(r.method, r.path)
        .set(r.exportTwin ? { 'cc-export': '1' } : {});
      if (SIGNED_IN.has(key)) expect([401, 403], key).not.toContain(res.status);
      else if (MEMBER.has(key)) expect(res.status, key).toBe(401);
      else {
        expect(res.status, key).toBe(403);
        expect(res.body, key).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
  });
});

describe('realms', () => {
  it('lets a member token through member routes only: every staff route answers 401, as if no one signed in', async () => {
    const token = await memberTokenOf(t.app, 'realmtester', 'Realm123');
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC.has(key)) continue;
      const res = await http
        .as(token)
        .request(r.method, r.path)
        .set(r.exportTwin ? { 'cc-export': '1' } : {});
      if (MEMBER.has(key)) expect([401, 403], key).not.toContain(res.status);
      else expect({ key, status: res.status, code: res.body.code }).toEqual({ key, status: 401, code: 401 });
    }
    // The member session is still alive after all that.
    expect((await http.as(token).get('/prod-api/member/info')).status).toBe(200);
  });
});

describe('route tree', () => {
  it('gives the super administrator every top-level directory', async () => {
    const token = await tokenOf(t.app);
    const res = await http.as(token).get('/prod-api/getRouters');
    const top = res.body.data.map((r: { path: string }) => r.path);
    expect(top).toEqual(expect.arrayContaining(['/system', '/monitor', '/cms', '/check', '/ai', '/tool']));
    const system = res.body.data.find((r: { path: string }) => r.path === '/system');
    expect(system).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noRedirect', hidden: false, meta: { title: '系统管理' } });
    const user = system.children.find((c: { path: string }) => c.path === 'user');
    expect(user).toMatchObject({ name: 'User', component: 'system/user/index', meta: { title: '用户管理', noCache: false, link: null } });
    // Buttons are permissions, not routes.
    expect(JSON.stringify(res.body.data)).not.toContain('system:user:add');
  });

  it("gives a restricted role only its own screens, titled in the caller's language", async () => {
    const token = await tokenOf(t.app, 'useradmin1', 'Useradmin1');
    const res = await http.as(token).get('/prod-api/getRouters').set('Accept-Language', 'en');
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ path: '/system', meta: { title: 'System' } });
    expect(res.body.data[0].children.map((c: { path: string; meta: { title: string } }) => [c.path, c.meta.title])).toEqual([['user', 'Users']]);
    const tw = await http.as(token).get('/prod-api/getRouters').set('Accept-Language', 'zh-TW');
    expect(tw.body.data[0].children[0].meta.title).toBe('使用者管理');
    const info = await http.as(token).get('/prod-api/getInfo');
    expect(info.body.data.permissions).toEqual(expect.arrayContaining(['system:user:list', 'system:user:add', 'system:user:resetPwd']));
    expect(info.body.data.permissions).not.toContain('system:role:list');
    expect((await http.as(token).get('/prod-api/monitor/online/list')).status).toBe(403);
  });
});

describe('online users', () => {
  it('lists open sessions and forces one offline at its next request', async () => {
    const admin = await tokenOf(t.app);
    const victim = await tokenOf(t.app, 'useradmin1', 'Useradmin1');
    const list = await http.as(admin).get('/prod-api/monitor/online/list?userName=useradmin');
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);
    const session = list.body.data.rows[0];
    expect(session).toMatchObject({ userName: 'useradmin1', deptName: '智文科技' });
    expect(JSON.stringify(list.body)).not.toContain('permissions');
    expect((await http.as(victim).get('/prod-api/getInfo')).status).toBe(200);
    const forced = await http.as(admin).delete(`/prod-api/monitor/online/${session.tokenId}`);
    expect(forced.body.code).toBe(200);
    const after = await http.as(victim).get('/prod-api/getInfo');
    expect(after.status).toBe(401);
  });
});

describe('sessions across instances', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp({ db, env });
    b = await startTestApp({ db, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('lets a token from one instance work on another, and a force logout on one end it on the other', async () => {
    const token = await tokenOf(a.app);
    expect((await request(b.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const other = await tokenOf(b.app);
    const list = await request(b.server).get('/prod-api/monitor/online/list').set('Authorization', `Bearer ${other}`);
    const tokenId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    expect(list.body.data.rows.map((r: { tokenId: string }) => r.tokenId)).toContain(tokenId);
    await request(b.server).delete(`/prod-api/monitor/online/${tokenId}`).set('Authorization', `Bearer ${other}`);
    expect((await request(a.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });
});
