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
});
