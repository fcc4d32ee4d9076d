import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, login, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { SysConfigService } from '../config/sys-config.service';
import { SecurityConfigModule } from './security-config.module';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;
let seededId: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [SecurityConfigModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
  seededId = String((await ds.query(`SELECT config_id FROM sys_security_config WHERE status = '0'`))[0].config_id);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/system/security/config' });

const policyCount = async () => (await ds.query(`SELECT count(*)::int AS n FROM sys_security_config`))[0].n as number;
const activeIds = async () =>
  (await ds.query(`SELECT config_id::text AS id FROM sys_security_config WHERE status = '0'`)).map((r: { id: string }) => r.id);

async function addPolicy(body: Record<string, unknown>): Promise<string> {
  const res = await http.post('').send(body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.configId as string;
}

describe('policies', () => {
  it('adds a policy inactive, with defaults for what is left out, and reads it back', async () => {
    const id = await addPolicy({ status: '0', passwordLenMin: 8, passwordRule: 'UPPER_LOWER_DIGIT', weakPasswords: 'Qwerty123\nAbc12345' });
    const res = await http.get(`/${id}`);
    expect(res.body.data).toMatchObject({
      configId: id,
      status: '1',
      passwordLenMin: 8,
      passwordLenMax: 24,
      passwordRule: 'UPPER_LOWER_DIGIT',
      weakPasswords: 'Qwerty123\nAbc12345',
      passwordRetryLimit: 5,
      passwordRetryStrategy: 'LOCK',
    });
    expect(await activeIds()).toEqual([seededId]);
    const list = await http.get('/list?pageSize=50');
    expect(list.body.data.rows.map((r: { configId: string }) => r.configId)).toEqual(expect.arrayContaining([seededId, id]));
  });

  it('answers GET /{configId} for numeric ids while GET /check keeps answering every signed-in user', async () => {
    expect((await http.get(`/${seededId}`)).body.data).toMatchObject({ configId: seededId, status: '0' });
    const check = await http.get('/check');
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({ isPasswordExpired: false, forceModifyPassword: false });

    await createRole(t.app, 'plainstaff', []);
    await createStaffUser(t.app, { userName: 'plainstaff1', password: 'Plain1234', roles: ['plainstaff'] });
    const plain = await tokenOf(t.app, 'plainstaff1', 'Plain1234');
    expect((await http.as(plain).get('/check')).status).toBe(200);
    expect((await http.as(plain).get(`/${seededId}`)).status).toBe(403);

    const word = await http.get('/current');
    expect(word.status).toBe(400);
    expectMessage(word, 'zh-CN', '安全配置编号格式不正确');
    expect((await http.get('/987654')).status).toBe(404);
  });

  it('changes the rules of a policy but never its status', async () => {
    const id = await addPolicy({ passwordLenMin: 7, remark: '待修改' });
    const res = await http.put('').send({ configId: id, passwordLenMax: 30, passwordExpireSeconds: 86400, status: '0' });
    expect(res.body.code).toBe(200);
    const [row] = await ds.query(
      `SELECT status, password_len_min, password_len_max, password_expire_seconds, remark FROM sys_security_config WHERE config_id = $1`,
      [id],
    );
    expect(row).toEqual({ status: '1', password_len_min: 7, password_len_max: 30, password_expire_seconds: 86400, remark: '待修改' });
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['min length below 1', { passwordLenMin: 0 }, '密码最小长度必须介于 1 和 128 之间'],
    ['min length above 128', { passwordLenMin: 129, passwordLenMax: 129 }, '密码最小长度必须介于 1 和 128 之间'],
    ['max length above 128', { passwordLenMax: 200 }, '密码最大长度必须介于 1 和 128 之间'],
    ['max length below min', { passwordLenMin: 12, passwordLenMax: 10 }, '密码最大长度（10）不能小于最小长度（12）'],
    [
      'unknown rule',
      { passwordRule: 'DIGITS_ONLY' },
      '密码规则只能是以下之一：NONE、LETTER_DIGIT、UPPER_LOWER_DIGIT、LETTER_DIGIT_SPECIAL、UPPER_LOWER_DIGIT_SPECIAL',
    ],
    ['expiry over 100 days', { passwordExpireSeconds: 8640001 }, '密码有效期必须介于 0 和 8640000 秒（100 天）之间，0 表示永不过期'],
    ['negative expiry', { passwordExpireSeconds: -1 }, '密码有效期必须介于 0 和 8640000 秒（100 天）之间，0 表示永不过期'],
    ['negative retry limit', { passwordRetryLimit: -1 }, '每日密码重试次数必须介于 0 和 10000 之间，0 表示不限制'],
    ['non-integer retry limit', { passwordRetryLimit: 2.5 }, '每日密码重试次数必须是整数'],
    ['unknown retry strategy', { passwordRetryStrategy: 'BAN' }, '超出重试次数的处理方式只能是 NONE、LOCK 或 DISABLE'],
    ['lock over 365 days', { passwordRetryLockSeconds: 31536001 }, '锁定时长必须介于 0 和 31536000 秒（365 天）之间'],
    ['non-boolean sensitive flag', { passwordSensitive: 'yes' }, '敏感信息检查必须是布尔值'],
    ['non-boolean force after add', { forceModifyPwdAfterAdd: 1 }, '新增用户后强制修改密码必须是布尔值'],
    ['non-boolean force after reset', { forceModifyPwdAfterReset: 'true' }, '重置密码后强制修改密码必须是布尔值'],
    ['non-text weak passwords', { weakPasswords: ['a', 'b'] }, '弱密码列表必须是字符串'],
    ['over-long weak passwords', { weakPasswords: 'abc123\n'.repeat(3000) }, '弱密码列表长度不能超过 20000 个字符'],
  ];

  it.each(cases)('refuses %s with its own message and saves nothing', async (_name, body, message) => {
    const before = await policyCount();
    const res = await http.post('').send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toBe(message);
    expect(await policyCount()).toBe(before);
  });

  it('gives the messages in Traditional Chinese and English too', async () => {
    const tw = await http.lang('zh-TW').post('').send({ passwordRetryLockSeconds: 40000000 });
    expectMessage(tw, 'zh-TW', '鎖定時長必須介於 0 和 31536000 秒（365 天）之間');
    const en = await http.lang('en').post('').send({ passwordExpireSeconds: 9000000 });
    expectMessage(en, 'en', 'The password lifetime must be between 0 and 8640000 seconds (100 days); 0 means it never expires');
  });

  it('checks the length bounds on the merged policy when a change sends only one, and keeps the row', async () => {
    const id = await addPolicy({ passwordLenMin: 16, passwordLenMax: 20 });
    const res = await http.put('').send({ configId: id, passwordLenMax: 12 });
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '密码最大长度（12）不能小于最小长度（16）');
    expect((await ds.query(`SELECT password_len_max FROM sys_security_config WHERE config_id = $1`, [id]))[0].password_len_max).toBe(20);
  });

  it('accepts the limits themselves', async () => {
    const id = await addPolicy({
      passwordLenMin: 128,
      passwordLenMax: 128,
      passwordExpireSeconds: 8640000,
      passwordRetryLimit: 0,
      passwordRetryLockSeconds: 31536000,
      passwordRetryStrategy: 'NONE',
      passwordRule: 'UPPER_LOWER_DIGIT_SPECIAL',
      passwordSensitive: false,
      forceModifyPwdAfterAdd: true,
      forceModifyPwdAfterReset: true,
    });
    expect((await http.get(`/${id}`)).body.data).toMatchObject({
      passwordLenMin: 128,
      passwordExpireSeconds: 8640000,
      passwordRetryLockSeconds: 31536000,
    });
  });
});

describe('activation and deletion', () => {
  it('activates one policy and deactivates the others in one step, leaving exactly one active', async () => {
    const a = await addPolicy({ remark: '甲' });
    const b = await addPolicy({ remark: '乙' });
    expect((await http.put(`/changeStatus/${a}`)).body.code).toBe(200);
    expect(await activeIds()).toEqual([a]);
    expect((await http.put(`/changeStatus/${b}`)).body.code).toBe(200);
    expect(await activeIds()).toEqual([b]);
    const missing = await http.put('/changeStatus/987654');
    expect(missing.status).toBe(404);
    expect(await activeIds()).toEqual([b]);
    expect((await http.put(`/changeStatus/${seededId}`)).body.code).toBe(200);
    expect(await activeIds()).toEqual([seededId]);
  });

  it('refuses to delete the active policy, even among others, and deletes inactive ones', async () => {
    const spare = await addPolicy({ remark: '备用' });
    const spare2 = await addPolicy({ remark: '备用二' });
    const refused = await http.delete(`/${spare},${seededId}`);
    expect(refused.status).toBe(400);
    expectMessage(refused, 'zh-CN', '不能删除正在启用的安全配置，请先启用其他配置');
    expect((await http.get(`/${spare}`)).status).toBe(200);
    const en = await http.lang('en').delete(`/${seededId}`);
    expectMessage(en, 'en', 'The active security policy cannot be deleted: activate another one first');

    expect((await http.delete(`/${spare},${spare2}`)).body.code).toBe(200);
    expect((await http.get(`/${spare}`)).status).toBe(404);
    expect(await activeIds()).toEqual([seededId]);
  });

  it('makes login enforce the newly activated policy', async () => {
    const strict = await addPolicy({ passwordRetryLimit: 2, passwordRetryStrategy: 'LOCK', passwordRetryLockSeconds: 600, remark: '严格' });
    await createStaffUser(t.app, { userName: 'strictuser', password: 'Strict123' });
    try {
      expect((await http.put(`/changeStatus/${strict}`)).body.code).toBe(200);
      // Limit 2: the captcha is asked for after 2 wrong passwords (3 under the seeded limit of 5), also while it is
      // switched off; the account is never locked (sign-in.test.ts has the address limits).
      await ds.query(`UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.captchaEnabled'`);
      await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
      const bare = (password: string) => api(() => t).post('/login', { username: 'strictuser', password });
      const first = await bare('wrong-1');
      expectMessage(first, 'zh-CN', '用户不存在或密码错误');
      expect(first.body.data).toEqual({ captchaRequired: false });
      expect((await bare('wrong-2')).body.data).toEqual({ captchaRequired: true });
      expectMessage(await bare('Strict123'), 'zh-CN', '登录失败次数较多，请输入验证码');
      await ds.query(`UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.captchaEnabled'`);
      await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
      expect((await login(t.app, 'strictuser', 'Strict123')).body.code).toBe(200);
    } finally {
      await ds.query(`UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.captchaEnabled'`);
      await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
      await ds.query(`UPDATE sys_security_config SET status = '1' WHERE status = '0'`);
      await ds.query(`UPDATE sys_security_config SET status = '0' WHERE config_id = $1`, [seededId]);
    }
  });
});
