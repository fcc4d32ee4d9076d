import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Site search in a real browser (issue 20 part 2): two articles are published, the published site's search page
 * (reached from the header's search box) finds both with highlighted hits, and staff see them in 索引管理 and the
 * search in 搜索日志.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let siteId: string;

const SITE = 'search2026';
const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('search'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  ({ siteId } = await admin<{ siteId: string }>('POST', '/cms/site', { name: '搜索站', path: SITE, staticSuffix: 'html', sort: 1 }));
  const catalog = await admin('POST', '/cms/catalog', { name: '科技', alias: 'keji' });
  const ids: string[] = [];
  for (const [title, html] of [
    ['量子计算入门', '<p>量子计算利用量子比特进行运算。</p>'],
    ['芯片产业观察', '<p>新一代芯片将为量子计算提供支撑，<b>前景</b>可期。</p>'],
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

describe('site search', () => {
  it('the published site’s search box and page find both articles with highlighted hits; staff see the index and the log', async () => {
    const reader = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    // The home page (with the header's search box) and the search page are published with the articles.
    await expect
      .poll(
        async () => {
          const res = await reader.goto(`${base}/site/${SITE}/pc/index.html`);
          return res?.status() === 200 && (await reader.locator('form.search-box').count()) === 1;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    // Indexing follows publishing through a queue job.
    await expect
      .poll(async () => (await (await fetch(`${base}/prod-api/api/cms/search/query?siteId=${siteId}&q=量子计算`)).json()).data?.total, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(2);
    await reader.locator('form.search-box input[name=q]').fill('量子计算');
    await reader.locator('form.search-box button').click();
    await reader.waitForURL(/\/search\.html\?q=/, { timeout: 15_000 });
    const items = reader.locator('#search-list li');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    expect(await reader.locator('#search-status').innerText()).toContain('找到 2 条');
    const text = await reader.locator('#search-list').innerText();
    expect(text).toContain('量子计算入门');
    expect(text).toContain('芯片产业观察');
    // Hits are <em> elements: in the first title and in the second article's snippet.
    expect(await items.nth(0).locator('a.title em').allInnerTexts()).toEqual(['量子', '计算']);
    expect(await items.nth(1).locator('.summary em').allInnerTexts()).toEqual(['量子', '计算']);
    // Markup of the body is text in the snippet, never elements.
    expect(await items.nth(1).locator('.summary b').count()).toBe(0);
    expect(await items.nth(0).locator('a.title').getAttribute('href')).toMatch(new RegExp(`^/site/${SITE}/pc/keji/\\d+\\.html$`));
    await screenshot(reader, 'search-published-page');
    await reader.close();

    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/search/index`);
    await expect.poll(() => page.getByRole('cell', { name: '量子计算入门' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('cell', { name: '芯片产业观察' }).isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: '已发布' }).count()).toBe(2);
    await screenshot(page, 'search-index');
    await page.goto(`${base}/admin/cms/search/log`);
    // The search of the page above (logs are written in batches within a second).
    await expect.poll(() => page.getByRole('cell', { name: '量子计算' }).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByTestId('search-hot-words').innerText(), { timeout: 15_000 }).toContain('量子计算');
    await screenshot(page, 'search-log');
    await page.close();
  });
});
