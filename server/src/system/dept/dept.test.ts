import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { DeptModule } from './dept.module';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let rootId: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [DeptModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  rootId = String((await ds.query(`SELECT dept_id FROM sys_dept WHERE parent_id = 0 ORDER BY dept_id LIMIT 1`))[0].dept_id);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/system/dept' });

/** Adds a department through the API and returns its id. */
async function addDept(deptName: string, parentId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await http.post('').send({ deptName, parentId, orderNum: 1, ...extra });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.deptId as string;
}

const row = async (deptId: string) =>
  (await ds.query(`SELECT dept_name, parent_id::text, ancestors, status, del_flag FROM sys_dept WHERE dept_id = $1`, [deptId]))[0];

type Node = { id: string; label: string; disabled: boolean; children?: Node[] };
const findNode = (nodes: Node[], id: string): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
};

describe('adding departments', () => {
  it('stores the ancestors path of the parent plus the parent, and the tree select nests them', async () => {
    const a = await addDept('研发中心', rootId);
    const b = await addDept('前端组', a, { leader: '张三', phone: '13800138000', email: 'fe@example.com' });
    const c = await addDept('组件小组', b, { status: '1' });
    expect((await row(a)).ancestors).toBe(`0,${rootId}`);
    expect((await row(b)).ancestors).toBe(`0,${rootId},${a}`);
    expect((await row(c)).ancestors).toBe(`0,${rootId},${a},${b}`);

    const tree = (await http.get('/treeselect')).body.data as Node[];
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: rootId, label: '智文科技', disabled: false });
    expect(findNode(tree, a)!.children!.map((n) => n.id)).toEqual([b]);
    expect(findNode(tree, b)!.children).toEqual([{ id: c, label: '组件小组', disabled: true }]);

    const detail = await http.get(`/${b}`);
    expect(detail.body.data).toMatchObject({ deptId: b, parentId: a, parentName: '研发中心', leader: '张三', phone: '13800138000', status: '0' });
  });

  it('refuses a name already used under the same parent, but not under another one', async () => {
    const p1 = await addDept('市场部', rootId);
    const p2 = await addDept('销售部', rootId);
    await addDept('华东区', p1);
    const dup = await http.post('').send({ deptName: ' 华东区 ', parentId: p1, orderNum: 2 });
    expect(dup.status).toBe(400);
    expectMessage(dup, 'zh-CN', '保存部门“华东区”失败，同一上级下已存在同名部门');
    await addDept('华东区', p2);
    expect((await ds.query(`SELECT count(*)::int AS n FROM sys_dept WHERE dept_name = '华东区'`))[0].n).toBe(2);
  });

  it('refuses a new child under a disabled or missing parent, changing nothing', async () => {
    const off = await addDept('已停用部门', rootId, { status: '1' });
    const before = (await ds.query(`SELECT count(*)::int AS n FROM sys_dept`))[0].n;
    const res = await http.post('').send({ deptName: '新部门', parentId: off, orderNum: 1 });
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '上级部门“已停用部门”已停用，不允许新增下级部门');
    const en = await http.lang('en').post('').send({ deptName: 'New one', parentId: off, orderNum: 1 });
    expectMessage(en, 'en', 'The parent department "已停用部门" is disabled: no department can be added under it');
    const missing = await http.post('').send({ deptName: '新部门', parentId: '999999', orderNum: 1 });
    expectMessage(missing, 'zh-CN', '上级部门不存在');
    expect((await ds.query(`SELECT count(*)::int AS n FROM sys_dept`))[0].n).toBe(before);
  });

  it('checks name length, phone and email formats with localized messages', async () => {
    const long = await http.post('').send({ deptName: 'x'.repeat(31), parentId: rootId, orderNum: 1 });
    expect(long.status).toBe(400);
    expectMessage(long, 'zh-CN', '部门名称长度必须介于 1 和 30 个字符之间');
    const phone = await http.post('').send({ deptName: '电话部', parentId: rootId, orderNum: 1, phone: '12345' });
    expectMessage(phone, 'zh-CN', '联系电话格式不正确，请输入手机号码或带区号的座机号码');
    const phoneTw = await http.lang('zh-TW').post('').send({ deptName: '電話部', parentId: rootId, orderNum: 1, phone: 'abc' });
    expectMessage(phoneTw, 'zh-TW', '聯絡電話格式不正確，請輸入手機號碼或帶區碼的市話號碼');
    const email = await http.lang('en').post('').send({ deptName: 'Mail', parentId: rootId, orderNum: 1, email: 'not-an-email' });
    expectMessage(email, 'en', 'Email is not a valid email address');
    const landline = await http.post('').send({ deptName: '座机部', parentId: rootId, orderNum: 1, phone: '010-12345678', email: '' });
    expect(landline.body.code).toBe(200);
    expect((await ds.query(`SELECT count(*)::int AS n FROM sys_dept WHERE dept_name IN ('电话部', '電話部', 'Mail')`))[0].n).toBe(0);
  });
});

describe('moving departments', () => {
  it('rewrites the ancestors of the whole subtree when a department gets a new parent', async () => {
    const from = await addDept('旧事业部', rootId);
    const to = await addDept('新事业部', rootId);
    const team = await addDept('移动小组', from);
    const sub = await addDept('移动子组', team);
    const leaf = await addDept('移动叶子', sub);
    const res = await http.put('').send({ deptId: team, parentId: to, deptName: '移动小组', orderNum: 3 });
    expect(res.body.code).toBe(200);
    expect(await row(team)).toMatchObject({ parent_id: to, ancestors: `0,${rootId},${to}` });
    expect((await row(sub)).ancestors).toBe(`0,${rootId},${to},${team}`);
    expect((await row(leaf)).ancestors).toBe(`0,${rootId},${to},${team},${sub}`);
    const tree = (await http.get('/treeselect')).body.data as Node[];
    expect(findNode(tree, from)!.children).toBeUndefined();
    expect(findNode(tree, to)!.children!.map((n) => n.id)).toEqual([team]);
  });

  it('saves the root in place but moves no other department to the top', async () => {
    const renamed = await http.put('').send({ deptId: rootId, parentId: '0', deptName: '智文科技集团', orderNum: 0 });
    expect(renamed.body.code).toBe(200);
    expect(await row(rootId)).toMatchObject({ dept_name: '智文科技集团', parent_id: '0', ancestors: '0' });
    await http.put('').send({ deptId: rootId, parentId: '0', deptName: '智文科技', orderNum: 0 });
    const child = await addDept('想当顶层', rootId);
    const res = await http.put('').send({ deptId: child, parentId: '0', deptName: '想当顶层', orderNum: 1 });
    expectMessage(res, 'zh-CN', '上级部门不存在');
    expect((await row(child)).parent_id).toBe(rootId);
  });

  it('refuses a department as its own parent or under its own descendant, changing nothing', async () => {
    const top = await addDept('顶层部门', rootId);
    const mid = await addDept('中间部门', top);
    const low = await addDept('底层部门', mid);
    const self = await http.put('').send({ deptId: top, parentId: top, deptName: '顶层部门', orderNum: 1 });
    expect(self.status).toBe(400);
    expectMessage(self, 'zh-CN', '修改部门“顶层部门”失败，上级部门不能是自己');
    const under = await http.put('').send({ deptId: top, parentId: low, deptName: '顶层部门改', orderNum: 1 });
    expect(under.status).toBe(400);
    expectMessage(under, 'zh-CN', '修改部门“顶层部门”失败，上级部门不能是自己的下级部门');
    expect(await row(top)).toMatchObject({ dept_name: '顶层部门', parent_id: rootId, ancestors: `0,${rootId}` });
    expect((await row(low)).ancestors).toBe(`0,${rootId},${top},${mid}`);
  });

  it('offers as new parents every department but the one moved and its descendants', async () => {
    const top = await addDept('排除顶层', rootId);
    const child = await addDept('排除子级', top);
    await addDept('排除孙级', child);
    const other = await addDept('排除旁支', rootId);
    const ids = (await http.get(`/list/exclude/${top}`)).body.data.map((d: { deptId: string }) => d.deptId);
    expect(ids).toEqual(expect.arrayContaining([rootId, other]));
    expect(ids).not.toContain(top);
    expect(ids).not.toContain(child);
    expect(ids.length).toBe((await http.get('/list')).body.data.length - 3);
  });
});

describe('status', () => {
  it('refuses to disable a department with enabled sub-departments, and enabling one enables its ancestors', async () => {
    const parent = await addDept('状态父级', rootId);
    const child = await addDept('状态子级', parent);
    const refused = await http.put('').send({ deptId: parent, parentId: rootId, deptName: '状态父级', orderNum: 1, status: '1' });
    expect(refused.status).toBe(400);
    expectMessage(refused, 'zh-CN', '部门“状态父级”包含未停用的下级部门，不能停用');
    expect((await row(parent)).status).toBe('0');

    expect((await http.put('').send({ deptId: child, parentId: parent, deptName: '状态子级', orderNum: 1, status: '1' })).body.code).toBe(200);
    expect((await http.put('').send({ deptId: parent, parentId: rootId, deptName: '状态父级', orderNum: 2, status: '1' })).body.code).toBe(200);
    expect((await row(parent)).status).toBe('1');

    expect((await http.put('').send({ deptId: child, parentId: parent, deptName: '状态子级', orderNum: 2, status: '0' })).body.code).toBe(200);
    expect((await row(parent)).status).toBe('0');
  });
});

describe('deleting departments', () => {
  it('refuses a department with sub-departments, then one with users, each with its own message', async () => {
    const parent = await addDept('删除父级', rootId);
    const child = await addDept('删除子级', parent);
    const withKids = await http.delete(`/${parent}`);
    expect(withKids.status).toBe(400);
    expectMessage(withKids, 'zh-CN', '部门“删除父级”存在下级部门，不允许删除');

    const userId = await createStaffUser(t.app, { userName: 'deptmember', password: 'Member123' });
    await ds.query(`UPDATE sys_user SET dept_id = $1 WHERE user_id = $2`, [child, userId]);
    const withUsers = await http.lang('en').delete(`/${child}`);
    expect(withUsers.status).toBe(400);
    expectMessage(withUsers, 'en', 'Department "删除子级" still has users and cannot be deleted');
    expect((await row(child)).del_flag).toBe('0');

    await ds.query(`UPDATE sys_user SET dept_id = $1 WHERE user_id = $2`, [rootId, userId]);
    expect((await http.delete(`/${child}`)).body.code).toBe(200);
    expect((await http.delete(`/${parent}`)).body.code).toBe(200);
    const ids = (await http.get('/list')).body.data.map((d: { deptId: string }) => d.deptId);
    expect(ids).not.toContain(parent);
    expect((await http.get(`/${parent}`)).status).toBe(404);
  });
});

describe('data scope', () => {
  let deptA: string;
  let deptA1: string;
  let deptA11: string;
  let deptB: string;

  beforeAll(async () => {
    deptA = await addDept('范围甲', rootId);
    deptA1 = await addDept('范围甲一', deptA);
    deptA11 = await addDept('范围甲一一', deptA1);
    deptB = await addDept('范围乙', rootId);
  });

  async function staffWithScope(name: string, dataScope: string, deptId: string, menus = ['system.dept']): Promise<string> {
    const roleId = await createRole(t.app, `${name}_role`, menus);
    await ds.query(`UPDATE sys_role SET data_scope = $1 WHERE role_id = $2`, [dataScope, roleId]);
    const userId = await createStaffUser(t.app, { userName: name, password: 'Scope1234', roles: [`${name}_role`] });
    await ds.query(`UPDATE sys_user SET dept_id = $1 WHERE user_id = $2`, [deptId, userId]);
    return tokenOf(t.app, name, 'Scope1234');
  }

  it("shows a role with scope '3' only its own department", async () => {
    const token = await staffWithScope('scopeown', '3', deptA1);
    const list = await http.as(token).get('/list');
    expect(list.body.data.map((d: { deptId: string }) => d.deptId)).toEqual([deptA1]);
    expect((await http.as(token).get('/treeselect')).body.data).toEqual([{ id: deptA1, label: '范围甲一', disabled: false }]);
    expect((await http.as(token).get(`/${deptB}`)).status).toBe(403);
  });

  it("shows a role with scope '4' its department and everything below it", async () => {
    const token = await staffWithScope('scopetree', '4', deptA);
    const ids = (await http.as(token).get('/list')).body.data.map((d: { deptId: string }) => d.deptId);
    expect(ids.sort()).toEqual([deptA, deptA1, deptA11].sort());
    const tree = (await http.as(token).get('/treeselect')).body.data as Node[];
    expect(tree.map((n) => n.id)).toEqual([deptA]);
    expect(findNode(tree, deptA1)!.children!.map((n) => n.id)).toEqual([deptA11]);
    const outside = await http.as(token).post('').send({ deptName: '越权部门', parentId: deptB, orderNum: 1 });
    expect(outside.status).toBe(403);
    expectMessage(outside, 'zh-CN', '没有权限访问该部门数据');
  });

  it('gives the tree select to user managers too, and to nobody without either permission', async () => {
    const userAdmin = await staffWithScope('scopeusers', '1', rootId, ['system.user']);
    expect((await http.as(userAdmin).get('/treeselect')).body.data[0].id).toBe(rootId);
    expect((await http.as(userAdmin).get('/list')).status).toBe(403);
    const nobody = await staffWithScope('scopenone', '1', rootId, []);
    expect((await http.as(nobody).get('/treeselect')).status).toBe(403);
  });
});
