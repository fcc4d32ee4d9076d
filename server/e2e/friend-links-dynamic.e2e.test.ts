import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Friend links and dynamic templates in a real browser (issue 19 parts 4 and 7): staff add the group `friend` and a
 * link in 互动 > 友情链接 and the published home page's footer shows it; a visitor without script opens the site's
 * built-in dynamic search page and sees the results rendered by the server; staff register a dynamic page in
 * 模板与发布 > 动态模板 and it answers at its own path.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let siteId: string;

const SITE = 'links2026';
const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('links'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  ({ siteId } = await admin<{ siteId: string }>('POST', '/cms/site', { name: '链接站', path: SITE, staticSuffix: 'html', sort: 1 }));
  const catalog = await admin('POST', '/cms/catalog', { name: '科技', alias: 'keji' });
  const ids: string[] = [];
  for (const [title, html] of [
    ['量子计算入门', '<p>量子计算利用量子比特进行运算。</p>'],
    ['芯片产业观察', '<p>新一代芯片将为量子计算提供支撑。</p>'],
  ]) {
    const content = await admin('POST', '/cms/content', { catalogId: catalog.catalogId, contentType: 'article', title, contentHtml: html });
    ids.push(String(content.contentId));
  }
  await admin('POST', '/cms/content/publish', ids);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('friend links and dynamic templates', () => {
  it('a link added in 友情链接 shows in the published footer', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/interact/link`);
    await page.getByRole('button', { name: '新增分组' }).click();
    const groupDialog = page.getByRole('dialog');
    await groupDialog.getByLabel('分组名称').fill('友情链接');
    await groupDialog.getByLabel('分组编码').fill('friend');
    await groupDialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('button', { name: /友情链接\s*friend · 0/ }).count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole('button', { name: '新增链接' }).click();
    const linkDialog = page.getByRole('dialog');
    await linkDialog.getByLabel('链接名称').fill('开源中国');
    await linkDialog.getByLabel('链接地址').fill('https://www.oschina.net/');
    await linkDialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'https://www.oschina.net/' }).count(), { timeout: 15_000 }).toBe(1);
    // A bad address is refused with its message, and the dialog stays open.
    await page.getByRole('button', { name: '新增链接' }).click();
    await page.getByRole('dialog').getByLabel('链接名称').fill('坏链接');
    await page.getByRole('dialog').getByLabel('链接地址').fill('javascript:alert(1)');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('链接地址必须以 http:// 或 https:// 开头').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await screenshot(page, 'friend-links');

    const reader = await browser.newPage({ locale: 'zh-CN' });
    await expect
      .poll(
        async () => {
          const res = await reader.goto(`${base}/site/${SITE}/pc/index.html`);
          return res?.status() === 200 && (await reader.locator('footer .friend-links a', { hasText: '开源中国' }).count()) === 1;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(await reader.locator('footer .friend-links a').getAttribute('href')).toBe('https://www.oschina.net/');
    await reader.close();
    await page.close();
  });

  it('the built-in search page answers with server-rendered results to a visitor without script', async () => {
    await expect
      .poll(async () => (await (await fetch(`${base}/prod-api/api/cms/search/query?siteId=${siteId}&q=量子计算`)).json()).data?.total, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(2);
    const context = await browser.newContext({ locale: 'zh-CN', javaScriptEnabled: false });
    const reader = await context.newPage();
    const res = await reader.goto(`${base}/prod-api/api/dynamic/${siteId}/pc/search?q=${encodeURIComponent('量子计算')}`);
    expect(res?.status()).toBe(200);
    const items = reader.locator('#search-list li');
    expect(await items.count()).toBe(2);
    expect(await reader.locator('#search-status').innerText()).toContain('找到 2 条');
    expect(await items.nth(0).locator('a.title em').allInnerTexts()).toEqual(['量子', '计算']);
    expect(await items.nth(0).locator('a.title').getAttribute('href')).toMatch(new RegExp(`^/site/${SITE}/pc/keji/\\d+\\.html$`));
    // The form searches again on the same page, still without script.
    await reader.locator('#search-results input[name=q]').fill('芯片');
    await reader.locator('#search-results button').click();
    await reader.waitForURL(/q=%E8%8A%AF%E7%89%87/);
    expect(await reader.locator('#search-list li').count()).toBe(1);
    expect(await reader.locator('#search-list').innerText()).toContain('芯片产业观察');
    await screenshot(reader, 'dynamic-search');
    await context.close();
  });

  it('a page registered in 动态模板 answers at its path', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/template/dynamic`);
    await page.getByRole('button', { name: '新增动态模板' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^名称/).fill('站内查找');
    await dialog.getByLabel(/^编码/).fill('find');
    await dialog.getByLabel(/^访问路径/).fill('find');
    await dialog.getByLabel('搜索结果').check();
    await dialog.getByLabel(/\(pc\)/).fill('search.template.html');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('cell', { name: '/find', exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'dynamic-templates');
    await page.close();

    const res = await fetch(`${base}/prod-api/api/dynamic/${siteId}/pc/find?q=${encodeURIComponent('量子计算')}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('找到 2 条与“量子计算”相关的结果');
    expect((await fetch(`${base}/prod-api/api/dynamic/${siteId}/pc/nowhere`)).status).toBe(404);
  });
});
