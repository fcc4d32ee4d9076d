import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

/**
 * CMS words in a real browser (issue 20): staff add a tag word group and words and see them suggested in the content
 * editor's tags field; add a hot word and see it linked on the published article; the error-prone check in the
 * editor lists a word and fixes it.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let catalog: Row;
let contentId: string;

const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('words'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  await admin('POST', '/cms/site', { name: '词汇站', path: 'words2026', staticSuffix: 'html', sort: 1 });
  catalog = await admin('POST', '/cms/catalog', { name: '要闻', alias: 'yaowen' });
  const content = await admin('POST', '/cms/content', {
    catalogId: catalog.catalogId,
    contentType: 'article',
    title: '如何按装智文',
    contentHtml: '<p>智文是一个内容系统，按装很简单。</p>',
  });
  contentId = String(content.contentId);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Fills and saves the open dialog's fields (label -> value). */
async function fillDialog(page: Page, fields: Record<string, string>): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(new RegExp(`^${label}`)).fill(value);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
}

describe('CMS words', () => {
  it('staff add tag words and see them suggested in the content editor’s tags field', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/word/tagword`);
    await expect.poll(() => page.getByRole('button', { name: '新增分组' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增分组' }).click();
    await fillDialog(page, { 分组名称: '科技', 分组编码: 'tech' });
    await expect.poll(() => page.getByRole('button', { name: /科技/ }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '批量添加' }).click();
    await fillDialog(page, { '标签词（每行一个）': '人工智能\n云计算\n' });
    await expect.poll(() => page.getByRole('checkbox', { name: '人工智能' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: '云计算' }).isVisible()).toBe(true);
    await screenshot(page, 'words-tagword');

    expect(await admin<string[]>('GET', `/word/tagword/suggest?q=${encodeURIComponent('人工')}`)).toContain('人工智能');
    await page.goto(`${base}/admin/cms/content/editor/${catalog.catalogId}/article/${contentId}`);
    const tags = page.getByLabel('标签', { exact: true });
    await expect.poll(() => tags.isEditable(), { timeout: 15_000 }).toBe(true);
    // The editor loads its lock, permissions and related lists after the form shows: type once it has settled.
    await page.waitForLoadState('networkidle');
    await tags.click();
    await tags.pressSequentially('人工');
    await expect.poll(() => page.getByRole('option', { name: '人工智能' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'words-tag-suggestion');
    await page.getByRole('option', { name: '人工智能' }).click();
    await expect.poll(() => page.locator('.MuiChip-root', { hasText: '人工智能' }).isVisible()).toBe(true);
    await page.close();
  });

  it('the error-prone check in the editor lists a word and fixes it in the title and the body', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/word/errorproneword`);
    await expect.poll(() => page.getByRole('button', { name: '新增' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增' }).click();
    await fillDialog(page, { 易错词: '按装', 替换词: '安装' });
    await expect.poll(() => page.getByRole('cell', { name: '按装', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${base}/admin/cms/content/editor/${catalog.catalogId}/article/${contentId}`);
    await expect.poll(() => page.getByRole('button', { name: '易错词检查' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '易错词检查' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('按装 → 安装').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => dialog.getByText('出现 2 次').isVisible()).toBe(true);
    await screenshot(page, 'words-error-prone-check');
    await dialog.getByRole('button', { name: '修正“按装”' }).click();
    await expect.poll(() => page.locator('input[name="title"]').inputValue()).toBe('如何安装智文');
    await page.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.getByLabel('正文内容').innerText(), { timeout: 15_000 }).toContain('安装很简单');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect
      .poll(async () => (await admin<Row>('GET', `/cms/content/init/${catalog.catalogId}/article/${contentId}`)).contentHtml as string, {
        timeout: 15_000,
      })
      .toContain('安装很简单');
    await page.close();
  });

  it('a hot word added by staff is linked on the published article', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/word/hotword`);
    await expect.poll(() => page.getByRole('button', { name: '新增分组' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增分组' }).click();
    await fillDialog(page, { 分组名称: '热门', 分组编码: 'hot' });
    await expect.poll(() => page.getByRole('button', { name: '新增', exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await fillDialog(page, { 热词: '智文', 链接: 'https://example.com/zhiwen' });
    await expect.poll(() => page.getByRole('checkbox', { name: '智文' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'words-hotword');
    await page.close();

    await admin('POST', '/cms/content/publish', [contentId]);
    const reader = await browser.newPage({ locale: 'zh-CN' });
    const url = `${base}/site/words2026/pc/${catalog.path}${contentId}.html`;
    await expect
      .poll(
        async () => {
          const res = await reader.goto(url);
          return res?.status() === 200 && (await reader.content()).includes('hot-word');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    const link = reader.getByRole('link', { name: '智文' }).first();
    expect(await link.getAttribute('href')).toBe('https://example.com/zhiwen');
    expect(await link.getAttribute('target')).toBe('_blank');
    // Only the first occurrence is linked: the title (a heading) and the rest of the body stay text.
    expect(await reader.locator('a.hot-word').count()).toBe(1);
    await screenshot(reader, 'words-published-hot-word');
    await reader.close();
  });
});
