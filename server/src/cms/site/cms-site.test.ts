import { unzipSync, zipSync, strToU8 } from 'fflate';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { SITE_ROW_CACHE_MS } from '../common/current-site.service';
import { CmsTemplateService } from '../template/cms-template.service';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let storage: FileStorage;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  storage = t.app.get<FileStorage>(FILE_STORAGE);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin });

const createSite = async (body: Record<string, unknown>, token = admin) => {
  const res = await http.as(token).post('/cms/site').send(body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.siteId as string;
};
const count = async (sql: string, params: unknown[] = []) => Number((await ds.query(sql, params))[0].n);
const grant = (userId: string, permission: string) =>
  ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2) ON CONFLICT DO NOTHING`, [userId, permission]);
const fileText = async (key: string) => {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
};

let siteA: string;
let siteB: string;
let viewer: string; // may view site B only
let viewerId: string;
let creator: string; // the site screen with its buttons, no object permission
let creatorId: string;

describe('sites', () => {
  it('creates a site with pipes pc and h5 and the default theme, and grants its creator', async () => {
    siteA = await createSite({ name: '演示站点', path: 'demoA', sort: 1, staticSuffix: 'shtml', description: '说明', seoTitle: 'Demo' });
    const site = (await http.get(`/cms/site/${siteA}`)).body.data;
    expect(site).toMatchObject({ name: '演示站点', path: 'demoA', staticSuffix: 'shtml', sort: 1, seoTitle: 'Demo', createBy: 'admin' });
    expect(site.publishPipes.map((p: { pipeCode: string; pipeName: string; siteUrl: string }) => [p.pipeCode, p.pipeName, p.siteUrl])).toEqual([
      ['pc', 'PC端', '/site/demoA/pc/'],
      ['h5', '移动端', '/site/demoA/h5/'],
    ]);
    // The default theme: template index rows and their files, for both pipes.
    const templates: Array<{ publish_pipe_code: string; path: string }> = await ds.query(
      `SELECT publish_pipe_code, path FROM cms_template WHERE site_id = $1`,
      [siteA],
    );
    expect(new Set(templates.map((r) => r.publish_pipe_code))).toEqual(new Set(['pc', 'h5']));
    expect(await fileText(`cms/sites/${siteA}/templates/${templates[0].publish_pipe_code}/${templates[0].path}`)).not.toBeNull();
    // A super administrator holds everything already: no grant rows.
    expect(await count(`SELECT count(*) AS n FROM sys_permission WHERE permission LIKE $1`, [`Site:%:${siteA}`])).toBe(0);

    await createRole(t.app, 'cms_site_creator', ['cms.site']);
    creatorId = await createStaffUser(t.app, { userName: 'sitecreator', password: 'Creator123', roles: ['cms_site_creator'] });
    creator = await tokenOf(t.app, 'sitecreator', 'Creator123');
    siteB = await createSite({ name: '第二站点', path: 'demoB', sort: 2 }, creator);
    const held: Array<{ permission: string }> = await ds.query(
      `SELECT permission FROM sys_permission WHERE owner_type = 'user' AND owner_id = $1 ORDER BY permission`,
      [creatorId],
    );
    expect(held.map((r) => r.permission)).toEqual(['AddCatalog', 'Delete', 'Edit', 'Publish', 'View'].map((a) => `Site:${a}:${siteB}`));
    // The creator sees their own site only.
    const list = await http.as(creator).get('/cms/site/list');
    expect(list.body.data.rows.map((s: { siteId: string }) => s.siteId)).toEqual([siteB]);
  });

  it('refuses a bad or taken path with a clear message and leaves nothing behind, even when the theme fails', async () => {
    const before = await count(`SELECT count(*) AS n FROM cms_site`);
    const bad = await http.post('/cms/site').send({ name: '坏目录', path: 'demo-x' });
    expect(bad.status).toBe(400);
    expectMessage(bad, 'zh-CN', '站点目录不能为空，只能包含字母和数字，且不能超过 50 个字符');
    const taken = await http.lang('en').post('/cms/site').send({ name: 'Same folder', path: 'DEMOA' });
    expect(taken.status).toBe(400);
    expectMessage(taken, 'en', 'The site folder "DEMOA" is used by another site (ignoring case)');
    const suffix = await http.post('/cms/site').send({ name: '后缀', path: 'suffix1', staticSuffix: 'php' });
    expectMessage(suffix, 'zh-CN', '静态文件类型只能是 html、shtml 或 htm');
    expect(await count(`SELECT count(*) AS n FROM cms_site`)).toBe(before);

    const templates = t.app.get(CmsTemplateService);
    const spy = vi.spyOn(templates, 'installDefaultTheme').mockRejectedValueOnce(new Error('theme broken'));
    const permsBefore = await count(`SELECT count(*) AS n FROM sys_permission WHERE owner_id = $1`, [creatorId]);
    const failed = await http.as(creator).post('/cms/site').send({ name: '失败站点', path: 'failing' });
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect(await count(`SELECT count(*) AS n FROM cms_site`)).toBe(before);
    expect(await count(`SELECT count(*) AS n FROM cms_publish_pipe p WHERE NOT EXISTS (SELECT 1 FROM cms_site s WHERE s.site_id = p.site_id)`)).toBe(
      0,
    );
    expect(await count(`SELECT count(*) AS n FROM sys_permission WHERE owner_id = $1`, [creatorId])).toBe(permsBefore);
    // The same folder is free again.
    const again = await createSite({ name: '重试站点', path: 'failing' });
    expect((await http.delete(`/cms/site/${again}`)).body.code).toBe(200);
  });

  it('resolves the current site from the header, falling back to the first site the caller may view', async () => {
    await createRole(t.app, 'cms_site_viewer', ['cms.site']);
    viewerId = await createStaffUser(t.app, { userName: 'siteviewer', password: 'Viewer123', roles: ['cms_site_viewer'] });
    viewer = await tokenOf(t.app, 'siteviewer', 'Viewer123');
    await grant(viewerId, `Site:View:${siteB}`);

    const current = (token: string, header?: string) => {
      const req = http.as(token).get('/cms/site/getCurrentSite');
      return header ? req.set('CurrentSite', header) : req;
    };
    expect((await current(viewer)).body.data).toEqual({ siteId: siteB, siteName: '第二站点' });
    // A header naming a site they may not view falls back.
    expect((await current(viewer, siteA)).body.data).toEqual({ siteId: siteB, siteName: '第二站点' });
    expect((await current(viewer, 'junk')).body.data.siteId).toBe(siteB);
    expect((await current(admin, siteB)).body.data.siteId).toBe(siteB);
    expect((await current(admin)).body.data.siteId).toBe(siteA); // sort 1 before 2

    const denied = await http.as(viewer).post(`/cms/site/setCurrentSite/${siteA}`);
    expect(denied.status).toBe(403);
    const chosen = await http.as(viewer).post(`/cms/site/setCurrentSite/${siteB}`);
    expect(chosen.body.data).toEqual({ siteId: siteB, siteName: '第二站点' });

    const list = await http.as(viewer).get('/cms/site/list');
    expect(list.body.data).toMatchObject({ total: 1, rows: [{ siteId: siteB }] });
    expect((await http.get('/cms/site/list?siteName=演示')).body.data.rows.map((s: { siteId: string }) => s.siteId)).toEqual([siteA]);
    expect((await http.as(viewer).get(`/cms/site/${siteA}`)).status).toBe(403);
    // No site at all: nothing current, and pipe screens say to create or choose one.
    const loner = await createStaffUser(t.app, { userName: 'nosites', password: 'Nosites123', roles: ['cms_site_viewer'] });
    expect(loner).toBeTruthy();
    const lonerToken = await tokenOf(t.app, 'nosites', 'Nosites123');
    expect((await current(lonerToken)).body.data ?? null).toBeNull();
  });

  it('answers a site change in the next read, though reads share recently read site rows', async () => {
    const current = () => http.get('/cms/site/getCurrentSite').set('CurrentSite', siteB);
    const name = async () => ((await current()).body.data as { siteName: string }).siteName;
    expect(await name()).toBe('第二站点');
    // Concurrent reads share one row, each answered alike.
    const together = await Promise.all([current(), current(), current()]);
    expect(together.map((r) => r.body.data.siteName)).toEqual(['第二站点', '第二站点', '第二站点']);

    // A change through the API (a repository save in a transaction) shows at once.
    expect((await http.put('/cms/site').send({ siteId: siteB, name: '第二站点改', path: 'demoB' })).body.code).toBe(200);
    expect(await name()).toBe('第二站点改');
    // So does one through a query builder of another module (any TypeORM write of cms_site).
    await ds.createQueryBuilder().update('cms_site').set({ name: '第二站点' }).where('site_id = :siteB', { siteB }).execute();
    expect(await name()).toBe('第二站点');
    // A write TypeORM does not see (plain SQL, another instance) shows within SITE_ROW_CACHE_MS, and at once in writes.
    await ds.query(`UPDATE cms_site SET name = '第二站点外' WHERE site_id = $1`, [siteB]);
    await new Promise((resolve) => setTimeout(resolve, SITE_ROW_CACHE_MS + 50));
    expect(await name()).toBe('第二站点外');
    await ds.query(`UPDATE cms_site SET name = '第二站点' WHERE site_id = $1`, [siteB]);
    expect((await http.post(`/cms/site/setCurrentSite/${siteB}`)).body.data.siteName).toBe('第二站点');
    // A deleted site is no longer current: the caller falls back to another.
    const doomed = await createSite({ name: '临时站点', path: 'doomed' });
    expect((await http.get('/cms/site/getCurrentSite').set('CurrentSite', doomed)).body.data.siteId).toBe(doomed);
    expect((await http.delete(`/cms/site/${doomed}`)).body.code).toBe(200);
    expect((await http.get('/cms/site/getCurrentSite').set('CurrentSite', doomed)).body.data.siteId).not.toBe(doomed);
  });

  it('edits a site and its per-pipe URL and home template; refuses a bad URL, an unknown pipe, a folder change and a viewer', async () => {
    const [{ path: home }] = await ds.query(`SELECT path FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'pc' ORDER BY path LIMIT 1`, [
      siteA,
    ]);
    const base = { siteId: siteA, name: '演示站点改', path: 'demoA' };
    const ok = await http.put('/cms/site').send({
      ...base,
      resourceUrl: 'https://res.example.com',
      publishPipeProps: { pc: { url: 'https://www.example.com', indexTemplate: home }, h5: { url: '/m' } },
    });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    const row = (await ds.query(`SELECT name, resource_url, static_suffix, publish_pipe_props FROM cms_site WHERE site_id = $1`, [siteA]))[0];
    expect(row).toMatchObject({ name: '演示站点改', resource_url: 'https://res.example.com', static_suffix: 'shtml' });
    expect(row.publish_pipe_props).toMatchObject({ pc: { url: 'https://www.example.com/', indexTemplate: home }, h5: { url: '/m/' } });
    const detail = (await http.get(`/cms/site/${siteA}`)).body.data;
    expect(detail.publishPipes[0]).toMatchObject({
      pipeCode: 'pc',
      url: 'https://www.example.com/',
      siteUrl: 'https://www.example.com/',
      indexTemplate: home,
    });

    const badUrl = await http.put('/cms/site').send({ ...base, publishPipeProps: { pc: { url: 'javascript:alert(1)' } } });
    expect(badUrl.status).toBe(400);
    expectMessage(badUrl, 'zh-CN', '发布通道“pc”的访问地址必须以 http://、https:// 或 / 开头');
    const unknown = await http.put('/cms/site').send({ ...base, publishPipeProps: { app: { url: '/app' } } });
    expectMessage(unknown, 'zh-CN', '站点没有编码为“app”的发布通道');
    const missingTemplate = await http.put('/cms/site').send({ ...base, publishPipeProps: { pc: { indexTemplate: 'nope.template.html' } } });
    expectMessage(missingTemplate, 'zh-CN', '发布通道“pc”下没有模板“nope.template.html”');
    const moved = await http.put('/cms/site').send({ ...base, path: 'other' });
    expectMessage(moved, 'zh-CN', '站点目录创建后不能修改');
    expect((await http.as(viewer).put('/cms/site').send({ siteId: siteB, name: 'x', path: 'demoB' })).status).toBe(403);
    expect((await ds.query(`SELECT publish_pipe_props -> 'pc' ->> 'url' AS url FROM cms_site WHERE site_id = $1`, [siteA]))[0].url).toBe(
      'https://www.example.com/',
    );
  });

  it('round-trips extension settings, properties and default templates, and applies the defaults to catalogs', async () => {
    expect((await http.get(`/cms/site/extends?siteId=${siteA}`)).body.data).toEqual({
      pageSize: 20,
      titleRepeatCheck: 'none',
      recycleKeepDays: 0,
      sitemapEnabled: false,
      apiUrl: '',
      sensitiveWordCheck: 'off',
      commentEnabled: true,
      commentAutoPass: false,
      defaultDetailTemplate: '',
      defaultListTemplate: '',
      // Extension models bound to the site, its catalogs and their content (cms/exmodel): none.
      siteExModel: '',
      catalogExModel: '',
      contentExModel: '',
      // The resource library's settings: spec 9's defaults until the site saves its own.
      uploadMaxCount: 5,
      uploadMaxSizeMb: 5,
      imageMaxSizeMb: 2,
      uploadAllowedExts: expect.arrayContaining(['png', 'jpg', 'gif', 'webp', 'mp4', 'docx', 'pdf', 'txt', 'zip']),
      thumbnailWidth: 0,
      thumbnailHeight: 0,
      watermark: expect.objectContaining({ enabled: false, position: 'bottom-right', opacity: 1, width: 120, height: 40 }),
      remoteImageDownload: false,
    });
    const saved = await http
      .post(`/cms/site/extends/${siteA}`)
      .send({ pageSize: 30, titleRepeatCheck: 'site', recycleKeepDays: 7, sitemapEnabled: true, apiUrl: 'https://api.example.com/prod-api' });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect((await http.get(`/cms/site/extends?siteId=${siteA}`)).body.data).toMatchObject({
      pageSize: 30,
      titleRepeatCheck: 'site',
      recycleKeepDays: 7,
      sitemapEnabled: true,
      apiUrl: 'https://api.example.com/prod-api',
    });
    // The API URL goes into page script: only a plain http(s) URL or a root path.
    for (const apiUrl of ['javascript:alert(1)', '/prod-api?x="', 'api.example.com', "/a'b"]) {
      expectMessage(
        await http.post(`/cms/site/extends/${siteA}`).send({ apiUrl }),
        'zh-CN',
        '接口地址须为 http(s):// 开头的网址或以 / 开头的路径，如 https://www.example.com/prod-api',
      );
    }
    const badSize = await http.post(`/cms/site/extends/${siteA}`).send({ pageSize: 0 });
    expectMessage(badSize, 'zh-CN', '列表每页条数必须是 1 到 200 之间的整数');
    expect((await http.post(`/cms/site/extends/${siteA}`).send({ titleRepeatCheck: 'world' })).status).toBe(400);
    expect((await http.as(viewer).get(`/cms/site/extends?siteId=${siteA}`)).status).toBe(403);

    // Properties
    const prop = await http.post('/cms/site/prop').send({ siteId: siteA, propName: '热线', propCode: 'hotline', propValue: '400-800' });
    expect(prop.body.code, JSON.stringify(prop.body)).toBe(200);
    const propertyId = prop.body.data.propertyId as string;
    const dup = await http.post('/cms/site/prop').send({ siteId: siteA, propName: '热线2', propCode: 'hotline' });
    expectMessage(dup, 'zh-CN', '站点已有编码为“hotline”的属性');
    expectMessage(
      await http.post('/cms/site/prop').send({ siteId: siteA, propName: 'x', propCode: 'a-b' }),
      'zh-CN',
      '属性编码不能为空，只能包含字母、数字和下划线，且不能超过 100 个字符',
    );
    expect(
      (await http.put('/cms/site/prop').send({ siteId: siteA, propertyId, propName: '服务热线', propCode: 'hotline', propValue: '400-900' })).body
        .code,
    ).toBe(200);
    const props = await http.get(`/cms/site/prop/list?siteId=${siteA}`);
    expect(props.body.data).toMatchObject({ total: 1, rows: [{ propName: '服务热线', propCode: 'hotline', propValue: '400-900' }] });
    expect((await http.as(viewer).post('/cms/site/prop').send({ siteId: siteB, propName: 'x', propCode: 'x' })).status).toBe(403);
    expect((await http.delete('/cms/site/prop').send([propertyId])).body.code).toBe(200);
    expect((await http.get(`/cms/site/prop/list?siteId=${siteA}`)).body.data.total).toBe(0);

    // Default templates per pipe
    const [{ path: template }] = await ds.query(
      `SELECT path FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'pc' ORDER BY path LIMIT 1`,
      [siteA],
    );
    const empty = await http.get(`/cms/site/default_template?siteId=${siteA}`);
    expect(empty.body.data).toEqual([
      { pipeCode: 'pc', pipeName: 'PC端', indexTemplate: '', listTemplate: '', detailTemplate: '' },
      { pipeCode: 'h5', pipeName: '移动端', indexTemplate: '', listTemplate: '', detailTemplate: '' },
    ]);
    const setDefaults = await http
      .post('/cms/site/default_template')
      .send({ siteId: siteA, templates: [{ pipeCode: 'pc', listTemplate: template, detailTemplate: template }] });
    expect(setDefaults.body.code, JSON.stringify(setDefaults.body)).toBe(200);
    expect((await http.get(`/cms/site/default_template?siteId=${siteA}`)).body.data[0]).toEqual({
      pipeCode: 'pc',
      pipeName: 'PC端',
      indexTemplate: '',
      listTemplate: template,
      detailTemplate: template,
    });
    const missing = await http
      .post('/cms/site/default_template')
      .send({ siteId: siteA, templates: [{ pipeCode: 'pc', listTemplate: 'missing.template.html' }] });
    expectMessage(missing, 'zh-CN', '发布通道“pc”下没有模板“missing.template.html”');
    // The site URL settings survive saving defaults.
    expect((await ds.query(`SELECT publish_pipe_props -> 'pc' ->> 'url' AS url FROM cms_site WHERE site_id = $1`, [siteA]))[0].url).toBe(
      'https://www.example.com/',
    );

    const [{ catalog_id: bare }] = await ds.query(
      `INSERT INTO cms_catalog (site_id, name, alias, path) VALUES ($1, '新闻', 'news', 'news/') RETURNING catalog_id`,
      [siteA],
    );
    const [{ catalog_id: own }] = await ds.query(
      `INSERT INTO cms_catalog (site_id, name, alias, path, publish_pipe_props) VALUES ($1, '专题', 'topic', 'topic/', '{"pc": {"listTemplate": "own.template.html"}}') RETURNING catalog_id`,
      [siteA],
    );
    const applied = await http.post('/cms/site/apply_default_template').send({ siteId: siteA });
    expect(applied.body.data).toEqual({ count: 2 });
    expectMessage(applied, 'zh-CN', '已为 2 个栏目设置默认模板');
    const catalogs: Array<{ catalog_id: string; props: Record<string, Record<string, string>> }> = await ds.query(
      `SELECT catalog_id, publish_pipe_props AS props FROM cms_catalog WHERE catalog_id IN ($1, $2) ORDER BY catalog_id`,
      [bare, own],
    );
    expect(catalogs[0].props).toEqual({ pc: { listTemplate: template, detailTemplate: template } });
    expect(catalogs[1].props).toEqual({ pc: { listTemplate: 'own.template.html', detailTemplate: template } });
    expect((await http.post('/cms/site/apply_default_template').send({ siteId: siteA, catalogIds: [bare] })).body.data).toEqual({ count: 0 });
  });

  it('counts catalogs, content by status, templates and resource files on the dashboard', async () => {
    const [{ catalog_id: catalogId }] = await ds.query(`SELECT catalog_id FROM cms_catalog WHERE site_id = $1 AND alias = 'news'`, [siteA]);
    for (const status of ['draft', 'published', 'published', 'deleted']) {
      await ds.query(`INSERT INTO cms_content (site_id, catalog_id, content_type, title, status) VALUES ($1, $2, 'article', $3, $4)`, [
        siteA,
        catalogId,
        `文章 ${status}`,
        status,
      ]);
    }
    await storage.put(`site/demoA/resources/202501/a1.png`, Buffer.from('png'));
    await storage.put(`site/demoA/resources/202502/b2.png`, Buffer.from('png'));
    const templateCount = await count(`SELECT count(*) AS n FROM cms_template WHERE site_id = $1`, [siteA]);
    const board = await http.get(`/cms/site/dashboard?siteId=${siteA}`);
    expect(board.body.data).toEqual({
      siteId: siteA,
      siteName: '演示站点改',
      catalogCount: 2,
      contentCount: 3,
      contentByStatus: { draft: 1, to_publish: 0, published: 2, re_edit: 0, offline: 0, archived: 0, deleted: 1 },
      templateCount,
      publishPipeCount: 2,
      resourceCount: 2,
    });
    expect((await http.as(viewer).get(`/cms/site/dashboard?siteId=${siteA}`)).status).toBe(403);
  });

  it('exports the theme as a zip and imports one back, refusing unsafe entries', async () => {
    await storage.put(`cms/sites/${siteA}/assets/pc/css/site.css`, Buffer.from('body{}'));
    const exported = await http.post('/cms/site/exportTheme').send({ siteId: siteA }).buffer(true).parse(binaryParser);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('application/zip');
    expect(decodeURIComponent(exported.headers['download-filename'])).toBe('demoA-theme.zip');
    const files = unzipSync(new Uint8Array(exported.body as unknown as Buffer));
    const rows: Array<{ publish_pipe_code: string; path: string }> = await ds.query(
      `SELECT publish_pipe_code, path FROM cms_template WHERE site_id = $1 ORDER BY 1, 2`,
      [siteA],
    );
    for (const r of rows) expect(Object.keys(files)).toContain(`templates/${r.publish_pipe_code}/${r.path}`);
    expect(Buffer.from(files['assets/pc/css/site.css']).toString()).toBe('body{}');
    expect((await http.as(viewer).post('/cms/site/exportTheme').send({ siteId: siteB })).status).toBe(403);

    // Into site B: the templates and assets of A plus a new template.
    const zip = Buffer.from(zipSync({ ...files, 'templates/pc/custom/extra.template.html': strToU8('<p>{{ site.name }}</p>') }));
    const imported = await http.post('/cms/site/importTheme').field('siteId', siteB).attach('file', zip, 'theme.zip');
    expect(imported.body.code, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toEqual({ templates: rows.length + 1, assets: 1 });
    expect(await fileText(`cms/sites/${siteB}/templates/pc/custom/extra.template.html`)).toBe('<p>{{ site.name }}</p>');
    expect(await fileText(`cms/sites/${siteB}/assets/pc/css/site.css`)).toBe('body{}');
    const extra = (
      await ds.query(`SELECT file_size FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'pc' AND path = 'custom/extra.template.html'`, [
        siteB,
      ])
    )[0];
    expect(extra.file_size).toBe(Buffer.byteLength('<p>{{ site.name }}</p>'));

    const before = await count(`SELECT count(*) AS n FROM cms_template WHERE site_id = $1`, [siteB]);
    const evil = Buffer.from(zipSync({ 'templates/pc/ok.template.html': strToU8('ok'), '../evil.template.html': strToU8('x') }));
    const refused = await http.post('/cms/site/importTheme').field('siteId', siteB).attach('file', evil, 'theme.zip');
    expect(refused.status).toBe(400);
    expectMessage(refused, 'zh-CN', '主题压缩包中的文件路径“../evil.template.html”不安全');
    const outside = Buffer.from(zipSync({ 'templates/pc/ok.template.html': strToU8('ok'), 'other/x.txt': strToU8('x') }));
    expectMessage(
      await http.post('/cms/site/importTheme').field('siteId', siteB).attach('file', outside, 'theme.zip'),
      'zh-CN',
      expect.stringContaining('主题压缩包中的“other/x.txt”不合法'),
    );
    const notTemplate = Buffer.from(zipSync({ 'templates/pc/run.sh': strToU8('x') }));
    expect((await http.post('/cms/site/importTheme').field('siteId', siteB).attach('file', notTemplate, 'theme.zip')).status).toBe(400);
    const otherPipe = Buffer.from(zipSync({ 'templates/app/a.template.html': strToU8('x') }));
    expectMessage(
      await http.post('/cms/site/importTheme').field('siteId', siteB).attach('file', otherPipe, 'theme.zip'),
      'zh-CN',
      '主题压缩包中的“templates/app/a.template.html”属于站点没有的发布通道“app”',
    );
    const notZip = await http.post('/cms/site/importTheme').field('siteId', siteB).attach('file', Buffer.from('plain text'), 'theme.zip');
    expectMessage(notZip, 'zh-CN', '主题文件必须是 zip 压缩包');
    expect(await count(`SELECT count(*) AS n FROM cms_template WHERE site_id = $1`, [siteB])).toBe(before);
    expect(await fileText(`cms/sites/${siteB}/templates/pc/ok.template.html`)).toBeNull();

    // Replace: the pc pipe keeps only what the zip brings; the h5 pipe, absent from the zip, is left alone.
    const h5Before = await count(`SELECT count(*) AS n FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'h5'`, [siteB]);
    const only = Buffer.from(zipSync({ 'templates/pc/index.template.html': strToU8('<h1>{{ site.name }}</h1>') }));
    const replaced = await http.post('/cms/site/importTheme').field('siteId', siteB).field('replace', 'true').attach('file', only, 'theme.zip');
    expect(replaced.body.code, JSON.stringify(replaced.body)).toBe(200);
    expect(await ds.query(`SELECT path FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'pc'`, [siteB])).toEqual([
      { path: 'index.template.html' },
    ]);
    expect(await storage.list(`cms/sites/${siteB}/templates/pc`)).toEqual([`cms/sites/${siteB}/templates/pc/index.template.html`]);
    expect(await storage.list(`cms/sites/${siteB}/assets/pc`)).toEqual([]);
    expect(await count(`SELECT count(*) AS n FROM cms_template WHERE site_id = $1 AND publish_pipe_code = 'h5'`, [siteB])).toBe(h5Before);
  });

  it('queues a site publish and lists the dynamic page types', async () => {
    const queued = await http.post('/cms/site/publish').send({ siteId: siteA });
    expect(queued.body.code, JSON.stringify(queued.body)).toBe(200);
    // One task per enabled pipe (pc, h5), the first also as taskId.
    const { taskId, taskIds } = queued.body.data as { taskId: string; taskIds: string[] };
    expect(taskIds).toHaveLength(2);
    expect(taskIds[0]).toBe(taskId);
    const tasks = await ds.query(
      `SELECT site_id, task_type, options->>'pipe' AS pipe FROM cms_publish_task WHERE task_id = ANY($1::bigint[]) ORDER BY task_id`,
      [taskIds],
    );
    expect(tasks).toEqual([
      { site_id: siteA, task_type: 'site', pipe: 'pc' },
      { site_id: siteA, task_type: 'site', pipe: 'h5' },
    ]);
    expect((await http.as(viewer).post('/cms/site/publish').send({ siteId: siteB })).status).toBe(403);

    const types = await http.lang('en').get('/cms/dynamicPageTypes');
    expect(types.body.data.find((p: { type: string }) => p.type === 'search')).toMatchObject({ name: 'Search page', requestPath: '/_search' });
  });

  it('deletes a site with its rows, grants and stored files', async () => {
    await storage.put(`site/demoB/pc/index.html`, Buffer.from('<html></html>'));
    expect(await fileText(`cms/sites/${siteB}/templates/pc/index.template.html`)).not.toBeNull();
    expect((await http.as(viewer).delete(`/cms/site/${siteB}`)).status).toBe(403);
    const removed = await http.as(creator).delete(`/cms/site/${siteB}`);
    expect(removed.body.code, JSON.stringify(removed.body)).toBe(200);
    expect(await count(`SELECT count(*) AS n FROM cms_site WHERE site_id = $1`, [siteB])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM cms_publish_pipe WHERE site_id = $1`, [siteB])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM cms_template WHERE site_id = $1`, [siteB])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM sys_permission WHERE permission LIKE $1`, [`Site:%:${siteB}`])).toBe(0);
    expect(await fileText('site/demoB/pc/index.html')).toBeNull();
    expect(await storage.list('site/demoB')).toEqual([]);
    expect(await storage.list(`cms/sites/${siteB}`)).toEqual([]);
    expect((await http.get(`/cms/site/${siteB}`)).status).toBe(404);
    // Site A and its files are untouched.
    expect(await storage.list('site/demoA/resources')).toHaveLength(2);
  });
});
