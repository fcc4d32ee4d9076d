import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokenOf } from '../../../test/helpers/member';
import { operLogRows } from '../../../test/helpers/oper-log';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { api, expectMessage } from '../../../test/helpers/api';

const APP_ID = 'wx0123456789abcdef';
const APP_SECRET = 'fake-app-secret-0123456789';

interface FakeUser {
  openid: string;
  unionid?: string;
  nickname: string;
}

/**
 * A loopback stand-in for api.weixin.qq.com speaking the website-application OAuth protocol: codes are single use,
 * some are expired, unknown ones are invalid, and the app id and secret are checked.
 */
class FakeWechat {
  readonly codes = new Map<string, FakeUser>();
  readonly expired = new Set<string>();
  private readonly used = new Set<string>();
  private readonly tokens = new Map<string, FakeUser>();
  readonly calls: string[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      this.calls.push(url.pathname);
      const q = Object.fromEntries(url.searchParams);
      const answer = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/sns/oauth2/access_token') {
        if (q.appid !== APP_ID) return answer({ errcode: 40013, errmsg: 'invalid appid' });
        if (q.secret !== APP_SECRET) return answer({ errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.grant_type !== 'authorization_code') return answer({ errcode: 40002, errmsg: 'invalid grant_type' });
        if (this.expired.has(q.code)) return answer({ errcode: 42003, errmsg: 'code expired' });
        if (this.used.has(q.code)) return answer({ errcode: 40163, errmsg: 'code been used' });
        const user = this.codes.get(q.code);
        if (!user) return answer({ errcode: 40029, errmsg: 'invalid code' });
        this.used.add(q.code);
        const accessToken = `at-${q.code}`;
        this.tokens.set(accessToken, user);
        return answer({
          access_token: accessToken,
          expires_in: 7200,
          refresh_token: `rt-${q.code}`,
          openid: user.openid,
          scope: 'snsapi_login',
          ...(user.unionid ? { unionid: user.unionid } : {}),
        });
      }
      if (url.pathname === '/sns/userinfo') {
        const user = this.tokens.get(q.access_token);
        if (!user || user.openid !== q.openid) return answer({ errcode: 40001, errmsg: 'invalid credential' });
        return answer({
          openid: user.openid,
          nickname: user.nickname,
          sex: 1,
          province: '广东',
          city: '深圳',
          country: '中国',
          headimgurl: '',
          unionid: user.unionid ?? '',
        });
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A fresh code that signs `user` in. */
  code(user: FakeUser): string {
    const code = `code-${this.codes.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
    this.codes.set(code, user);
    return code;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const fake = new FakeWechat();
let t: TestApp;
let ds: DataSource;
let admin: string;

const http = api(() => t, { token: () => admin });

/** What the /weqr page does: ask for the QR settings; the answer sets the state cookie in this "browser". */
async function qr(purpose: 'login' | 'bind' = 'login') {
  const res = await request(t.server).get(`/prod-api/wechat/qrConfig?purpose=${purpose}`);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];
  return { state: res.body.data.state as string, cookie, data: res.body.data };
}

/** What the /wechatcallback page does with WeChat's `?code=&state=`. */
const wechatLogin = (code: string, state: string, cookie: string) =>
  request(t.server).get('/prod-api/wechatLogin').query({ code, state }).set('Cookie', cookie);

beforeAll(async () => {
  await fake.start();
  t = await startTestApp({ config: { wechatApiBase: fake.url } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

describe('WeChat configuration', () => {
  it('is required before a QR login can start', async () => {
    const res = await request(t.server).get('/prod-api/wechat/qrConfig');
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '未启用微信登录');
  });

  it('keeps the app secret encrypted, never answers or logs it, and keeps one application enabled', async () => {
    const created = await http
      .post('/system/wechat')
      .send({ configName: '官网扫码', appId: APP_ID, appSecret: APP_SECRET, redirectUri: 'https://www.example.com/wechatcallback', status: '0' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ configName: '官网扫码', appId: APP_ID, appSecretSet: true, status: '0' });
    const id = created.body.data.configId;
    const [row] = await ds.query('SELECT app_secret FROM sys_wechat_config WHERE config_id = $1', [id]);
    expect(row.app_secret).not.toContain(APP_SECRET);
    expect(row.app_secret).toMatch(/^v1:/);
    const list = await http.get('/system/wechat/list');
    const one = await http.get(`/system/wechat/${id}`);
    for (const body of [created.body, list.body, one.body]) expect(JSON.stringify(body)).not.toContain(APP_SECRET);
    const logged = await operLogRows(t, `SELECT oper_param, json_result FROM sys_oper_log WHERE oper_url = '/prod-api/system/wechat'`);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(APP_SECRET);

    // A second enabled application disables the first; editing without a secret keeps the stored one.
    const other = await http
      .post('/system/wechat')
      .send({ configName: '备用', appId: 'wxother', appSecret: 'other-secret', redirectUri: 'https://m.example.com/cb', status: '0' });
    expect((await http.get(`/system/wechat/${id}`)).body.data.status).toBe('1');
    expect((await http.put('/system/wechat').send({ ...one.body.data, status: '0', appSecret: '' })).body.code).toBe(200);
    expect((await http.get(`/system/wechat/${other.body.data.configId}`)).body.data.status).toBe('1');
    expect((await http.get(`/system/wechat/${id}`)).body.data.status).toBe('0');
    expect((await http.delete(`/system/wechat/${other.body.data.configId}`)).body.code).toBe(200);

    const bad = await http.post('/system/wechat').send({ configName: 'x', appId: APP_ID, appSecret: 's', redirectUri: 'javascript:alert(1)' });
    expectMessage(bad, 'zh-CN', '回调地址必须是以 http(s):// 开头的网址');
  });

  it('gives the QR widget its settings and a state bound to the browser by an HttpOnly cookie', async () => {
    const res = await request(t.server).get('/prod-api/wechat/qrConfig');
    expect(res.body.data).toMatchObject({
      appId: APP_ID,
      redirectUri: 'https://www.example.com/wechatcallback',
      scope: 'snsapi_login',
      purpose: 'login',
    });
    expect(res.body.data.state).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(res.body)).not.toContain(APP_SECRET);
    const cookie = String(res.headers['set-cookie']?.[0]);
    expect(cookie).toContain(`zw_wechat_state=${res.body.data.state}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('WeChat login', () => {
  it('creates a member on the first scan, and finds the same member by openid on the next', async () => {
    const user = { openid: 'openid-new-1', nickname: '微信用户甲' };
    const first = await qr();
    const res = await wechatLogin(fake.code(user), first.state, first.cookie);
    expect(res.body).toMatchObject({ code: 200, msg: '微信登录成功' });
    const token = res.body.data as string;
    const me = (await request(t.server).get('/prod-api/member/info').set('Authorization', `Bearer ${token}`)).body.data.user;
    expect(me).toMatchObject({ nickName: '微信用户甲', source: 'wechat', wechatBound: true, hasPassword: false, exp: 25 });
    expect(me.userName).toMatch(/^wx_[0-9a-f]{10}$/);
    expect(JSON.stringify(me)).not.toContain('openid-new-1');

    const second = await qr();
    const again = await wechatLogin(fake.code(user), second.state, second.cookie);
    expect(again.body.code).toBe(200);
    const me2 = (await request(t.server).get('/prod-api/member/info').set('Authorization', `Bearer ${again.body.data}`)).body.data.user;
    expect(me2.memberId).toBe(me.memberId);
    expect(await ds.query(`SELECT 1 FROM member_user WHERE wechat_openid = 'openid-new-1'`)).toHaveLength(1);
    const log = await ds.query(`SELECT msg, realm FROM sys_logininfor WHERE user_name = $1 ORDER BY info_id DESC LIMIT 1`, [me.userName]);
    expect(log[0]).toEqual({ msg: '微信登录成功', realm: 'member' });
  });

  it('finds a member by unionid when the provider gives one', async () => {
    const first = await qr();
    const res = await wechatLogin(fake.code({ openid: 'openid-app-a', unionid: 'union-1', nickname: '乙' }), first.state, first.cookie);
    expect(res.body.code).toBe(200);
    const second = await qr();
    const other = await wechatLogin(fake.code({ openid: 'openid-app-b', unionid: 'union-1', nickname: '乙' }), second.state, second.cookie);
    expect(other.body.code).toBe(200);
    expect(await ds.query(`SELECT 1 FROM member_user WHERE wechat_unionid = 'union-1'`)).toHaveLength(1);
  });

  it('refuses a state it did not issue to this browser, or one already used, before calling the provider', async () => {
    const calls = fake.calls.length;
    const user = { openid: 'openid-state', nickname: '丙' };
    const { state, cookie } = await qr();
    const foreign = await qr();
    const cases: Array<[string | undefined, string]> = [
      [undefined, cookie],
      ['not-a-state', cookie],
      [state, foreign.cookie],
      [state, ''],
    ];
    for (const [s, c] of cases) {
      const res = await request(t.server)
        .get('/prod-api/wechatLogin')
        .query(s ? { code: fake.code(user), state: s } : { code: fake.code(user) })
        .set('Cookie', c);
      expect(res.status).toBe(400);
      expectMessage(res, 'zh-CN', '登录状态校验失败');
    }
    expect(fake.calls.length).toBe(calls);
    // Each refused try used the state up.
    const used = await wechatLogin(fake.code(user), state, cookie);
    expectMessage(used, 'zh-CN', '登录状态校验失败');
    const bindState = await qr('bind');
    const wrongPurpose = await wechatLogin(fake.code(user), bindState.state, bindState.cookie);
    expectMessage(wrongPurpose, 'zh-CN', '登录状态校验失败');
    const en = await qr();
    const english = await wechatLogin(fake.code(user), 'f'.repeat(32), en.cookie).set('Accept-Language', 'en');
    expectMessage(english, 'en', 'Login state verification failed');
  });

  it('surfaces the provider’s errors: invalid, used and expired codes, a wrong secret', async () => {
    const user = { openid: 'openid-err', nickname: '丁' };
    let s = await qr();
    const invalid = await wechatLogin('no-such-code', s.state, s.cookie);
    expect(invalid.status).toBe(400);
    expectMessage(invalid, 'zh-CN', '微信登录失败：授权码无效（40029）');

    const code = fake.code(user);
    s = await qr();
    expect((await wechatLogin(code, s.state, s.cookie)).body.code).toBe(200);
    s = await qr();
    expectMessage(await wechatLogin(code, s.state, s.cookie), 'zh-CN', '微信登录失败：授权码已被使用（40163）');

    const stale = fake.code(user);
    fake.expired.add(stale);
    s = await qr();
    expectMessage(
      await wechatLogin(stale, s.state, s.cookie).set('Accept-Language', 'en'),
      'en',
      'WeChat login failed: authorization code expired (42003)',
    );

    const config = (await http.get('/system/wechat/list?status=0')).body.data.rows[0];
    await http.put('/system/wechat').send({ ...config, appSecret: 'a-wrong-secret' });
    s = await qr();
    expectMessage(await wechatLogin(fake.code(user), s.state, s.cookie), 'zh-CN', '微信登录失败：AppSecret 无效，请检查微信配置（40125）');
    await http.put('/system/wechat').send({ ...config, appSecret: APP_SECRET });
  });

  it('says so when the provider cannot be reached', async () => {
    const down = await startTestApp({ config: { wechatApiBase: 'http://127.0.0.1:9' }, db: t.db });
    try {
      const res = await request(down.server).get('/prod-api/wechat/qrConfig');
      const cookie = String(res.headers['set-cookie']?.[0]).split(';')[0];
      const login = await request(down.server).get('/prod-api/wechatLogin').query({ code: 'any', state: res.body.data.state }).set('Cookie', cookie);
      expectMessage(login, 'zh-CN', '无法连接微信服务器，请稍后再试');
    } finally {
      await down.close();
    }
  });

  it('refuses a disabled member', async () => {
    const user = { openid: 'openid-off', nickname: '戊' };
    let s = await qr();
    const token = (await wechatLogin(fake.code(user), s.state, s.cookie)).body.data;
    const me = (await request(t.server).get('/prod-api/member/info').set('Authorization', `Bearer ${token}`)).body.data.user;
    await http.put('/cms/member/changeStatus').send({ memberId: me.memberId, status: '1' });
    s = await qr();
    const res = await wechatLogin(fake.code(user), s.state, s.cookie);
    expectMessage(res, 'zh-CN', '账号已停用，请联系管理员');
  });
});

describe('binding WeChat to an account', () => {
  it('binds the scanned WeChat to the signed-in member, who then signs in by QR as itself', async () => {
    const token = await memberTokenOf(t.app, 'binder');
    const user = { openid: 'openid-bind', nickname: '己' };
    const s = await qr('bind');
    const loginState = await qr();
    const wrong = await request(t.server)
      .post('/prod-api/member/wechat/bind')
      .set('Authorization', `Bearer ${token}`)
      .set('Cookie', loginState.cookie)
      .send({ code: fake.code(user), state: loginState.state });
    expectMessage(wrong, 'zh-CN', '登录状态校验失败');
    const res = await request(t.server)
      .post('/prod-api/member/wechat/bind')
      .set('Authorization', `Bearer ${token}`)
      .set('Cookie', s.cookie)
      .send({ code: fake.code(user), state: s.state });
    expect(res.body).toMatchObject({ code: 200, msg: '微信绑定成功' });
    const me = (await request(t.server).get('/prod-api/member/info').set('Authorization', `Bearer ${token}`)).body.data.user;
    expect(me.wechatBound).toBe(true);

    const l = await qr();
    const login = await wechatLogin(fake.code(user), l.state, l.cookie);
    const who = (await request(t.server).get('/prod-api/member/info').set('Authorization', `Bearer ${login.body.data}`)).body.data.user;
    expect(who).toMatchObject({ userName: 'binder', memberId: me.memberId });
  });

  it('refuses a WeChat account bound to someone else, and staff or visitors', async () => {
    const token = await memberTokenOf(t.app, 'latecomer');
    const s = await qr('bind');
    const res = await request(t.server)
      .post('/prod-api/member/wechat/bind')
      .set('Authorization', `Bearer ${token}`)
      .set('Cookie', s.cookie)
      .send({ code: fake.code({ openid: 'openid-bind', nickname: '己' }), state: s.state });
    expectMessage(res, 'zh-CN', '该微信已绑定其他账号');
    const visitor = await request(t.server).post('/prod-api/member/wechat/bind').send({ code: 'x', state: 'y' });
    expect(visitor.status).toBe(401);
    const staff = await http.post('/member/wechat/bind').send({ code: 'x', state: 'y' });
    expect(staff.status).toBe(401);
  });
});
