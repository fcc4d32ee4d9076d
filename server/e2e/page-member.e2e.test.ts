import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MEMBER_SCRIPT } from '../src/cms/template/page-member-script';
import { launchBrowser, screenshot } from './browser';
import { registerMemberByApi, startFreshProduct, type ServerProcess } from './helpers';

/**
 * A member acting on a published page (docs/cms.md "Members on published pages"): the page runs sandboxed in an opaque
 * origin, so it cannot read the member site's cookie; its widget opens the member site's /connect popup, the member
 * signs in there and agrees, and the page gets a page token by postMessage.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('pagemember', { DEMO_SITE: 'true' }));
  browser = await launchBrowser();
  await registerMemberByApi(base, 'page_member', 'Member2026');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('members on published pages', () => {
  it('connect through the member site: sign in, agree, and the page comes back holding a token that only comments and votes accept', async () => {
    // The demo site is published by queued jobs right after the start.
    await expect.poll(async () => (await fetch(`${base}/site/demo/pc/`)).status, { timeout: 60_000, interval: 500 }).toBe(200);
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const article = `${base}/site/demo/pc/`;
    await page.goto(article);
    // The page cannot read the member site's cookies: it runs in an opaque origin.
    expect(await page.evaluate(() => window.origin)).toBe('null');
    await page.addScriptTag({ content: PAGE_MEMBER_SCRIPT });

    const captcha = context.waitForEvent('response', (r) => r.url().includes('/prod-api/captchaImage'));
    // connect() leaves the page: the evaluation may end with the page it ran in.
    await page
      .evaluate(() => void (window as unknown as { zhiwenMember: { connect(api: string): void } }).zhiwenMember.connect('/prod-api'))
      .catch(() => undefined);
    await expect.poll(() => page.getByText('登录后，文章页面即可以您的身份发表评论、点赞和投票。').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('账号', { exact: true }).fill('page_member');
    await page.getByLabel('密码', { exact: true }).fill('Member2026');
    const { data } = await (await captcha).json();
    if (data.uuid) {
      const answer = (await (await fetch(`${base}/prod-api/test-support/captcha/${data.uuid}`)).json()).data;
      await page.getByLabel('验证码').fill(answer);
    }
    await page.getByRole('button', { name: '登录' }).click();
    const question = page.getByText('上发布的页面以“page_member”的身份发表评论、点赞和投票吗？');
    await expect.poll(() => question.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await question.innerText()).toContain(new URL(base).host);
    await screenshot(page, 'site-connect');
    await page.getByLabel('以后不再询问（本浏览器）').check();
    await page.getByRole('button', { name: '允许' }).click();

    // Back on the page, connected; the token is taken out of the address.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`${article}#zw_token=`);
    await page.addScriptTag({ content: PAGE_MEMBER_SCRIPT });
    expect(page.url()).toBe(article);
    const seen = await page.evaluate(async () => {
      const member = (window as unknown as { zhiwenMember: { nickName(): string; headers(): Record<string, string> } }).zhiwenMember;
      // A member route of the page API that page tokens may not use (it hands out tokens).
      const again = await fetch('/prod-api/api/member/page-token', {
        method: 'POST',
        headers: { ...member.headers(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ pageUrl: location.href }),
      });
      // The rest of the API answers no other origin at all.
      const info = await fetch('/prod-api/member/info', { headers: member.headers() }).then(
        (r) => r.status,
        () => 'blocked',
      );
      return { nickName: member.nickName(), header: member.headers().Authorization ?? '', againStatus: again.status, info };
    });
    // The page acts as the member only where page tokens are accepted: the member's own data stays closed to it.
    expect(seen).toMatchObject({ nickName: 'page_member', againStatus: 401, info: 'blocked' });
    expect(seen.header).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    // Allowed for this host: the next page connects without asking.
    await page.goto(article);
    await page.addScriptTag({ content: PAGE_MEMBER_SCRIPT });
    // connect() leaves the page: the evaluation may end with the page it ran in.
    await page
      .evaluate(() => void (window as unknown as { zhiwenMember: { connect(api: string): void } }).zhiwenMember.connect('/prod-api'))
      .catch(() => undefined);
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain('#zw_token=');
    await context.close();
  });

  it('says how to use it when /connect is opened by itself', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await page.goto(`${base}/connect`);
    await expect.poll(() => page.getByText('请从文章页面的“登录后评论”或投票按钮打开本页。').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.close();
  });
});
