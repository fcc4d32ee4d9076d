import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

/**
 * The CMS in a real browser (issue 9): an editor (the seeded 内容编辑 role) creates a site, a catalog and an article,
 * publishes it, opens the published page and sees the article; then switches the current site.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;

const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);
const pathOf = (page: Page) => new URL(page.url()).pathname;

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('cms'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  const roles = await admin<{ rows: Array<{ roleId: string; roleKey: string }> }>('GET', '/system/role/list?pageSize=50');
  const editor = roles.rows.find((r) => r.roleKey === 'editor')!;
  await admin('POST', '/system/user', { userName: 'editor1', nickName: '编辑一', password: 'Editor2026', roleIds: [editor.roleId] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('CMS: from a new site to a published article', () => {
  it('an editor creates a site, a catalog and an article, publishes it and reads the published page', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'editor1', 'Editor2026');

    // A new site; the editor switches to it.
    await page.goto(`${base}/admin/cms/site`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await page.getByLabel(/^站点名称/).fill('新闻中心');
    await page.getByLabel(/^站点目录/).fill('news2026');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('button', { name: '切换到该站点' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'cms-site-created');
    await page.getByRole('button', { name: '切换到该站点' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: 'news2026' }).isVisible(), { timeout: 15_000 }).toBe(true);

    // A catalog of the site.
    await page.goto(`${base}/admin/cms/catalog`);
    await expect.poll(() => page.getByRole('button', { name: '新增栏目' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增栏目' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^栏目名称/).fill('要闻');
    await dialog.getByLabel(/^栏目别名/).fill('yaowen');
    await dialog.getByRole('button', { name: /保存|确定/ }).click();
    await expect.poll(() => page.getByRole('treeitem', { name: '要闻' }).isVisible(), { timeout: 15_000 }).toBe(true);
    // Its form suggests the site's templates for each pipe.
    await page.getByRole('treeitem', { name: '要闻' }).click();
    const listTemplate = page.locator('input[name="publishPipeProps.pc.listTemplate"]');
    await expect.poll(() => listTemplate.getAttribute('list'), { timeout: 15_000 }).toBe('templates-pc');
    await expect.poll(() => page.locator('#templates-pc option[value="list.template.html"]').count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'cms-catalog');

    // An article in it, written in the rich-text editor, saved and published.
    await page.goto(`${base}/admin/cms/content`);
    await expect.poll(() => page.getByRole('treeitem', { name: '要闻' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('treeitem', { name: '要闻' }).click();
    await page.getByRole('button', { name: '新建' }).click();
    await page.getByRole('menuitem', { name: '文章' }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/admin\/cms\/content\/editor\//);
    await page.locator('input[name="title"]').fill('城市更新首批项目开工');
    await page.locator('input[name="author"]').fill('本报记者');
    const body = page.getByLabel('正文内容');
    await expect.poll(() => body.isVisible(), { timeout: 15_000 }).toBe(true);
    await body.click();
    await page.keyboard.type('首批十二个城市更新项目今日集中开工，总投资约八十亿元。');
    await screenshot(page, 'cms-content-editor');
    await page.getByRole('button', { name: '保存并发布' }).click();
    await expect.poll(() => page.getByText('保存并发布成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The saved article reopens under its id in the same tab.
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/cms\/content\/editor\/\d+\/article\/[1-9]\d*$/);
    expect(await page.locator('[data-tab-path^="/cms/content/editor"]').count()).toBe(1);

    // The published site: the home page links the article, whose page shows it.
    const reader = await browser.newPage({ locale: 'zh-CN' });
    await expect
      .poll(
        async () => {
          const res = await reader.goto(`${base}/site/news2026/pc/`);
          return res?.status() === 200 && (await reader.content()).includes('城市更新首批项目开工');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    await screenshot(reader, 'cms-published-home');
    await reader.getByRole('link', { name: '城市更新首批项目开工' }).first().click();
    await expect.poll(() => reader.getByText('首批十二个城市更新项目今日集中开工').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(pathOf(reader)).toMatch(/^\/site\/news2026\/pc\/yaowen\/\d+\.html$/);
    await screenshot(reader, 'cms-published-article');
    await reader.close();

    // A second site: the site selector switches the current site, and the catalog screen follows.
    const token = await apiLogin(base, 'editor1', 'Editor2026');
    await apiCaller(base, token)('POST', '/cms/site', { name: '专题站', path: 'topics', staticSuffix: 'html', sort: 2 });
    await page.goto(`${base}/admin/cms/catalog`);
    await page
      .getByRole('button', { name: /选择站点|新闻中心/ })
      .first()
      .click();
    const selector = page.getByRole('dialog');
    await expect.poll(() => selector.locator('tbody tr', { hasText: '专题站' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await selector.locator('tbody tr', { hasText: '专题站' }).dblclick();
    await expect.poll(async () => (await page.evaluate(() => document.cookie)).includes('CurrentSite'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('treeitem', { name: '要闻' }).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('site-selector').innerText(), { timeout: 15_000 }).toContain('专题站');
    await screenshot(page, 'cms-site-switched');
    await page.close();
  });
});
