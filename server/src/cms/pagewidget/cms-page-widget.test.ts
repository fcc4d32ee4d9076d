import { buffer as readAll } from 'node:stream/consumers';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk } from '../../../test/helpers/api';
import { catalogFactory, roleFactory, staffUserFactory } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ServiceException } from '../../common/errors/service-exception';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { ObjectPermissionService } from '../../system/permission/object-permission.service';
import { CmsPageWidgetService } from './cms-page-widget.service';
import { PageWidgetTypeRegistry } from './page-widget-type';

let t: TestApp;
let ds: DataSource;
let storage: FileStorage;
let admin: string;
let siteId: string;
let sitePath: string;
let otherSiteId: string;

const http = api(() => t, { token: () => admin, base: '/prod-api/cms/pagewidget', headers: { CurrentSite: () => siteId ?? '' } });
const cms = http.with({ base: '/prod-api/cms' });

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  storage = t.app.get<FileStorage>(FILE_STORAGE);
  admin = await tokenOf(t.app);
  sitePath = 'pwsite';
  siteId = expectOk(await cms.post('/site', { name: '部件站点', path: sitePath, sort: 1 })).siteId;
  otherSiteId = expectOk(await cms.post('/site', { name: '另一站点', path: 'pwother', sort: 2 })).siteId;
  // A type of this test only (its content: { text }), to check how types plug in.
  t.app.get(PageWidgetTypeRegistry).register({
    id: 'test_note',
    nameKey: 'cms.pagewidget.exportFile',
    defaultTemplate: '<p class="note">{{ text | escape }} ({{ widget.code }})</p>',
    validateContent(content) {
      const text = (content as { text?: unknown }).text;
      if (typeof text !== 'string') throw new ServiceException('cms.pagewidget.contentInvalid');
      return { text };
    },
    renderModel: (widget) => ({ text: widget.content.text }),
  });
});
afterAll(() => t?.close());

async function read(key: string): Promise<string | null> {
  const stream = await storage.get(key);
  return stream ? (await readAll(stream)).toString('utf8') : null;
}

/** Waits until `probe` answers something truthy (queued publishing runs in the background). */
async function eventually<T>(probe: () => Promise<T>, what: string): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const block = (code: string, extra: Record<string, unknown> = {}) => ({
  type: 'manual',
  name: `区块 ${code}`,
  code,
  publishPipeCode: 'pc',
  path: `include/${code}.html`,
  content: { rows: [{ items: [{ title: '第一条', url: 'https://example.com/a', logo: '', summary: '摘要' }] }] },
  ...extra,
});

describe('page widget types', () => {
  it('lists the registered types with names in the caller’s language', async () => {
    const zh = expectOk(await http.get('/types'));
    expect(zh.rows).toEqual(expect.arrayContaining([{ id: 'manual', name: '手动区块' }]));
    const en = expectOk(await http.lang('en').get('/types'));
    expect(en.rows).toEqual(expect.arrayContaining([{ id: 'manual', name: 'Manual block' }]));
  });
});

describe('page widget CRUD and rules', () => {
  it('adds, reads, lists and edits a widget of the current site', async () => {
    const created = expectOk(await http.post('', block('hot')));
    expect(created).toMatchObject({ siteId, catalogId: '0', type: 'manual', code: 'hot', state: '0', createBy: 'admin', path: 'include/hot.html' });
    expect(created.content.rows[0].items[0]).toEqual({ title: '第一条', url: 'https://example.com/a', logo: '', summary: '摘要' });
    const id = created.pageWidgetId as string;
    expect(expectOk(await http.get(`/${id}`)).name).toBe('区块 hot');
    expect(expectOk(await http.get('').query({ type: 'manual' })).rows.map((r: { code: string }) => r.code)).toContain('hot');
    expect(expectOk(await http.get('').query({ type: 'test_note' })).rows).toEqual([]);
    // Another site's list does not show it.
    expect(expectOk(await http.get('').set('CurrentSite', otherSiteId)).rows).toEqual([]);
    const edited = expectOk(await http.put('', { ...block('hot'), pageWidgetId: id, name: '热门', remark: '首页右侧' }));
    expect(edited).toMatchObject({ name: '热门', remark: '首页右侧', type: 'manual' });
  });

  it('refuses a taken code (any case), a taken path, bad code, path, pipe, template, type and catalog', async () => {
    expectOk(await http.post('', block('taken')));
    expectMessage(
      await http.post('', block('TAKEN', { path: 'include/x1.html' })),
      'zh-CN',
      '当前站点已有编码为“TAKEN”的页面部件（编码不区分大小写）',
    );
    expectMessage(
      await http.post('', block('taken2', { path: 'include/taken.html' })),
      'zh-CN',
      '该发布通道下已有页面部件发布到“include/taken.html”',
    );
    // The same code in another site is fine.
    expectOk(await http.post('', block('taken', { name: '别站的' })).set('CurrentSite', otherSiteId));
    const cases: Array<[Record<string, unknown>, string]> = [
      [block('1bad'), '页面部件编码不能为空，须以字母开头，只能包含字母、数字和下划线，且不能超过 50 个字符'],
      [block('p1', { path: '../x.html' }), expect.stringContaining('发布路径须为相对路径') as unknown as string],
      [block('p2', { path: '/abs/x.html' }), expect.stringContaining('发布路径须为相对路径') as unknown as string],
      [block('p3', { path: 'x.php' }), expect.stringContaining('发布路径须为相对路径') as unknown as string],
      [block('p4', { publishPipeCode: 'nope' }), '当前站点没有编码为“nope”的发布通道'],
      [block('p5', { template: '../etc/passwd' }), '模板路径不正确，须为发布通道模板目录下以 .template.html 结尾的相对路径'],
      [block('p6', { type: 'unknown_kind' }), '页面部件类型“unknown_kind”不存在'],
      [block('p7', { name: '' }), '页面部件名称不能为空，且不能超过 100 个字符'],
      [block('p8', { catalogId: '999999999' }), '栏目不存在或不属于当前站点'],
    ];
    for (const [body, message] of cases) expectError(await http.post('', body), 400, { 'zh-CN': message });
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_page_widget WHERE code LIKE 'p_'`))[0].n).toBe(0);
  });

  it('answers 4xx, never 5xx, for text the database cannot store and odd shapes, and stores nothing', async () => {
    const before = (await ds.query(`SELECT count(*)::int AS n FROM cms_page_widget`))[0].n;
    const bodies: unknown[] = [
      block('nul1', { name: 'a\u0000b' }),
      block('nul2', { remark: 'a\u0000b' }),
      block('nul3', { content: { rows: [{ items: [{ title: 'x', summary: 'a\u0000b', ['\u0000k']: 1 }] }] } }),
      block('deep', { content: { rows: [{ items: [{ title: { nested: ['x'] } }] }] } }),
      block('arr', { name: ['a', 'b'] }),
      { ...block('proto'), __proto__: { admin: true }, constructor: { prototype: {} } },
      [1, 2, 3],
    ];
    for (const body of bodies) {
      const res = await http.post('', body as object);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status >= 400) expect(res.body.code).not.toBe(200);
    }
    // Control characters are dropped from item texts (that block is stored, its odd key dropped); prototype keys are
    // plain data (that block is stored as sent); nothing else is.
    const codes = (await ds.query(`SELECT code FROM cms_page_widget ORDER BY page_widget_id DESC LIMIT 2`)).map((r: { code: string }) => r.code);
    expect(codes.sort()).toEqual(['nul3', 'proto']);
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_page_widget`))[0].n - before).toBe(2);
    const [stored] = await ds.query(`SELECT content FROM cms_page_widget WHERE code = 'nul3'`);
    expect(stored.content.rows[0].items[0]).toEqual({ title: 'x', url: '', logo: '', summary: 'ab' });
  });

  it('binds a widget to a catalog of the site only, and lists by catalog', async () => {
    const by = { target: () => t, token: () => admin };
    const catalog = await catalogFactory(by, siteId);
    const otherCatalog = await catalogFactory(by, otherSiteId);
    const w = expectOk(await http.post('', block('bycat', { catalogId: catalog.catalogId })));
    expect(w.catalogId).toBe(String(catalog.catalogId));
    expect(expectOk(await http.get('').query({ catalogId: catalog.catalogId })).rows.map((r: { code: string }) => r.code)).toEqual(['bycat']);
    expectError(await http.post('', block('bycat2', { catalogId: otherCatalog.catalogId })), 400, { 'zh-CN': '栏目不存在或不属于当前站点' });
    // An edit that leaves the catalog out keeps it; '0' moves the widget to the site.
    expect(expectOk(await http.put('', { ...block('bycat', { name: '改名' }), pageWidgetId: w.pageWidgetId })).catalogId).toBe(
      String(catalog.catalogId),
    );
    expect(expectOk(await http.put('', { ...block('bycat'), catalogId: '0', pageWidgetId: w.pageWidgetId })).catalogId).toBe('0');
  });

  it('answers the spec 8 message for a missing or invalid page widget id', async () => {
    expectError(await http.get('/abc'), 400, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.get('/987654321'), 404, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.lang('en').get('/987654321'), 404, { en: 'The page widget id is missing or invalid' });
    expectError(await http.put('', block('noid')), 400, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.put('', { ...block('noid'), pageWidgetId: '987654321' }), 404, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.delete('').send([]), 400, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.delete('').send(['x']), 400, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.post('/publish', ['987654321']), 404, { 'zh-CN': '页面部件ID缺失或无效' });
    expectError(await http.post('/publish', {}), 400, { 'zh-CN': '页面部件ID缺失或无效' });
  });

  it('checks the type’s content and stores what the type answers', async () => {
    const note = expectOk(await http.post('', { ...block('note1'), type: 'test_note', content: { text: 'hello', extra: 'dropped' } }));
    expect(note.content).toEqual({ text: 'hello' });
    expectError(await http.post('', { ...block('note2'), type: 'test_note', content: { text: 5 } }), 400, { 'zh-CN': '页面部件内容格式不正确' });
    expectError(await http.post('', { ...block('note3'), type: 'test_note', content: 'text' }), 400, { 'zh-CN': '页面部件内容格式不正确' });
  });
});

describe('publishing', () => {
  it('writes the fragment file, keeps state, and the page including it with {% pagewidget %} shows it', async () => {
    const [{ template_id: indexId }] = await ds.query(
      `SELECT template_id FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'pc' AND path = 'index.template.html'`,
      [siteId],
    );
    expectOk(await cms.put('/template', { templateId: String(indexId), content: `<main>HOME<aside>{% pagewidget code:'NEWS' %}</aside></main>` }));
    expectOk(
      await cms.post('/template', {
        publishPipeCode: 'pc',
        path: 'block/news.template.html',
        content: '<ol>{% for row in rows %}{% for item in row.items %}<li>{{ item.title | escape }}</li>{% endfor %}{% endfor %}</ol>',
      }),
    );
    const w = expectOk(
      await http.post(
        '',
        block('news', { template: 'block/news.template.html', content: { rows: [{ items: [{ title: '甲' }, { title: '<乙>' }] }] } }),
      ),
    );
    expectOk(await http.post('/publish', [w.pageWidgetId]));
    const key = `site/${sitePath}/pc/include/news.html`;
    expect(await read(key)).toBe('<ol><li>甲</li><li>&lt;乙&gt;</li></ol>');
    const after = expectOk(await http.get(`/${w.pageWidgetId}`));
    expect(after.state).toBe('1');
    expect(after.publishTime).toBeTruthy();
    // The home page is republished and includes the fragment (the code's case does not matter).
    const home = `site/${sitePath}/pc/index.html`;
    await eventually(async () => (await read(home))?.includes('<li>甲</li>'), 'the home page with the widget');
    expect(await read(home)).toBe('<main>HOME<aside><ol><li>甲</li><li>&lt;乙&gt;</li></ol></aside></main>');

    // An edit of a published widget publishes it again, and the page follows.
    expectOk(
      await http.put('', {
        ...block('news', { template: 'block/news.template.html', content: { rows: [{ items: [{ title: '乙' }, { title: '甲' }] }] } }),
        pageWidgetId: w.pageWidgetId,
      }),
    );
    expect(await read(key)).toBe('<ol><li>乙</li><li>甲</li></ol>');
    await eventually(async () => (await read(home))?.includes('<li>乙</li><li>甲</li>'), 'the home page after the edit');

    // Moving it to another path removes the old file.
    expectOk(
      await http.put('', {
        ...block('news', { template: 'block/news.template.html', path: 'include/news2.html', content: { rows: [{ items: [{ title: '丙' }] }] } }),
        pageWidgetId: w.pageWidgetId,
      }),
    );
    expect(await read(key)).toBeNull();
    expect(await read(`site/${sitePath}/pc/include/news2.html`)).toBe('<ol><li>丙</li></ol>');

    // Deleting it removes its file, and the page no longer shows it.
    expectOk(await http.delete('').send([w.pageWidgetId]));
    expect(await read(`site/${sitePath}/pc/include/news2.html`)).toBeNull();
    await eventually(async () => (await read(home)) === '<main>HOME<aside></aside></main>', 'the home page without the widget');
  });

  it('republishes only published widgets, without a user (jobs)', async () => {
    const published = expectOk(await http.post('', { ...block('job_pub'), type: 'test_note', content: { text: 'v1' } }));
    const draft = expectOk(await http.post('', { ...block('job_draft'), type: 'test_note', content: { text: 'd' } }));
    expectOk(await http.post('/publish', [published.pageWidgetId]));
    await ds.query(`UPDATE cms_page_widget SET content = '{"text":"v2"}' WHERE page_widget_id = $1`, [published.pageWidgetId]);
    const done = await t.app.get(CmsPageWidgetService).republish([published.pageWidgetId, draft.pageWidgetId, 'x'], 'scheduler');
    expect(done).toEqual([String(published.pageWidgetId)]);
    expect(await read(`site/${sitePath}/pc/include/job_pub.html`)).toBe('<p class="note">v2 (job_pub)</p>');
    expect(await read(`site/${sitePath}/pc/include/job_draft.html`)).toBeNull();
  });

  it('refuses a template whose pagewidget tag is malformed, with its line', async () => {
    const res = await cms.post('/template', { publishPipeCode: 'pc', path: 'block/bad.template.html', content: "a\n{% pagewidget name:'x' %}" });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/2/);
  });

  it('exports the list as a spreadsheet', async () => {
    const res = await http
      .post('')
      .set('cc-export', '1')
      .query({ type: 'manual' })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('renders a widget without template from its type’s default template', async () => {
    const w = expectOk(await http.post('', { ...block('note_pub'), type: 'test_note', content: { text: '<b>' } }));
    expectOk(await http.post('/publish', [w.pageWidgetId]));
    expect(await read(`site/${sitePath}/pc/include/note_pub.html`)).toBe('<p class="note">&lt;b&gt; (note_pub)</p>');
  });

  it('refuses to publish with a missing template or a broken one, naming it, and writes nothing', async () => {
    const w = expectOk(await http.post('', block('broken', { template: 'block/none.template.html' })));
    expectError(await http.post('/publish', [w.pageWidgetId]), 400, { 'zh-CN': '发布通道“pc”下没有模板“block/none.template.html”' });
    expect(await read(`site/${sitePath}/pc/include/broken.html`)).toBeNull();
    expect(expectOk(await http.get(`/${w.pageWidgetId}`)).state).toBe('0');
  });
});

describe('rights and operation log', () => {
  it('needs the menu permission and the right on the site, or the right on the widget', async () => {
    const role = await roleFactory(t, { menus: ['cms.pageWidget'] });
    const editor = await staffUserFactory(t, { roles: [role.roleKey] });
    const as = http.as(editor.token);
    const w = expectOk(await http.post('', block('guarded')));
    // No right on the site: nothing of it.
    expect((await as.get('').set('CurrentSite', siteId)).status).toBe(400); // no current site for them
    expect((await as.get(`/${w.pageWidgetId}`)).status).toBe(403);
    expect((await as.put('', { ...block('guarded'), pageWidgetId: w.pageWidgetId })).status).toBe(403);
    expect((await as.post('/publish', [w.pageWidgetId])).status).toBe(403);
    // The right on this one widget (as granted on the permission screen) is enough for it.
    await t.app
      .get(ObjectPermissionService)
      .grant({ type: 'user', id: editor.id }, ['PageWidget:View:' + w.pageWidgetId, 'PageWidget:Edit:' + w.pageWidgetId]);
    expect(expectOk(await as.get(`/${w.pageWidgetId}`)).code).toBe('guarded');
    expect(expectOk(await as.put('', { ...block('guarded'), name: '改名', pageWidgetId: w.pageWidgetId })).name).toBe('改名');
    expect((await as.delete('').send([w.pageWidgetId])).status).toBe(403);
    // Without the menu permission nothing at all.
    const nobody = await staffUserFactory(t, { roles: [] });
    expect((await http.as(nobody.token).get(`/${w.pageWidgetId}`)).status).toBe(403);
  });

  it('lets Site:AddPageWidget add widgets and PageWidget:Publish publish one', async () => {
    const role = await roleFactory(t, { menus: ['cms.pageWidget'] });
    const adder = await staffUserFactory(t, { roles: [role.roleKey] });
    const perms = t.app.get(ObjectPermissionService);
    await perms.grant({ type: 'user', id: adder.id }, [`Site:View:${siteId}`, `Site:AddPageWidget:${siteId}`]);
    const as = http.as(adder.token);
    const mine = expectOk(await as.post('', block('by_adder')));
    expect(mine.createBy).toBe(adder.userName);
    // Its creator holds the rights on it: publishing it needs no site right.
    expectOk(await as.post('/publish', [mine.pageWidgetId]));
    const other = expectOk(await http.post('', block('not_adders')));
    expect((await as.post('/publish', [other.pageWidgetId])).status).toBe(403);
    await perms.grant({ type: 'user', id: adder.id }, [`PageWidget:Publish:${other.pageWidgetId}`]);
    // (The id as a number: the same body again within a second would be a repeat submission.)
    expectOk(await as.post('/publish', [Number(other.pageWidgetId)]));
  });

  it('gives a widget’s creator the rights on it and drops them with it', async () => {
    const w = expectOk(await http.post('', block('granted')));
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM sys_permission WHERE permission LIKE $1`, [`PageWidget:%:${w.pageWidgetId}`]);
    expect(n).toBe(4);
    expectOk(await http.delete('').send([w.pageWidgetId]));
    const [{ n: left }] = await ds.query(`SELECT count(*)::int AS n FROM sys_permission WHERE permission LIKE $1`, [
      `PageWidget:%:${w.pageWidgetId}`,
    ]);
    expect(left).toBe(0);
  });

  it('records every write in the operation log', async () => {
    const logged = await eventually(async () => {
      const rows: Array<{ business_type: number }> = await ds.query(`SELECT business_type FROM sys_oper_log WHERE title = '页面部件'`);
      const kinds = new Set(rows.map((r) => Number(r.business_type)));
      return kinds.has(1) && kinds.has(2) && kinds.has(3) ? rows : null;
    }, 'the operation log');
    expect(logged!.length).toBeGreaterThan(3);
  });
});
