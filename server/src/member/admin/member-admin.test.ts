import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { memberLogin, memberTokenOf } from '../../../test/helpers/member';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

const http = api(() => t, { token: () => admin });

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('members screen', () => {
  it('adds a member with at least one of user name, phone, email; each unique; the member can sign in', async () => {
    const none = await http.post('/cms/member').send({ nickName: '无名', password: 'Secret123' });
    expect(none.status).toBe(400);
    expectMessage(none, 'zh-CN', '用户名、手机号码、邮箱至少填写一项');
    const badName = await http.post('/cms/member').send({ userName: '_under', password: 'Secret123' });
    expectMessage(badName, 'zh-CN', '用户名必须以字母开头，只能包含字母、数字和下划线');
    const badMail = await http.post('/cms/member').send({ email: 'x@', password: 'Secret123' });
    expectMessage(badMail, 'zh-CN', '邮箱格式不正确，请输入正确的邮箱地址');
    const short = await http.post('/cms/member').send({ phonenumber: '13800000000', password: '12345' });
    expectMessage(short, 'zh-CN', '密码长度必须介于 6 和 64 个字符之间');

    const byPhone = await http
      .post('/cms/member')
      .send({ phonenumber: '13800000000', nickName: '手机会员', password: 'Secret123', birthday: '2000-01-02' });
    expect(byPhone.status).toBe(201);
    expect(byPhone.body.data).toMatchObject({
      userName: '',
      phonenumber: '13800000000',
      source: 'admin',
      level: 1,
      exp: 0,
      wechatBound: false,
      birthday: '2000-01-02',
    });
    expect(byPhone.body.data.password).toBeUndefined();
    expect((await memberLogin(t.app, '13800000000', 'Secret123')).body.code).toBe(200);

    const taken = await http.post('/cms/member').send({ userName: 'phone_two', phonenumber: '13800000000', password: 'Secret123' });
    expectMessage(taken, 'zh-CN', '手机号码“13800000000”已被其他会员使用');
    const created = await http.post('/cms/member').send({ userName: 'frank', email: 'frank@example.com', password: 'Secret123' });
    expect(created.body.code).toBe(200);
    const takenMail = await http.post('/cms/member').send({ userName: 'frank2', email: 'FRANK@example.com', password: 'Secret123' });
    expectMessage(takenMail, 'zh-CN', '邮箱“FRANK@example.com”已被其他会员使用');
  });

  it('lists and filters members, and exports them', async () => {
    await memberTokenOf(t.app, 'grace');
    const all = await http.get('/cms/member/list?orderByColumn=memberId&isAsc=asc');
    expect(all.body.data.rows.map((m: { nickName: string }) => m.nickName)).toEqual(['手机会员', 'frank', 'grace']);
    expect(JSON.stringify(all.body)).not.toMatch(/argon2|password|openid/i);
    expect((await http.get('/cms/member/list?userName=RAC')).body.data.rows.map((m: { userName: string }) => m.userName)).toEqual(['grace']);
    expect((await http.get('/cms/member/list?source=register')).body.data.total).toBe(1);
    expect((await http.get('/cms/member/list?phonenumber=1380')).body.data.total).toBe(1);
    const bad = await http.get('/cms/member/list?orderByColumn=password');
    expectMessage(bad, 'zh-CN', '不支持按 password 排序');

    const res = await http.post('/cms/member/list').set('cc-export', '1').send({ source: 'register' }).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe('用户名');
    expect(sheet.getRow(2).getCell(2).value).toBe('grace');
    expect(sheet.getRow(2).getCell(7).value).toBe('注册');
    expect(sheet.rowCount).toBe(2);
  });

  it('edits a member, resets its password (ending its sessions), disables and enables it', async () => {
    const token = await memberTokenOf(t.app, 'heidi', 'Heidi1234');
    const heidi = (await http.get('/cms/member/list?userName=heidi')).body.data.rows[0];
    const edited = await http.put('/cms/member').send({ ...heidi, nickName: '海蒂', email: 'heidi@example.com' });
    expect(edited.body.code).toBe(200);
    expect((await http.get(`/cms/member/${heidi.memberId}`)).body.data).toMatchObject({
      nickName: '海蒂',
      email: 'heidi@example.com',
      userName: 'heidi',
    });
    const cleared = await http.put('/cms/member').send({ memberId: heidi.memberId, nickName: 'x' });
    expectMessage(cleared, 'zh-CN', '用户名、手机号码、邮箱至少填写一项');

    const reset = await http.put('/cms/member/resetPwd').send({ memberId: heidi.memberId, password: 'Heidi5678' });
    expect(reset.body.code).toBe(200);
    expect((await http.as(token).get('/member/info')).status).toBe(401);
    expectMessage(await memberLogin(t.app, 'heidi', 'Heidi1234'), 'zh-CN', '用户不存在或密码错误');
    const again = (await memberLogin(t.app, 'heidi', 'Heidi5678')).body.data;

    const off = await http.put('/cms/member/changeStatus').send({ memberId: heidi.memberId, status: '1' });
    expect(off.body.code).toBe(200);
    expect((await http.as(again).get('/member/info')).status).toBe(401);
    expectMessage(await memberLogin(t.app, 'heidi', 'Heidi5678'), 'zh-CN', '账号已停用，请联系管理员');
    expect((await http.put('/cms/member/changeStatus').send({ memberId: heidi.memberId, status: '0' })).body.code).toBe(200);
    expect((await memberLogin(t.app, 'heidi', 'Heidi5678')).body.code).toBe(200);
  });

  it('lifts a lock left on a member when its password is reset', async () => {
    // Wrong passwords no longer lock a member; a lock left by an earlier version holds until lifted.
    await memberTokenOf(t.app, 'ivan', 'Ivan12345');
    for (let i = 0; i < 5; i++) await memberLogin(t.app, 'ivan', 'bad-pass');
    await t.app.get(DataSource).query(`UPDATE member_user SET lock_end_time = now() + interval '1 hour' WHERE user_name = 'ivan'`);
    expectMessage(await memberLogin(t.app, 'ivan', 'bad-pass'), 'zh-CN', '用户不存在或密码错误');
    expectMessage(await memberLogin(t.app, 'ivan', 'Ivan12345'), 'zh-CN', /^账号已锁定/);
    const ivan = (await http.get('/cms/member/list?userName=ivan')).body.data.rows[0];
    expect(ivan.lockEndTime).not.toBeNull();
    await http.put('/cms/member/resetPwd').send({ memberId: ivan.memberId, password: 'Ivan67890' });
    expect((await memberLogin(t.app, 'ivan', 'Ivan67890')).body.code).toBe(200);
    const logs = await http.get('/monitor/logininfor/list?realm=member&userName=ivan');
    expect(logs.body.data.total).toBeGreaterThanOrEqual(7);
    expect(logs.body.data.rows.every((r: { realm: string }) => r.realm === 'member')).toBe(true);
    expect((await http.get('/monitor/logininfor/list?realm=staff&userName=ivan')).body.data.total).toBe(0);
  });

  it('deletes members: gone from the list, signed out, their names free again', async () => {
    const token = await memberTokenOf(t.app, 'judy');
    const judy = (await http.get('/cms/member/list?userName=judy')).body.data.rows[0];
    expect((await http.delete(`/cms/member/${judy.memberId}`)).body.code).toBe(200);
    expect((await http.get(`/cms/member/${judy.memberId}`)).status).toBe(404);
    expect((await http.as(token).get('/member/info')).status).toBe(401);
    expectMessage(await memberLogin(t.app, 'judy', 'Member123'), 'zh-CN', '用户不存在或密码错误');
    expectMessage(await http.delete(`/cms/member/${judy.memberId}`), 'zh-CN', '会员不存在');
    await memberTokenOf(t.app, 'judy');
  });

  it('answers only staff holding the member permissions', async () => {
    await createRole(t.app, 'member_viewer', ['cms.member.member']);
    await ds.query(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'member_viewer')
       AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms IN ('cms:member:add', 'cms:member:remove'))`,
    );
    await createStaffUser(t.app, { userName: 'viewer1', password: 'Viewer123', roles: ['member_viewer'] });
    const viewer = await tokenOf(t.app, 'viewer1', 'Viewer123');
    expect((await http.as(viewer).get('/cms/member/list')).status).toBe(200);
    expect((await http.as(viewer).post('/cms/member').send({ userName: 'nope1', password: 'Secret123' })).status).toBe(403);
    expect((await http.as(viewer).get('/cms/member/level/list')).status).toBe(403);
    expect((await http.as(viewer).get('/system/wechat/list')).status).toBe(403);
  });
});
