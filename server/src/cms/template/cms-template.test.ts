import { buffer as readAll } from 'node:stream/consumers';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// Only this module of the CMS: the others are written in parallel and must not break these tests.
vi.mock('../cms.module', async () => {
  const { Module } = await import('@nestjs/common');
  const { CmsTemplateModule } = await vi.importActual<{ CmsTemplateModule: new () => unknown }>('./cms-template.module');
  const { CmsCommonModule } = await vi.importActual<{ CmsCommonModule: new () => unknown }>('../common/cms-common.module');
  // The dashboard needs the content figures from CmsModule.
  const { CmsContentStatsService } = await vi.importActual<{ CmsContentStatsService: new (...args: never[]) => unknown }>(
    '../content/cms-content-stats.service',
  );
  @Module({ imports: [CmsCommonModule, CmsTemplateModule], providers: [CmsContentStatsService], exports: [CmsContentStatsService] })
  class CmsModule {}
  return { CmsModule };
});
import { addPublishPipes, startCmsTestApp } from '../../../test/helpers/cms';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import type { TestApp } from '../../../test/helpers/test-app';
import type { FileStorage } from '../../storage/storage';
import { CmsTemplateService, templateStorageKey } from './cms-template.service';
import { DEFAULT_THEME } from './default-theme';
import { renderTemplate, TEMPLATE_TAGS } from './engine';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;
let storage: FileStorage;

beforeAll(async () => {
  ({ t, ds, admin, siteId, otherSiteId, storage } = await startCmsTestApp('tpl'));
  await addPublishPipes(ds, siteId, ['PC', 'pc'], ['H5', 'h5']);
  await addPublishPipes(ds, otherSiteId, ['PC', 'pc']);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/cms/template', headers: { CurrentSite: () => siteId } });

const fileOf = async (site: string, pipe: string, path: string) => {
  const stream = await storage.get(templateStorageKey(site, pipe, path));
  return stream ? (await readAll(stream)).toString('utf8') : null;
};
const rowOf = async (templateId: string) =>
  (await ds.query(`SELECT site_id::text, publish_pipe_code, path, file_size, update_by FROM cms_template WHERE template_id = $1`, [templateId]))[0];

async function create(body: Record<string, unknown>, token = admin, site = siteId) {
  const res = await http
    .as(token)
    .with({ headers: { CurrentSite: site } })
    .post('')
    .send(body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { templateId: string; path: string; fileSize: number };
}

let userSeq = 0;
/** A staff user with the template screen and its buttons, holding the given object permissions. */
async function templateUser(...permissions: string[]): Promise<string> {
  const name = `tpluser${++userSeq}`;
  if (userSeq === 1) await createRole(t.app, 'template_editor', ['cms.template.template']);
  const id = await createStaffUser(t.app, { userName: name, password: 'Template123', roles: ['template_editor'] });
  for (const p of permissions) await ds.query(`INSERT INTO sys_permission (owner_type, owner_id, permission) VALUES ('user', $1, $2)`, [id, p]);
  return tokenOf(t.app, name, 'Template123');
}

describe('templates API', () => {
  it('creates, reads, lists, saves, renames and deletes a template with its file', async () => {
    const created = await create({ publishPipeCode: 'pc', path: 'include/nav.template.html', content: '<nav>{{ site.name }}</nav>' });
    expect(created).toMatchObject({ path: 'include/nav.template.html', fileSize: Buffer.byteLength('<nav>{{ site.name }}</nav>') });
    const id = created.templateId;
    expect(await fileOf(siteId, 'pc', 'include/nav.template.html')).toBe('<nav>{{ site.name }}</nav>');

    const detail = await http.get(`/${id}`);
    expect(detail.body.data).toMatchObject({
      templateId: id,
      siteId,
      publishPipeCode: 'pc',
      path: 'include/nav.template.html',
      content: '<nav>{{ site.name }}</nav>',
      createBy: 'admin',
    });

    await create({ publishPipeCode: 'h5', path: 'index.template.html' });
    const pcOnly = await http.get('?publishPipeCode=pc');
    expect(pcOnly.body.data.rows.map((r: { path: string }) => r.path)).toEqual(['include/nav.template.html']);
    const byName = await http.get('?filename=index');
    expect(byName.body.data).toMatchObject({ total: 1, rows: [{ publishPipeCode: 'h5', path: 'index.template.html' }] });
    expect((await http.get('?pageSize=1')).body.data).toMatchObject({ total: 2 });

    const saved = await http
      .put('')
      .send({ templateId: id, content: "<nav>{% catalog_list level:'root' %}{{ item.name }}{% endcatalog_list %}</nav>" });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(await fileOf(siteId, 'pc', 'include/nav.template.html')).toContain('catalog_list');

    const renamed = await http.post('/rename').send({ templateId: id, path: 'include/menu.template.html' });
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(200);
    expect(await rowOf(id)).toMatchObject({ path: 'include/menu.template.html', update_by: 'admin' });
    expect(await fileOf(siteId, 'pc', 'include/menu.template.html')).toContain('catalog_list');
    expect(await fileOf(siteId, 'pc', 'include/nav.template.html')).toBeNull();

    expect((await http.delete('').send([id])).body.code).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    expect(await fileOf(siteId, 'pc', 'include/menu.template.html')).toBeNull();
    const gone = await http.get(`/${id}`);
    expect(gone.status).toBe(404);
    expectMessage(gone, 'zh-CN', '模板不存在');
  });

  it('refuses a save with a syntax error, naming the line, and changes nothing', async () => {
    const { templateId } = await create({ publishPipeCode: 'pc', path: 'syntax.template.html', content: 'ok' });
    const before = await rowOf(templateId);
    const res = await http.put('').send({ templateId, content: '<p>\n  {% if site.name %}\n</p>' });
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', /^模板语法错误（第 2 行第 3 列）：/);
    expect(res.body.data.syntaxErrors[0]).toMatchObject({ line: 2, col: 3 });
    const en = await http.lang('en').put('').send({ templateId, content: '{{ x | nosuchfilter }}' });
    expectMessage(en, 'en', /^Template syntax error \(line 1, column 1\): .*nosuchfilter/);
    expect(await rowOf(templateId)).toEqual(before);
    expect(await fileOf(siteId, 'pc', 'syntax.template.html')).toBe('ok');
    // Creating is checked the same way.
    const bad = await http.post('').send({ publishPipeCode: 'pc', path: 'bad.template.html', content: '{% for x in %}' });
    expect(bad.status).toBe(400);
    expect(await fileOf(siteId, 'pc', 'bad.template.html')).toBeNull();
  });

  it('refuses path traversal, absolute and badly named paths, a taken path and an unknown pipe', async () => {
    for (const path of [
      '../x.template.html',
      'a/../../x.template.html',
      '/etc/passwd.template.html',
      'x.html',
      'a\\b.template.html',
      'a//b.template.html',
      'a b.template.html',
    ]) {
      const res = await http.lang('en').post('').send({ publishPipeCode: 'pc', path, content: '' });
      expect(res.status, path).toBe(400);
      expect(res.body.msg, path).toContain('must end in .template.html');
    }
    const badPipe = await http.post('').send({ publishPipeCode: '../pc', path: 'x.template.html' });
    expect(badPipe.status).toBe(400);
    const { templateId } = await create({ publishPipeCode: 'pc', path: 'taken.template.html' });
    const taken = await http.post('').send({ publishPipeCode: 'pc', path: 'taken.template.html', content: 'again' });
    expectMessage(taken, 'zh-CN', '发布通道“pc”下已有模板“taken.template.html”');
    const escape = await http.post('/rename').send({ templateId, path: '../../../etc/x.template.html' });
    expect(escape.status).toBe(400);
    const { templateId: other } = await create({ publishPipeCode: 'pc', path: 'other.template.html', content: 'other' });
    const clash = await http.post('/rename').send({ templateId: other, path: 'taken.template.html' });
    expect(clash.status).toBe(400);
    expect(await rowOf(other)).toMatchObject({ path: 'other.template.html' });
    expect(await fileOf(siteId, 'pc', 'other.template.html')).toBe('other');
    const noPipe = await http.post('').send({ publishPipeCode: 'app', path: 'x.template.html' });
    expectMessage(noPipe, 'zh-CN', '当前站点没有发布通道“app”');
    const odd = await ds.query(`SELECT count(*)::int AS n FROM cms_template WHERE path NOT LIKE '%.template.html' OR path LIKE '%..%'`);
    expect(odd[0].n).toBe(0);
  });

  it('keeps templates of another site out of reach of the current site', async () => {
    const foreign = await create({ publishPipeCode: 'pc', path: 'foreign.template.html', content: 'secret' }, admin, otherSiteId);
    expect((await http.get(`/${foreign.templateId}`)).status).toBe(404);
    expect((await http.put('').send({ templateId: foreign.templateId, content: 'x' })).status).toBe(404);
    expect((await http.delete('').send([foreign.templateId])).status).toBe(404);
    expect(await fileOf(otherSiteId, 'pc', 'foreign.template.html')).toBe('secret');
    expect((await http.delete('').send('1,2')).status).toBe(400);
  });

  it('needs Site:Edit of the current site to write and Site:View to read', async () => {
    const { templateId } = await create({ publishPipeCode: 'pc', path: 'perm.template.html', content: 'v1' });
    const viewer = await templateUser(`Site:View:${siteId}`);
    expect((await http.as(viewer).get('')).body.data.rows.length).toBeGreaterThan(0);
    expect((await http.as(viewer).get(`/${templateId}`)).body.data.content).toBe('v1');
    const denied = [
      await http.as(viewer).post('').send({ publishPipeCode: 'pc', path: 'new.template.html' }),
      await http.as(viewer).put('').send({ templateId, content: 'v2' }),
      await http.as(viewer).post('/rename').send({ templateId, path: 'moved.template.html' }),
      await http.as(viewer).delete('').send([templateId]),
      await http.as(viewer).post('/clearTemplateCache'),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await rowOf(templateId)).toMatchObject({ path: 'perm.template.html' });
    expect(await fileOf(siteId, 'pc', 'perm.template.html')).toBe('v1');

    const editor = await templateUser(`Site:View:${siteId}`, `Site:Edit:${siteId}`);
    expect((await http.as(editor).put('').send({ templateId, content: 'v2' })).body.code).toBe(200);
    expect(await fileOf(siteId, 'pc', 'perm.template.html')).toBe('v2');
    // Edit rights on one site give nothing on another: the other site is not even viewable.
    const foreignHeader = await http
      .as(editor)
      .with({ headers: { CurrentSite: otherSiteId } })
      .get('');
    expect(foreignHeader.body.data.rows.every((r: { siteId: string }) => r.siteId === siteId)).toBe(true);

    // Without Site:View of any site there is no current site.
    const nobody = await templateUser();
    const none = await http.as(nobody).get('');
    expect(none.status).toBe(400);
    expectMessage(none, 'zh-CN', '请先创建站点，或选择一个有权限的站点');
    // Without the screen the routes are closed.
    await createStaffUser(t.app, { userName: 'tplnoscreen', password: 'Template123' });
    const noScreen = await tokenOf(t.app, 'tplnoscreen', 'Template123');
    expect((await http.as(noScreen).get('')).status).toBe(403);
    expect((await http.as(noScreen).get('/tags')).status).toBe(403);
  });

  it('answers the tag help', async () => {
    const res = await http.get('/tags');
    expect(res.body.code).toBe(200);
    expect(res.body.data).toHaveLength(TEMPLATE_TAGS.length);
    expect(res.body.data.find((d: { name: string }) => d.name === 'content_list')).toMatchObject({ kind: 'tag' });
    // Entries with translations answer in the request's language.
    const thumbnailOf = (r: { body: { data: Array<{ name: string; description: string }> } }) => r.body.data.find((d) => d.name === 'thumbnail');
    expect(thumbnailOf(res)?.description).toMatch(/^资源库图片的缩略图地址/);
    expect(thumbnailOf(await http.lang('en').get('/tags'))?.description).toMatch(/^Thumbnail URL of a library image/);
    expect(thumbnailOf(await http.lang('zh-TW').get('/tags'))?.description).toMatch(/^資源庫圖片的縮圖網址/);
    // The tag screen's own permission opens it too.
    const roleId = await createRole(t.app, 'tag_reader', ['cms.template.tag']);
    expect(roleId).toBeTruthy();
    await createStaffUser(t.app, { userName: 'tagreader', password: 'Template123', roles: ['tag_reader'] });
    const reader = await tokenOf(t.app, 'tagreader', 'Template123');
    expect((await http.as(reader).get('/tags')).body.code).toBe(200);
  });
});

describe('template service for the publisher and site creation', () => {
  it('installs the default theme idempotently, keeping existing files', async () => {
    const service = t.app.get(CmsTemplateService);
    const [{ site_id }] = await ds.query(`INSERT INTO cms_site (name, path) VALUES ('Theme', 'tpltheme') RETURNING site_id`);
    const themeSite = String(site_id);
    await storage.put(templateStorageKey(themeSite, 'pc', 'index.template.html'), Buffer.from('mine'));
    await service.installDefaultTheme(themeSite, ['pc', 'h5'], 'creator');
    const rows: Array<{ publish_pipe_code: string; path: string; create_by: string }> = await ds.query(
      `SELECT publish_pipe_code, path, create_by FROM cms_template WHERE site_id = $1 ORDER BY 1, 2`,
      [themeSite],
    );
    const paths = Object.keys(DEFAULT_THEME).sort();
    expect(rows.filter((r) => r.publish_pipe_code === 'pc').map((r) => r.path)).toEqual(paths);
    expect(rows.filter((r) => r.publish_pipe_code === 'h5').map((r) => r.path)).toEqual(paths);
    expect(rows.every((r) => r.create_by === 'creator')).toBe(true);
    expect(await fileOf(themeSite, 'pc', 'index.template.html')).toBe('mine');
    expect(await fileOf(themeSite, 'h5', 'index.template.html')).toBe(DEFAULT_THEME['index.template.html']);
    await storage.put(templateStorageKey(themeSite, 'h5', 'list.template.html'), Buffer.from('changed'));
    await service.installDefaultTheme(themeSite, ['pc', 'h5'], 'again');
    expect((await ds.query(`SELECT count(*)::int AS n FROM cms_template WHERE site_id = $1`, [themeSite]))[0].n).toBe(paths.length * 2);
    expect(await fileOf(themeSite, 'h5', 'list.template.html')).toBe('changed');
  });

  it('gives the engine a cached source of one pipe, refreshed when a template is saved', async () => {
    const service = t.app.get(CmsTemplateService);
    const { templateId } = await create({ publishPipeCode: 'h5', path: 'cached.template.html', content: 'one' });
    const source = service.source(siteId, 'h5');
    expect(await source.read('cached.template.html')).toBe('one');
    // A change behind the service's back is not seen until the cache is cleared...
    await storage.put(templateStorageKey(siteId, 'h5', 'cached.template.html'), Buffer.from('sneaky'));
    expect(await source.read('cached.template.html')).toBe('one');
    expect((await http.post('/clearTemplateCache')).body.code).toBe(200);
    expect(await source.read('cached.template.html')).toBe('sneaky');
    await storage.put(templateStorageKey(siteId, 'h5', 'cached.template.html'), Buffer.from('sneaky2'));
    expect((await http.delete('/clearIncludeCache')).body.code).toBe(200);
    expect(await source.read('cached.template.html')).toBe('sneaky2');
    // ...while a save through the service is seen at once.
    await http.put('').send({ templateId, content: 'two {{ pipe }}' });
    expect(await source.read('cached.template.html')).toBe('two {{ pipe }}');
    expect(await source.read('../cached.template.html')).toBeNull();
    expect(await source.read('missing.template.html')).toBeNull();
    const html = await renderTemplate('cached.template.html', {
      source,
      provider: { site: async () => ({ name: 'x' }) } as never,
      context: { pipe: 'h5', site: { name: 'x' } as never },
    });
    expect(html).toBe('two h5');
  });
});
