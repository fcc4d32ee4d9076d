import ExcelJS from 'exceljs';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createRole, createStaffUser, login, tokenOf } from '../../../test/helpers/staff';
import { binaryParser } from '../../../test/helpers/binary';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let depts: { root: string; sales: string; salesNorth: string; tech: string };

const http = api(() => t, { token: () => admin });

async function addDept(name: string, parentId: string): Promise<string> {
  const [{ dept_id }] = await ds.query(
    `INSERT INTO sys_dept (parent_id, ancestors, dept_name) SELECT $2::bigint, ancestors || ',' || $2::text, $1 FROM sys_dept WHERE dept_id = $2::bigint RETURNING dept_id`,
    [name, parentId],
  );
  return String(dept_id);
}

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  const [{ dept_id: root }] = await ds.query('SELECT min(dept_id) AS dept_id FROM sys_dept');
  const sales = await addDept('销售部', String(root));
  depts = { root: String(root), sales, salesNorth: await addDept('华北销售', sales), tech: await addDept('技术部', String(root)) };
});
afterAll(() => t?.close());

describe('adding users', () => {
  it('creates a user who can then sign in, with roles and department', async () => {
    const [{ role_id: editor }] = await ds.query(`SELECT role_id FROM sys_role WHERE role_key = 'editor'`);
    const res = await http.post('/system/user').send({
      userName: 'liuliu',
      nickName: '六六',
      password: 'Sixsix123',
      deptId: depts.sales,
      roleIds: [String(editor)],
      email: 'liu@example.com',
      phonenumber: '13900139000',
    });
    expectMessage(res, 'zh-CN', '操作成功');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ userName: 'liuliu', deptId: depts.sales });
    expect(res.body.data.password).toBeUndefined();
    const info = await http.get(`/system/user/${res.body.data.userId}`);
    expect(info.body.data.roleIds).toEqual([String(editor)]);
    expect((await login(t.app, 'liuliu', 'Sixsix123')).body.code).toBe(200);
  });

  it('checks the password against the active policy, each rule with its message, and writes nothing', async () => {
    const cases: Array<[string, string]> = [
      ['ab1', '密码长度必须介于 6 和 24 个字符之间'],
      ['abcdefgh', '密码必须同时包含字母和数字'],
      ['xiaoming1', '密码不能包含账号、手机号或邮箱'],
      ['admin123', '密码过于简单，请换一个'],
    ];
    for (const [password, msg] of cases) {
      const res = await http.post('/system/user').send({ userName: 'xiaoming', nickName: '小明', password });
      expect(res.status, password).toBe(400);
      expect(res.body.msg, password).toBe(msg);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await ds.query(`SELECT 1 FROM sys_user WHERE user_name = 'xiaoming'`)).toHaveLength(0);
  });

  it('refuses a taken account name, email or phone, and bad fields, each with its message', async () => {
    const taken = await http.post('/system/user').send({ userName: 'LIULIU', nickName: 'x', password: 'Quartz987' });
    expectMessage(taken, 'zh-CN', '新增用户“LIULIU”失败，登录账号已存在');
    const email = await http.post('/system/user').send({ userName: 'other1', nickName: 'x', password: 'Quartz987', email: 'LIU@example.com' });
    expectMessage(email, 'zh-CN', '用户“other1”保存失败，邮箱账号已存在');
    const phone = await http.post('/system/user').send({ userName: 'other2', nickName: 'x', password: 'Quartz987', phonenumber: '13900139000' });
    expectMessage(phone, 'zh-CN', '用户“other2”保存失败，手机号码已存在');
    const short = await http.post('/system/user').send({ userName: 'a', nickName: 'x', password: 'Quartz987' });
    expectMessage(short, 'zh-CN', '用户名长度必须介于 2 和 20 个字符之间');
    const badPhone = await http.post('/system/user').send({ userName: 'other3', nickName: 'x', password: 'Quartz987', phonenumber: '12345' });
    expectMessage(badPhone, 'zh-CN', '手机号码格式不正确，请输入正确的手机号码');
    const adminRole = await ds.query(`SELECT role_id FROM sys_role WHERE role_key = 'nope'`);
    expect(adminRole).toHaveLength(0);
    const badRole = await http.post('/system/user').send({ userName: 'other4', nickName: 'x', password: 'Quartz987', roleIds: ['999999'] });
    expectMessage(badRole, 'zh-CN', '角色不存在或已停用');
    expect(await ds.query(`SELECT 1 FROM sys_user WHERE user_name LIKE 'other%'`)).toHaveLength(0);
  });
});

describe('the user list', () => {
  beforeAll(async () => {
    await createStaffUser(t.app, { userName: 'north1', password: 'North1234' });
    await ds.query(`UPDATE sys_user SET dept_id = $1 WHERE user_name = 'north1'`, [depts.salesNorth]);
    await createStaffUser(t.app, { userName: 'tech1', password: 'Tech12345' });
    await ds.query(`UPDATE sys_user SET dept_id = $1, status = '1' WHERE user_name = 'tech1'`, [depts.tech]);
  });

  it('pages and filters, a department including its sub-departments', async () => {
    const all = await http.get('/system/user/list?pageSize=2&orderByColumn=userName&isAsc=asc');
    expect(all.body.data.rows).toHaveLength(2);
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
    const sales = await http.get(`/system/user/list?deptId=${depts.sales}`);
    expect(sales.body.data.rows.map((u: { userName: string }) => u.userName).sort()).toEqual(['liuliu', 'north1']);
    expect(sales.body.data.rows.find((u: { userName: string }) => u.userName === 'north1').dept.deptName).toBe('华北销售');
    const disabled = await http.get('/system/user/list?status=1');
    expect(disabled.body.data.rows.map((u: { userName: string }) => u.userName)).toEqual(['tech1']);
    expect(JSON.stringify(all.body)).not.toContain('argon2');
  });

  it('applies the data scope of the caller’s roles', async () => {
    await createRole(t.app, 'sales_mgr', ['system.user']);
    await ds.query(`UPDATE sys_role SET data_scope = '4' WHERE role_key = 'sales_mgr'`);
    await createStaffUser(t.app, { userName: 'salesmgr', password: 'Salesmgr1', roles: ['sales_mgr'] });
    await ds.query(`UPDATE sys_user SET dept_id = $1 WHERE user_name = 'salesmgr'`, [depts.sales]);
    const token = await tokenOf(t.app, 'salesmgr', 'Salesmgr1');
    const seen = await http.as(token).get('/system/user/list');
    expect(seen.body.data.rows.map((u: { userName: string }) => u.userName).sort()).toEqual(['liuliu', 'north1', 'salesmgr']);
    const [{ user_id: techId }] = await ds.query(`SELECT user_id FROM sys_user WHERE user_name = 'tech1'`);
    const outside = await http.as(token).get(`/system/user/${techId}`);
    expect(outside.status).toBe(403);
    expectMessage(outside, 'zh-CN', '没有权限访问该用户数据');

    await ds.query(`UPDATE sys_role SET data_scope = '5' WHERE role_key = 'sales_mgr'`);
    const self = await http.as(token).get('/system/user/list');
    expect(self.body.data.rows.map((u: { userName: string }) => u.userName)).toEqual(['salesmgr']);
  });

  it('lets only holders of system:user:export download the list', async () => {
    await createRole(t.app, 'list_only', ['system.user']);
    await ds.query(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'list_only') AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms = 'system:user:export')`,
    );
    await createStaffUser(t.app, { userName: 'listonly', password: 'Quartz987', roles: ['list_only'] });
    const token = await tokenOf(t.app, 'listonly', 'Quartz987');
    expect((await http.as(token).get('/system/user/list')).status).toBe(200);
    const denied = await http.as(token).post('/system/user/list').set('cc-export', '1');
    expect(denied.status).toBe(403);
  });

  it('exports the list as a workbook with localized headers', async () => {
    const res = await http
      .post('/system/user/list')
      .set('cc-export', '1')
      .type('form')
      .send({ deptId: depts.sales })
      .buffer(true)
      .parse(binaryParser);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['用户编号', '登录名称', '用户昵称', '部门']);
    const listed = await http.get(`/system/user/list?deptId=${depts.sales}`);
    expect(sheet.rowCount).toBe(listed.body.data.total + 1);
    expect(listed.body.data.total).toBeGreaterThanOrEqual(2);
    expect(sheet.getRow(2).getCell(7).value).toBe('正常');
  });
});

describe('changing users', () => {
  it('resets a password: old sessions end, the new password works', async () => {
    const id = await createStaffUser(t.app, { userName: 'resetme', password: 'Resetme123' });
    const token = await tokenOf(t.app, 'resetme', 'Resetme123');
    const res = await http.put('/system/user/resetPwd').send({ userId: id, password: 'Brandnew123' });
    expect(res.body.code).toBe(200);
    expect((await http.as(token).get('/getInfo')).status).toBe(401);
    expect((await login(t.app, 'resetme', 'Brandnew123')).body.code).toBe(200);
  });

  it('disables a user, ending its sessions, and refuses to disable or delete oneself', async () => {
    const id = await createStaffUser(t.app, { userName: 'offme', password: 'Offme1234' });
    const token = await tokenOf(t.app, 'offme', 'Offme1234');
    expect((await http.put('/system/user/changeStatus').send({ userId: id, status: '1' })).body.code).toBe(200);
    expect((await http.as(token).get('/getInfo')).status).toBe(401);
    expectMessage(await login(t.app, 'offme', 'Offme1234'), 'zh-CN', '账号已停用，请联系管理员');
    const [{ user_id: me }] = await ds.query(`SELECT user_id FROM sys_user WHERE user_name = 'admin'`);
    expectMessage(await http.put('/system/user/changeStatus').send({ userId: String(me), status: '1' }), 'zh-CN', '不能停用当前登录的用户');
    expectMessage(await http.delete(`/system/user/${me}`), 'zh-CN', '当前用户不能删除');
  });

  it('protects the super administrator from other administrators', async () => {
    await createRole(t.app, 'user_admin', ['system.user']);
    await createStaffUser(t.app, { userName: 'useradm', password: 'Useradm123', roles: ['user_admin'] });
    const token = await tokenOf(t.app, 'useradm', 'Useradm123');
    const [{ user_id: adminId }] = await ds.query(`SELECT user_id FROM sys_user WHERE user_name = 'admin'`);
    const res = await http
      .as(token)
      .put('/system/user/resetPwd')
      .send({ userId: String(adminId), password: 'Hijack1234' });
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '不允许操作超级管理员用户');
    const [{ role_id: adminRole }] = await ds.query(`SELECT role_id FROM sys_role WHERE role_key = 'admin'`);
    const [{ user_id: mine }] = await ds.query(`SELECT user_id FROM sys_user WHERE user_name = 'useradm'`);
    const escalate = await http
      .as(token)
      .put('/system/user/authRole')
      .send({ userId: String(mine), roleIds: [String(adminRole)] });
    expectMessage(escalate, 'zh-CN', '不允许操作超级管理员用户');
  });

  it('edits a user and replaces its roles, ending its sessions', async () => {
    const id = await createStaffUser(t.app, { userName: 'editme', password: 'Editme123', roles: ['editor'] });
    const token = await tokenOf(t.app, 'editme', 'Editme123');
    const res = await http.put('/system/user').send({ userId: id, nickName: '改名了', roleIds: [], email: 'editme@example.com' });
    expect(res.body.code).toBe(200);
    const detail = await http.get(`/system/user/${id}`);
    expect(detail.body.data.user).toMatchObject({ nickName: '改名了', email: 'editme@example.com' });
    expect(detail.body.data.roleIds).toEqual([]);
    expect((await http.as(token).get('/getInfo')).status).toBe(401);
  });

  it('deletes users softly: they can no longer sign in', async () => {
    const a = await createStaffUser(t.app, { userName: 'gone1', password: 'Gone12345' });
    const b = await createStaffUser(t.app, { userName: 'gone2', password: 'Gone12345' });
    expect((await http.delete(`/system/user/${a},${b}`)).body.code).toBe(200);
    expectMessage(await login(t.app, 'gone1', 'Gone12345'), 'zh-CN', '用户不存在或密码错误');
    expect(await ds.query(`SELECT del_flag FROM sys_user WHERE user_id = $1`, [a])).toEqual([{ del_flag: '2' }]);
    expectMessage(await http.delete('/system/user/1;DROP'), 'zh-CN', '编号不正确：1;DROP');
  });
});

describe('own profile', () => {
  it('shows and edits the caller’s profile and password', async () => {
    await createStaffUser(t.app, { userName: 'selfie', password: 'Selfie123', roles: ['editor'] });
    const token = await tokenOf(t.app, 'selfie', 'Selfie123');
    const profile = await http.as(token).get('/system/user/profile');
    expect(profile.body.data).toMatchObject({ user: { userName: 'selfie' }, roleGroup: '内容编辑' });
    expect((await http.as(token).put('/system/user/profile').send({ nickName: '自己', email: 'self@example.com' })).body).toEqual({
      code: 200,
      msg: '操作成功',
    });
    const wrongOld = await http.as(token).put('/system/user/profile/updatePwd').send({ oldPassword: 'nope', newPassword: 'Zelfie456' });
    expectMessage(wrongOld, 'zh-CN', '修改密码失败，旧密码错误');
    const weak = await http.as(token).put('/system/user/profile/updatePwd').send({ oldPassword: 'Selfie123', newPassword: 'abc' });
    expectMessage(weak, 'zh-CN', '密码长度必须介于 6 和 24 个字符之间');
    expect((await http.as(token).put('/system/user/profile/updatePwd').send({ oldPassword: 'Selfie123', newPassword: 'Zelfie456' })).body).toEqual({
      code: 200,
      msg: '操作成功',
    });
    expect((await login(t.app, 'selfie', 'Zelfie456')).body.code).toBe(200);
  });

  it('takes a jpg or png avatar, checked by content, and serves it publicly', async () => {
    const token = await tokenOf(t.app, 'selfie', 'Zelfie456');
    // A real PNG: a PNG signature followed by garbage is not one (the content check reads its chunks).
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#409EFF' } })
      .png()
      .toBuffer();
    const res = await http.as(token).post('/system/user/profile/avatar').attach('avatarfile', png, 'me.png');
    expect(res.body.code).toBe(200);
    expect(res.body.data.imgUrl).toMatch(/^\/prod-api\/storage\/avatar\/\d+-[0-9a-f]{32}\.png$/);
    const served = await request(t.server).get(res.body.data.imgUrl);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    expect((await http.as(token).get('/getInfo')).body.data.user.avatar).toBe(res.body.data.imgUrl);

    const second = await http
      .as(token)
      .post('/system/user/profile/avatar')
      .attach('avatarfile', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]), 'me.jpg');
    expect(second.body.data.imgUrl).toMatch(/\.jpg$/);
    expect((await request(t.server).get(res.body.data.imgUrl)).status).toBe(404);

    const fake = await http.as(token).post('/system/user/profile/avatar').attach('avatarfile', Buffer.from('<svg onload=alert(1)>'), 'evil.png');
    expect(fake.status).toBe(400);
    expectMessage(fake, 'zh-CN', '文件格式不正确，请上传 jpg、png 格式的图片');
    const big = await http
      .as(token)
      .post('/system/user/profile/avatar')
      .attach('avatarfile', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
    expect((await request(t.server).get('/prod-api/storage/avatar/..%2F..%2Fsecrets.json')).status).toBe(404);
  });

  it('refuses an avatar declaring more than 40 megapixels (a decompression bomb) from its header', async () => {
    const token = await tokenOf(t.app, 'selfie', 'Zelfie456');
    const before = (await http.as(token).get('/getInfo')).body.data.user.avatar;
    // A PNG header of 10000 x 10000 pixels in 87 bytes.
    const bomb = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200002710000027100802000000352cf5700000000b49444154789c6360800100000a00017f80745e0000000049454e44ae426082',
      'hex',
    );
    const res = await http.as(token).lang('en').post('/system/user/profile/avatar').attach('avatarfile', bomb, 'me.png');
    expect(res.status).toBe(400);
    expectMessage(res, 'en', 'The image is too large (10000×10000): an avatar has at most 40 megapixels');
    expect((await http.as(token).get('/getInfo')).body.data.user.avatar).toBe(before);
  });

  it('keeps UI preferences', async () => {
    const token = await tokenOf(t.app);
    const saved = await http
      .as(token)
      .put('/system/user/preferences')
      .send({ preferences: { pageSize: 50, sideTheme: 'theme-light' } });
    expect(saved.body).toEqual({ code: 200, msg: '操作成功' });
    expect((await http.as(token).get('/system/user/preferences')).body.data).toEqual({ pageSize: 50, sideTheme: 'theme-light' });
  });
});
