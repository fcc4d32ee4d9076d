import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Extension models in a real browser (issue 19 part 6): staff create a model in 扩展 > 扩展模型 with a text field and a
 * required number field, bind it to a catalog's content, fill the fields in the content editor (a bad number is refused
 * with the field's message), publish, and the published page shows the values through `content.extend`.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let catalog: Row;
let contentId: string;

const SITE = 'exmodel2026';
const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('exmodel'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  await admin('POST', '/cms/site', { name: '扩展站', path: SITE });
  catalog = await admin('POST', '/cms/catalog', { name: '评测', alias: 'pingce' });
  const content = await admin('POST', '/cms/content', {
    catalogId: catalog.catalogId,
    contentType: 'article',
    title: '智文评测',
    contentHtml: '<p>一篇评测。</p>',
  });
  contentId = String(content.contentId);
  // The site's developer shows the extension values on the default theme's article page.
  const detail = 'theme-templates/pc/detail.template.html';
  const text = await admin<string>('POST', '/cms/file/read', { filePath: detail });
  const withExtend = text.replace(
    '{{ content.contentHtml }}',
    '{{ content.contentHtml }}<p class="ext">评测人：{{ content.extend.author }}；得分：{{ content.extend.score }}</p>',
  );
  expect(withExtend).not.toBe(text);
  await admin('POST', '/cms/file/edit', { filePath: detail, fileContent: withExtend });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('extension models: designed in the back office, filled in the content editor, shown on the published page', () => {
  it('staff create a model with two fields, bind it to a catalog, fill it in the editor and publish', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);

    await page.goto(`${base}/admin/cms/ext/exmodel`);
    await expect.poll(() => page.getByRole('button', { name: '新增' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^名称/).fill('评测信息');
    await dialog.getByLabel(/^编码/).fill('review');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'review', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'exmodel-models');

    // 字段: a text field and a required number field.
    await page.getByRole('button', { name: '字段' }).click();
    await expect.poll(() => page.getByRole('button', { name: '新增字段' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增字段' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^字段名称/).fill('评测人');
    await dialog.getByLabel(/^字段编码/).fill('author');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'author', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增字段' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^字段名称/).fill('得分');
    await dialog.getByLabel(/^字段编码/).fill('score');
    await dialog.getByLabel('不能为空').check();
    await dialog.getByLabel('数字', { exact: true }).check();
    await screenshot(page, 'exmodel-field-dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'score', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: '不能为空、数字' }).isVisible()).toBe(true);
    await screenshot(page, 'exmodel-fields');

    // The catalog's extension settings bind the model to its content.
    const [model] = (await admin<{ rows: Row[] }>('GET', '/cms/exmodel?query=review')).rows;
    await admin('PUT', `/cms/catalog/extends/${catalog.catalogId}`, { contentExModel: String(model.modelId) });

    // The content editor shows the fields; a bad number is refused with the field's message.
    await page.goto(`${base}/admin/cms/content/editor/${catalog.catalogId}/article/${contentId}`);
    const author = page.locator('input[name="extend.author"]');
    const score = page.locator('input[name="extend.score"]');
    await expect.poll(() => score.isEditable(), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    await author.fill('张三');
    await score.fill('九十八');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('得分必须是数字').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'exmodel-editor-refused');
    expect((await admin<Row>('GET', `/cms/exmodel/data?dataType=content&dataId=${contentId}`)).values).toEqual({ author: '', score: '' });
    await score.fill('98');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect
      .poll(async () => (await admin<Row>('GET', `/cms/exmodel/data?dataType=content&dataId=${contentId}`)).values, { timeout: 15_000 })
      .toEqual({ author: '张三', score: 98 });
    await page.close();

    // Published, the page shows the values.
    await admin('POST', '/cms/content/publish', [contentId]);
    const reader = await browser.newPage({ locale: 'zh-CN' });
    const url = `${base}/site/${SITE}/pc/${catalog.path}${contentId}.html`;
    await expect
      .poll(
        async () => {
          const res = await reader.goto(url);
          return res?.status() === 200 ? await reader.locator('p.ext').innerText() : '';
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('评测人：张三；得分：98');
    await screenshot(reader, 'exmodel-published');
    await reader.close();
  });

  it('the catalog and site editors show their extension fields and save them with the form; a bad phone is refused', async () => {
    const model = await admin<Row>('POST', '/cms/exmodel', { name: '栏目信息', code: 'catinfo' });
    await admin('POST', '/cms/exmodel/field', { modelId: model.modelId, name: '开放日', code: 'openDay', controlType: 'date', required: true });
    const siteModel = await admin<Row>('POST', '/cms/exmodel', { name: '站点信息', code: 'siteinfo' });
    await admin('POST', '/cms/exmodel/field', {
      modelId: siteModel.modelId,
      name: '热线',
      code: 'hotline',
      controlType: 'input',
      validations: [{ type: 'phone' }],
    });
    const [site] = (await admin<{ rows: Row[] }>('GET', '/cms/site/list')).rows;
    await admin('POST', `/cms/site/extends/${site.siteId}`, { catalogExModel: String(model.modelId), siteExModel: String(siteModel.modelId) });

    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    // The catalog's form shows its date field.
    await page.goto(`${base}/admin/cms/catalog`);
    await expect.poll(() => page.getByRole('treeitem', { name: '评测' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('treeitem', { name: '评测' }).click();
    const openDay = page.locator('input[name="extend.openDay"]');
    await expect.poll(() => openDay.isEditable(), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    // The browser asks for the required date itself (the input is required); a date saves.
    await openDay.fill('2026-05-01');
    await page.getByRole('button', { name: '保存' }).first().click();
    await expect
      .poll(async () => (await admin<Row>('GET', `/cms/exmodel/data?dataType=catalog&dataId=${catalog.catalogId}`)).values, { timeout: 15_000 })
      .toEqual({ openDay: '2026-05-01' });
    await screenshot(page, 'exmodel-catalog-editor');

    // The site's basic information: a phone field.
    await page.goto(`${base}/admin/cms/site/tabs?siteId=${site.siteId}`);
    const hotline = page.locator('input[name="extend.hotline"]');
    await expect.poll(() => hotline.isEditable(), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    await hotline.fill('12345');
    await page.getByRole('button', { name: '保存' }).first().click();
    await expect.poll(() => page.getByText('热线必须是正确的手机号码').isVisible(), { timeout: 15_000 }).toBe(true);
    await hotline.fill('13800138000');
    await page.getByRole('button', { name: '保存' }).first().click();
    await expect
      .poll(async () => (await admin<Row>('GET', `/cms/exmodel/data?dataType=site&dataId=${site.siteId}`)).values, { timeout: 15_000 })
      .toEqual({ hotline: '13800138000' });
    await screenshot(page, 'exmodel-site-editor');
    await page.close();
  });
});
