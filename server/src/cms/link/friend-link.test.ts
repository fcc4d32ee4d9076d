import ExcelJS from 'exceljs';
import { buffer as readAll } from 'node:stream/consumers';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, type Row } from '../../../test/helpers/api';
import { binaryParser } from '../../../test/helpers/binary';
import { roleFactory, siteFactory, staffUserFactory } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { Pool } from 'pg';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { PipeDataProvider, SiteReadModel } from '../publish/publish-read-model';
import { renderTemplate } from '../template/engine';
import { memorySource } from '../template/engine/test-fixtures';

let t: TestApp;
let ds: DataSource;
let admin: string;
let site: { siteId: string; path: string };
let otherSiteId: string;
const by = { target: () => t, token: () => admin };

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  site = await siteFactory(by);
  otherSiteId = (await siteFactory(by)).siteId;
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, headers: { CurrentSite: () => site.siteId } });
const other = http.with({ headers: { CurrentSite: () => otherSiteId } });

/** The published home page of the site once it contains `text` (publishing runs in the background). */
async function homePageWith(text: string, absent = false): Promise<string> {
  const storage = t.app.get<FileStorage>(FILE_STORAGE);
  const end = Date.now() + 30_000;
  let page = '';
  while (Date.now() < end) {
    const key = (await storage.list(`site/${site.path}`)).find((k) => /\/[A-Za-z0-9_]+\/index\.s?html?$/.test(k));
    if (key) {
      const stream = await storage.get(key);
      page = stream ? (await readAll(stream)).toString('utf8') : '';
      if (page.includes(text) !== absent) return page;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return page;
}

describe('friend link groups', () => {
  it('adds, edits, lists and deletes groups; codes are unique in a site', async () => {
    const group = expectOk(await http.post('/cms/link_group', { name: '合作伙伴', code: 'partner', sortFlag: 2 }));
    expect(group).toMatchObject({ siteId: site.siteId, name: '合作伙伴', code: 'partner', sortFlag: 2 });
    expectMessage(await http.post('/cms/link_group', { name: '又一个', code: 'partner' }), 'zh-CN', '当前站点已有编码为“partner”的友情链接分组');
    expectOk(await other.post('/cms/link_group', { name: '合作伙伴', code: 'partner' }));
    const second = expectOk(await http.post('/cms/link_group', { name: '媒体', code: 'media', sortFlag: 1 }));
    expect(expectOk(await http.put('/cms/link_group', { groupId: second.groupId, name: '媒体链接', code: 'media2', sortFlag: 1 }))).toMatchObject({
      name: '媒体链接',
      code: 'media2',
    });
    const list = expectOk(await http.get('/cms/link_group'));
    expect(list.rows.map((g: Row) => [g.code, g.linkTotal])).toEqual([
      ['media2', 0],
      ['partner', 0],
    ]);
    expect(expectOk(await http.get('/cms/link_group?query=partner')).rows.map((g: Row) => g.code)).toEqual(['partner']);

    // Deleting a group deletes its links; another site's group is not found.
    expectOk(await http.post('/cms/link', { groupId: second.groupId, name: '临时', url: 'https://tmp.example.com/' }));
    expectError(await other.delete('/cms/link_group').send([second.groupId]), 404, { 'zh-CN': '友情链接分组不存在' });
    expectOk(await http.delete('/cms/link_group').send([second.groupId]));
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM cms_friend_link WHERE group_id = $1`, [second.groupId]);
    expect(n).toBe(0);
    expectError(await http.delete('/cms/link_group').send([second.groupId]), 404, { 'zh-CN': '友情链接分组不存在' });
  });

  it('refuses bad group input with its message', async () => {
    expectMessage(await http.post('/cms/link_group', { name: '', code: 'x' }), 'zh-CN', '分组名称不能为空，且不能超过 100 个字符');
    expectMessage(
      await http.lang('en').post('/cms/link_group', { name: 'A', code: 'bad code' }),
      'en',
      'The group code must not be empty, may contain only letters, digits and underscores, and at most 50 characters',
    );
    expectError(await http.put('/cms/link_group', { groupId: '999999999', name: 'A', code: 'a' }), 404, { 'zh-CN': '友情链接分组不存在' });
  });
});

describe('friend links', () => {
  let groupId: string;
  beforeAll(async () => {
    groupId = expectOk(await http.post('/cms/link_group', { name: '友情链接', code: 'friend' })).groupId;
  });

  it('adds, edits, lists by sort and deletes links; only http(s) addresses and library logos', async () => {
    const b = expectOk(await http.post('/cms/link', { groupId, name: '乙站', url: 'https://b.example.com/', sortFlag: 2 }));
    const a = expectOk(
      await http.post('/cms/link', { groupId, name: '甲站', url: 'http://a.example.com/x?y=1', logo: 'resources/202611/logo.png', sortFlag: 1 }),
    );
    expect(a).toMatchObject({ groupId, name: '甲站', url: 'http://a.example.com/x?y=1', logo: 'resources/202611/logo.png', sortFlag: 1 });
    const rows = expectOk(await http.get(`/cms/link?groupId=${groupId}`)).rows as Row[];
    expect(rows.map((l) => l.name)).toEqual(['甲站', '乙站']);
    // The list gives the logo's URL for the screen's preview (the site's resource base), '' without a logo.
    expect(rows.map((l) => l.logoSrc)).toEqual([expect.stringMatching(/^\S*\/resources\/202611\/logo\.png$/), '']);
    expect(expectOk(await http.get(`/cms/link?query=b.example`)).rows.map((l: Row) => l.name)).toEqual(['乙站']);

    for (const url of [
      'javascript:alert(1)',
      '/relative',
      'ftp://x.example.com/',
      'https://x.example.com/"onmouseover=1',
      'https://a b.example.com/',
    ]) {
      expectMessage(
        await http.post('/cms/link', { groupId, name: '坏', url }),
        'zh-CN',
        '链接地址必须以 http:// 或 https:// 开头，不能含空格或引号，且不能超过 500 个字符',
      );
    }
    for (const logo of ['../etc/passwd', 'https://evil.example.com/x.png', 'resources/../../x.png']) {
      expectMessage(await http.post('/cms/link', { groupId, name: '坏', url: 'https://x.example.com/', logo }), 'zh-CN', 'Logo 必须是素材库中的图片');
    }
    expectMessage(
      await http.lang('en').post('/cms/link', { groupId, name: '', url: 'https://x.example.com/' }),
      'en',
      'The link name must not be empty or longer than 100 characters',
    );
    expectError(await other.post('/cms/link', { groupId, name: '他站', url: 'https://x.example.com/' }), 404, { 'zh-CN': '友情链接分组不存在' });
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM cms_friend_link WHERE group_id = $1`, [groupId]);
    expect(n, 'nothing was saved by the refused requests').toBe(2);

    const edited = expectOk(await http.put('/cms/link', { linkId: b.linkId, groupId, name: '乙站点', url: 'https://b2.example.com/', sortFlag: 0 }));
    expect(edited).toMatchObject({ name: '乙站点', url: 'https://b2.example.com/', sortFlag: 0 });
    expect((expectOk(await http.get(`/cms/link?groupId=${groupId}`)).rows as Row[]).map((l) => l.name)).toEqual(['乙站点', '甲站']);
    expectError(await other.put('/cms/link', { linkId: b.linkId, groupId, name: 'x', url: 'https://x.example.com/' }), 404, {
      'zh-CN': '友情链接不存在',
    });
    expectError(await other.delete('/cms/link').send([a.linkId]), 404, { 'zh-CN': '友情链接不存在' });
    const temp = expectOk(await http.post('/cms/link', { groupId, name: '删掉', url: 'https://d.example.com/' }));
    expectOk(await http.delete('/cms/link').send([temp.linkId]));
    expect(expectOk(await http.get(`/cms/link?groupId=${groupId}&query=删`)).total).toBe(0);
  });

  it('exports the links of a group as Excel', async () => {
    const res = await http.post('/cms/link').set('cc-export', '1').send({ groupId }).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['名称', '链接地址', 'Logo']));
    const names = sheet.getColumn(1).values.slice(2);
    expect(names).toEqual(expect.arrayContaining(['甲站', '乙站点']));
  });

  it('shows the group in the published footer, republished when a link changes', async () => {
    const link = expectOk(await http.post('/cms/link', { groupId, name: '丙站', url: 'https://c.example.com/', sortFlag: 5 }));
    let page = await homePageWith('丙站');
    expect(page).toContain('<nav class="friend-links"');
    expect(page).toContain('<a href="https://c.example.com/" target="_blank" rel="noopener" title="丙站">丙站</a>');
    // The logo of a link is its library image's URL.
    expect(page).toMatch(/<img src="[^"]*resources\/202611\/logo\.png" alt="甲站">/);
    expect(page.indexOf('乙站点')).toBeLessThan(page.indexOf('甲站'));
    expectOk(await http.delete('/cms/link').send([link.linkId]));
    page = await homePageWith('丙站', true);
    expect(page).not.toContain('丙站');
  });

  it('is read once per pipe for all the pages of one publish job, and anew by the next job', async () => {
    const pool = (ds.driver as unknown as { master: Pool }).master;
    const model = (await SiteReadModel.load(pool, site.siteId))!;
    const render = (provider: PipeDataProvider) =>
      renderTemplate('f.template.html', {
        source: memorySource({ 'f.template.html': `{% link_list code:'friend' %}[{{ item.name }}]{% endlink_list %}` }),
        provider,
        context: { pipe: 'pc' },
      });
    const run = model.provider('pc', true);
    const before = await render(run);
    expect(before).toContain('[甲站]');
    const added = expectOk(await http.post('/cms/link', { groupId, name: '丁站', url: 'https://d.example.com/', sortFlag: 9 }));
    // The job's pages on a pipe show one snapshot of the group (one query, not one per page), whether its task renders
    // many pages or one; another pipe reads its own.
    expect(await render(run)).toBe(before);
    expect(await render(model.provider('pc'))).toBe(before);
    expect(await render(model.provider('h5'))).toContain('[丁站]');
    // The next job (or a preview) reads the group anew.
    const next = (await SiteReadModel.load(pool, site.siteId))!;
    expect(await render(next.provider('pc'))).toContain('[丁站]');
    expectOk(await http.delete('/cms/link').send([added.linkId]));
  });

  it('needs the friend link permissions', async () => {
    // A role with another screen's rights only: every friend link route is refused, nothing is written.
    const role = await roleFactory(t, { menus: ['cms.word.hotWord'] });
    const staff = await staffUserFactory(t, { roles: [role.id] });
    const as = http.as(staff.token);
    expectError(await as.get('/cms/link'), 403);
    expectError(await as.get('/cms/link_group'), 403);
    expectError(await as.post('/cms/link_group', { name: 'x', code: 'x' }), 403);
    expectError(await as.put('/cms/link', { linkId: '1', groupId, name: 'x', url: 'https://x.example.com/' }), 403);
    expectError(await as.delete('/cms/link').send(['1']), 403);
    expectError(await http.as(undefined).get('/cms/link'), 401);
  });
});
