import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type Row, type ServerProcess } from './helpers';

/**
 * Permission grants in a real browser (issue 19 part 8): the super administrator creates a role with the CMS menus,
 * grants it one catalog on the role's 权限 page, and gives a new user that role; the user signs in and sees only
 * that catalog in the catalog tree and only its content in the content list.
 */

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let adminToken: string;

const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('permission-grants'));
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);
  await admin('POST', '/cms/site', { name: '授权站', path: 'grants2026' });
  for (const [name, alias, title] of [
    ['要闻', 'yaowen', '要闻稿件'],
    ['体育', 'tiyu', '体育稿件'],
  ]) {
    const { catalogId } = await admin<{ catalogId: string }>('POST', '/cms/catalog', { name, alias });
    await admin('POST', '/cms/content', { catalogId, contentType: 'article', title, contentHtml: '<p>正文</p>' });
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('permission grants: a role granted one catalog', () => {
  it('the super administrator grants one catalog to a role in the UI; its user sees only that catalog', async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, page, 'admin', E2E_ADMIN_PASSWORD);

    // 角色管理 > 新增: a role with the 内容管理 menus.
    await page.goto(`${base}/admin/system/role`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await page.getByLabel(/^角色名称/).fill('要闻编辑');
    await page.getByLabel(/^权限字符/).fill('yaowen_editor');
    const cmsMenus = page.locator('div:has(> p:text-is("内容管理"))').locator('input[type="checkbox"]').first();
    await expect.poll(() => cmsMenus.isVisible(), { timeout: 15_000 }).toBe(true);
    await cmsMenus.check();
    await page.getByRole('button', { name: '保存' }).click();
    const row = page.locator('tbody tr', { hasText: 'yaowen_editor' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);

    // 权限 > 栏目权限: tick the whole 要闻 row and save.
    await row.getByRole('link', { name: '权限' }).click();
    await expect.poll(() => page.getByTestId('permission-page').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('permission-page').innerText()).toContain('要闻编辑 (yaowen_editor)');
    await page.getByRole('tab', { name: '栏目权限' }).click();
    const allOfYaowen = page.getByRole('checkbox', { name: '全选 要闻' });
    await expect.poll(() => allOfYaowen.isVisible(), { timeout: 15_000 }).toBe(true);
    await allOfYaowen.check();
    expect(await page.getByRole('checkbox', { name: '要闻 编辑内容' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: '体育 查看' }).isChecked()).toBe(false);
    await screenshot(page, 'permission-grants-catalog');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText(/已保存：授予 12 项，收回 0 项/).isVisible(), { timeout: 15_000 }).toBe(true);

    // The grant is in the operation log, naming what was granted.
    const logs = await admin<{ rows: Row[] }>('GET', `/monitor/operlog/list?title=${encodeURIComponent('栏目权限')}`);
    expect(logs.rows.length).toBeGreaterThan(0);
    const [log] = logs.rows;
    expect(log.jsonResult).toContain('Catalog:EditContent:');
    expect(log.jsonResult).toContain('Site:View:');

    // 用户管理 > 新增: a user with that role.
    await page.goto(`${base}/admin/system/user`);
    await expect.poll(() => page.getByRole('link', { name: '新增' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: '新增' }).first().click();
    await expect.poll(() => page.getByLabel(/^用户名称/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/^用户名称/).fill('yaowen1');
    await page.getByLabel(/^用户昵称/).fill('要闻编辑一');
    await page.getByLabel(/^用户密码/).fill('Yaowen2026');
    await page.getByRole('combobox', { name: /^角色/ }).click();
    await page.getByRole('option', { name: '要闻编辑' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: 'yaowen1' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const users = await admin<{ rows: Row[] }>('GET', '/system/user/list?userName=yaowen1');
    const roles = await admin<{ roleIds: string[] }>('GET', `/system/user/${users.rows[0].userId}`);
    const role = (await admin<{ rows: Row[] }>('GET', '/system/role/list?pageSize=50')).rows.find((r) => r.roleKey === 'yaowen_editor')!;
    expect(roles.roleIds.map(String)).toEqual([String(role.roleId)]);

    // The user sees only 要闻: in the catalog tree and in the content list.
    const editorPage = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await signIn(base, editorPage, 'yaowen1', 'Yaowen2026');
    await editorPage.goto(`${base}/admin/cms/content`);
    await expect.poll(() => editorPage.getByRole('treeitem', { name: '要闻' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await editorPage.getByRole('treeitem').count()).toBe(1);
    await expect.poll(() => editorPage.locator('tbody tr', { hasText: '要闻稿件' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await editorPage.getByText('体育稿件').count()).toBe(0);
    await screenshot(editorPage, 'permission-grants-editor-content');

    await editorPage.goto(`${base}/admin/cms/catalog`);
    await expect.poll(() => editorPage.getByRole('treeitem', { name: '要闻' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await editorPage.getByRole('treeitem', { name: '体育' }).count()).toBe(0);
  });
});
