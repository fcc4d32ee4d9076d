import { Body, Controller, Get, Module, Param, Post, Put } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirePermission } from '../../auth/permission';
import { ServiceException } from '../../common/errors/service-exception';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { OperLogModule } from './oper-log.module';
import { OperLogService } from './oper-log.service';
import { binaryParser } from '../../../test/helpers/binary';
import { api, expectMessage } from '../../../test/helpers/api';

/** Write routes the way feature modules declare them. */
@Controller('oplog-fixture')
class OperLogFixtureController {
  @Post('accounts')
  @RequirePermission('system:user:add')
  @OperLog({ title: '账户管理', businessType: BusinessType.INSERT })
  create(@Body() body: Record<string, unknown>) {
    return { userName: body.userName, token: 'issued-token', profile: { apiKey: 'issued-key', level: 3 } };
  }

  @Put('accounts/:id')
  @RequirePermission('system:user:edit')
  @OperLog({ title: '账户管理', businessType: BusinessType.UPDATE, saveParams: false, saveResult: false })
  update(@Param('id') id: string) {
    return { id };
  }

  @Post('refuse')
  @RequirePermission('system:user:add')
  @OperLog({ title: '账户管理', businessType: BusinessType.DELETE })
  refuse(@Body() body: { id?: string }): never {
    throw new ServiceException('error.badId', { value: body.id ?? '' });
  }

  @Post('crash')
  @RequirePermission('system:user:add')
  @OperLog({ title: '账户管理', businessType: BusinessType.OTHER })
  crash(): never {
    throw new Error('disk full while writing');
  }

  @Post('unlogged')
  @RequirePermission('system:user:add')
  unlogged() {
    return 'ok';
  }

  @Get('read')
  @RequirePermission('system:user:add')
  @OperLog({ title: '账户查询', businessType: BusinessType.OTHER })
  read() {
    return { read: true };
  }
}

@Module({ controllers: [OperLogFixtureController] })
class OperLogFixtureModule {}

let t: TestApp;
let ds: DataSource;
let logs: OperLogService;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [OperLogModule, OperLogFixtureModule] });
  ds = t.app.get(DataSource);
  logs = t.app.get(OperLogService);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '' });

/** The newest log rows (written in the background, so wait for them). */
async function newest(count = 1) {
  await logs.flush();
  return ds.query('SELECT * FROM sys_oper_log ORDER BY oper_id DESC LIMIT $1', [count]);
}

describe('recording', () => {
  it('records a successful write with who, where, what and masked parameters and answer', async () => {
    const res = await http.post('/prod-api/oplog-fixture/accounts?source=ui&accessToken=in-query').send({
      userName: 'zhangsan',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      profile: { pwd: 'x', nick: 'Z', keys: [{ apiKey: 'k1' }] },
    });
    expect(res.status).toBe(201);
    const [row] = await newest();
    expect(row).toMatchObject({
      title: '账户管理',
      business_type: BusinessType.INSERT,
      method: 'OperLogFixtureController.create',
      request_method: 'POST',
      oper_name: 'admin',
      oper_url: '/prod-api/oplog-fixture/accounts',
      oper_ip: expect.stringMatching(/127\.0\.0\.1$/),
      status: 0,
      error_msg: '',
    });
    expect(row.dept_name).not.toBe('');
    expect(JSON.parse(row.oper_param)).toEqual({
      source: 'ui',
      accessToken: '******',
      userName: 'zhangsan',
      password: '******',
      confirmPassword: '******',
      profile: { pwd: '******', nick: 'Z', keys: [{ apiKey: '******' }] },
    });
    expect(row.oper_param).not.toContain('Secret123');
    const result = JSON.parse(row.json_result);
    expect(result.data).toEqual({ userName: 'zhangsan', token: '******', profile: { apiKey: '******', level: 3 } });
    expect(row.json_result).not.toContain('issued-');
    expect(row.cost_time).toBeGreaterThanOrEqual(0);
    expect(Math.abs(new Date(row.oper_time).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('keeps path parameters, and leaves out parameters and answer when the route says so', async () => {
    await http.put('/prod-api/oplog-fixture/accounts/42').send({ password: 'x' }).expect(200);
    const [row] = await newest();
    expect(row).toMatchObject({
      method: 'OperLogFixtureController.update',
      request_method: 'PUT',
      oper_url: '/prod-api/oplog-fixture/accounts/42',
      oper_param: '',
      json_result: '',
      status: 0,
    });
  });

  it('records a refused call with status 1 and the message the caller got', async () => {
    const res = await http.post('/prod-api/oplog-fixture/refuse').set('Accept-Language', 'en').send({ id: 'x9' });
    expect(res.status).toBe(400);
    const [row] = await newest();
    expect(row).toMatchObject({
      method: 'OperLogFixtureController.refuse',
      status: 1,
      error_msg: 'Invalid id: x9',
      json_result: '',
      business_type: BusinessType.DELETE,
    });
    expect(JSON.parse(row.oper_param)).toEqual({ id: 'x9' });
  });

  it('records a failure with the error text while the caller gets the generic answer', async () => {
    const res = await http.post('/prod-api/oplog-fixture/crash').send({ n: 1 });
    expect(res.status).toBe(500);
    expect(res.body.msg).not.toContain('disk full');
    const [row] = await newest();
    expect(row).toMatchObject({ method: 'OperLogFixtureController.crash', status: 1, error_msg: 'disk full while writing' });
  });

  it('records nothing for routes without @OperLog, for refused permissions and for a repeated submit', async () => {
    const [before] = await newest();
    await http.post('/prod-api/oplog-fixture/unlogged').send({}).expect(201);
    await createRole(t.app, 'oplog-none', []);
    await createStaffUser(t.app, { userName: 'oplognone', password: 'Oplog1234', roles: ['oplog-none'] });
    const none = await tokenOf(t.app, 'oplognone', 'Oplog1234');
    await http.as(none).post('/prod-api/oplog-fixture/accounts').send({ userName: 'x' }).expect(403);
    const [after] = await newest();
    expect(after.oper_id).toBe(before.oper_id);

    const body = { userName: 'twice' };
    await http.post('/prod-api/oplog-fixture/accounts').send(body).expect(201);
    await http.post('/prod-api/oplog-fixture/accounts').send(body).expect(409);
    const rows = await newest(2);
    expect(rows.filter((r: { oper_param: string }) => r.oper_param.includes('twice'))).toHaveLength(1);
  });

  it('never fails the operation when the log cannot be written', async () => {
    await ds.query('ALTER TABLE sys_oper_log RENAME TO sys_oper_log_away');
    try {
      const res = await http.post('/prod-api/oplog-fixture/accounts').send({ userName: 'while-broken' });
      expect(res.status).toBe(201);
      expect(res.body.data.userName).toBe('while-broken');
      await logs.flush();
    } finally {
      await ds.query('ALTER TABLE sys_oper_log_away RENAME TO sys_oper_log');
    }
  });

  it('does not make the caller wait for the log to be written', async () => {
    // Another session holds the table locked: the insert waits, the answer must not.
    const blocker = new Client({ connectionString: t.db.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE sys_oper_log IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await http.post('/prod-api/oplog-fixture/accounts').send({ userName: 'while-locked' });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 300));
      await blocker.query('COMMIT');
    } finally {
      await blocker.end();
    }
    const [row] = await newest();
    expect(row.oper_param).toContain('while-locked');
  });

  it('records a read route that carries @OperLog too', async () => {
    await http.get('/prod-api/oplog-fixture/read').expect(200);
    const [row] = await newest();
    expect(row).toMatchObject({ method: 'OperLogFixtureController.read', request_method: 'GET', title: '账户查询' });
  });
});

describe('/monitor/operlog', () => {
  let ids: string[];

  beforeAll(async () => {
    await ds.query('DELETE FROM sys_oper_log');
    await ds.query(`
      INSERT INTO sys_oper_log (title, business_type, method, request_method, oper_name, oper_url, oper_ip, oper_param, status, error_msg, oper_time, cost_time)
      VALUES ('用户管理', 1, 'UserController.create', 'POST', 'admin', '/prod-api/system/user', '10.0.0.1', '{"userName":"a"}', 0, '', '2025-03-01 10:00:00', 12),
             ('用户管理', 3, 'UserController.remove', 'DELETE', 'zhangsan', '/prod-api/system/user/5', '10.0.0.2', '{}', 1, '不允许删除', '2025-03-02 11:00:00', 40),
             ('角色管理', 2, 'RoleController.update', 'PUT', 'admin', '/prod-api/system/role', '192.168.1.9', '{}', 0, '', '2025-03-03 12:00:00', 5)`);
    ids = (await ds.query('SELECT oper_id FROM sys_oper_log ORDER BY oper_time')).map((r: { oper_id: string }) => String(r.oper_id));
  });

  it('lists newest first with the total', async () => {
    const res = await http.get('/prod-api/monitor/operlog/list').expect(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.rows.map((r: { operId: string }) => r.operId)).toEqual([...ids].reverse());
    expect(res.body.data.rows[0]).toMatchObject({
      title: '角色管理',
      businessType: 2,
      requestMethod: 'PUT',
      operIp: '192.168.1.9',
      status: 0,
      costTime: 5,
    });
  });

  it('filters by title, operator, type, status, address and time, and sorts by cost', async () => {
    const list = async (query: Record<string, string>) =>
      (await http.get('/prod-api/monitor/operlog/list').query(query).expect(200)).body.data.rows.map((r: { operId: string }) => r.operId);
    expect(await list({ title: '用户' })).toEqual([ids[1], ids[0]]);
    expect(await list({ operName: 'zhang' })).toEqual([ids[1]]);
    expect(await list({ businessType: '2' })).toEqual([ids[2]]);
    expect(await list({ status: '1' })).toEqual([ids[1]]);
    expect(await list({ operIp: '10.0.0' })).toEqual([ids[1], ids[0]]);
    expect(await list({ beginTime: '2025-03-02', endTime: '2025-03-02' })).toEqual([ids[1]]);
    expect(await list({ beginTime: '2025-03-02' })).toEqual([ids[2], ids[1]]);
    expect(await list({ beginTime: '2025-03-02 10:30:00', endTime: '2025-03-02 11:00:00' })).toEqual([ids[1]]);
    expect(await list({ orderByColumn: 'costTime', isAsc: 'asc' })).toEqual([ids[2], ids[0], ids[1]]);
    expect(await list({ title: '100%_' })).toEqual([]);
  });

  it('refuses a bad filter or sort column with a message', async () => {
    const bad = await http.get('/prod-api/monitor/operlog/list').query({ status: '7' });
    expect(bad.status).toBe(400);
    expectMessage(bad, 'zh-CN', expect.stringContaining('状态'));
    const sort = await http.get('/prod-api/monitor/operlog/list').query({ orderByColumn: 'operParam' });
    expectMessage(sort, 'zh-CN', '不支持按 operParam 排序');
  });

  it('shows one entry, and 404 for an unknown one', async () => {
    const res = await http.get(`/prod-api/monitor/operlog/${ids[1]}`).expect(200);
    expect(res.body.data).toMatchObject({ operId: ids[1], method: 'UserController.remove', errorMsg: '不允许删除' });
    expect((await http.get('/prod-api/monitor/operlog/999999')).status).toBe(404);
    expect((await http.get('/prod-api/monitor/operlog/abc')).status).toBe(400);
  });

  it('exports the filtered list as .xlsx with readable types and statuses', async () => {
    const res = await http
      .post('/prod-api/monitor/operlog/list')
      .set('cc-export', '1')
      .type('form')
      .send({ title: '用户' })
      .buffer(true)
      .parse(binaryParser);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(decodeURIComponent(res.headers['download-filename'])).toMatch(/^操作日志_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(2).value).toBe('系统模块');
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['用户管理', '删除', 'zhangsan', '失败', '不允许删除']));
    expect(sheet.getRow(3).values).toEqual(expect.arrayContaining(['新增', '成功']));
    // The export itself is an operation.
    const [row] = await newest();
    expect(row).toMatchObject({ business_type: BusinessType.EXPORT, method: 'OperLogController.list', request_method: 'POST', json_result: '' });
    await ds.query('DELETE FROM sys_oper_log WHERE oper_id = $1', [row.oper_id]);
  });

  it('lets a role with the screen list but not export without the export button', async () => {
    const roleId = await createRole(t.app, 'oplog-viewer', ['system.log.operlog']);
    await ds.query(
      `DELETE FROM sys_role_menu WHERE role_id = $1 AND menu_id IN (SELECT menu_id FROM sys_menu WHERE menu_key IN ('system.log.operlog.export', 'system.log.operlog.remove'))`,
      [roleId],
    );
    await createStaffUser(t.app, { userName: 'oplogviewer', password: 'Viewer123', roles: ['oplog-viewer'] });
    const viewer = await tokenOf(t.app, 'oplogviewer', 'Viewer123');
    expect((await http.as(viewer).get('/prod-api/monitor/operlog/list')).status).toBe(200);
    expect((await http.as(viewer).get(`/prod-api/monitor/operlog/${ids[0]}`)).status).toBe(200);
    const exported = await http.as(viewer).post('/prod-api/monitor/operlog/list').set('cc-export', '1').send({});
    expect(exported.status).toBe(403);
    expect(exported.body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect((await http.as(viewer).delete(`/prod-api/monitor/operlog/${ids[0]}`)).status).toBe(403);
    expect((await http.as(viewer).delete('/prod-api/monitor/operlog/clean')).status).toBe(403);
  });

  it('deletes a comma list of entries and logs the deletion', async () => {
    await http.delete(`/prod-api/monitor/operlog/${ids[0]},${ids[1]}`).expect(200);
    const [row] = await newest();
    expect(row).toMatchObject({
      business_type: BusinessType.DELETE,
      method: 'OperLogController.remove',
      oper_url: `/prod-api/monitor/operlog/${ids[0]},${ids[1]}`,
    });
    const left = await ds.query('SELECT oper_id FROM sys_oper_log WHERE oper_id = ANY($1::bigint[])', [ids]);
    expect(left.map((r: { oper_id: string }) => String(r.oper_id))).toEqual([ids[2]]);
    expect((await http.delete('/prod-api/monitor/operlog/1,x')).status).toBe(400);
  });

  it('cleans everything, leaving only the record of the clean', async () => {
    await http.delete('/prod-api/monitor/operlog/clean').expect(200);
    await logs.flush();
    const rows = await ds.query('SELECT business_type, method, oper_name FROM sys_oper_log');
    expect(rows).toEqual([{ business_type: BusinessType.CLEAN, method: 'OperLogController.clean', oper_name: 'admin' }]);
  });
});
