import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Site statistics in a real browser (issue 20 part 5): readers open the published home page and an article (the
 * default theme's beacon script sends each view), and 统计 > 网站统计 shows them the same day: the figures, the trend
 * chart, top content, client types and the visit log (today's figures are computed live from the raw views, which
 * the server writes within a second).
 *
 * Headless Chromium says "HeadlessChrome" in its user agent, which statistics drop as a bot; the readers here use
 * the agents of an ordinary desktop and phone browser.
 */

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SITE = 'stats2026';
const TITLE = '统计测试文章';

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let siteId: string;
let contentId: string;
const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('stats'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  ({ siteId } = await admin<{ siteId: string }>('POST', '/cms/site', { name: '统计站', path: SITE }));
  const site = { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', CurrentSite: siteId };
  const catalog = (
    await (
      await fetch(`${base}/prod-api/cms/catalog`, { method: 'POST', headers: site, body: JSON.stringify({ name: '新闻', alias: 'news' }) })
    ).json()
  ).data as Row;
  const content = await (
    await fetch(`${base}/prod-api/cms/content`, {
      method: 'POST',
      headers: site,
      body: JSON.stringify({ catalogId: catalog.catalogId, contentType: 'article', title: TITLE, contentHtml: '<p>正文</p>' }),
    })
  ).json();
  contentId = content.data.contentId;
  await admin('POST', '/cms/content/publish', [contentId]);
  await admin('POST', '/cms/site/publish', { siteId });
  // The publish task writes the pages in the background.
  for (let i = 0; i < 60 && !(await (await fetch(`${base}/site/${SITE}/pc/`)).text()).includes(TITLE); i++)
    await new Promise((r) => setTimeout(r, 500));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('site statistics: from published pages to the charts', () => {
  it('counts the views readers make on published pages and shows them in 网站统计', async () => {
    // A desktop reader opens the home page and then the article; a phone reader opens the article from outside.
    const desktop = await browser.newContext({ userAgent: DESKTOP, locale: 'zh-CN' });
    const reader = await desktop.newPage();
    const sent = reader.waitForRequest((r) => r.url().includes('/prod-api/api/stat/visit'));
    await reader.goto(`${base}/site/${SITE}/pc/`);
    expect(new URL((await sent).url()).searchParams.get('siteId')).toBe(siteId);
    const detailSent = reader.waitForRequest((r) => r.url().includes('/prod-api/api/stat/visit') && r.url().includes(`contentId=${contentId}`));
    await reader.getByRole('link', { name: TITLE }).first().click();
    await detailSent;
    await expect.poll(() => reader.getByRole('heading', { name: TITLE }).isVisible(), { timeout: 15_000 }).toBe(true);
    const articleUrl = reader.url();
    await screenshot(reader, 'site-stats-article');

    const phone = await browser.newContext({ userAgent: PHONE, locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    const phoneReader = await phone.newPage();
    const phoneSent = phoneReader.waitForRequest((r) => r.url().includes('/prod-api/api/stat/visit'));
    await phoneReader.goto(articleUrl);
    await phoneSent;

    // The views are written within a second (today's figures are read live).
    await expect
      .poll(
        async () => {
          const trend = await fetch(`${base}/prod-api/cms/stat/site/trend`, {
            headers: { Authorization: `Bearer ${adminToken}`, CurrentSite: siteId },
          });
          return (await trend.json()).data?.total?.pv;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(3);
    // The roll-up runs from 计划任务's run-now as well (it rolls up past days; today stays live).
    await admin('POST', '/monitor/task/exec/cms-stat-rollup');

    // Staff open 统计 > 网站统计.
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 1000 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/stat/site`);
    await expect.poll(() => page.getByTestId('stat-pv').innerText(), { timeout: 20_000 }).toBe('3');
    expect(await page.getByTestId('stat-uv').innerText()).toBe('2');
    expect(await page.getByTestId('stat-per-visitor').innerText()).toBe('1.50');
    // The trend chart draws views and visitors; the client chart has desktop and phone; top content lists the article.
    const trend = page.getByTestId('stat-trend');
    await expect.poll(() => trend.locator('svg').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await trend.innerText()).toContain('浏览量');
    expect(await trend.innerText()).toContain('访客数');
    const clients = page.getByTestId('stat-clients');
    await expect.poll(() => clients.innerText(), { timeout: 15_000 }).toContain('手机');
    expect(await clients.innerText()).toContain('电脑');
    const top = page.getByTestId('stat-top-content');
    await expect.poll(() => top.innerText(), { timeout: 15_000 }).toContain(TITLE);
    expect(await top.locator('tbody tr').first().innerText()).toMatch(new RegExp(`${TITLE}\\s+2\\s+2`));
    const entries = page.getByTestId('stat-entries');
    expect(await entries.innerText()).toContain(`/site/${SITE}/pc/`);
    await expect.poll(() => page.getByTestId('stat-sources').innerText(), { timeout: 15_000 }).toContain('直接访问');

    // The visit log lists the three views, newest first, the phone's on top.
    await expect.poll(() => page.locator('.RaDatagrid-table tbody tr').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.locator('.RaDatagrid-table tbody tr').first().innerText()).toContain('手机');
    expect(await page.locator('.RaDatagrid-table tbody').innerText()).toContain(`/site/${SITE}/pc/`);
    await screenshot(page, 'site-stats-screen');

    // Last 30 days: the same views.
    await page.getByRole('button', { name: '最近 30 天' }).click();
    await expect.poll(() => page.getByTestId('stat-pv').innerText(), { timeout: 15_000 }).toBe('3');
    // The article's view count went up with its two views.
    const listed = await admin<{ rows: Row[] }>('GET', `/cms/content/list?pageSize=10`);
    expect(listed.rows.find((r) => r.contentId === contentId)?.viewCount).toBe(2);
    await desktop.close();
    await phone.close();
  });
});
