import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SysConfigService } from '../../system/config/sys-config.service';
import { createRole, createStaffUser, login, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { OperLogModule } from '../operlog/oper-log.module';
import { LoginLogModule } from './login-log.module';
import { binaryParser } from '../../../test/helpers/binary';
import { api, expectMessage } from '../../../test/helpers/api';
import { operLogRows } from '../../../test/helpers/oper-log';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [LoginLogModule, OperLogModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '' });
const rowsOf = (res: request.Response) =>
  res.body.data.rows as Array<{ infoId: string; userName: string; status: string; msg: string; ipaddr: string; browser: string }>;

describe('list', () => {
  beforeAll(async () => {
    await createStaffUser(t.app, { userName: 'loguser', password: 'Loguser123' });
    await login(t.app, 'loguser', 'not-it-1');
    await login(t.app, 'loguser', 'Loguser123');
  });

  it('shows sign-ins and failures, newest first, with address and browser', async () => {
    const res = await http.get('/prod-api/monitor/logininfor/list').query({ userName: 'loguser' }).expect(200);
    expect(res.body.data.total).toBe(2);
    expect(rowsOf(res).map((r) => [r.status, r.msg])).toEqual([
      ['0', '登录成功'],
      ['1', '用户不存在或密码错误'],
    ]);
    expect(rowsOf(res)[0].ipaddr).toMatch(/127\.0\.0\.1$/);
    const all = await http.get('/prod-api/monitor/logininfor/list').expect(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(3); // admin's own sign-in too
    const ids = rowsOf(all).map((r) => Number(r.infoId));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by account, status, address and time', async () => {
    const names = async (query: Record<string, string>) =>
      rowsOf(await http.get('/prod-api/monitor/logininfor/list').query(query).expect(200)).map((r) => `${r.userName}:${r.status}`);
    expect(await names({ userName: 'LOGU', status: '1' })).toEqual(['loguser:1']);
    expect(await names({ userName: 'loguser', ipaddr: '127.0.0.1' })).toHaveLength(2);
    expect(await names({ userName: 'loguser', ipaddr: '10.9.9.9' })).toEqual([]);
    const [{ today }] = await ds.query(`SELECT to_char(now(), 'YYYY-MM-DD') AS today`);
    expect(await names({ userName: 'loguser', beginTime: today, endTime: today })).toHaveLength(2);
    expect(await names({ userName: 'loguser', endTime: '2000-01-01' })).toEqual([]);
    const bad = await http.get('/prod-api/monitor/logininfor/list').query({ beginTime: 'yesterday' });
    expect(bad.status).toBe(400);
    expectMessage(bad, 'zh-CN', '开始时间格式不正确');
  });

  it('exports as .xlsx', async () => {
    const res = await http
      .post('/prod-api/monitor/logininfor/list')
      .set('cc-export', '1')
      .set('Accept-Language', 'en')
      .send({ userName: 'loguser' })
      .buffer(true)
      .parse(binaryParser);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers['download-filename'])).toMatch(/^Login log_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Account',
      'Address',
      'Browser',
      'Operating system',
      'Status',
      'Message',
      'Time',
      'Account type',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(6).value).toBe('Success');
    expect(sheet.getRow(2).getCell(9).value).toBe('Staff');
  });
});

describe('delete and clean', () => {
  it('deletes a comma list of entries, then everything', async () => {
    await login(t.app, 'nobody-1', 'whatever1');
    await login(t.app, 'nobody-2', 'whatever1');
    const [a, b] = rowsOf(await http.get('/prod-api/monitor/logininfor/list').query({ userName: 'nobody-' }));
    await http.delete(`/prod-api/monitor/logininfor/${a.infoId},${b.infoId}`).expect(200);
    expect((await http.get('/prod-api/monitor/logininfor/list').query({ userName: 'nobody-' })).body.data.total).toBe(0);
    expect((await http.delete('/prod-api/monitor/logininfor/abc')).status).toBe(400);

    await http.delete('/prod-api/monitor/logininfor/clean').expect(200);
    expect((await http.get('/prod-api/monitor/logininfor/list')).body.data.total).toBe(0);
    const [log] = await operLogRows(t, `SELECT title, business_type FROM sys_oper_log WHERE method = 'LoginLogController.clean'`);
    expect(log).toEqual({ title: '登录日志', business_type: 9 });
  });
});

describe('unlock', () => {
  it('lifts a lock left on the account so the right password works again', async () => {
    // Wrong passwords no longer lock an account; a lock left by an earlier version still holds until lifted.
    await createStaffUser(t.app, { userName: 'lockme', password: 'Lockme123' });
    await ds.query(`UPDATE sys_user SET lock_end_time = now() + interval '1 hour' WHERE user_name = 'lockme'`);
    expectMessage(await login(t.app, 'lockme', 'wrong-1'), 'zh-CN', '用户不存在或密码错误');
    const locked = await login(t.app, 'lockme', 'Lockme123');
    expectMessage(locked, 'zh-CN', /^账号已锁定/);

    await http.get('/prod-api/monitor/logininfor/unlock/lockme').expect(200);
    const [user] = await ds.query(`SELECT lock_end_time FROM sys_user WHERE user_name = 'lockme'`);
    expect(user.lock_end_time).toBeNull();
    const again = await login(t.app, 'lockme', 'Lockme123');
    expect(again.body).toMatchObject({ code: 200, msg: '登录成功' });
    const [log] = await operLogRows(t, `SELECT title, oper_url FROM sys_oper_log WHERE method = 'LoginLogController.unlock'`);
    expect(log).toEqual({ title: '账户解锁', oper_url: '/prod-api/monitor/logininfor/unlock/lockme' });
  });

  it('forgets the wrong passwords of the account’s name, email and phone, so the captcha is no longer asked for', async () => {
    await createStaffUser(t.app, { userName: 'counted', password: 'Counted123', email: 'counted@example.com' });
    await ds.query(`UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.captchaEnabled'`);
    await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
    try {
      const bare = (username: string, password: string) => http.post('/prod-api/login', { username, password });
      for (let i = 0; i < 3; i++) await bare('counted', `wrong-${i}`);
      for (let i = 0; i < 3; i++) await bare('COUNTED@example.com', `wrong-${i}`);
      expectMessage(await bare('counted', 'Counted123'), 'zh-CN', '登录失败次数较多，请输入验证码');
      expectMessage(await bare('counted@example.com', 'Counted123'), 'zh-CN', '登录失败次数较多，请输入验证码');
      await http.get('/prod-api/monitor/logininfor/unlock/COUNTED').expect(200);
      // (Another spelling: the same body again within a second would be refused as a repeat submit.)
      expect((await bare('Counted@Example.com', 'Counted123')).body.code).toBe(200);
      expect((await bare('Counted', 'Counted123')).body.code).toBe(200);
    } finally {
      await ds.query(`UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.captchaEnabled'`);
      await t.app.get(SysConfigService).evict('sys.account.captchaEnabled');
    }
  });

  it('answers 400 with a localized message for an unknown account', async () => {
    const en = await http.get('/prod-api/monitor/logininfor/unlock/ghost').set('Accept-Language', 'en');
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: 500, msg: 'User "ghost" does not exist' });
    const zh = await http.get('/prod-api/monitor/logininfor/unlock/ghost');
    expectMessage(zh, 'zh-CN', '用户“ghost”不存在');
  });
});

describe('permissions', () => {
  it('needs the list, export, remove and unlock buttons for each action', async () => {
    const roleId = await createRole(t.app, 'loginlog-viewer', ['system.log.logininfor']);
    await ds.query(
      `DELETE FROM sys_role_menu WHERE role_id = $1 AND menu_id IN (SELECT menu_id FROM sys_menu WHERE menu_key LIKE 'system.log.logininfor.%')`,
      [roleId],
    );
    await createStaffUser(t.app, { userName: 'llviewer', password: 'Viewer123', roles: ['loginlog-viewer'] });
    const viewer = await tokenOf(t.app, 'llviewer', 'Viewer123');
    expect((await http.as(viewer).get('/prod-api/monitor/logininfor/list')).status).toBe(200);
    expect((await http.as(viewer).post('/prod-api/monitor/logininfor/list').set('cc-export', '1').send({})).status).toBe(403);
    expect((await http.as(viewer).delete('/prod-api/monitor/logininfor/1')).status).toBe(403);
    expect((await http.as(viewer).delete('/prod-api/monitor/logininfor/clean')).status).toBe(403);
    expect((await http.as(viewer).get('/prod-api/monitor/logininfor/unlock/admin')).status).toBe(403);
  });
});
