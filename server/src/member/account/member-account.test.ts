import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SysConfigService } from '../../system/config/sys-config.service';
import { memberLogin, memberTokenOf, register } from '../../../test/helpers/member';
import { solveCaptcha, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
});
afterAll(() => t?.close());

const http = api(() => t);
const memberRow = async (userName: string) => (await ds.query(`SELECT * FROM member_user WHERE lower(user_name) = lower($1)`, [userName]))[0];
const lastLoginLog = async (userName: string) =>
  (await ds.query(`SELECT status, msg, realm FROM sys_logininfor WHERE user_name = $1 ORDER BY info_id DESC LIMIT 1`, [userName]))[0];
// Identical POST/PUT bodies within 1000 ms are refused as repeats; tests that resend one wait that long.
const pause = (ms = 1_050) => new Promise((r) => setTimeout(r, ms));

describe('registration', () => {
  it('refuses each invalid input with its own message and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'Secret123' }, '用户名不能为空'],
      [{ username: 'ab', password: 'Secret123' }, '用户名长度必须介于 3 和 20 个字符之间'],
      [{ username: 'a'.repeat(21), password: 'Secret123' }, '用户名长度必须介于 3 和 20 个字符之间'],
      [{ username: '1abc', password: 'Secret123' }, '用户名必须以字母开头，只能包含字母、数字和下划线'],
      [{ username: 'ab-cd', password: 'Secret123' }, '用户名必须以字母开头，只能包含字母、数字和下划线'],
      [{ username: '张三丰', password: 'Secret123' }, '用户名必须以字母开头，只能包含字母、数字和下划线'],
      [{ username: 'validname' }, '密码不能为空'],
      [{ username: 'validname', password: '12345' }, '密码长度必须介于 6 和 64 个字符之间'],
      [{ username: 'validname', password: 'Secret123', randomCode: 'ab' }, '邀请码格式不正确'],
      [{ username: 'validname', password: 'Secret123', randomCode: 'ab$de' }, '邀请码格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await register(t.app, body as never);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toBe(msg);
    }
    expect(await ds.query(`SELECT 1 FROM member_user`)).toHaveLength(0);
  });

  it('answers in the caller’s language', async () => {
    const res = await register(t.app, { username: '9lives', password: 'Secret123' }, 'en');
    expectMessage(res, 'en', 'User name must start with a letter and use only letters, digits and underscores');
    const tw = await register(t.app, { username: 'ok_name', password: '123' }, 'zh-TW');
    expectMessage(tw, 'zh-TW', '密碼長度必須介於 6 和 64 個字元之間');
  });

  it('checks the captcha: a wrong answer is refused and an answer is good only once', async () => {
    const { uuid, code } = await solveCaptcha(t.app);
    const wrong = await request(t.server)
      .post('/prod-api/register')
      .send({ username: 'capt_one', password: 'Secret123', authCode: `${code}9`, uuid });
    expectMessage(wrong, 'zh-CN', '验证码错误');
    const reused = await request(t.server).post('/prod-api/register').send({ username: 'capt_one', password: 'Secret123', authCode: code, uuid });
    expectMessage(reused, 'zh-CN', '验证码已失效，请刷新后重试');
    const missing = await request(t.server).post('/prod-api/register').send({ username: 'capt_one', password: 'Secret123' });
    expectMessage(missing, 'zh-CN', '验证码已失效，请刷新后重试');

    const fresh = await solveCaptcha(t.app);
    const ok = await request(t.server)
      .post('/prod-api/register')
      .send({ username: 'capt_one', password: 'Secret123', authCode: fresh.code, uuid: fresh.uuid });
    expect(ok.body.code).toBe(200);
    const again = await request(t.server)
      .post('/prod-api/register')
      .send({ username: 'capt_two', password: 'Secret123', authCode: fresh.code, uuid: fresh.uuid });
    expectMessage(again, 'zh-CN', '验证码已失效，请刷新后重试');
    expect(await memberRow('capt_two')).toBeUndefined();
  });

  it('registers a member, signed in at once, with its own invitation code, a level and the registration exp', async () => {
    const res = await register(t.app, { username: 'Alice_1', password: 'Secret123' });
    expect(res.status).toBe(201);
    expectMessage(res, 'zh-CN', '注册成功');
    const token = res.body.data as string;
    const info = await http.as(token).get('/member/info');
    expect(info.body.data.roles).toEqual([]);
    expect(info.body.data.permissions).toEqual([]);
    const me = info.body.data.user;
    expect(me).toMatchObject({
      userName: 'Alice_1',
      nickName: 'Alice_1',
      source: 'register',
      exp: 20,
      level: 1,
      levelName: '新手',
      nextLevelExp: 100,
      hasPassword: true,
      wechatBound: false,
    });
    expect(me.inviteCode).toMatch(/^[A-Za-z0-9]{5}$/);
    expect(JSON.stringify(info.body)).not.toContain('argon2');
    const row = await memberRow('Alice_1');
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.referrer_code).toBe('');
  });

  it('refuses a user name that is taken, whatever its case', async () => {
    const res = await register(t.app, { username: 'ALICE_1', password: 'Secret123' });
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '会员账号“ALICE_1”已存在');
    expect(await ds.query(`SELECT 1 FROM member_user WHERE lower(user_name) = 'alice_1'`)).toHaveLength(1);
  });

  it('records the invitation code the member came with; each member has a code of its own', async () => {
    const referrer = await memberRow('Alice_1');
    const res = await register(t.app, { username: 'bob_2', password: 'Secret123', randomCode: referrer.invite_code });
    expect(res.body.code).toBe(200);
    const bob = await memberRow('bob_2');
    expect(bob.referrer_code).toBe(referrer.invite_code);
    expect(bob.invite_code).toMatch(/^[A-Za-z0-9]{5}$/);
    expect(bob.invite_code).not.toBe(referrer.invite_code);
    const admin = await tokenOf(t.app);
    const invited = await request(t.server)
      .get(`/prod-api/cms/member/list?referrerCode=${referrer.invite_code}`)
      .set('Authorization', `Bearer ${admin}`);
    expect(invited.body.data.rows.map((m: { userName: string }) => m.userName)).toEqual(['bob_2']);
  });

  it('is refused while the parameter sys.account.registerUser is off', async () => {
    await ds.query(`UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.registerUser'`);
    await t.app.get(SysConfigService).evict('sys.account.registerUser');
    try {
      const res = await register(t.app, { username: 'closed_door', password: 'Secret123' });
      expect(res.status).toBe(400);
      expectMessage(res, 'zh-CN', '当前系统没有开启注册功能');
      expect(await memberRow('closed_door')).toBeUndefined();
    } finally {
      await ds.query(`UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.registerUser'`);
      await t.app.get(SysConfigService).evict('sys.account.registerUser');
    }
  });
});

describe('sign-in and sign-out', () => {
  beforeAll(async () => {
    await memberTokenOf(t.app, 'carol', 'Carol1234');
  });

  it('signs in with the user name (any case), logs it, and signs out for good', async () => {
    const res = await memberLogin(t.app, 'CAROL', 'Carol1234');
    expect(res.body).toMatchObject({ code: 200, msg: '登录成功' });
    const token = res.body.data as string;
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).realm).toBe('member');
    expect(await lastLoginLog('carol')).toEqual({ status: '0', msg: '登录成功', realm: 'member' });
    const info = await http.as(token).get('/member/info');
    expect(info.body.data.user.loginIp).not.toBe('');

    const out = await http.as(token).post('/member/logout');
    expect(out.body.code).toBe(200);
    expect(await lastLoginLog('carol')).toMatchObject({ msg: '退出成功', realm: 'member' });
    const after = await http.as(token).get('/member/info');
    expect(after.status).toBe(401);
    expectMessage(after, 'zh-CN', '登录状态已过期，请重新登录');
  });

  it('signs in with the phone or the email set in the profile', async () => {
    const token = (await memberLogin(t.app, 'carol', 'Carol1234')).body.data;
    const saved = await http.as(token).put('/member/profile').send({ nickName: '卡罗', phonenumber: '13912345678', email: 'Carol@Example.com' });
    expect(saved.body.code).toBe(200);
    expect((await memberLogin(t.app, '13912345678', 'Carol1234')).body.code).toBe(200);
    expect((await memberLogin(t.app, 'carol@example.com', 'Carol1234')).body.code).toBe(200);
  });

  it('refuses wrong passwords with the one message, without counting down or locking the account', async () => {
    await memberTokenOf(t.app, 'dave', 'Dave12345');
    for (let i = 0; i < 6; i++) {
      const res = await memberLogin(t.app, 'dave', 'wrong-one');
      expect(res.status).toBe(400);
      expectMessage(res, 'zh-CN', '用户不存在或密码错误');
    }
    expect(await lastLoginLog('dave')).toMatchObject({ status: '1', realm: 'member' });
    const unknown = await memberLogin(t.app, 'nobody_here', 'whatever1');
    expectMessage(unknown, 'zh-CN', '用户不存在或密码错误');
    const right = await memberLogin(t.app, 'dave', 'Dave12345');
    expect(right.body.code).toBe(200);
  });

  it('keeps members and staff apart: a member name is not a staff account and the other way round', async () => {
    const staffLogin = await request(t.server)
      .post('/prod-api/login')
      .send({ username: 'carol', password: 'Carol1234', ...(await solveCaptcha(t.app)) });
    expectMessage(staffLogin, 'zh-CN', '用户不存在或密码错误');
    expectMessage(await memberLogin(t.app, 'admin', 'Admin12345'), 'zh-CN', '用户不存在或密码错误');

    const member = (await memberLogin(t.app, 'carol', 'Carol1234')).body.data;
    const staff = await tokenOf(t.app);
    expect((await http.as(member).get('/getInfo')).status).toBe(401);
    expect((await http.as(member).get('/system/user/list')).status).toBe(401);
    expect((await http.as(staff).get('/member/info')).status).toBe(401);
    expect((await http.as(staff).put('/member/profile').send({ nickName: 'x' })).status).toBe(401);
    // A member token does not end a staff session through the staff logout, nor the reverse.
    await http.as(member).post('/logout');
    await http.as(staff).post('/member/logout');
    expect((await http.as(member).get('/member/info')).status).toBe(200);
    expect((await http.as(staff).get('/getInfo')).status).toBe(200);
  });
});

describe('own account', () => {
  let token: string;
  beforeAll(async () => {
    token = await memberTokenOf(t.app, 'erin', 'Erin12345');
  });

  it('validates the profile, keeps phone and email unique among members, and shows what was saved', async () => {
    const badPhone = await http.as(token).put('/member/profile').send({ nickName: 'E', phonenumber: '12345' });
    expectMessage(badPhone, 'zh-CN', '手机号码格式不正确，请输入正确的手机号码');
    const badMail = await http.as(token).put('/member/profile').send({ nickName: 'E', email: 'not-mail' });
    expectMessage(badMail, 'zh-CN', '邮箱格式不正确，请输入正确的邮箱地址');
    const noName = await http.as(token).put('/member/profile').send({ nickName: '' });
    expectMessage(noName, 'zh-CN', '用户昵称不能为空');
    const takenPhone = await http.as(token).put('/member/profile').send({ nickName: 'E', phonenumber: '13912345678' });
    expectMessage(takenPhone, 'zh-CN', '手机号码“13912345678”已被其他会员使用');

    const ok = await http
      .as(token)
      .put('/member/profile')
      .send({ nickName: '艾琳', phonenumber: '13700000001', email: 'erin@example.com', birthday: '1999-09-09', sex: '1' });
    expect(ok.body.code).toBe(200);
    const me = (await http.as(token).get('/member/info')).body.data.user;
    expect(me).toMatchObject({
      userName: 'erin',
      nickName: '艾琳',
      phonenumber: '13700000001',
      email: 'erin@example.com',
      birthday: '1999-09-09',
      sex: '1',
    });
  });

  it('changes the password only with the right old one', async () => {
    const wrong = await http.as(token).put('/member/password').send({ oldPassword: 'nope-nope', newPassword: 'Erin67890' });
    expectMessage(wrong, 'zh-CN', '修改密码失败，旧密码错误');
    const short = await http.as(token).put('/member/password').send({ oldPassword: 'Erin12345', newPassword: '123' });
    expectMessage(short, 'zh-CN', '新密码长度必须介于 6 和 64 个字符之间');
    const missing = await http.as(token).put('/member/password').send({ newPassword: 'Erin67890' });
    expectMessage(missing, 'zh-CN', '请输入旧密码');
    const ok = await http.as(token).put('/member/password').send({ oldPassword: 'Erin12345', newPassword: 'Erin67890' });
    expect(ok.body.code).toBe(200);
    expect((await memberLogin(t.app, 'erin', 'Erin12345')).body.code).toBe(500);
    expect((await memberLogin(t.app, 'erin', 'Erin67890')).body.code).toBe(200);
  });

  it('takes a png or jpg avatar by its content, serves it, and refuses anything else', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4d40000000049454e44ae426082',
      'hex',
    );
    const res = await http.as(token).post('/member/avatar').attach('avatarfile', png, 'face.png');
    expect(res.body.code).toBe(200);
    expect(res.body.data.imgUrl).toMatch(/^\/prod-api\/storage\/avatar\/\d+-[0-9a-f]{32}\.png$/);
    const served = await request(t.server).get(res.body.data.imgUrl);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await http.as(token).get('/member/info')).body.data.user.avatarSrc).toBe(res.body.data.imgUrl);

    await pause();
    const disguised = await http
      .as(token)
      .post('/member/avatar')
      .attach('avatarfile', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'face.png');
    expect(disguised.status).toBe(400);
    expectMessage(disguised, 'zh-CN', '文件格式不正确，请上传 jpg、png 格式的图片');
  });

  it('refuses an avatar declaring more than 40 megapixels (a decompression bomb) from its header, storing nothing', async () => {
    await pause();
    const before = (await memberRow('erin')).avatar;
    // A PNG header of 10000 x 10000 pixels in 87 bytes.
    const bomb = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200002710000027100802000000352cf5700000000b49444154789c6360800100000a00017f80745e0000000049454e44ae426082',
      'hex',
    );
    const res = await http.as(token).post('/member/avatar').attach('avatarfile', bomb, 'face.png');
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '图片尺寸过大（10000×10000），头像最多 40 百万像素');
    expect((await memberRow('erin')).avatar).toBe(before);
  });
});
