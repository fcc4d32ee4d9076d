import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, captchaResponse, launchBrowser, screenshot, signIn as signInAt, solveCaptcha as solveCaptchaAt } from './browser';
import { E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess } from './helpers';

const ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;
const DAY_S = 24 * 3600;

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('account'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = (page: Page, user: string, password: string) => signInAt(base, page, user, password);

/** An API call as the test's own administrator session. */
async function adminCall(method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/prod-api${url}`, {
    method,
    headers: { Authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

/** The page's session token (the Admin-Token cookie). */
async function pageToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  expect(cookie?.value).toBeTruthy();
  return decodeURIComponent(cookie!.value);
}

/** Ends the page's session behind its back, as a forced logout or an expiry would. */
async function endSession(page: Page): Promise<void> {
  const token = await pageToken(page);
  const res = await fetch(`${base}/prod-api/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  expect((await res.json()).code).toBe(200);
  const check = await fetch(`${base}/prod-api/getInfo`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await check.json()).code).toBe(401);
}

/** Logs out through the avatar menu (with its confirmation) and waits for the login page. */
async function logOutThroughMenu(page: Page): Promise<void> {
  // react-admin's user menu button, named after ra.auth.user_menu.
  await page.locator('header button[aria-label="个人中心"]').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '确认', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '登录', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('remember me', () => {
  it('fills the login form after logging out, keeps the password only encrypted, and forgets it when unticked', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    let captcha = captchaResponse(page);
    await page.goto(`${base}/admin/`);
    await expect.poll(() => page.getByRole('button', { name: '登录', exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(ADMIN_PASSWORD);
    await page.getByLabel('记住我').check();
    await solveCaptchaAt(base, page, captcha);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByText('欢迎回来').first().isVisible(), { timeout: 15_000 }).toBe(true);

    const cookies = await context.cookies();
    const byName = (name: string) => cookies.find((c) => c.name === name);
    expect(byName('Admin-Username')?.value).toBe('admin');
    expect(byName('Admin-RememberMe')?.value).toBe('true');
    const sealed = decodeURIComponent(byName('Admin-Password')!.value);
    expect(sealed).not.toContain(ADMIN_PASSWORD);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain(ADMIN_PASSWORD);
    for (const name of ['Admin-Username', 'Admin-Password', 'Admin-RememberMe']) {
      const days = (byName(name)!.expires - Date.now() / 1000) / DAY_S;
      expect(days, name).toBeGreaterThan(29.9);
      expect(days, name).toBeLessThanOrEqual(30);
    }

    captcha = captchaResponse(page);
    await logOutThroughMenu(page);
    await expect.poll(() => page.getByLabel('账号').inputValue(), { timeout: 10_000 }).toBe('admin');
    expect(await page.getByLabel('密码').inputValue()).toBe(ADMIN_PASSWORD);
    expect(await page.getByLabel('记住我').isChecked()).toBe(true);
    await screenshot(page, 'account-remember-me');

    // Unticked: signing in forgets the account, so the next login page is empty.
    await page.getByLabel('记住我').uncheck();
    await solveCaptchaAt(base, page, captcha);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByText('欢迎回来').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await context.cookies()).filter((c) => c.name.startsWith('Admin-') && c.name !== 'Admin-Token')).toEqual([]);
    await logOutThroughMenu(page);
    await page.waitForTimeout(500); // give a (wrong) prefill the time to happen
    expect(await page.getByLabel('账号').inputValue()).toBe('');
    expect(await page.getByLabel('记住我').isChecked()).toBe(false);
    await context.close();
  });
});

describe('a session refused in the middle of work', () => {
  it('opens one re-login dialog over the page; signing in there keeps the page and shows its data again', async () => {
    expect((await adminCall('POST', '/system/post', { postCode: 'relogin_post', postName: '复登岗位', postSort: 1, status: '0' })).code).toBe(200);
    const page = await browser.newPage({ locale: 'zh-CN' });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/system/post?some=query`);
    await expect.poll(() => page.getByText('relogin_post').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const kept = pathOf(page);
    expect(kept).toContain('/admin/system/post');
    expect(kept).toContain('some=query');

    await endSession(page);
    const captcha = captchaResponse(page);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/prod-api/') && r.status() === 401) refused.push(new URL(r.url()).pathname);
    });
    await page.getByRole('button', { name: '刷新', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: '登录状态已过期' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('认证失败，无法访问系统资源').first().isVisible()).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await page.getByText('认证失败，无法访问系统资源').count()).toBe(1);
    expect(Math.round((await dialog.boundingBox())!.width)).toBe(400);
    // Signing in again as the same account: the name is given, read-only.
    expect(await dialog.getByLabel('账号').inputValue()).toBe('admin');
    expect(await dialog.getByLabel('账号').getAttribute('readonly')).not.toBeNull();
    expect(pathOf(page)).toBe(kept);
    await screenshot(page, 'account-relogin-dialog');

    await dialog.getByLabel('密码').fill(ADMIN_PASSWORD);
    await solveCaptchaAt(base, page, captcha);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    expect(pathOf(page)).toBe(kept);
    await expect.poll(() => page.getByText('relogin_post').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The new session works: the next refresh asks for nothing.
    await page.getByRole('button', { name: '刷新', exact: true }).click();
    await page.waitForTimeout(1000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'account-relogin-done');
    await page.close();
  });

  it('opens the dialog too when the page is reloaded on an ended session, and signs in there', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/system/post?some=query`);
    await expect.poll(() => page.getByText('relogin_post').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const kept = pathOf(page);
    await endSession(page);
    const captcha = captchaResponse(page);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: '登录状态已过期' });
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(pathOf(page)).toBe(kept);
    await dialog.getByLabel('账号').fill('admin'); // not known after a reload: typed in
    await dialog.getByLabel('密码').fill(ADMIN_PASSWORD);
    await solveCaptchaAt(base, page, captcha);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    expect(pathOf(page)).toBe(kept);
    await expect.poll(() => page.getByText('relogin_post').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('[data-menu-key="system"]').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.close();
  });

  it('"log out" in the dialog goes to the login page, which comes back to the page after signing in', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/system/post?some=query`);
    await expect.poll(() => page.getByText('relogin_post').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const kept = pathOf(page);

    await endSession(page);
    const dialogCaptcha = captchaResponse(page);
    await page.getByRole('button', { name: '刷新', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录状态已过期' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await dialogCaptcha; // the dialog's own, so the next one is the login page's
    const captcha = captchaResponse(page);
    await dialog.getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(`/admin/login?redirect=${encodeURIComponent(kept.replace(/^\/admin/, ''))}`);

    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(ADMIN_PASSWORD);
    await solveCaptchaAt(base, page, captcha);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(kept);
    await expect.poll(() => page.getByText('relogin_post').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.close();
  });
});

describe('account center', () => {
  it('changes the nick name and the avatar, refuses a wrong file, and changes the password to sign in with', async () => {
    const created = await adminCall('POST', '/system/user', {
      userName: 'acct1',
      nickName: '账户用户',
      password: 'Acct2026x',
      phonenumber: '13800138001',
      email: 'acct1@example.com',
    });
    expect(created.code).toBe(200);
    const page = await browser.newPage({ locale: 'zh-CN' });
    await signIn(page, 'acct1', 'Acct2026x');
    await page.goto(`${base}/admin/user/profile`);
    await expect.poll(() => page.getByText('个人信息').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('acct1@example.com').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(/^用户昵称/).inputValue(), { timeout: 15_000 }).toBe('账户用户');

    // Basic info: a bad phone number is refused here; a new nick name is kept.
    await page.getByLabel(/^手机号码/).fill('12345');
    await page.getByLabel(/^用户昵称/).fill('改过的昵称');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('请输入正确的手机号码').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByLabel(/^手机号码/).fill('13900139001');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('操作成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('13900139001').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByLabel(/^用户昵称/).inputValue(), { timeout: 15_000 }).toBe('改过的昵称');
    const profile = await (
      await fetch(`${base}/prod-api/system/user/profile`, { headers: { Authorization: `Bearer ${await pageToken(page)}` } })
    ).json();
    expect(profile.data.user).toMatchObject({ nickName: '改过的昵称', phonenumber: '13900139001' });

    // Avatar: a gif is refused on the client with the spec message; a png is uploaded and shown.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-avatar-'));
    const gif = path.join(dir, 'me.gif');
    writeFileSync(gif, Buffer.from('GIF89a'));
    const png = path.join(dir, 'me.png');
    // A real 1x1 png, so the page can show it.
    writeFileSync(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(gif);
    await expect.poll(() => page.getByText('文件格式不正确，请上传 jpg/png 格式的图片').first().isVisible(), { timeout: 10_000 }).toBe(true);
    const upload = page.waitForResponse((r) => r.url().includes('/prod-api/system/user/profile/avatar'));
    await fileInput.setInputFiles(png);
    expect((await (await upload).json()).code).toBe(200);
    await expect
      .poll(() => page.getByTestId('account-avatar').locator('img').getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/prod-api\/storage\/avatar\/\d+-[0-9a-f]{32}\.png$/);
    await screenshot(page, 'account-center');

    // Password: the server's refusal is shown; then the change is made.
    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.getByLabel(/^旧密码/).fill('not-my-password');
    await page.getByLabel(/^新密码/).fill('Acct2026New');
    await page.getByLabel(/^确认新密码/).fill('Acct2026New');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('修改密码失败，旧密码错误').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/^旧密码/).fill('Acct2026x');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('密码已修改').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'account-password');

    await logOutThroughMenu(page);
    await page.close();
    const next = await browser.newPage({ locale: 'zh-CN' });
    await signIn(next, 'acct1', 'Acct2026New');
    await expect.poll(() => next.getByText('欢迎回来，改过的昵称').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await next.close();
  });

  it('keeps layout preferences on the server', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/user/preference`);
    await expect.poll(() => page.getByLabel('固定 Header').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByLabel('固定 Header').isChecked()).toBe(false);
    await page.getByLabel('固定 Header').check();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => page.getByText('操作成功').first().isVisible(), { timeout: 15_000 }).toBe(true);
    const token = await pageToken(page);
    const stored = await (await fetch(`${base}/prod-api/system/user/preferences`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(stored.data).toMatchObject({ fixedHeader: true, sideTheme: 'theme-dark', tagsView: true });
    await page.reload();
    await expect.poll(() => page.getByLabel('固定 Header').isChecked(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'account-preference');
    await page.close();
  });
});
