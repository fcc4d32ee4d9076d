import { buffer as readAll } from 'node:stream/consumers';
import { DataSource as DataSourceToken } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectOk } from '../../../test/helpers/api';
import { roleFactory, staffUserFactory } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';

let t: TestApp;
let storage: FileStorage;
let admin: string;
let siteId: string;

const http = api(() => t, { token: () => admin, base: '/prod-api/cms/block', headers: { CurrentSite: () => siteId ?? '' } });
const cms = http.with({ base: '/prod-api/cms' });

beforeAll(async () => {
  t = await startTestApp();
  storage = t.app.get<FileStorage>(FILE_STORAGE);
  admin = await tokenOf(t.app);
  siteId = expectOk(await cms.post('/site', { name: '区块站点', path: 'blocksite', sort: 1 })).siteId;
});
afterAll(() => t?.close());

async function read(key: string): Promise<string | null> {
  const stream = await storage.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
}

type Item = { title: string; url?: string; logo?: string; summary?: string };
const manual = (code: string, rows: Item[][], extra: Record<string, unknown> = {}) => ({
  name: `区块${code}`,
  code,
  publishPipeCode: 'pc',
  path: `block/${code}.html`,
  content: { rows: rows.map((items) => ({ items })) },
  ...extra,
});

describe('manual blocks', () => {
  it('adds a block of ordered rows of items; an edit stores the new order', async () => {
    const created = expectOk(
      await http.post(
        '',
        manual('links', [
          [
            { title: '  甲  ', url: '/a.html', logo: 'resources/202611/a.png', summary: '甲的摘要' },
            { title: '乙', url: 'https://example.com/b' },
          ],
          [{ title: '丙' }],
        ]),
      ),
    );
    expect(created.type).toBe('manual');
    expect(created.content.rows).toEqual([
      {
        items: [
          { title: '甲', url: '/a.html', logo: 'resources/202611/a.png', summary: '甲的摘要' },
          { title: '乙', url: 'https://example.com/b', logo: '', summary: '' },
        ],
      },
      { items: [{ title: '丙', url: '', logo: '', summary: '' }] },
    ]);
    const id = created.pageWidgetId as string;
    const reordered = expectOk(await http.put('', { ...manual('links', [[{ title: '乙' }, { title: '甲' }], [{ title: '丙' }]]), pageWidgetId: id }));
    expect(reordered.content.rows[0].items.map((i: Item) => i.title)).toEqual(['乙', '甲']);
    expect(expectOk(await http.get(`/${id}`)).content.rows[0].items.map((i: Item) => i.title)).toEqual(['乙', '甲']);
    expect(expectOk(await http.get('')).rows.map((r: { code: string }) => r.code)).toContain('links');
  });

  it('refuses items without title, unsafe links, too many rows or items, and malformed rows', async () => {
    const cases: Array<[unknown, string]> = [
      [manual('b1', [[{ title: '' }]]), '第 1 行第 1 个条目的标题不能为空'],
      [
        manual('b2', [[{ title: 'a' }, { title: 'x', url: 'javascript:alert(1)' }]]),
        expect.stringContaining('第 1 行第 2 个条目的 url 不是允许的链接') as unknown as string,
      ],
      [
        manual('b3', [[{ title: 'x', logo: 'data:image/png;base64,AAAA' }]]),
        expect.stringContaining('第 1 行第 1 个条目的 logo 不是允许的链接') as unknown as string,
      ],
      [manual('b4', [[{ title: 'x', url: '" onmouseover="x' }]]), expect.stringContaining('不是允许的链接') as unknown as string],
      [
        manual(
          'b5',
          Array.from({ length: 51 }, () => [{ title: 'x' }]),
        ),
        '区块最多 50 行',
      ],
      [manual('b6', [Array.from({ length: 51 }, () => ({ title: 'x' }))]), '第 1 行最多 50 个条目'],
      [manual('b7', [[{ title: 'x'.repeat(201) }]]), '第 1 行第 1 个条目的 title 不能超过 200 个字符'],
      [{ ...manual('b8', []), content: { rows: 'x' } }, '区块内容格式不正确：须为若干行，每行若干条目'],
      [{ ...manual('b9', []), content: { rows: [{ items: ['x'] }] } }, '区块内容格式不正确：须为若干行，每行若干条目'],
    ];
    for (const [body, message] of cases) expectError(await http.post('', body as object), 400, { 'zh-CN': message });
    expect(expectOk(await http.get('').query({ code: 'b' })).rows).toEqual([]);
  });

  it('publishes with the default template: rows in order, links and library logos resolved, text escaped', async () => {
    const w = expectOk(
      await http.post(
        '',
        manual('pub', [
          [
            { title: '<一>', url: '/one.html', logo: 'resources/202611/one.png' },
            { title: '二', summary: 's&s' },
          ],
        ]),
      ),
    );
    expectOk(await http.post('/publish', [w.pageWidgetId]));
    const html = (await read('site/blocksite/pc/block/pub.html'))!;
    expect(html).toContain('data-code="pub"');
    expect(html).toContain('<img src="/site/blocksite/resources/202611/one.png" alt="&lt;一&gt;">');
    expect(html).toContain('<a href="/one.html">&lt;一&gt;</a>');
    expect(html).toContain('<span>二</span>');
    expect(html).toContain('<p>s&amp;s</p>');
    expect(html.indexOf('&lt;一&gt;</a>')).toBeLessThan(html.indexOf('<span>二</span>'));
    // Deleting removes the file.
    expectOk(await http.delete('').send([w.pageWidgetId]));
    expect(await read('site/blocksite/pc/block/pub.html')).toBeNull();
  });

  it('touches only manual blocks: another type’s id is a missing or invalid id here', async () => {
    const w = expectOk(await http.post('', manual('mine', [[{ title: 'x' }]])));
    await t.app.get(DataSourceToken).query(`UPDATE cms_page_widget SET type = 'other_kind' WHERE page_widget_id = $1`, [w.pageWidgetId]);
    expectError(await http.get(`/${w.pageWidgetId}`), 404, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.put('', { ...manual('mine', [[{ title: 'y' }]]), pageWidgetId: w.pageWidgetId }), 404, {
      'zh-CN': '页面部件ID缺失或无效',
    });
    expectError(await http.post('/publish', [w.pageWidgetId]), 404, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.delete('').send([w.pageWidgetId]), 404, { 'zh-CN': '页面部件ID缺失或无效' });
    expect(expectOk(await http.get('')).rows.map((r: { code: string }) => r.code)).not.toContain('mine');
  });

  it('needs the cms:block permissions and the right on the site', async () => {
    const viewer = await staffUserFactory(t, { roles: [(await roleFactory(t, { menus: [] })).roleKey] });
    expect((await http.as(viewer.token).get('')).status).toBe(403);
    const role = await roleFactory(t, { menus: ['cms.block'] });
    const editor = await staffUserFactory(t, { roles: [role.roleKey] });
    // The menu alone is not the site: no site the editor may view.
    expect((await http.as(editor.token).post('', manual('nope', [[{ title: 'x' }]]))).status).toBe(400);
    const w = expectOk(await http.post('', manual('shared', [[{ title: 'x' }]])));
    expect((await http.as(editor.token).get(`/${w.pageWidgetId}`)).status).toBe(403);
  });
});
