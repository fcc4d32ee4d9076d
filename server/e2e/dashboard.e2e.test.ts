import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let token: string;

const call = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, token)<T>(method, url, body);

/** Registers a member through the public API, captcha read through the test hook, as the site would. */
async function registerMember(username: string): Promise<void> {
  const { uuid } = (await (await fetch(`${base}/prod-api/captchaImage`)).json()).data;
  const authCode = (await (await fetch(`${base}/prod-api/test-support/captcha/${uuid}`)).json()).data;
  const res = await fetch(`${base}/prod-api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Member2026', authCode, uuid }),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`register ${username}: ${json.msg}`);
}

const section = (page: Page, key: string) => page.locator(`[data-testid="dashboard-section-${key}"]`);
/** The number of `svg` elements the charts of a section drew. */
const chartSvgs = (page: Page, chart: string) => page.locator(`[data-testid="dashboard-chart-${chart}"] svg`).count();

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('dashboard'));
  browser = await launchBrowser();
  token = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('back-office home', () => {
  it('shows the administrator cards and 30-day charts of every area, the member count matching the members registered', async () => {
    const before = (await call('GET', '/dashboard')).members.registered.today as number;
    await registerMember('dash_e2e1');
    await registerMember('dash_e2e2');
    const after = await call('GET', '/dashboard');
    expect(after.members.registered.today).toBe(before + 2);
    expect(after.days).toHaveLength(30);

    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);
    for (const key of ['orders', 'ai', 'members', 'content']) {
      await expect.poll(() => section(page, key).isVisible(), { timeout: 15_000 }).toBe(true);
    }
    await expect.poll(() => page.getByTestId('dashboard-card-registered-today').innerText(), { timeout: 15_000 }).toBe(String(before + 2));
    expect(await page.getByTestId('dashboard-card-registered-total').innerText()).toContain(String(after.members.registered.total));
    expect(await section(page, 'members').innerText()).toContain('新增会员');
    // The charts (a lazy chunk) are drawn as SVG, one per chart, with the days on the x axis.
    for (const chart of ['orders', 'revenue', 'checks', 'ai', 'members', 'content']) {
      await expect.poll(() => chartSvgs(page, chart), { timeout: 20_000 }).toBeGreaterThan(0);
    }
    const membersChart = page.locator('[data-testid="dashboard-chart-members"]');
    expect(await membersChart.innerText()).toContain('每日新增会员');
    await expect.poll(() => membersChart.locator('svg').first().textContent(), { timeout: 15_000 }).toContain(after.days[29].slice(5));
    // Bars of the member chart: at least today's.
    await expect.poll(() => membersChart.locator('svg rect, svg path').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-dashboard-charts');
    await page.close();
  });

  it('hides from a staff user the sections of data the user may not see', async () => {
    const menus = await call<Array<{ menuId: string; parentId: string; perms: string }>>('GET', '/system/menu/list');
    const byId = new Map(menus.map((m) => [String(m.menuId), m]));
    const list = menus.find((m) => m.perms === 'cms:member:view')!;
    const menuIds: string[] = [];
    for (let m: (typeof menus)[number] | undefined = list; m; m = byId.get(String(m.parentId))) menuIds.push(String(m.menuId));
    const role = await call('POST', '/system/role', { roleName: '会员查看', roleKey: 'dash_member_viewer', roleSort: 9, menuIds });
    await call('POST', '/system/user', { userName: 'dashviewer1', nickName: '会员查看员', password: 'Viewer2026', roleIds: [role.roleId] });
    const viewer = apiCaller(base, await apiLogin(base, 'dashviewer1', 'Viewer2026'));
    const figures = await viewer('GET', '/dashboard');
    expect(Object.keys(figures).sort()).toEqual(['days', 'members', 'timeZone']);

    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    await signIn(base, page, 'dashviewer1', 'Viewer2026');
    await expect.poll(() => section(page, 'members').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => chartSvgs(page, 'members'), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('dashboard-card-registered-today').innerText()).toBe(String(figures.members.registered.today));
    for (const key of ['orders', 'ai', 'content']) expect(await section(page, key).count()).toBe(0);
    expect(await page.getByTestId('dashboard-card-revenue').count()).toBe(0);
    await page.close();
  });
});
