import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import { SysConfigService } from '../system/config/sys-config.service';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { createStaffUser, login, solveCaptcha, TEST_ADMIN_PASSWORD, tokenOf } from '../../test/helpers/staff';

let t: TestApp;
let ds: DataSource;
let store: KvStore;

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  store = t.app.get(KV_STORE);
});
afterAll(() => t?.close());

const lastLoginLog = async (userName: string) =>
  (await ds.query('SELECT status, msg, ipaddr, browser FROM sys_logininfor WHERE user_name = $1 ORDER BY info_id DESC LIMIT 1', [userName]))[0];

describe('captcha', () => {
  it('answers an SVG image with an id and keeps the answer for 2 minutes', async () => {
    const res = await request(t.server).get('/prod-api/captchaImage');
    expect(res.body.code).toBe(200);
    expect(res.body.data.captchaEnabled).toBe(true);
    expect(res.body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(await store.get(`captcha:${res.body.data.uuid}`)).toMatch(/^-?\d+$/); // math style by default
  });

  it('is single use, case-insensitive for characters, and refused once expired', async () => {
    const { uuid, code } = await solveCaptcha(t.app);
    const wrongPassword = await request(t.server).post('/prod-api/login').send({ username: 'admin', password: 'not-it-1', code, uuid });
    expect(wrongPassword.body.msg).not.toBe('验证码错误');
    const reused = await request(t.server).post('/prod-api/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD, code, uuid });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('验证码已失效，请刷新后重试');

    await store.set('captcha:char-test', 'ab3k', 60_000);
    const upper = await request(t.server)
      .post('/prod-api/login')
      .send({ username: 'admin', password: TEST_ADMIN_PASSWORD, code: 'AB3K', uuid: 'char-test' });
    expect(upper.body.code).toBe(200);

    await store.set('captcha:short', '7', 30);
    await new Promise((r) => setTimeout(r, 60));
    const expired = await request(t.server)
      .post('/prod-api/login')
      .send({ username: 'admin', password: TEST_ADMIN_PASSWORD, code: '7', uuid: 'short' });
    expect(expired.body.msg).toBe('验证码已失效，请刷新后重试');
  });

  it('refuses a wrong answer with its own message and logs the attempt', async () => {
    const { uuid } = await solveCaptcha(t.app);
    const res = await request(t.server)
      .post('/prod-api/login')
      .set('Accept-Language', 'en')
      .send({ username: 'admin', password: 'x', code: 'nope', uuid });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 500, msg: 'Wrong captcha', data: { captchaRequired: true } });
    expect(await lastLoginLog('admin')).toMatchObject({ status: '1', msg: '验证码错误' });
  });

  it('lets browser tests read an answer through the test-support hook, which exists only when NODE_ENV=test', async () => {
    const { uuid } = (await request(t.server).get('/prod-api/captchaImage')).body.data;
    const hook = await request(t.server).get(`/prod-api/test-support/captcha/${uuid}`);
    expect(hook.body.data).toBe(await store.get(`captcha:${uuid}`));
    const dev = await startTestApp({ env: { NODE_ENV: 'development' } });
    try {
      expect((await request(dev.server).get(`/prod-api/test-support/captcha/${uuid}`)).status).toBe(404);
    } finally {
      await dev.close();
    }
  });

  it('tells login screens whether registration is open (sys.account.registerUser)', async () => {
    expect((await request(t.server).get('/prod-api/captchaImage')).body.data.registerEnabled).toBe(true);
    await ds.query(`UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.registerUser'`);
    await t.app.get(SysConfigService).evict('sys.account.registerUser');
    try {
      expect((await request(t.server).get('/prod-api/captchaImage')).body.data.registerEnabled).toBe(false);
    } finally {
      await ds.query(`UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.registerUser'`);
      await t.app.get(SysConfigService).evict('sys.account.registerUser');
    }
  });

  it('follows the sys.account.captchaEnabled parameter', async () => {
    await ds.query(`UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.captchaEnabled'`);
    await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
    try {
      expect((await request(t.server).get('/prod-api/captchaImage')).body.data).toEqual({ captchaEnabled: false, registerEnabled: true });
      const res = await request(t.server).post('/prod-api/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
      expect(res.body.code).toBe(200);
    } finally {
      await ds.query(`UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.captchaEnabled'`);
      await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
    }
  });

  it('is switched off by CAPTCHA_ENABLED=false whatever the parameter says', async () => {
    const off = await startTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
    try {
      expect((await request(off.server).get('/prod-api/captchaImage')).body.data.captchaEnabled).toBe(false);
      const res = await request(off.server).post('/prod-api/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
      expect(res.body.code).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('login', () => {
  beforeAll(async () => {
    await createStaffUser(t.app, {
      userName: 'zhangsan',
      password: 'Zhang123',
      email: 'zhang@example.com',
      phonenumber: '13800138000',
      roles: ['editor'],
    });
  });

  it('accepts the account name, email or phone and answers a token', async () => {
    for (const id of ['zhangsan', 'ZHANG@example.com', '13800138000']) {
      const res = await login(t.app, id, 'Zhang123');
      expect(res.status, id).toBe(201);
      expect(res.body.code).toBe(200);
      expect(res.body.msg).toBe('登录成功');
      expect(typeof res.body.data).toBe('string');
    }
    const log = await lastLoginLog('zhangsan');
    expect(log).toMatchObject({ status: '0', msg: '登录成功' });
  });

  it('answers the same message for an unknown user as for a wrong password without retries left to count', async () => {
    const res = await login(t.app, 'nobody-here', 'whatever1', 'zh-TW');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('使用者不存在或密碼錯誤');
  });

  it('answers every wrong password alike, without counting down, and never locks the account (sign-in.test.ts has the rest)', async () => {
    await createStaffUser(t.app, { userName: 'lisi', password: 'Lisi1234' });
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) messages.push((await login(t.app, 'lisi', `wrong-${i}`)).body.msg);
    expect(messages).toEqual(Array(6).fill('用户不存在或密码错误'));
    const right = await login(t.app, 'lisi', 'Lisi1234');
    expect(right.body).toMatchObject({ code: 200, msg: '登录成功' });
    const [user] = await ds.query(`SELECT lock_end_time, status FROM sys_user WHERE user_name = 'lisi'`);
    expect(user).toEqual({ lock_end_time: null, status: '0' });
    const failures = await ds.query(`SELECT count(*)::int AS n FROM sys_logininfor WHERE user_name = 'lisi' AND status = '1'`);
    expect(failures[0].n).toBe(6);
  });

  it('does not disable the account under the DISABLE strategy either', async () => {
    await ds.query(`UPDATE sys_security_config SET password_retry_strategy = 'DISABLE', password_retry_limit = 2 WHERE status = '0'`);
    try {
      await createStaffUser(t.app, { userName: 'wangwu', password: 'Wangwu123' });
      expect((await login(t.app, 'wangwu', 'bad-1')).body.msg).toBe('用户不存在或密码错误');
      expect((await login(t.app, 'wangwu', 'bad-2')).body.msg).toBe('用户不存在或密码错误');
      expect((await login(t.app, 'wangwu', 'Wangwu123')).body.code).toBe(200);
    } finally {
      await ds.query(`UPDATE sys_security_config SET password_retry_strategy = 'LOCK', password_retry_limit = 5 WHERE status = '0'`);
    }
  });

  it('says a disabled account is disabled once the password is right, and not before', async () => {
    await createStaffUser(t.app, { userName: 'disabled1', password: 'Disabled1', status: '1' });
    expect((await login(t.app, 'disabled1', 'Wrong1234', 'en')).body.msg).toBe('Unknown user or wrong password');
    const res = await login(t.app, 'disabled1', 'Disabled1', 'en');
    expect(res.body.msg).toBe('This account is disabled, contact the administrator');
  });

  it('signs in with an expired password but says it must be changed, as does the check call', async () => {
    const id = await createStaffUser(t.app, { userName: 'oldpwd', password: 'Oldpwd123' });
    await ds.query(`UPDATE sys_user SET pwd_update_time = now() - interval '40 days' WHERE user_id = $1`, [id]);
    await ds.query(`UPDATE sys_security_config SET password_expire_seconds = 30 * 86400 WHERE status = '0'`);
    try {
      const res = await login(t.app, 'oldpwd', 'Oldpwd123');
      expect(res.body).toMatchObject({ code: 200, msg: '密码已过期，请立即修改密码' });
      const check = await request(t.server).get('/prod-api/system/security/config/check').set('Authorization', `Bearer ${res.body.data}`);
      expect(check.body.data).toEqual({ isPasswordExpired: true, forceModifyPassword: false });
      expect(await lastLoginLog('oldpwd')).toMatchObject({ status: '0', msg: '密码已过期，请立即修改密码' });
    } finally {
      await ds.query(`UPDATE sys_security_config SET password_expire_seconds = 0 WHERE status = '0'`);
    }
  });

  it('validates the body', async () => {
    const res = await request(t.server).post('/prod-api/login').send({ password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('用户名不能为空');
  });
});

describe('getInfo and logout', () => {
  it('describes the signed-in super administrator without any password', async () => {
    const token = await tokenOf(t.app);
    const res = await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`);
    expect(res.body.code).toBe(200);
    expect(res.body.data.roles).toEqual(['admin']);
    expect(res.body.data.permissions).toEqual(['*']);
    expect(res.body.data.user).toMatchObject({ userName: 'admin', nickName: '超级管理员', deptName: '智文科技' });
    expect(res.body.data.user.loginIp).not.toBe('');
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it("lists an editor's permissions from the menus of its roles", async () => {
    const token = await tokenOf(t.app, 'zhangsan', 'Zhang123');
    const res = await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`);
    expect(res.body.data.roles).toEqual(['editor']);
    expect(res.body.data.permissions).toContain('cms:site:view');
    expect(res.body.data.permissions.some((p: string) => p.startsWith('system:'))).toBe(false);
  });

  it('ends the session: the token stops working at once', async () => {
    const token = await tokenOf(t.app);
    expect((await request(t.server).post('/prod-api/logout').set('Authorization', `Bearer ${token}`)).body.code).toBe(200);
    const after = await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
    expect(await lastLoginLog('admin')).toMatchObject({ status: '0', msg: '退出成功' });
  });

  it('refuses a forged or tampered token, also once the genuine token has been used', async () => {
    const token = await tokenOf(t.app);
    expect((await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${Buffer.from('forged').toString('base64url')}`;
    const res = await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${forged}`);
    expect(res.status).toBe(401);
  });

  it('refuses a token once it has expired, though it worked a moment before', async () => {
    const token = await tokenOf(t.app);
    const jwt = t.app.get(JwtService);
    const { sid, realm, sub } = jwt.decode<{ sid: string; realm: string; sub: string }>(token);
    const shortLived = await jwt.signAsync({ sid, realm, sub }, { expiresIn: 1 });
    expect((await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${shortLived}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${shortLived}`)).status).toBe(401);
    // The session itself lives on: the token that named it for longer still works.
    expect((await request(t.server).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });
});
