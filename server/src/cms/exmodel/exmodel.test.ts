import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk } from '../../../test/helpers/api';
import { catalogFactory, contentFactory, roleFactory, siteFactory, staffUserFactory, type Creator } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { renderTemplate } from '../template/engine';
import { memorySource } from '../template/engine/test-fixtures';
import { SiteReadModel } from '../publish/publish-read-model';

let t: TestApp;
let ds: DataSource;
let admin: string;
let siteId: string;
let otherSiteId: string;
const by: Creator = { target: () => t, token: () => admin };

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  siteId = (await siteFactory(by, { name: '扩展站', path: `exsite${Date.now() % 100000}` })).siteId;
  otherSiteId = (await siteFactory(by, { name: '别的站', path: `exother${Date.now() % 100000}` })).siteId;
});
afterAll(() => t?.close());

const exApi = api(() => t, { token: () => admin, base: '/prod-api/cms/exmodel', headers: { CurrentSite: () => siteId } });
const cmsApi = api(() => t, { token: () => admin, base: '/prod-api/cms', headers: { CurrentSite: () => siteId } });
const ex = () => exApi;
const cms = () => cmsApi;

let seq = 0;
/** A model of the current site with a text field `author` and a required number field `score`. */
async function model(name = `文章扩展${++seq}`) {
  const m = expectOk<{ modelId: string; code: string }>(await ex().post('', { name, code: `ext${seq}_${Date.now() % 100000}` }));
  expectOk(await ex().post('/field', { modelId: m.modelId, name: '作者', code: 'author', controlType: 'input' }));
  expectOk(
    await ex().post('/field', {
      modelId: m.modelId,
      name: '分数',
      code: 'score',
      controlType: 'input',
      required: true,
      validations: [{ type: 'number' }],
    }),
  );
  return m;
}
async function bindSite(settings: Record<string, string>) {
  expectOk(await cms().post(`/site/extends/${siteId}`, settings));
}
const contentCount = async (catalogId: string) =>
  Number((await ds.query(`SELECT count(*)::int AS n FROM cms_content WHERE catalog_id = $1`, [catalogId]))[0].n);

describe('/cms/exmodel models and fields', () => {
  it('adds, lists, changes and deletes models of the current site only', async () => {
    const m = await model('列表模型');
    const list = expectOk<{ rows: { modelId: string; ownerType: string; ownerId: string }[] }>(await ex().get('').query({ query: '列表模型' }));
    expect(list.rows).toEqual([expect.objectContaining({ modelId: m.modelId, ownerType: 'exmodel', ownerId: siteId })]);
    const options = expectOk<{ modelId: string }[]>(await ex().get('/options'));
    expect(options.map((o) => o.modelId)).toContain(m.modelId);
    // Another site sees nothing of it.
    const other = api(() => t, { token: () => admin, base: '/prod-api/cms/exmodel', headers: { CurrentSite: otherSiteId } });
    expect(expectOk<{ modelId: string }[]>(await other.get('/options')).map((o) => o.modelId)).not.toContain(m.modelId);
    expectError(await other.put('', { modelId: m.modelId, name: 'x', code: 'x1' }), 404, { 'zh-CN': '元数据模型不存在' });
    expectError(await other.get('/field/all').query({ modelId: m.modelId }), 404);
    expectError(await ex().post('', { name: '重名', code: m.code.toUpperCase() }), 400, {
      'zh-CN': `已有编码为“${m.code.toUpperCase()}”的模型（编码不区分大小写）`,
    });
    expectOk(await ex().put('', { modelId: m.modelId, name: '列表模型改', code: m.code }));
    const fields = expectOk<{ fieldId: string; code: string; optionItems: unknown[] }[]>(await ex().get('/field/all').query({ modelId: m.modelId }));
    expect(fields.map((f) => f.code)).toEqual(['author', 'score']);
    const page = expectOk<{ total: number }>(await ex().get('/field/list').query({ modelId: m.modelId }));
    expect(page.total).toBe(2);
    expectOk(await ex().put('/field', { modelId: m.modelId, fieldId: fields[0].fieldId, name: '作者名', code: 'author', controlType: 'input' }));
    expectOk(await ex().delete('/field').send([fields[0].fieldId]));
    expectOk(await ex().delete('').send([m.modelId]));
    expect(expectOk<{ modelId: string }[]>(await ex().get('/options')).map((o) => o.modelId)).not.toContain(m.modelId);
  });

  it('serves extension model fields on the shared /xmodel/field routes too, within the site rights', async () => {
    const m = await model();
    const shared = api(() => t, { token: () => admin, base: '/prod-api/xmodel/field' });
    expect(expectOk<unknown[]>(await shared.get('/all').query({ modelId: m.modelId }))).toHaveLength(2);
    const role = await roleFactory(t, { menus: ['cms.ext.metaModelField'] });
    const metaOnly = await staffUserFactory(t, { roles: [role.roleKey] });
    expectError(await shared.as(metaOnly.token).get('/all').query({ modelId: m.modelId }), 403);
  });

  it('needs the extension model permissions', async () => {
    const role = await roleFactory(t, { menus: ['cms.site'] });
    const outsider = await staffUserFactory(t, { roles: [role.roleKey] });
    expectError(await ex().as(outsider.token).get(''), 403);
    expectError(await ex().as(outsider.token).post('', { name: 'x', code: 'x' }), 403);
    expectError(await ex().as(outsider.token).get('/field/all').query({ modelId: '1' }), 403);
  });
});

describe('binding and saving with the owner', () => {
  let m: { modelId: string };
  let catalogId: string;
  beforeAll(async () => {
    m = await model('内容扩展');
    await bindSite({ contentExModel: m.modelId });
    catalogId = (await catalogFactory(by, siteId, { name: '扩展栏目' })).catalogId;
  });

  it('answers the bound model, fields and defaults for a new content', async () => {
    const rec = expectOk<{ modelId: string; fields: { code: string }[]; values: Record<string, unknown> }>(
      await ex().get('/data').query({ dataType: 'content', dataId: '0', parentId: catalogId }),
    );
    expect(rec.modelId).toBe(m.modelId);
    expect(rec.fields.map((f) => f.code)).toEqual(['author', 'score']);
    expect(rec.values).toEqual({ author: '', score: '' });
  });

  it('refuses content with a bad or missing number with the field message, and saves nothing', async () => {
    const before = await contentCount(catalogId);
    const body = { catalogId, contentType: 'article', title: '扩展文章坏', contentHtml: '<p>x</p>' };
    expectError(await cms().post('/content', { ...body, extend: { author: '张三', score: 'abc' } }), 400, { 'zh-CN': '分数必须是数字' });
    const missing = await cms()
      .lang('en')
      .post('/content', { ...body, extend: { author: '张三' } });
    expectMessage(missing, 'en', '分数 must not be empty');
    expect(missing.body.data.errors).toEqual([{ field: 'extend.score', message: '分数 must not be empty' }]);
    expectError(await cms().post('/content', { ...body, extend: 'x' }), 400, { 'zh-CN': '扩展字段的值须是以字段编码为键的对象' });
    expect(await contentCount(catalogId)).toBe(before);
  });

  it('stores good values with the content, reads them back and keeps them when an update is refused', async () => {
    const { contentId } = await contentFactory(by, siteId, catalogId, { title: '扩展文章', extend: { author: '张三', score: '98.5' } });
    const rec = expectOk<{ values: Record<string, unknown> }>(await ex().get('/data').query({ dataType: 'content', dataId: contentId }));
    expect(rec.values).toEqual({ author: '张三', score: 98.5 });
    const editor = expectOk<Record<string, unknown>>(await cms().get(`/content/init/${catalogId}/article/${contentId}`));
    const update = { ...editor, contentId, catalogId, contentType: 'article', title: '扩展文章改', contentHtml: '<p>y</p>' };
    delete (update as Record<string, unknown>).status;
    const bad = await cms().put('/content', { ...update, extend: { score: '1e' } });
    expectError(bad, 400, { 'zh-CN': '分数必须是数字' });
    const [row] = await ds.query(`SELECT title FROM cms_content WHERE content_id = $1`, [contentId]);
    expect(row.title).toBe('扩展文章');
    expect(
      expectOk<{ values: Record<string, unknown> }>(await ex().get('/data').query({ dataType: 'content', dataId: contentId })).values.score,
    ).toBe(98.5);
    // Only the values sent change; the others keep what was stored.
    expectOk(await cms().put('/content', { ...update, extend: { score: 60 } }));
    expect(expectOk<{ values: Record<string, unknown> }>(await ex().get('/data').query({ dataType: 'content', dataId: contentId })).values).toEqual({
      author: '张三',
      score: 60,
    });
    // The data list and its export.
    const list = expectOk<{ rows: Record<string, unknown>[] }>(await ex().get('/data/list').query({ modelId: m.modelId, dataType: 'content' }));
    expect(list.rows).toEqual([expect.objectContaining({ dataId: contentId, author: '张三', score: 60 })]);
    const xlsx = await ex().post('/data/list').query({ modelId: m.modelId, dataType: 'content' }).set('cc-export', '1');
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
    // Deleted for good (recycle bin, then destroy), the content's values go too.
    expectOk(await cms().delete('/content').send([contentId]));
    expectOk(await cms().delete('/content/recycle').send([contentId]));
    expect(expectOk<{ total: number }>(await ex().get('/data/list').query({ modelId: m.modelId, dataType: 'content' })).total).toBe(0);
  });

  it("lets a catalog's setting override the site's content model", async () => {
    const own = expectOk<{ modelId: string }>(await ex().post('', { name: '栏目专用', code: `own${Date.now() % 100000}` }));
    expectOk(await ex().post('/field', { modelId: own.modelId, name: '邮箱', code: 'mail', controlType: 'input', validations: [{ type: 'email' }] }));
    const special = (await catalogFactory(by, siteId, { name: '专用栏目' })).catalogId;
    expectOk(await cms().put(`/catalog/extends/${special}`, { contentExModel: own.modelId }));
    const body = { catalogId: special, contentType: 'article', title: '专用文章', contentHtml: '<p>x</p>' };
    // The site's required score no longer applies here; the catalog's email rule does.
    expectError(await cms().post('/content', { ...body, extend: { mail: 'nope' } }), 400, { 'zh-CN': '邮箱必须是正确的邮箱地址' });
    const { contentId } = await contentFactory(by, siteId, special, { ...body, extend: { mail: 'a@example.com' } });
    expect(expectOk<{ modelId: string; values: unknown }>(await ex().get('/data').query({ dataType: 'content', dataId: contentId }))).toMatchObject({
      modelId: own.modelId,
      values: { mail: 'a@example.com' },
    });
  });

  it('binds catalogs and the site itself, and refuses their saves by the field rules', async () => {
    const cm = expectOk<{ modelId: string }>(await ex().post('', { name: '栏目扩展', code: `cat${Date.now() % 100000}` }));
    expectOk(await ex().post('/field', { modelId: cm.modelId, name: '开放日', code: 'openDay', controlType: 'date', required: true }));
    const sm = expectOk<{ modelId: string }>(await ex().post('', { name: '站点扩展', code: `site${Date.now() % 100000}` }));
    expectOk(
      await ex().post('/field', { modelId: sm.modelId, name: '热线', code: 'hotline', controlType: 'input', validations: [{ type: 'phone' }] }),
    );
    await bindSite({ catalogExModel: cm.modelId, siteExModel: sm.modelId });
    expectError(await cms().post('/catalog', { name: '无日期栏目', alias: `nod${Date.now() % 100000}` }), 400, { 'zh-CN': '开放日不能为空' });
    expect((await ds.query(`SELECT 1 FROM cms_catalog WHERE name = '无日期栏目'`)).length).toBe(0);
    const cat = expectOk<{ catalogId: string }>(
      await cms().post('/catalog', { name: '有日期栏目', alias: `hasd${Date.now() % 100000}`, extend: { openDay: '2026-05-01' } }),
    );
    expect(expectOk<{ values: unknown }>(await ex().get('/data').query({ dataType: 'catalog', dataId: cat.catalogId })).values).toEqual({
      openDay: '2026-05-01',
    });
    const site = expectOk<Record<string, unknown>>(await cms().get(`/site/${siteId}`));
    const siteBody = { siteId, name: site.name, path: site.path };
    expectError(await cms().put('/site', { ...siteBody, extend: { hotline: '123' } }), 400, { 'zh-CN': '热线必须是正确的手机号码' });
    expectOk(await cms().put('/site', { ...siteBody, extend: { hotline: '13800138000' } }));
    expect(expectOk<{ values: unknown }>(await ex().get('/data').query({ dataType: 'site', dataId: siteId })).values).toEqual({
      hotline: '13800138000',
    });
    // Templates read them: site.extend, catalog.extend, content.extend.
    const { contentId } = await contentFactory(by, siteId, cat.catalogId, { title: '模板文章', extend: { author: '李四', score: 7 } });
    const pool = (ds.driver as unknown as { master: Pool }).master;
    const readModel = (await SiteReadModel.load(pool, siteId))!;
    const provider = readModel.provider('pc');
    const [view] = await provider.withDetails(await readModel.contentRows([contentId]));
    const html = await renderTemplate('t.template.html', {
      source: memorySource({
        't.template.html': '{{ site.extend.hotline }}|{{ catalog.extend.openDay }}|{{ content.extend.author }}:{{ content.extend.score }}',
      }),
      provider,
      context: { site: await provider.site(), catalog: (await provider.catalog(cat.catalogId))!, content: view, pipe: 'pc' },
    });
    expect(html).toBe('13800138000|2026-05-01|李四:7');
    // Lists carry the values too (content_list items, catalog_list items).
    expectOk(await cms().post('/content/publish', [contentId]));
    const listed = await renderTemplate('l.template.html', {
      source: memorySource({
        'l.template.html': `{% content_list catalog:'${cat.catalogId}' %}[{{ item.extend.author }}]{% endcontent_list %}{% catalog_list level:'root' %}({{ item.extend.openDay }}){% endcatalog_list %}`,
      }),
      provider: (await SiteReadModel.load(pool, siteId))!.provider('pc'),
      context: { site: await provider.site(), pipe: 'pc' },
    });
    expect(listed).toContain('[李四]');
    expect(listed).toContain('(2026-05-01)');
    await bindSite({ catalogExModel: '', siteExModel: '' });
  });

  it('refuses bad settings and data queries', async () => {
    expectError(await cms().post(`/site/extends/${siteId}`, { contentExModel: 'abc' }), 400, { 'zh-CN': '扩展模型不存在或不属于该站点' });
    expectError(await ex().get('/data').query({ dataType: 'member', dataId: '1' }), 400, { 'zh-CN': '数据类型只能是站点、栏目或内容' });
    expectError(await ex().get('/data').query({ dataType: 'content', dataId: '0' }), 404);
  });
});
