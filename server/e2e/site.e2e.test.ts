import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, captchaResponse, launchBrowser, screenshot, solveCaptcha } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, registerMemberByApi, startFreshProduct, type ServerProcess, type Row } from './helpers';

/**
 * The public site in a real browser: the navigation rules of spec 2.1, registration and sign-in (captcha, remember
 * me, the login modal on a 401), the member home and WeChat QR login. WeChat is the one third party: its widget
 * script is replaced by a stub (page.route) and its API by a loopback fake speaking the OAuth protocol.
 */

const APP_ID = 'wxe2e0000000000001';
const APP_SECRET = 'e2e-site-wechat-secret';
const WX_SCRIPT = 'https://res.wx.qq.com/connect/zh_CN/htmledition/js/wxLogin.js';

/** Stands in for wxLogin.js: records its options and shows a frame where WeChat's QR code would be. */
const WX_STUB = `
window.WxLogin = function (options) {
  window.__wxLoginOptions = options;
  var frame = document.createElement('iframe');
  frame.title = '微信二维码';
  frame.src = 'about:blank';
  document.getElementById(options.id).appendChild(frame);
};`;

let server: ServerProcess | undefined;
let wechat: http.Server | undefined;
let browser: Browser;
let base: string;
let wechatBase: string;
let adminToken: string;

/**
 * WeChat's OAuth API for the server: a code `c` belongs to the WeChat user `openid-c`. It also serves `/foreign`, a
 * page of another origin than the site's.
 */
function startFakeWechat(): Promise<string> {
  wechat = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = Object.fromEntries(url.searchParams);
    if (url.pathname === '/foreign') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><p>another site</p>');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.appid !== APP_ID || q.secret !== APP_SECRET) return res.end(JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' }));
      return res.end(JSON.stringify({ access_token: `at-${q.code}`, expires_in: 7200, openid: `openid-${q.code}`, scope: 'snsapi_login' }));
    }
    if (url.pathname === '/sns/userinfo') return res.end(JSON.stringify({ openid: q.openid, nickname: '微信用户', headimgurl: '' }));
    res.end(JSON.stringify({ errcode: 40001, errmsg: 'unknown path' }));
  });
  return new Promise((resolve) => wechat!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(wechat!.address() as AddressInfo).port}`)));
}

/** One API call as the super administrator; the `data` of the answer. */
const adminCall = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

/** Registers a member through the API (captcha read through the test hook); answers its token. */
const registerByApi = (username: string, password: string) => registerMemberByApi(base, username, password);

async function newPage(options: { width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: options.width ?? 1280, height: 900 } });
  await context.route(WX_SCRIPT, (route) => route.fulfill({ contentType: 'application/javascript', body: WX_STUB }));
  return { context, page: await context.newPage() };
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();
const heading = (page: Page) => page.locator('main h1').first().innerText();
const label = (scope: Page | ReturnType<Page['getByRole']>, name: string) => scope.getByLabel(name, { exact: true });

/** Fills and sends a login form (page or dialog), captcha solved from the response it loaded. */
async function fillLogin(page: Page, scope: Page | ReturnType<Page['getByRole']>, captcha: Promise<Response>, username: string, password: string) {
  await label(scope, '账号').fill(username);
  await label(scope, '密码').fill(password);
  await solveCaptcha(base, page, captcha);
  await scope.getByRole('button', { name: '登录', exact: true }).click();
}

beforeAll(async () => {
  wechatBase = await startFakeWechat();
  ({ server, base } = await startFreshProduct('site', { WECHAT_API_BASE: wechatBase }));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  await adminCall('POST', '/system/wechat', {
    configName: '站点扫码登录',
    appId: APP_ID,
    appSecret: APP_SECRET,
    redirectUri: `${base}/wechatcallback`,
    status: '0',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => (wechat ? wechat.close(resolve) : resolve(undefined)));
});

describe('public site: navigation rules for visitors (spec 2.1)', () => {
  it('sends a visitor from a page needing sign-in to the allow-listed /aizcxz, and unknown paths too', async () => {
    const { context, page } = await newPage();
    await page.goto(`${base}/bkysb`);
    await expect.poll(() => pathOf(page)).toBe('/aizcxz');
    await expect.poll(() => heading(page)).toBe('公文写作');
    await page.goto(`${base}/no-such-page`);
    await expect.poll(() => pathOf(page)).toBe('/aizcxz');
    await screenshot(page, 'site-guard-visitor');
    await context.close();
  });

  it('lets a visitor open the allow-listed pages: AI tools, /qkl, /sbvip, /qwjc, member pages', async () => {
    const { context, page } = await newPage();
    await page.goto(`${base}/aiwnxz`);
    await expect.poll(() => heading(page)).toBe('万能写作');
    expect(await visible(page, '即将上线')).toBe(true);
    await screenshot(page, 'site-tool-coming-soon');
    // The check products open to visitors with their form (ordering asks them to sign in).
    for (const [route, title] of [
      ['/aigc', 'AIGC检测'],
      ['/qkl', '期刊长论文版'],
      ['/sbvip', '硕博VIP版'],
      ['/qwjc', '全文降重'],
    ]) {
      await page.goto(`${base}${route}`);
      await expect.poll(() => heading(page)).toBe(title);
      expect(pathOf(page)).toBe(route);
      await expect.poll(() => page.getByTestId('check-submit').isVisible()).toBe(true);
    }
    await page.goto(`${base}/memberIndex`);
    await expect.poll(() => visible(page, '登录后查看个人资料、订单、检测报告与写作记录。')).toBe(true);
    expect(pathOf(page)).toBe('/memberIndex');
    await context.close();
  });

  it('links every route of spec 2.3 from the home page, and works on a phone', async () => {
    const { context, page } = await newPage({ width: 390 });
    await page.goto(`${base}/`);
    await expect.poll(() => heading(page)).toBe('智文 · AI写作与论文检测');
    for (const route of [
      '/aigc',
      '/jaigc',
      '/aicheck',
      '/aicheckylbg',
      '/qwjc',
      '/qwjaigc',
      '/bkysb',
      '/sbysb',
      '/sbzpb',
      '/sbvip',
      '/qikanxlw',
      '/qkl',
      '/report',
      '/aireport',
      '/memberIndex',
      '/loginwx',
      '/aixsxz',
      '/modelessay',
      '/aiyywzw',
      '/aiwnxz',
    ]) {
      expect(await page.locator(`main a[href="${route}"]`).count(), route).toBeGreaterThan(0);
    }
    await page.getByRole('button', { name: '菜单' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: '主导航' }).getByText('登录').isVisible()).toBe(true);
    await screenshot(page, 'site-home-mobile');
    await context.close();
  });

  it('stores a referral code from /aizcxz/{code} for 2 hours and lands on /register', async () => {
    const { context, page } = await newPage();
    await page.goto(`${base}/aizcxz/AB12C`);
    await expect.poll(() => pathOf(page)).toBe('/register');
    const cookie = (await context.cookies(base)).find((c) => c.name === 'randomCode');
    expect(cookie).toMatchObject({ value: 'AB12C', path: '/' });
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 7200))).toBeLessThan(120);
    await expect.poll(() => visible(page, '邀请码：AB12C')).toBe(true);
    await context.close();
  });

  it('shows the 404 and 401 pages with a link home', async () => {
    const { context, page } = await newPage();
    await page.goto(`${base}/404`);
    await expect.poll(() => visible(page, '页面不存在')).toBe(true);
    await page.goto(`${base}/401`);
    await expect.poll(() => visible(page, '没有访问权限')).toBe(true);
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await context.close();
  });
});

describe('public site: registration, sign-in and members', () => {
  it('registers through a referral link, checks the confirmation, and lands on /memberIndex', async () => {
    const { context, page } = await newPage();
    const captcha = captchaResponse(page);
    await page.goto(`${base}/aizcxz/Rf7Kq`);
    await expect.poll(() => pathOf(page)).toBe('/register');
    await label(page, '账号').fill('site_e2e1');
    await label(page, '密码').fill('Member2026');
    await label(page, '确认密码').fill('Member2027');
    await solveCaptcha(base, page, captcha);
    await page.getByRole('main').getByRole('button', { name: '注册', exact: true }).click();
    await expect.poll(() => visible(page, '两次输入的密码不一致')).toBe(true);
    await screenshot(page, 'site-register-mismatch');

    await label(page, '确认密码').fill('Member2026');
    await page.getByRole('main').getByRole('button', { name: '注册', exact: true }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/memberIndex');
    await expect.poll(() => visible(page, '注册成功')).toBe(true);
    await expect.poll(() => visible(page, '欢迎回来，site_e2e1'), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'site-member-home');
    // The referral went with the registration.
    const referred = (await adminCall<{ rows: { userName: string }[] }>('GET', '/cms/member/list?referrerCode=Rf7Kq')).rows;
    expect(referred.map((m) => m.userName)).toEqual(['site_e2e1']);

    // Signed in: /login goes home, /memberlogin to the member home, unknown paths home.
    await page.goto(`${base}/login`);
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.goto(`${base}/memberlogin`);
    await expect.poll(() => pathOf(page)).toBe('/memberIndex');
    await page.goto(`${base}/no-such-page`);
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.goto(`${base}/bkysb`);
    // The page's own name until the product is read, then the product's name (本科预审版 in the seed): either way 本科预审….
    await expect.poll(() => heading(page)).toMatch(/^本科预审/);
    expect(pathOf(page)).toBe('/bkysb');
    await context.close();
  });

  it('refreshes a page through /redirect/{path} and scrolls to the top on navigation', async () => {
    const { context, page } = await newPage();
    await page.goto(`${base}/redirect/aiwnxz?from=refresh`);
    await expect.poll(() => pathOf(page)).toBe('/aiwnxz?from=refresh');
    await page.goto(`${base}/`);
    await expect.poll(() => heading(page)).toBe('智文 · AI写作与论文检测');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator('footer').getByRole('link', { name: '万能写作' }).click();
    await expect.poll(() => pathOf(page)).toBe('/aiwnxz');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('opens the login modal on a 401 and returns to the stored path after signing in, remembering the login', async () => {
    const deadToken = await registerByApi('site_e2e2', 'Member2026');
    // The session ends on the server; the browser still holds its token.
    await fetch(`${base}/prod-api/member/logout`, { method: 'POST', headers: { Authorization: `Bearer ${deadToken}` } });
    const { context, page } = await newPage();
    await context.addCookies([{ name: 'Member-Token', value: deadToken, url: base }]);
    const captcha = captchaResponse(page);
    await page.goto(`${base}/sbysb?from=e2e`);
    const dialog = page.getByRole('dialog', { name: '账号登录' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => visible(page, '认证失败，无法访问系统资源')).toBe(true);
    expect((await dialog.boundingBox())!.width).toBe(400);
    expect(await dialog.getByRole('link', { name: '微信扫码登录' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: '立即注册' }).isVisible()).toBe(true);
    expect((await context.cookies(base)).some((c) => c.name === 'Member-Token')).toBe(false);
    await screenshot(page, 'site-login-modal');

    await dialog.getByLabel('记住密码').check();
    await fillLogin(page, dialog, captcha, 'site_e2e2', 'Member2026');
    await expect.poll(() => visible(page, '登录成功'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/sbysb?from=e2e');
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'site_e2e2' }).isVisible(), { timeout: 15_000 }).toBe(true);

    // Remember me: the password is kept only encrypted, and fills the dialog next time.
    const cookies = await context.cookies(base);
    const sealed = cookies.find((c) => c.name === 'Member-Password')!;
    expect(sealed.value).not.toContain('Member2026');
    expect(cookies.find((c) => c.name === 'Member-Username')?.value).toBe('site_e2e2');
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.locator('header').getByRole('link', { name: '登录', exact: true }).click();
    await expect.poll(() => label(dialog, '密码').inputValue()).toBe('Member2026');
    expect(await label(dialog, '账号').inputValue()).toBe('site_e2e2');
    expect(await dialog.getByLabel('记住密码').isChecked()).toBe(true);
    await context.close();
  });

  it('signs in on /login, refreshing the captcha after a failure, and follows the redirect query', async () => {
    await registerByApi('site_e2e3', 'Member2026');
    const { context, page } = await newPage();
    let captcha = captchaResponse(page);
    await page.goto(`${base}/login?redirect=${encodeURIComponent('/sbzpb?plan=1')}`);
    await expect.poll(() => label(page, '账号').isVisible()).toBe(true);
    await page.getByRole('main').getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => visible(page, '请输入您的账号')).toBe(true);

    await label(page, '账号').fill('site_e2e3');
    await label(page, '密码').fill('wrong-pass-1');
    await solveCaptcha(base, page, captcha);
    captcha = captchaResponse(page);
    await page.getByRole('main').getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => visible(page, /密码错误/), { timeout: 15_000 }).toBe(true);
    const fresh = await captcha; // a new captcha was loaded...
    expect(await label(page, '验证码').inputValue()).toBe(''); // ...and the old answer cleared
    captcha = Promise.resolve(fresh);

    const main = page.getByRole('main');
    await fillLogin(page, main, captcha, 'site_e2e3', 'Member2026');
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/sbzpb?plan=1');
    await context.close();
  });

  it('edits the profile on the member home and lists orders, reports and writing history', async () => {
    const token = await registerByApi('site_e2e4', 'Member2026');
    const { context, page } = await newPage();
    await context.addCookies([{ name: 'Member-Token', value: token, url: base }]);
    await page.goto(`${base}/memberIndex`);
    await expect.poll(() => visible(page, '欢迎回来，site_e2e4'), { timeout: 15_000 }).toBe(true);
    await label(page, '昵称').fill('端到端会员');
    await page.getByRole('button', { name: '保存' }).first().click();
    await expect.poll(() => visible(page, '资料已保存'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => visible(page, '欢迎回来，端到端会员'), { timeout: 15_000 }).toBe(true);
    for (const [tab, empty] of [
      ['我的订单', '暂无订单'],
      ['我的报告', '暂无检测报告'],
      ['写作记录', '暂无写作记录'],
    ]) {
      await page.getByRole('button', { name: tab }).click();
      await expect.poll(() => visible(page, new RegExp(empty))).toBe(true);
    }
    expect(pathOf(page)).toBe('/memberIndex?tab=writing');
    await context.close();
  });
});

describe('public site: WeChat QR login', () => {
  it('refuses a callback whose state this browser was not given, before any call', async () => {
    const { context, page } = await newPage();
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/prod-api/wechatLogin') && calls.push(r.url()));
    await page.goto(`${base}/wechatcallback?code=stolen&state=${'f'.repeat(32)}`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '登录状态校验失败' }).first().isVisible()).toBe(true);
    expect(calls).toEqual([]);
    await context.close();
  });

  it('shows the widget with the server’s state, ignores foreign messages, and signs in after the scan', async () => {
    const { context, page } = await newPage();
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/prod-api/wechatLogin') && calls.push(r.url()));
    const qrAnswer = page.waitForResponse((r) => r.url().includes('/prod-api/wechat/qrConfig'));
    const pageAnswer = await page.goto(`${base}/weqr`);
    // The page must be allowed to load WeChat's script (server CSP, script-src).
    expect(pageAnswer!.headers()['content-security-policy']).toMatch(/script-src[^;]*https:\/\/res\.wx\.qq\.com/);
    const qr = (await (await qrAnswer).json()).data;
    await expect.poll(() => visible(page, '请使用微信扫描二维码登录'), { timeout: 15_000 }).toBe(true);
    const options = await page.evaluate(() => (window as unknown as { __wxLoginOptions: Row }).__wxLoginOptions);
    expect(options).toMatchObject({ appid: APP_ID, scope: 'snsapi_login', state: qr.state, self_redirect: true });
    expect(decodeURIComponent(options.redirect_uri)).toBe(`${base}/wechatcallback`);
    await screenshot(page, 'site-weqr');

    // A page of another origin posts a well-formed message with the right state: ignored.
    const foreign = wechatBase;
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.name = 'foreign';
      frame.src = src;
      document.body.appendChild(frame);
    }, `${foreign}/foreign`);
    await expect.poll(() => page.frame({ name: 'foreign' })?.url()).toContain(foreign);
    const foreignFrame = page.frame({ name: 'foreign' })!;
    await foreignFrame.waitForLoadState('load');
    await foreignFrame.evaluate((state) => parent.postMessage({ type: 'zhiwen:wechat-callback', code: 'forged', state }, '*'), qr.state);
    await page.waitForTimeout(1000);
    expect(calls).toEqual([]);
    expect(pathOf(page)).toBe('/weqr');

    // The scan: WeChat opens the callback inside the widget's frame, which hands the code to this page.
    await page
      .locator('.wx-qr iframe')
      .evaluate((frame: HTMLIFrameElement, src) => (frame.src = src), `${base}/wechatcallback?code=scan1&state=${qr.state}`);
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/memberIndex');
    await expect.poll(() => visible(page, '微信登录成功')).toBe(true);
    await expect.poll(() => visible(page, '欢迎回来，微信用户'), { timeout: 15_000 }).toBe(true);
    expect(calls).toHaveLength(1);
    await context.close();
  });

  it('lets a signed-in member bind WeChat on /bind', async () => {
    const token = await registerByApi('site_e2e5', 'Member2026');
    const { context, page } = await newPage();
    await context.addCookies([{ name: 'Member-Token', value: token, url: base }]);
    const qrAnswer = page.waitForResponse((r) => r.url().includes('/prod-api/wechat/qrConfig'));
    await page.goto(`${base}/bind`);
    const qr = (await (await qrAnswer).json()).data;
    expect(qr.purpose).toBe('bind');
    await expect.poll(() => visible(page, '请使用微信扫描二维码完成绑定'), { timeout: 15_000 }).toBe(true);
    await page
      .locator('.wx-qr iframe')
      .evaluate((frame: HTMLIFrameElement, src) => (frame.src = src), `${base}/wechatcallback?code=bind5&state=${qr.state}`);
    await expect.poll(() => visible(page, '微信绑定成功'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/memberIndex');
    await expect.poll(() => visible(page, '已绑定微信'), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
