import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import { SysConfigService } from '../system/config/sys-config.service';
import { api, expectError, expectMessage, expectOk } from '../../test/helpers/api';
import { memberFactory, staffUserFactory, unique } from '../../test/helpers/factories';
import { TEST_ADMIN_PASSWORD, tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';

// Sign-in rules shared by staff and members (SignInGuardService). TRUST_PROXY lets each test speak from its own
// addresses through X-Forwarded-For; requests without it come from loopback, which address limits leave alone.
let t: TestApp;
let ds: DataSource;
let store: KvStore;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  ds = t.app.get(DataSource);
  store = t.app.get(KV_STORE);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t);
let lastIp = 0;
/** An address no other attempt of this file used (address counters outlive a test). */
const nextIp = () => `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const REALMS = [
  { realm: 'staff', path: '/login' },
  { realm: 'member', path: '/member/login' },
] as const;

/** A captcha answered as a person reads it; `required` asks for one while the captcha is switched off. */
async function captcha(required = false): Promise<{ uuid: string; code: string }> {
  const res = await http.get(`/captchaImage${required ? '?required=true' : ''}`);
  const uuid = expectOk(res).uuid as string;
  return { uuid, code: (await store.get(`captcha:${uuid}`)) ?? '' };
}

/** One sign-in attempt at `path` from `ip` (loopback when omitted), with a solved captcha unless `withCaptcha` is false. */
async function attempt(path: string, username: string, password: string, options: { ip?: string; withCaptcha?: boolean; lang?: string } = {}) {
  const solved = options.withCaptcha === false ? {} : await captcha(true);
  const caller = http.with({ headers: options.ip ? { 'X-Forwarded-For': options.ip } : {} }).lang((options.lang ?? 'zh-CN') as 'zh-CN');
  return caller.post(path, { username, password, ...solved });
}

async function setCaptchaParameter(on: boolean) {
  await ds.query(`UPDATE sys_config SET config_value = $1 WHERE config_key = 'sys.account.captchaEnabled'`, [String(on)]);
  await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
}

async function withPolicy<T>(set: string, run: () => Promise<T>): Promise<T> {
  await ds.query(`UPDATE sys_security_config SET ${set} WHERE status = '0'`);
  try {
    return await run();
  } finally {
    await ds.query(
      `UPDATE sys_security_config SET password_retry_limit = 5, password_retry_strategy = 'LOCK', password_retry_lock_seconds = 3600 WHERE status = '0'`,
    );
  }
}

/** Makes an account of `realm` whose state is then set straight in its table (disabled, or locked by an earlier version). */
async function account(realm: 'staff' | 'member', state: 'active' | 'disabled' | 'locked' = 'active') {
  const password = 'Right1234';
  const table = realm === 'staff' ? 'sys_user' : 'member_user';
  const userName = unique(`${realm}_${state}_`);
  if (realm === 'staff') await staffUserFactory(t, { userName, password, signIn: false });
  else await memberFactory(t, { userName, password });
  if (state === 'disabled') await ds.query(`UPDATE ${table} SET status = '1' WHERE user_name = $1`, [userName]);
  if (state === 'locked') await ds.query(`UPDATE ${table} SET lock_end_time = now() + interval '1 hour' WHERE user_name = $1`, [userName]);
  return { userName, password };
}

describe.each(REALMS)('$realm sign-in says nothing about the account until the password is right', ({ realm, path }) => {
  it('answers unknown, wrong-password, disabled and locked accounts alike, without counting down', async () => {
    const known = await account(realm);
    const disabled = await account(realm, 'disabled');
    const locked = await account(realm, 'locked');
    const bodies = [];
    for (const username of [unique('nobody_'), known.userName, disabled.userName, locked.userName]) {
      for (let i = 0; i < 6; i++) {
        const res = await attempt(path, username, `Wrong${i}99`);
        expect(res.status, username).toBe(400);
        bodies.push(res.body);
      }
    }
    for (const body of bodies) expect(body).toEqual({ code: 500, msg: '用户不存在或密码错误', data: { captchaRequired: true } });
    const en = await attempt(path, known.userName, 'Wrong-en-1', { lang: 'en' });
    expectMessage(en, 'en', 'Unknown user or wrong password');
  });

  it('says an account is disabled or locked only to the one who gave its password', async () => {
    const disabled = await account(realm, 'disabled');
    const locked = await account(realm, 'locked');
    for (const { userName } of [disabled, locked]) {
      expectError(await attempt(path, userName, 'Wrong1234'), 400, { 'zh-CN': '用户不存在或密码错误' });
    }
    expectError(await attempt(path, disabled.userName, disabled.password), 400, { 'zh-CN': '账号已停用，请联系管理员' });
    expectError(await attempt(path, locked.userName, locked.password), 400, {
      'zh-CN': /^账号已锁定，请于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 后重试或联系管理员解锁$/,
    });
    const active = await account(realm);
    expectOk(await attempt(path, active.userName, active.password));
  });
});

describe.each(REALMS)('$realm sign-in: failures ask for the captcha and slow down, but never lock the account', ({ realm, path }) => {
  beforeAll(() => setCaptchaParameter(false));
  afterAll(() => setCaptchaParameter(true));

  it('asks for the captcha after three failures while it is switched off, for known and unknown names alike', async () => {
    const known = await account(realm);
    const ip = nextIp();
    for (const username of [known.userName, unique('ghost_')]) {
      const flags = [];
      const from = nextIp();
      for (let i = 0; i < 3; i++) {
        const res = await attempt(path, username, `Wrong${i}99`, { withCaptcha: false, ip: from });
        expectError(res, 400, { 'zh-CN': '用户不存在或密码错误' });
        flags.push(res.body.data.captchaRequired);
      }
      expect(flags, username).toEqual([false, false, true]);
      // Even the right password needs the captcha now; the answer says so.
      const bare = await attempt(path, username, known.password, { withCaptcha: false, ip: from });
      expectError(bare, 400, { 'zh-CN': '登录失败次数较多，请输入验证码' });
      expect(bare.body.data).toEqual({ captchaRequired: true });
    }
    expectOk(await attempt(path, known.userName, known.password, { ip }));
    // The sign-in forgot the failures: no captcha needed again.
    expectOk(await attempt(path, known.userName, known.password, { withCaptcha: false, ip }));
  });

  it('gives the captcha on request while it is switched off', async () => {
    expect(expectOk(await http.get('/captchaImage'))).toEqual({ captchaEnabled: false, registerEnabled: true });
    const forced = expectOk(await http.get('/captchaImage?required=true'));
    expect(forced).toMatchObject({ captchaEnabled: true, img: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
  });

  it('lets the owner in with the captcha after 20 anonymous wrong passwords from several addresses, under LOCK and DISABLE', async () => {
    const target = realm === 'staff' ? { userName: 'admin', password: TEST_ADMIN_PASSWORD } : await account('member');
    for (const strategy of ['LOCK', 'DISABLE']) {
      await withPolicy(`password_retry_strategy = '${strategy}'`, async () => {
        const ips = Array.from({ length: 5 }, nextIp);
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            attempt(path, target.userName, `Guess${i}${strategy}1`, { ip: ips[i % ips.length], withCaptcha: i % 2 === 0 }),
          ),
        );
        for (const res of answers) expect(res.body.code).not.toBe(200);
        expect(answers.every((res) => !/锁定|停用/.test(res.body.msg))).toBe(true);

        const owner = nextIp();
        const bare = await attempt(path, target.userName, target.password, { withCaptcha: false, ip: owner });
        expectError(bare, 400, { 'zh-CN': '登录失败次数较多，请输入验证码' });
        expectOk(await attempt(path, target.userName, target.password, { ip: owner }));
      });
    }
    const table = realm === 'staff' ? 'sys_user' : 'member_user';
    const [row] = await ds.query(`SELECT status, lock_end_time FROM ${table} WHERE user_name = $1`, [target.userName]);
    expect(row).toEqual({ status: '0', lock_end_time: null });
  });
});

describe('staff lift what wrong passwords left', () => {
  beforeAll(() => setCaptchaParameter(false));
  afterAll(() => setCaptchaParameter(true));
  const bare = (path: string, username: string, password: string) => http.post(path, { username, password });
  // Every body different: the same one twice within a second is refused as a repeat submit.
  const failThrice = async (path: string, username: string) => {
    for (let i = 0; i < 3; i++) await bare(path, username, unique('Wrong1y'));
    expectError(await bare(path, username, unique('Anything1y')), 400, { 'zh-CN': '登录失败次数较多，请输入验证码' });
  };

  it('an admin password reset and enabling a staff user forget its counters', async () => {
    const user = await staffUserFactory(t, { signIn: false });
    await failThrice('/login', user.userName);
    expectOk(await http.as(admin).put('/system/user/resetPwd', { userId: user.id, password: 'Reset1234' }));
    expectOk(await bare('/login', user.userName, 'Reset1234'));

    await failThrice('/login', user.userName);
    expectOk(await http.as(admin).put('/system/user/changeStatus', { userId: user.id, status: '1' }));
    expectOk(await http.as(admin).put('/system/user/changeStatus', { userId: user.id, status: '0' }));
    expectOk(await bare('/login', user.userName.toUpperCase(), 'Reset1234'));
  });

  it('an admin password reset of a member forgets its counters', async () => {
    const member = await memberFactory(t);
    await failThrice('/member/login', member.userName);
    expectOk(await http.as(admin).put('/cms/member/resetPwd', { memberId: member.id, password: 'Reset1234' }));
    expectOk(await bare('/member/login', member.userName, 'Reset1234'));
  });
});

describe('an address that keeps failing', () => {
  it('must wait longer and longer, then is locked for the lock time while other addresses still sign in; the unlock lifts it', async () => {
    const { userName, password } = await account('staff');
    const ip = nextIp();
    await withPolicy(`password_retry_limit = 2, password_retry_lock_seconds = 600`, async () => {
      expectError(await attempt('/login', userName, 'Wrong1x'), 400); // loopback: not counted for any address
      expectError(await attempt('/login', userName, 'Wrong1x', { ip }), 400, { 'zh-CN': '用户不存在或密码错误' });
      expectError(await attempt('/login', unique('other_'), 'Wrong2x', { ip }), 400, { 'zh-CN': '用户不存在或密码错误' });
      const wait = await attempt('/login', userName, password, { ip });
      expectError(wait, 429, { 'zh-CN': '登录失败次数过多，请 1 秒后重试' });
      expect(wait.body.data).toEqual({ captchaRequired: true, retryAfter: 1 });
      expect(wait.headers['retry-after']).toBe('1');
      await new Promise((r) => setTimeout(r, 1100));
      expectError(await attempt('/login', userName, 'Wrong3x', { ip }), 400, { 'zh-CN': '用户不存在或密码错误' });
      expectError(await attempt('/login', userName, password, { ip }), 429, { 'zh-CN': '登录失败次数过多，请 2 秒后重试' });
      await new Promise((r) => setTimeout(r, 2100));
      const locking = await attempt('/login', userName, 'Wrong4x', { ip });
      expectError(locking, 429, { 'zh-CN': '此地址登录失败次数过多，请 10 分钟后重试或联系管理员解锁' });
      expect(locking.body.data.retryAfter).toBe(600);
      expect(locking.headers['retry-after']).toBe('600');
      expectError(await attempt('/login', userName, password, { ip }), 429, { 'zh-CN': /^此地址登录失败次数过多，请 10 分钟后重试/ });
      // Members are refused at that address too; the account itself is not locked.
      expectError(await attempt('/member/login', unique('m_'), 'Whatever1', { ip }), 429);
      const [row] = await ds.query(`SELECT status, lock_end_time FROM sys_user WHERE user_name = $1`, [userName]);
      expect(row).toEqual({ status: '0', lock_end_time: null });
      expectOk(await attempt('/login', userName, password, { ip: nextIp() }));

      expectOk(await http.as(admin).get(`/monitor/logininfor/unlock/${userName}`));
      expectOk(await attempt('/login', userName, password, { ip }));
    });
  });
});

describe('a password change ends the other sessions of the account', () => {
  it('staff: the profile change keeps the current session and ends the others; a reset by an admin ends them all', async () => {
    const user = await staffUserFactory(t, { password: 'Before123' });
    const other = await tokenOf(t.app, user.userName, 'Before123');
    const me = http.as(user.token);
    expectOk(await me.put('/system/user/profile/updatePwd', { oldPassword: 'Before123', newPassword: 'After1234' }));
    expectOk(await me.get('/getInfo'));
    expectError(await http.as(other).get('/getInfo'), 401);

    const again = await tokenOf(t.app, user.userName, 'After1234');
    expectOk(await http.as(admin).put('/system/user/resetPwd', { userId: user.id, password: 'Reset1234' }));
    expectError(await me.get('/getInfo'), 401);
    expectError(await http.as(again).get('/getInfo'), 401);
    expectOk(await http.as(admin).get('/getInfo'));
  });

  it('members: the account change keeps the current session and ends the others', async () => {
    const member = await memberFactory(t, { password: 'Before123' });
    const other = expectOk(await attempt('/member/login', member.userName, 'Before123')) as string;
    const me = http.as(member.token);
    expectOk(await me.put('/member/password', { oldPassword: 'Before123', newPassword: 'After1234' }));
    expectOk(await me.get('/member/info'));
    expectError(await http.as(other).get('/member/info'), 401);
    expectOk(await attempt('/member/login', member.userName, 'After1234'));
  });
});

describe('counters in the shared store (Redis)', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', CAPTCHA_ENABLED: 'false' };

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp({ db, env });
    b = await startTestApp({ db, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('asks for the captcha on one instance after failures on another', async () => {
    // A name unique across runs: the Redis server outlives this test.
    const userName = `shared_${Date.now().toString(36)}`;
    await staffUserFactory(a, { userName, password: 'Shared123', signIn: false });
    const bare = (app: TestApp, password: string) => api(app).post('/login', { username: userName, password });
    for (let i = 0; i < 3; i++) expectError(await bare(a, `Wrong${i}x`), 400, { 'zh-CN': '用户不存在或密码错误' });
    expectError(await bare(b, 'Shared123'), 400, { 'zh-CN': '登录失败次数较多，请输入验证码' });
  });
});
