import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, registerMemberByApi, startFreshProduct, startSiteHost, type Row, type ServerProcess } from './helpers';

/**
 * Comments in a real browser (issue 20 part 3): a member comments on a published article through the default theme's
 * widget, staff pass it in 评论管理, and it appears on the page after a reload; a comment with a sensitive word is
 * refused with the words named.
 *
 * As in votes.e2e.test.ts, the member reads the page on the site's own host (the published files without the built-in
 * server's sandbox, the API proxied under /prod-api, as docs/cms.md describes for nginx): only there can page script
 * read the Member-Token cookie. On the built-in server the widget lists comments and offers the sign-in link.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;
let memberToken: string;
let contentId: string;
let siteHost: { url: string; close: () => Promise<void> };

const SITE = 'comments2026';
const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

const registerMember = (username: string, password = 'Member2026') => registerMemberByApi(base, username, password);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('comments'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  await admin('POST', '/cms/site', { name: '评论站', path: SITE, staticSuffix: 'html' });
  const catalog = await admin('POST', '/cms/catalog', { name: '新闻', alias: 'news' });
  const content = await admin('POST', '/cms/content', {
    catalogId: catalog.catalogId,
    contentType: 'article',
    title: '城市图书馆延长开放时间',
    contentHtml: '<p>从下月起，城市图书馆每晚开放到十点。</p>',
  });
  contentId = String(content.contentId);
  await admin('POST', '/cms/content/publish', [contentId]);
  memberToken = await registerMember('reader2026');
  siteHost = await startSiteHost(base);
});

afterAll(async () => {
  await siteHost?.close();
  await browser?.close();
  await server?.stop();
});

describe('comments: from the published page to the back office and back', () => {
  it('a member comments through the widget, staff pass it in 评论管理, and it appears on the page; a sensitive word is refused', async () => {
    const detail = `/site/${SITE}/pc/news/${contentId}.html`;
    await expect
      .poll(async () => (await (await fetch(`${base}${detail}`)).text()).includes('id="comments"'), { timeout: 30_000, interval: 500 })
      .toBe(true);

    // A signed-in member on the site's own host: the form is there, no comment yet.
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.addCookies([{ name: 'Member-Token', value: memberToken, url: siteHost.url }]);
    const reader = await context.newPage();
    await reader.goto(`${siteHost.url}${detail}`);
    const widget = reader.locator('#comments');
    await expect.poll(() => widget.getByText('还没有评论').isVisible(), { timeout: 15_000 }).toBe(true);
    const box = widget.getByLabel('评论内容');
    expect(await box.isVisible()).toBe(true);

    // A sensitive word (written in Traditional, with a space) is refused with the word named.
    await box.fill('這裡有人出售冰 毒');
    await widget.getByRole('button', { name: '发表评论' }).click();
    await expect.poll(() => widget.getByText('评论包含敏感词：冰毒，请修改后再提交').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(reader, 'comments-sensitive-refused');

    // A clean comment waits for audit.
    await box.fill('太好了，晚上下班也能去借书。');
    await widget.getByRole('button', { name: '发表评论' }).click();
    await expect.poll(() => widget.getByText('评论已提交，审核通过后显示').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await widget.getByText('太好了，晚上下班也能去借书。').count()).toBe(0);

    // Staff pass it in 评论管理.
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto(`${base}/admin/cms/interact/comment`);
    const row = page.locator('tbody tr', { hasText: '太好了，晚上下班也能去借书。' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('待审核');
    expect(await row.innerText()).toContain('reader2026');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '审核通过' }).click();
    await expect.poll(async () => (await row.innerText()).includes('审核通过'), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'comments-admin-passed');

    // After a reload the comment is on the page; the member likes it.
    await reader.reload();
    const item = widget.locator('li.comment', { hasText: '太好了，晚上下班也能去借书。' });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await widget.locator('.comment-count').innerText()).toBe('（1）');
    await item.getByRole('button', { name: '赞 0' }).click();
    await expect.poll(() => item.getByRole('button', { name: '已赞 1' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(reader, 'comments-published-passed');
    await context.close();

    // Staff see the like in the detail.
    await page.reload();
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole('button', { name: '详情' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('reader2026').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The likes load after the comment itself.
    await expect.poll(() => page.getByRole('dialog').innerText(), { timeout: 15_000 }).toContain('点赞会员（1）');

    // On the built-in server the page is sandboxed: the comment shows, a visitor is offered the sign-in link.
    const visitor = await browser.newPage({ locale: 'zh-CN' });
    await visitor.goto(`${base}${detail}`);
    const sandboxed = visitor.locator('#comments');
    await expect.poll(() => sandboxed.getByText('太好了，晚上下班也能去借书。').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await sandboxed.getByRole('link', { name: '登录' }).getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(detail)}`);
    expect(await sandboxed.getByLabel('评论内容').isVisible()).toBe(false);
    await visitor.close();
  });
});
