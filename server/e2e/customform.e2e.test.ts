import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Custom forms in a real browser (issue 19 part 5): staff create a form in 互动 > 自定义表单, design its fields
 * (a required name, an email-checked field, a select with options), publish it; the site's home template shows it
 * with {% customform %}; a visitor on the published (sandboxed) page answers the captcha, is refused a bad email with
 * the field's message, then submits; staff see the row in the form's data and download it as .xlsx.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let siteId: string;

const SITE = 'forms2026';
const CODE = 'feedback2026';
const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('customform'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  ({ siteId } = await admin<{ siteId: string }>('POST', '/cms/site', { name: '表单站', path: SITE }));
  // The site's developer places the form on the default theme's home page.
  const index = 'theme-templates/pc/index.template.html';
  const text = await admin<string>('POST', '/cms/file/read', { filePath: index });
  const withForm = text.replace(
    "{% include 'include/footer' %}",
    `<section id="feedback">{% customform code:'${CODE}' %}</section>\n{% include 'include/footer' %}`,
  );
  expect(withForm).not.toBe(text);
  await admin('POST', '/cms/file/edit', { filePath: index, fileContent: withForm });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('custom forms: designed in the back office, submitted on the published site, exported', () => {
  it('staff design and publish a form, a visitor submits it on the published page, staff see and export the data', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);

    // 新增: a form with a captcha, one submission per address a day.
    await page.goto(`${base}/admin/cms/interact/customform`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await page.getByLabel(/^表单名称/).fill('读者反馈');
    await page.getByLabel(/^编码/).fill(CODE);
    await page.getByLabel('按 IP').check();
    await page.getByLabel(/^提交成功提示/).fill('感谢您的反馈');
    await screenshot(page, 'customform-create');
    await page.getByRole('button', { name: '保存' }).click();
    const row = page.locator('tbody tr', { hasText: CODE });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('草稿');

    // 设计: three fields through the designer, the last moved up.
    await row.getByRole('button', { name: '设计' }).click();
    const dialog = page.getByRole('dialog');
    const addField = async (name: string, code: string, setUp: () => Promise<void>) => {
      await dialog.getByRole('button', { name: '添加字段' }).click();
      const editor = dialog.getByTestId('customform-field-editor');
      await editor.getByLabel(/^字段名称/).fill(name);
      await editor.getByLabel(/^字段编码/).fill(code);
      await setUp();
      await editor.getByRole('button', { name: '保存' }).click();
      await expect
        .poll(
          () =>
            dialog
              .getByTestId('customform-field-row')
              .filter({ hasText: `(${code})` })
              .isVisible(),
          { timeout: 15_000 },
        )
        .toBe(true);
    };
    await addField('姓名', 'name', async () => {
      await dialog.getByTestId('customform-field-editor').getByLabel('必填').check();
    });
    await addField('城市', 'city', async () => {
      const editor = dialog.getByTestId('customform-field-editor');
      await editor.getByLabel('控件类型').click();
      await page.getByRole('option', { name: '下拉框' }).click();
      await editor.getByLabel(/^选项/).fill('bj=北京\nsh=上海');
    });
    await addField('邮箱', 'email', async () => {
      await dialog.getByTestId('customform-field-editor').getByRole('checkbox', { name: '邮箱' }).check();
    });
    await dialog.getByTestId('customform-field-row').nth(2).getByRole('button', { name: '上移' }).click();
    await expect
      .poll(async () => (await dialog.getByTestId('customform-field-row').allInnerTexts()).map((t) => t.split(/\s/)[0].replace('*', '')), {
        timeout: 15_000,
      })
      .toEqual(['姓名', '邮箱', '城市']);
    await dialog.getByRole('tab', { name: '预览' }).click();
    await expect.poll(() => dialog.getByTestId('customform-preview').getByLabel(/^姓名/).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'customform-designer-preview');
    await dialog.getByRole('button', { name: '关闭' }).click();

    // 发布.
    await row.getByRole('button', { name: '发布' }).click();
    await page.getByRole('button', { name: '确认' }).click();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('已发布');

    // The home page with the form is published.
    await admin('POST', '/cms/site/publish', { siteId });
    const published = `${base}/site/${SITE}/pc/`;
    await expect
      .poll(async () => (await (await fetch(published)).text()).includes(`data-form="${CODE}"`), { timeout: 30_000, interval: 500 })
      .toBe(true);

    // A visitor on the built-in server (a sandboxed, opaque-origin page) fills the form in.
    const visitor = await browser.newContext({ locale: 'zh-CN' });
    const reader = await visitor.newPage();
    const captchas: string[] = [];
    reader.on('response', (r) => {
      if (r.url().includes('/api/customform/captchaImage')) void r.json().then((b: { data: { uuid: string } }) => captchas.push(b.data.uuid));
    });
    await reader.goto(published);
    const box = reader.locator('#feedback');
    await expect.poll(() => box.getByText('读者反馈').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => captchas.length, { timeout: 15_000 }).toBeGreaterThan(0);
    // The captcha image came cross-origin as a data URL and shows.
    expect(await box.locator('.cms-cf-captcha img').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = async () => (await (await fetch(`${base}/prod-api/test-support/captcha/${captchas[captchas.length - 1]}`)).json()).data as string;
    const field = (code: string) => box.locator(`.cms-cf-field[data-field="${code}"]`);
    await field('name').locator('input').fill('王小明');
    await field('email').locator('input').fill('not-an-email');
    await field('city').locator('select').selectOption('sh');
    await box.locator('input[name="captcha"]').fill(await answer());
    const seen = captchas.length;
    await box.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => field('email').locator('.cms-cf-field-error').innerText(), { timeout: 15_000 }).toBe('邮箱必须是正确的邮箱地址');
    await screenshot(reader, 'customform-published-refused');
    // A new captcha replaces the used one.
    await expect.poll(() => captchas.length, { timeout: 15_000 }).toBeGreaterThan(seen);
    await field('email').locator('input').fill('wxm@example.com');
    await box.locator('input[name="captcha"]').fill(await answer());
    await box.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => box.locator('.cms-cf-msg').innerText(), { timeout: 15_000 }).toBe('感谢您的反馈');
    await screenshot(reader, 'customform-published-submitted');
    await visitor.close();

    // 数据: the row, its detail and the export.
    await page.reload();
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole('button', { name: '数据' }).click();
    const data = page.getByRole('dialog');
    const dataRow = data.getByTestId('customform-data-row');
    await expect.poll(() => dataRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await dataRow.first().innerText()).toMatch(/王小明\s+wxm@example\.com\s+上海/);
    await screenshot(page, 'customform-data');
    const download = page.waitForEvent('download');
    await data.getByRole('button', { name: '导出' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^读者反馈_\d+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await file.path()) as string)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['编号', '姓名', '邮箱', '城市']);
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(2, 5)).toEqual(['王小明', 'wxm@example.com', '上海']);
    await page.close();
  });
});
