import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, screenshot, signIn as signInAt } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, startFreshProduct, type ServerProcess, type Row } from './helpers';

const ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;

let server: ServerProcess | undefined;
let browser: Browser;
let base: string;
let token: string;

/** One API call as the super administrator; the `data` of the answer. */
const call = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, token)<T>(method, url, body);

const roleByKey = async (roleKey: string): Promise<Row> => {
  const role = (await call<{ rows: Row[] }>('GET', `/system/role/list?roleKey=${roleKey}`)).rows.find((r) => r.roleKey === roleKey);
  if (!role) throw new Error(`no role ${roleKey}`);
  return role;
};
const holders = async (roleId: string) =>
  (await call<{ rows: Row[] }>('GET', `/system/role/authUser/allocatedList?roleId=${roleId}`)).rows.map((u) => u.userName);

async function adminPage(): Promise<Page> {
  const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  await signInAt(base, page, 'admin', ADMIN_PASSWORD);
  return page;
}

beforeAll(async () => {
  ({ server, base } = await startFreshProduct('screens'));
  browser = await launchBrowser();
  token = await apiLogin(base, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('system screens', () => {
  it('assigns a user to a role from the roles list and cancels the authorization again', async () => {
    await call('POST', '/system/user', { userName: 'roleuser1', nickName: '分配测试', password: 'Member2026x', phonenumber: '13800000001' });
    const editor = await roleByKey('editor');
    const page = await adminPage();
    await page.goto(`${base}/admin/system/role`);
    const editorRow = page.locator('tbody tr', { hasText: '内容编辑' });
    await expect.poll(() => editorRow.isVisible(), { timeout: 15_000 }).toBe(true);
    // The super administrator role holds every user's permissions by its key: nothing to assign.
    expect(await page.locator('tbody tr', { hasText: '超级管理员' }).getByRole('link', { name: '分配用户' }).count()).toBe(0);

    await editorRow.getByRole('link', { name: '分配用户' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/system/role-auth/user/${editor.roleId}`);
    await expect.poll(() => page.getByText('内容编辑 (editor)').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('tbody').getByText('roleuser1').count()).toBe(0);

    // Add the user through the dialog of the users not holding the role.
    await page.getByRole('button', { name: '添加用户' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('选择用户').isVisible()).toBe(true);
    await expect.poll(() => dialog.locator('tbody tr', { hasText: 'roleuser1' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel(/^手机号码/).fill('13800000001');
    await expect.poll(() => dialog.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await dialog.locator('tbody tr', { hasText: 'roleuser1' }).getByRole('checkbox').check();
    await screenshot(page, 'admin-role-add-users');
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page.locator('tbody tr', { hasText: 'roleuser1' });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('分配测试');
    expect(await holders(editor.roleId)).toEqual(['roleuser1']);
    await screenshot(page, 'admin-role-users');

    // Cancel it, after confirmation.
    await row.getByRole('button', { name: '取消授权' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect.poll(() => page.locator('tbody').getByText('roleuser1').count(), { timeout: 15_000 }).toBe(0);
    expect(await holders(editor.roleId)).toEqual([]);
    await page.close();
  });

  it('cancels the authorization of the selected users at once', async () => {
    const editor = await roleByKey('editor');
    await call('POST', '/system/user', { userName: 'roleuser2', nickName: '批量一', password: 'Member2026x' });
    await call('POST', '/system/user', { userName: 'roleuser3', nickName: '批量二', password: 'Member2026x' });
    const users = (await call<{ rows: Row[] }>('GET', '/system/user/list?userName=roleuser')).rows.filter((u) => u.userName !== 'roleuser1');
    await call('PUT', '/system/role/authUser/selectAll', { roleId: editor.roleId, userIds: users.map((u) => u.userId) });

    const page = await adminPage();
    await page.goto(`${base}/admin/system/role-auth/user/${editor.roleId}`);
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    for (const name of ['roleuser2', 'roleuser3']) await page.locator('tbody tr', { hasText: name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量取消授权' }).click();
    await expect.poll(() => page.getByText('确认要取消所选 2 个用户的该角色吗？').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect
      .poll(
        () =>
          page
            .locator('tbody')
            .getByText(/roleuser[23]/)
            .count(),
        { timeout: 15_000 },
      )
      .toBe(0);
    expect(await holders(editor.roleId)).toEqual([]);
    await page.close();
  });

  it('saves a role renamed through its edit form, even when typed before the full record arrived', async () => {
    const editor = await roleByKey('editor');
    const menuIds = (await call('GET', `/system/role/${editor.roleId}`)).menuIds;
    expect(menuIds.length).toBeGreaterThan(0);
    const page = await adminPage();
    await page.goto(`${base}/admin/system/role`);
    const editorRow = page.locator('tbody tr', { hasText: '内容编辑' });
    await expect.poll(() => editorRow.isVisible(), { timeout: 15_000 }).toBe(true);
    // The edit page opens on the list's row, then the full record (with its menus) re-initialises the form: hold that
    // record back so the name is typed first, as on a slow connection.
    const fullRecord = `/prod-api/system/role/${editor.roleId}`;
    await page.route(
      (url) => url.pathname === fullRecord,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.continue();
      },
    );
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === fullRecord);
    await editorRow.getByRole('link', { name: '编辑' }).click();
    const name = page.getByLabel(/^角色名称/);
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('内容编辑');
    await expect.poll(() => page.getByText('编辑角色：内容编辑').first().isVisible()).toBe(true);
    await name.fill('内容编辑组');
    await loaded;
    await page.waitForTimeout(500); // let the form take the full record
    expect(await name.inputValue()).toBe('内容编辑组');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/system/role');
    await expect.poll(() => page.locator('tbody tr', { hasText: '内容编辑组' }).isVisible(), { timeout: 15_000 }).toBe(true);
    const saved = await call('GET', `/system/role/${editor.roleId}`);
    expect(saved.roleName).toBe('内容编辑组');
    // The menus the form took from the full record are saved unchanged.
    expect([...saved.menuIds].sort()).toEqual([...menuIds].sort());
    await page.close();
  });

  it('offers no delete on the edit pages of the super administrator role and of the top department', async () => {
    const admin = await roleByKey('admin');
    const editor = await roleByKey('editor');
    const top = (await call<Row[]>('GET', '/system/dept/list')).find((d) => String(d.parentId) === '0');
    const page = await adminPage();
    await page.goto(`${base}/admin/system/role/${editor.roleId}`);
    await expect.poll(() => page.getByRole('button', { name: '保存' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: '删除' }).isVisible()).toBe(true);

    await page.goto(`${base}/admin/system/role/${admin.roleId}`);
    await expect.poll(() => page.getByText('编辑角色：超级管理员').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: '保存' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);

    if (!top) throw new Error('no top department');
    await page.goto(`${base}/admin/system/dept/${top.deptId}`);
    await expect.poll(() => page.getByText(`编辑部门：${top.deptName}`).first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: '保存' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    await screenshot(page, 'admin-dept-top-edit');
    await page.close();
  });

  it('collapses and expands rows of the menu tree, one by one and all at once', async () => {
    const page = await adminPage();
    await page.goto(`${base}/admin/system/menu`);
    const cell = (text: string) => page.locator('tbody').getByText(text, { exact: true });
    await expect.poll(() => cell('用户管理').isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: '折叠 系统管理' }).click();
    await expect.poll(() => cell('用户管理').count()).toBe(0);
    expect(await cell('系统管理').isVisible()).toBe(true);
    expect(await cell('系统监控').isVisible()).toBe(true);
    await page.getByRole('button', { name: '展开 系统管理' }).click();
    await expect.poll(() => cell('用户管理').isVisible()).toBe(true);

    await page.getByRole('button', { name: '折叠全部' }).click();
    await expect.poll(() => cell('用户管理').count()).toBe(0);
    expect(await cell('在线用户').count()).toBe(0);
    await screenshot(page, 'admin-menu-tree-collapsed');
    await page.getByRole('button', { name: '展开全部' }).click();
    await expect.poll(() => cell('在线用户').isVisible()).toBe(true);
    await page.close();
  });

  it('offers a notice type added on the dictionary screen in the notice form, without reloading the console', async () => {
    const type = (
      await call<{ rows: Array<{ dictId: string; dictType: string }> }>('GET', '/system/dict/type/list?dictType=sys_notice_type')
    ).rows.find((r) => r.dictType === 'sys_notice_type')!;
    const page = await adminPage();
    // Moves inside the single-page app (no reload), so the dictionaries it has cached stay unless dropped.
    const navigate = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/admin${path}`);
    const typeOptions = async () => {
      await page.getByRole('combobox', { name: /公告类型/ }).click();
      await expect.poll(() => page.getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const names = await page.getByRole('option').allInnerTexts();
      return names.map((n) => n.trim()).filter(Boolean);
    };

    await page.goto(`${base}/admin/system/notice/create`);
    await expect.poll(() => page.getByRole('combobox', { name: /公告类型/ }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await typeOptions()).toEqual(['通知', '公告']);
    await page.keyboard.press('Escape');

    await navigate(`/system/dict-data/index/${type.dictId}`);
    await expect.poll(() => page.locator('tbody tr', { hasText: '公告' }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^数据标签/).fill('快讯');
    await dialog.getByLabel(/^数据键值/).fill('3');
    await dialog.getByLabel(/^显示排序/).fill('3');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: '快讯' }).isVisible(), { timeout: 15_000 }).toBe(true);

    await navigate('/system/notice/create');
    await expect.poll(() => page.getByRole('combobox', { name: /公告类型/ }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await typeOptions()).toEqual(['通知', '公告', '快讯']);
    await page.getByRole('option', { name: '快讯' }).click();
    await page.getByLabel(/^公告标题/).fill('新类型的公告');
    await screenshot(page, 'admin-notice-new-type');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/system/notice');
    const notice = (await call<{ rows: Array<{ noticeTitle: string; noticeType: string }> }>('GET', '/system/notice/list?noticeTitle=新类型'))
      .rows[0];
    expect(notice).toMatchObject({ noticeTitle: '新类型的公告', noticeType: '3' });
    // The list shows the new type by its label.
    await expect.poll(() => page.locator('tbody tr', { hasText: '新类型的公告' }).innerText(), { timeout: 15_000 }).toContain('快讯');
    await page.close();
  });
});
