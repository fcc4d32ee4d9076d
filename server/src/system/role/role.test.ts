import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

const http = api(() => t, { token: () => admin });
const menuIds = async (...perms: string[]): Promise<string[]> =>
  (await ds.query('SELECT menu_id FROM sys_menu WHERE perms = ANY($1::text[])', [perms])).map((r: { menu_id: string }) => String(r.menu_id));

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('roles', () => {
  it('creates a role whose menus become its holders’ permissions', async () => {
    const res = await http
      .post('/system/role')
      .send({ roleName: '岗位管理员', roleKey: 'post_admin', roleSort: 5, menuIds: await menuIds('system:post:list', 'system:post:add') });
    expect(res.status).toBe(201);
    const roleId = res.body.data.roleId;
    const detail = await http.get(`/system/role/${roleId}`);
    expect(detail.body.data.menuIds).toHaveLength(2);
    const userId = await createStaffUser(t.app, { userName: 'postadm', password: 'Quartz987' });
    await http.put('/system/role/authUser/selectAll').send({ roleId, userIds: [userId] });
    const token = await tokenOf(t.app, 'postadm', 'Quartz987');
    const info = await http.as(token).get('/getInfo');
    expect(info.body.data).toMatchObject({ roles: ['post_admin'], permissions: ['system:post:add', 'system:post:list'] });
  });

  it('gives online holders changed menus at their next request, without signing in again', async () => {
    const [{ role_id: roleId }] = await ds.query(`SELECT role_id FROM sys_role WHERE role_key = 'post_admin'`);
    const token = await tokenOf(t.app, 'postadm', 'Quartz987');
    const res = await http.put('/system/role').send({
      roleId: String(roleId),
      roleName: '岗位管理员',
      roleKey: 'post_admin',
      roleSort: 5,
      menuIds: await menuIds('system:post:list', 'system:post:remove'),
    });
    expect(res.body.code).toBe(200);
    const info = await http.as(token).get('/getInfo');
    expect(info.status).toBe(200);
    expect(info.body.data.permissions).toEqual(['system:post:list', 'system:post:remove']);
    await http.put('/system/role/changeStatus').send({ roleId: String(roleId), status: '1' });
    expect((await http.as(token).get('/getInfo')).body.data).toMatchObject({ roles: [], permissions: [] });
    await http.put('/system/role/changeStatus').send({ roleId: String(roleId), status: '0' });
  });

  it('refuses taken names and keys, bad keys, and changes to the super administrator role', async () => {
    expectMessage(
      await http.post('/system/role').send({ roleName: '岗位管理员', roleKey: 'x1', roleSort: 1 }),
      'zh-CN',
      '保存角色“岗位管理员”失败，角色名称已存在',
    );
    expectMessage(
      await http.post('/system/role').send({ roleName: '新角色', roleKey: 'post_admin', roleSort: 1 }),
      'zh-CN',
      '保存角色“新角色”失败，权限字符已存在',
    );
    expectMessage(
      await http.post('/system/role').send({ roleName: '新角色2', roleKey: 'bad key!', roleSort: 1 }),
      'zh-CN',
      '权限字符只能包含字母、数字和下划线',
    );
    const [{ role_id: adminRole }] = await ds.query(`SELECT role_id FROM sys_role WHERE role_key = 'admin'`);
    const res = await http
      .put('/system/role')
      .send({ roleId: String(adminRole), roleName: '超级管理员', roleKey: 'admin', roleSort: 1, menuIds: [] });
    expectMessage(res, 'zh-CN', '不允许操作超级管理员角色');
    expectMessage(await http.delete(`/system/role/${adminRole}`), 'zh-CN', '不允许操作超级管理员角色');
  });

  it('lists holders and non-holders, and revokes', async () => {
    const [{ role_id: roleId }] = await ds.query(`SELECT role_id FROM sys_role WHERE role_key = 'post_admin'`);
    const held = await http.get(`/system/role/authUser/allocatedList?roleId=${roleId}`);
    expect(held.body.data.rows.map((u: { userName: string }) => u.userName)).toEqual(['postadm']);
    const notHeld = await http.get(`/system/role/authUser/unallocatedList?roleId=${roleId}`);
    expect(notHeld.body.data.rows.map((u: { userName: string }) => u.userName)).toContain('admin');
    expectMessage(await http.delete(`/system/role/${roleId}`), 'zh-CN', '角色“岗位管理员”已分配给用户，不能删除');
    const [{ user_id: userId }] = await ds.query(`SELECT user_id FROM sys_user WHERE user_name = 'postadm'`);
    await http.put('/system/role/authUser/cancel').send({ roleId: String(roleId), userId: String(userId) });
    expect((await http.get(`/system/role/authUser/allocatedList?roleId=${roleId}`)).body.data.total).toBe(0);
    expect((await http.delete(`/system/role/${roleId}`)).body.code).toBe(200);
    expect((await http.get(`/system/role/${roleId}`)).status).toBe(404);
  });

  it('limits the user list to custom departments with a custom data scope', async () => {
    const [{ dept_id: root }] = await ds.query('SELECT min(dept_id) AS dept_id FROM sys_dept');
    const [{ dept_id: hr }] = await ds.query(
      `INSERT INTO sys_dept (parent_id, ancestors, dept_name) VALUES ($1::bigint, '0,' || $1::text, '人事部') RETURNING dept_id`,
      [root],
    );
    const created = await http
      .post('/system/role')
      .send({ roleName: '人事专员', roleKey: 'hr', roleSort: 3, menuIds: await menuIds('system:user:list') });
    const roleId = created.body.data.roleId;
    expect((await http.put('/system/role/dataScope').send({ roleId, dataScope: '2', deptIds: [String(hr)] })).body.code).toBe(200);
    const hrUser = await createStaffUser(t.app, { userName: 'hr1', password: 'Quartz987', roles: ['hr'] });
    await ds.query('UPDATE sys_user SET dept_id = $1 WHERE user_id = $2', [hr, hrUser]);
    const token = await tokenOf(t.app, 'hr1', 'Quartz987');
    const list = await http.as(token).get('/system/user/list');
    expect(list.body.data.rows.map((u: { userName: string }) => u.userName)).toEqual(['hr1']);
    const tree = await http.get(`/system/role/deptTree/${roleId}`);
    expect(tree.body.data.checkedKeys).toEqual([String(hr)]);
    expect(tree.body.data.depts[0].children.map((d: { label: string }) => d.label)).toContain('人事部');
    expectMessage(await http.put('/system/role/dataScope').send({ roleId, dataScope: '2', deptIds: ['99999'] }), 'zh-CN', '部门不存在');
  });

  it('exports roles only for holders of system:role:export', async () => {
    expect((await http.post('/system/role/list').set('cc-export', '1')).headers['content-type']).toContain('spreadsheetml');
  });
});
