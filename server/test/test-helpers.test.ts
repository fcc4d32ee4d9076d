import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, languageOf } from './helpers/api';
import { catalogFactory, contentFactory, memberFactory, roleFactory, siteFactory, staffUserFactory } from './helpers/factories';
import { tokenOf } from './helpers/staff';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin });

describe('the shared request client', () => {
  it('calls as its token, in zh-CN unless told, and as another caller or language when asked', async () => {
    const me = await http.get('/getInfo');
    expect(languageOf(me)).toBe('zh-CN');
    expect(expectOk(me).roles).toEqual(['admin']);

    const anonymous = await http.as(undefined).get('/getInfo');
    expect(anonymous.status).toBe(401);
    const missing = await http.lang('en').delete('/nothing');
    expectError(missing, 404, { en: 'No such endpoint: DELETE /prod-api/nothing' });
    const tw = await http.lang('zh-TW').get('/no/such/route');
    expectMessage(tw, 'zh-TW', '請求位址不存在：GET /prod-api/no/such/route');
    expectMessage(await http.lang(null).get('/no/such/route'), 'zh-CN', /^请求地址不存在/);
  });

  it('fails a message assertion that names another language than the request asked for', async () => {
    const res = await http.lang('en').get('/no/such/route');
    expect(() => expectMessage(res, 'zh-CN', 'No such endpoint: GET /prod-api/no/such/route')).toThrow(/asked for en/);
    expect(() => expectError(res, 404, { en: 'x', 'zh-CN': 'y' })).toThrow(/exactly one language/);
    expect(() => expectOk(res)).toThrow();
  });

  it('uploads a file with form fields', async () => {
    const res = await http.upload('/system/user/importData', { data: Buffer.from('not a sheet'), name: 'users.txt' }, { password: 'Firstpw2026' });
    expectError(res, 400, { 'zh-CN': '请上传 Excel 文件（.xlsx）' });
  });
});

describe('factories', () => {
  it('make staff users with roles, signed in, under unique names', async () => {
    const role = await roleFactory(t, { menus: ['system.post'] });
    const a = await staffUserFactory(t, { roles: [role.roleKey] });
    const b = await staffUserFactory(t);
    expect(a.userName).not.toBe(b.userName);
    expect(expectOk(await http.as(a.token).get('/system/post/list')).rows).toBeInstanceOf(Array);
    expect((await http.as(b.token).get('/system/post/list')).status).toBe(403);
  });

  it('make members through registration', async () => {
    const m = await memberFactory(t);
    expect(expectOk(await http.as(m.token).get('/member/info')).user.userName).toBe(m.userName);
    const [{ n }] = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM member_user WHERE member_id = $1`, [m.id]);
    expect(n).toBe(1);
  });

  it('make a site, a catalog in it and content in the catalog through the API', async () => {
    const by = { target: () => t, token: () => admin };
    const site = await siteFactory(by);
    const catalog = await catalogFactory(by, site.siteId);
    const child = await catalogFactory(by, site.siteId, { parentId: catalog.catalogId, name: '子栏目' });
    expect(child.ancestors).toBe(catalog.catalogId);
    const content = await contentFactory(by, site.siteId, child.catalogId, { title: '标题' });
    const cms = http.with({ headers: { CurrentSite: site.siteId } });
    expect(expectOk(await cms.get(`/cms/content/init/${child.catalogId}/article/${content.contentId}`))).toMatchObject({
      title: '标题',
      catalogId: child.catalogId,
    });
  });
});
