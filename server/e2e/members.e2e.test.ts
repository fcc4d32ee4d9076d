import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

const ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;
const APP_SECRET = 'e2e-wechat-app-secret-42';

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let token: string;

/** One API call as the super administrator; the `data` of the answer. */
const call = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, token)<T>(method, url, body);

/** Registers a member through the public API, captcha read through the test hook, as the site would. */
async function registerMember(username: string, password = 'Member2026'): Promise<void> {
  const { uuid } = (await (await fetch(`${base}/prod-api/captchaImage`)).json()).data;
  const authCode = (await (await fetch(`${base}/prod-api/test-support/captcha/${uuid}`)).json()).data;
  const res = await fetch(`${base}/prod-api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, authCode, uuid }),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`register ${username}: ${json.msg}`);
}

async function adminPage(): Promise<Page> {
  const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await signIn(base, page, 'admin', ADMIN_PASSWORD);
  return page;
}

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('members'));
  browser = await launchBrowser();
  token = await apiLogin(base, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('member screens', () => {
  it('lists a registered member, adds one through the form, edits it, disables it and exports the list', async () => {
    await registerMember('site_member1');
    const page = await adminPage();
    await page.goto(`${base}/admin/cms/member/member`);
    const registered = page.locator('tbody tr', { hasText: 'site_member1' });
    await expect.poll(() => registered.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await registered.innerText()).toContain('注册');

    await page.getByRole('link', { name: '新增' }).first().click();
    await expect.poll(() => page.getByLabel(/^手机号码/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/^用户名/).fill('9bad');
    await page.getByLabel(/^手机号码/).fill('13600000001');
    await page.getByLabel(/^昵称/).fill('后台会员');
    await page.getByLabel(/^密码/).fill('Member2026');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('用户名必须以字母开头，只能包含字母、数字和下划线').first().isVisible()).toBe(true);
    await page.getByLabel(/^用户名/).fill('');
    await page.getByRole('button', { name: '保存' }).click();
    const added = page.locator('tbody tr', { hasText: '后台会员' });
    await expect.poll(() => added.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await added.innerText()).toContain('后台添加');

    await added.getByRole('link', { name: '编辑' }).click();
    await expect.poll(() => page.getByLabel(/^昵称/).inputValue(), { timeout: 15_000 }).toBe('后台会员');
    await expect.poll(() => page.getByText('编辑会员：').first().isVisible()).toBe(true);
    await page.getByLabel(/^昵称/).fill('改名的会员');
    await page.getByLabel(/^邮箱/).fill('renamed@example.com');
    await page.getByRole('button', { name: '保存' }).click();
    const renamed = page.locator('tbody tr', { hasText: '改名的会员' });
    await expect.poll(() => renamed.isVisible(), { timeout: 15_000 }).toBe(true);
    const [saved] = (await call<{ rows: Row[] }>('GET', '/cms/member/list?phonenumber=13600000001')).rows;
    expect(saved).toMatchObject({ nickName: '改名的会员', email: 'renamed@example.com', userName: '' });

    await renamed.locator('input[type="checkbox"]').click();
    await expect.poll(async () => (await call('GET', `/cms/member/${saved.memberId}`)).status, { timeout: 15_000 }).toBe('1');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出' }).click();
    expect((await download).suggestedFilename()).toMatch(/^会员数据_\d{14}\.xlsx$/);
    await screenshot(page, 'admin-members');
    await page.close();
  });

  it('resets a member’s password from the list', async () => {
    await registerMember('site_member2', 'OldPass2026');
    const page = await adminPage();
    await page.goto(`${base}/admin/cms/member/member`);
    const row = page.locator('tbody tr', { hasText: 'site_member2' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole('button', { name: '重置密码' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('请输入“site_member2”的新密码').isVisible()).toBe(true);
    await dialog.getByLabel('新密码').fill('NewPass2026');
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect.poll(() => page.getByText('密码已重置').first().isVisible(), { timeout: 15_000 }).toBe(true);

    const { uuid } = (await (await fetch(`${base}/prod-api/captchaImage`)).json()).data;
    const code = (await (await fetch(`${base}/prod-api/test-support/captcha/${uuid}`)).json()).data;
    const login = await fetch(`${base}/prod-api/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'site_member2', password: 'NewPass2026', code, uuid }),
    });
    expect((await login.json()).code).toBe(200);
    await page.close();
  });

  it('adds a level, edits an exp rule and shows the exp log', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/cms/member/level`);
    await expect.poll(() => page.locator('tbody tr', { hasText: '大师' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await expect.poll(() => page.getByLabel(/^等级名称/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/^等级(\s*\*)?$/).fill('6');
    await page.getByLabel(/^等级名称/).fill('宗师');
    await page.getByLabel(/^升级所需经验/).fill('5000');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: '宗师' }).isVisible(), { timeout: 15_000 }).toBe(true);

    await page.goto(`${base}/admin/cms/member/exp`);
    const signInRule = page.locator('tbody tr', { hasText: '登录' });
    await expect.poll(() => signInRule.isVisible(), { timeout: 15_000 }).toBe(true);
    await signInRule.getByRole('link', { name: '编辑' }).click();
    await expect.poll(() => page.getByText('编辑经验配置：登录').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByLabel(/^经验值/).inputValue(), { timeout: 15_000 }).toBe('5');
    await page.getByLabel(/^经验值/).fill('8');
    await page.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(async () => (await call<{ rows: Row[] }>('GET', '/cms/member/exp/list?opType=signIn')).rows[0].exp, { timeout: 15_000 })
      .toBe(8);

    await page.goto(`${base}/admin/cms/member/exp-log`);
    const entry = page.locator('tbody tr', { hasText: 'site_member1' });
    await expect.poll(() => entry.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await entry.innerText()).toContain('注册');
    await screenshot(page, 'admin-member-exp-log');
    await page.close();
  });

  it('keeps a WeChat application with its secret never shown again, and enables one at a time', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/system/wechat`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await expect.poll(() => page.getByLabel(/^配置名称/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/^配置名称/).fill('官网扫码登录');
    await page.getByLabel(/^AppID/).fill('wx1234567890abcdef');
    await page.getByLabel(/^AppSecret/).fill(APP_SECRET);
    await page.getByLabel(/^回调地址/).fill('https://www.example.com/wechatcallback');
    await page.getByRole('radio', { name: '启用' }).check();
    await page.getByRole('button', { name: '保存' }).click();
    const row = page.locator('tbody tr', { hasText: '官网扫码登录' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('启用');
    expect(await page.content()).not.toContain(APP_SECRET);

    await row.getByRole('link', { name: '编辑' }).click();
    await expect.poll(() => page.getByLabel(/^配置名称/).inputValue(), { timeout: 15_000 }).toBe('官网扫码登录');
    expect(await page.getByLabel(/^AppSecret/).inputValue()).toBe('');
    expect(await page.getByText('留空则保留已保存的 AppSecret').isVisible()).toBe(true);
    await page.getByLabel(/^配置名称/).fill('官网扫码');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: '官网扫码' }).isVisible(), { timeout: 15_000 }).toBe(true);

    // The site's QR page gets what it needs, and the stored secret still works (it was kept).
    const qr = (await (await fetch(`${base}/prod-api/wechat/qrConfig`)).json()).data;
    expect(qr).toMatchObject({ appId: 'wx1234567890abcdef', redirectUri: 'https://www.example.com/wechatcallback', scope: 'snsapi_login' });
    const [config] = (await call<{ rows: Row[] }>('GET', '/system/wechat/list')).rows;
    expect(config).toMatchObject({ configName: '官网扫码', appSecretSet: true, status: '0' });
    expect(JSON.stringify(config)).not.toContain(APP_SECRET);
    await screenshot(page, 'admin-wechat');
    await page.close();
  });

  it('shows member sign-ins in the login log, without the staff unlock button', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/system/log/logininfor`);
    const row = page.locator('tbody tr', { hasText: 'site_member2' }).first();
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('会员');
    expect(await row.getByRole('button', { name: '解锁' }).count()).toBe(0);
    const staffRow = page.locator('tbody tr', { hasText: 'admin' }).first();
    expect(await staffRow.innerText()).toContain('员工');
    expect(await staffRow.getByRole('button', { name: '解锁' }).count()).toBe(1);
    await page.close();
  });
});
