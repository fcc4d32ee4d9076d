import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberExpOp } from '@zhiwen/shared';
import { memberLogin, memberTokenOf } from '../../../test/helpers/member';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { levelProgress } from '../level/level-sql';
import { MemberExpService } from './member-exp.service';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let exp: MemberExpService;
let admin: string;

const http = api(() => t, { token: () => admin });
const memberId = async (userName: string) =>
  String((await ds.query(`SELECT member_id FROM member_user WHERE user_name = $1`, [userName]))[0].member_id);
const standing = async (id: string) => (await ds.query(`SELECT exp::int AS exp, level FROM member_user WHERE member_id = $1`, [id]))[0];
const configOf = async (opType: string) => (await http.get(`/cms/member/exp/list?opType=${opType}`)).body.data.rows[0];
const setRule = async (opType: string, rule: { exp: number; dayLimit: number; totalLimit: number }) => {
  const config = await configOf(opType);
  const res = await http.put('/cms/member/exp').send({ ...config, ...rule });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  exp = t.app.get(MemberExpService);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('levels', () => {
  it('derive from exp: each level is reached with the exp its lower levels need', () => {
    const steps = [
      { level: 1, levelName: 'L1', nextNeedExp: 100 },
      { level: 2, levelName: 'L2', nextNeedExp: 300 },
      { level: 3, levelName: 'L3', nextNeedExp: 0 },
    ];
    expect(levelProgress(steps, 0)).toEqual({ level: 1, levelName: 'L1', nextLevel: 2, nextLevelExp: 100 });
    expect(levelProgress(steps, 99)).toMatchObject({ level: 1, nextLevelExp: 100 });
    expect(levelProgress(steps, 100)).toEqual({ level: 2, levelName: 'L2', nextLevel: 3, nextLevelExp: 400 });
    expect(levelProgress(steps, 400)).toEqual({ level: 3, levelName: 'L3', nextLevel: null, nextLevelExp: null });
    expect(levelProgress([], 50)).toEqual({ level: 0, levelName: '', nextLevel: null, nextLevelExp: null });
  });

  it('rise as check orders grant exp, each order once, and follow level config changes', async () => {
    await memberTokenOf(t.app, 'climber');
    const id = await memberId('climber');
    expect(await standing(id)).toEqual({ exp: 20, level: 1 }); // the registration exp
    await setRule(MemberExpOp.CHECK_ORDER, { exp: 50, dayLimit: 0, totalLimit: 0 });
    expect(await exp.grant(id, MemberExpOp.CHECK_ORDER, { refId: 'order-1' })).toEqual({ exp: 50, expAfter: 70, levelBefore: 1, levelAfter: 1 });
    expect(await exp.grant(id, MemberExpOp.CHECK_ORDER, { refId: 'order-1' })).toBeNull();
    expect(await exp.grant(id, MemberExpOp.CHECK_ORDER, { refId: 'order-2' })).toEqual({ exp: 50, expAfter: 120, levelBefore: 1, levelAfter: 2 });
    expect(await standing(id)).toEqual({ exp: 120, level: 2 });
    const token = (await memberLogin(t.app, 'climber', 'Member123')).body.data;
    const me = (await request(t.server).get('/prod-api/member/info').set('Authorization', `Bearer ${token}`)).body.data.user;
    expect(me).toMatchObject({ exp: 125, level: 2, levelName: '入门', nextLevelExp: 400 }); // + the sign-in exp

    // Level 1 now needs 200: the member drops back; deleting the change lifts it again.
    const level1 = (await http.get('/cms/member/level/list?levelType=exp')).body.data.rows.find((l: { level: number }) => l.level === 1);
    expect((await http.put('/cms/member/level').send({ ...level1, nextNeedExp: 200 })).body.code).toBe(200);
    expect(await standing(id)).toEqual({ exp: 125, level: 1 });
    const added = await http.post('/cms/member/level').send({ level: 0, levelName: '游客', nextNeedExp: 10 });
    expect(added.body.code).toBe(200);
    expect(await standing(id)).toEqual({ exp: 125, level: 1 });
    expect((await http.put('/cms/member/level').send({ ...level1, nextNeedExp: 100 })).body.code).toBe(200);
    expect(await standing(id)).toEqual({ exp: 125, level: 2 });
    expect((await http.delete(`/cms/member/level/${added.body.data.configId}`)).body.code).toBe(200);
  });

  it('refuses a level that already exists in its type', async () => {
    const res = await http.post('/cms/member/level').send({ levelType: 'exp', level: 2, levelName: '重复', nextNeedExp: 1 });
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '等级类型“exp”中已存在等级 2');
    const bad = await http.post('/cms/member/level').send({ level: -1, levelName: 'x', nextNeedExp: 1 });
    expectMessage(bad, 'zh-CN', '等级不能小于 0');
  });
});

describe('exp limits', () => {
  it('grant sign-in exp once a day: a second sign-in that day earns nothing, the next day earns again', async () => {
    await setRule(MemberExpOp.SIGN_IN, { exp: 5, dayLimit: 1, totalLimit: 3 });
    await memberTokenOf(t.app, 'daily');
    const id = await memberId('daily');
    expect((await memberLogin(t.app, 'daily', 'Member123')).body.code).toBe(200);
    expect((await memberLogin(t.app, 'daily', 'Member123')).body.code).toBe(200);
    expect(await standing(id)).toMatchObject({ exp: 25 });
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const later = new Date(Date.now() + 2 * 24 * 3600_000);
    expect(await exp.grant(id, MemberExpOp.SIGN_IN, { at: tomorrow })).toMatchObject({ expAfter: 30 });
    expect(await exp.grant(id, MemberExpOp.SIGN_IN, { at: tomorrow })).toBeNull();
    // The total limit (3 grants) ends it whatever the day.
    expect(await exp.grant(id, MemberExpOp.SIGN_IN, { at: later })).toMatchObject({ expAfter: 35 });
    expect(await exp.grant(id, MemberExpOp.SIGN_IN, { at: new Date(Date.now() + 3 * 24 * 3600_000) })).toBeNull();
    expect(await standing(id)).toMatchObject({ exp: 35 });
    const log = (await http.get(`/cms/member/expLog/list?memberId=${id}`)).body.data;
    expect(log.total).toBe(4);
    expect(log.rows.map((r: { opType: string; exp: number }) => `${r.opType}:${r.exp}`).sort()).toEqual([
      'register:20',
      'signIn:5',
      'signIn:5',
      'signIn:5',
    ]);
  });

  it('hold when grants race: concurrent sign-ins and grants never pass the limits', async () => {
    await setRule(MemberExpOp.SIGN_IN, { exp: 5, dayLimit: 1, totalLimit: 0 });
    await memberTokenOf(t.app, 'racer');
    const id = await memberId('racer');
    const logins = await Promise.all(Array.from({ length: 4 }, () => memberLogin(t.app, 'racer', 'Member123')));
    expect(logins.map((r) => r.body.code)).toEqual([200, 200, 200, 200]);
    expect(await standing(id)).toMatchObject({ exp: 25 });

    await setRule(MemberExpOp.CHECK_ORDER, { exp: 10, dayLimit: 3, totalLimit: 5 });
    const today = await Promise.all(Array.from({ length: 12 }, () => exp.grant(id, MemberExpOp.CHECK_ORDER)));
    expect(today.filter(Boolean)).toHaveLength(3);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const next = await Promise.all(Array.from({ length: 12 }, () => exp.grant(id, MemberExpOp.CHECK_ORDER, { at: tomorrow })));
    expect(next.filter(Boolean)).toHaveLength(2); // the total of 5
    expect(await standing(id)).toMatchObject({ exp: 25 + 50 });
    const [{ count }] = await ds.query(`SELECT count(*)::int AS count FROM member_exp_log WHERE member_id = $1 AND op_type = 'checkOrder'`, [id]);
    expect(count).toBe(5);
  });

  it('stay counted when the log is cleaned, and a disabled or deleted rule grants nothing', async () => {
    const id = await memberId('racer');
    const rows = (await http.get(`/cms/member/expLog/list?memberId=${id}&opType=checkOrder`)).body.data.rows;
    expect((await http.delete(`/cms/member/expLog/${rows.map((r: { logId: string }) => r.logId).join(',')}`)).body.code).toBe(200);
    expect(await exp.grant(id, MemberExpOp.CHECK_ORDER, { at: new Date(Date.now() + 5 * 24 * 3600_000) })).toBeNull();

    const signIn = await configOf(MemberExpOp.SIGN_IN);
    expect((await http.put('/cms/member/exp').send({ ...signIn, dayLimit: 0, status: '1' })).body.code).toBe(200);
    expect(await exp.grant(id, MemberExpOp.SIGN_IN)).toBeNull();
    expect((await http.delete(`/cms/member/exp/${signIn.configId}`)).body.code).toBe(200);
    expect(await exp.grant(id, MemberExpOp.SIGN_IN)).toBeNull();
    const again = await http.post('/cms/member/exp').send({ opType: 'signIn', exp: 7, dayLimit: 0, totalLimit: 0 });
    expect(again.body.code).toBe(200);
    expect(await exp.grant(id, MemberExpOp.SIGN_IN)).toMatchObject({ exp: 7 });
  });
});

describe('exp config and log screens', () => {
  it('allow one rule per operation, with valid numbers', async () => {
    const dup = await http.post('/cms/member/exp').send({ opType: 'register', exp: 5, dayLimit: 0, totalLimit: 1 });
    expect(dup.status).toBe(400);
    expectMessage(dup, 'zh-CN', '操作类型“注册”已有经验配置');
    const zero = await http.post('/cms/member/exp').send({ opType: 'checkOrder', exp: 0, dayLimit: 0, totalLimit: 0 });
    expectMessage(zero, 'zh-CN', '经验值不能小于 1');
    const unknown = await http.post('/cms/member/exp').send({ opType: 'jump', exp: 1, dayLimit: 0, totalLimit: 0 });
    expectMessage(unknown, 'zh-CN', '操作类型只能是以下值之一：signIn, register, checkOrder');
  });

  it('list the log with member names, filtered, and export it', async () => {
    const list = await http.get('/cms/member/expLog/list?userName=daily&opType=register');
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.rows[0]).toMatchObject({ userName: 'daily', opType: 'register', exp: 20, expAfter: 20, levelAfter: 1 });
    const xlsx = await http.post('/cms/member/expLog/list').set('cc-export', '1').send({ userName: 'daily' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});
