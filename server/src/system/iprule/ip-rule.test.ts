import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperLogModule } from '../../monitor/operlog/oper-log.module';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { IpAccessService } from './ip-access.service';
import { IpRuleModule } from './ip-rule.module';
import { binaryParser } from '../../../test/helpers/binary';
import { api, expectMessage } from '../../../test/helpers/api';
import { operLogRows } from '../../../test/helpers/oper-log';

let t: TestApp;
let ds: DataSource;
let admin: string;

// Behind a trusted proxy the client address is X-Forwarded-For: that lets the tests call from any address.
// Without the header, the caller is the test process itself at 127.0.0.1.
beforeAll(async () => {
  t = await startTestApp({ imports: [IpRuleModule, OperLogModule], env: { TRUST_PROXY: 'true' } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '' });
const ruleCount = async () => (await ds.query('SELECT count(*)::int AS n FROM sys_ip_rule'))[0].n as number;
const DENIED = { code: 403, msg: '当前 IP 地址（127.0.0.1）不允许访问' };

describe('rules', () => {
  afterAll(() => ds.query('DELETE FROM sys_ip_rule'));

  it('adds a rule, storing a single address as a /32 or /128 network', async () => {
    const res = await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '192.0.2.0/24', remark: 'test net' }).expect(201);
    expect(res.body.data).toMatchObject({
      ruleType: 'deny',
      cidr: '192.0.2.0/24',
      status: '0',
      expireTime: null,
      remark: 'test net',
      createBy: 'admin',
    });
    expect(res.body.data.ruleId).toMatch(/^\d+$/);
    expect((await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '203.0.113.7' }).expect(201)).body.data.cidr).toBe(
      '203.0.113.7/32',
    );
    expect((await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '2001:DB8::1' }).expect(201)).body.data.cidr).toBe(
      '2001:db8::1/128',
    );
    expect((await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '198.51.100.77/24' }).expect(201)).body.data.cidr).toBe(
      '198.51.100.0/24',
    );
  });

  it('refuses a bad network with a message naming it, saving nothing', async () => {
    const before = await ruleCount();
    for (const cidr of ['10.0.0.1/33', '300.1.1.1', 'abc']) {
      const res = await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr });
      expect(res.status, cidr).toBe(400);
      expect(res.body.msg, cidr).toBe(`“${cidr}”不是有效的 IP 地址或网段，请输入如 192.168.1.0/24 或 2001:db8::/32`);
    }
    const en = await http.post('/prod-api/system/iprule').set('Accept-Language', 'en').send({ ruleType: 'allow', cidr: 'abc' });
    expectMessage(en, 'en', '"abc" is not a valid IP address or network; enter e.g. 192.168.1.0/24 or 2001:db8::/32');
    const tw = await http.post('/prod-api/system/iprule').set('Accept-Language', 'zh-TW').send({ ruleType: 'deny', cidr: '300.1.1.1', remark: 'tw' });
    expectMessage(tw, 'zh-TW', '「300.1.1.1」不是有效的 IP 位址或網段，請輸入如 192.168.1.0/24 或 2001:db8::/32');
    expect(await ruleCount()).toBe(before);
  });

  it('refuses a bad type, an expiry in the past and a malformed expiry', async () => {
    const before = await ruleCount();
    const type = await http.post('/prod-api/system/iprule').send({ ruleType: 'block', cidr: '10.0.0.0/8' });
    expect(type.status).toBe(400);
    expectMessage(type, 'zh-CN', '规则类型只能是以下值之一：allow, deny');
    const past = await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '10.0.0.0/8', expireTime: '2020-01-01 00:00:00' });
    expect(past.status).toBe(400);
    expectMessage(past, 'zh-CN', '过期时间必须晚于当前时间');
    const malformed = await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '10.0.0.0/8', expireTime: 'tomorrow' });
    expectMessage(malformed, 'zh-CN', '过期时间格式不正确');
    expect(await ruleCount()).toBe(before);
  });

  it('shows, changes and lists rules with their filters', async () => {
    const created = (await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '100.64.0.0/10', remark: 'cgnat' }).expect(201)).body
      .data;
    expect((await http.get(`/prod-api/system/iprule/${created.ruleId}`).expect(200)).body.data).toMatchObject({
      cidr: '100.64.0.0/10',
      remark: 'cgnat',
    });
    expect((await http.get('/prod-api/system/iprule/999999')).status).toBe(404);

    const expireTime = new Date(Date.now() + 3600_000).toISOString();
    const updated = await http
      .put('/prod-api/system/iprule')
      .send({ ruleId: created.ruleId, ruleType: 'deny', cidr: '100.64.0.0/16', status: '1', remark: 'narrowed', expireTime })
      .expect(200);
    expect(updated.body.data).toMatchObject({ cidr: '100.64.0.0/16', status: '1', remark: 'narrowed', updateBy: 'admin' });
    expect(new Date(updated.body.data.expireTime).toISOString()).toBe(expireTime);
    const bad = await http.put('/prod-api/system/iprule').send({ ruleId: created.ruleId, ruleType: 'deny', cidr: '100.64.0.0/99' });
    expectMessage(bad, 'zh-CN', expect.stringContaining('100.64.0.0/99'));
    expect((await http.get(`/prod-api/system/iprule/${created.ruleId}`)).body.data.cidr).toBe('100.64.0.0/16');
    const missing = await http.put('/prod-api/system/iprule').send({ ruleId: '999999', ruleType: 'deny', cidr: '10.0.0.0/8' });
    expect(missing.status).toBe(404);

    const cidrs = async (query: Record<string, string>) =>
      (await http.get('/prod-api/system/iprule/list').query(query).expect(200)).body.data.rows.map((r: { cidr: string }) => r.cidr);
    expect(await cidrs({})).toEqual(['100.64.0.0/16', '198.51.100.0/24', '2001:db8::1/128', '203.0.113.7/32', '192.0.2.0/24']);
    expect(await cidrs({ status: '1' })).toEqual(['100.64.0.0/16']);
    expect(await cidrs({ cidr: '203.0' })).toEqual(['203.0.113.7/32']);
    expect(await cidrs({ cidr: '192.0.2.99' })).toEqual(['192.0.2.0/24']); // an address finds the networks holding it
    expect(await cidrs({ ruleType: 'allow' })).toEqual([]);
    expect(await cidrs({ orderByColumn: 'cidr', isAsc: 'asc', cidr: '.' })).toEqual([
      '100.64.0.0/16',
      '192.0.2.0/24',
      '198.51.100.0/24',
      '203.0.113.7/32',
    ]);
  });

  it('exports the list as .xlsx', async () => {
    const res = await http.post('/prod-api/system/iprule/list').set('cc-export', '1').send({ ruleType: 'deny' }).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '规则编号', '规则类型', 'IP 网段', '过期时间', '状态', '备注', '创建时间']);
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['拒绝', '100.64.0.0/16', '停用', 'narrowed']));
  });

  it('deletes a comma list of rules and logs each change', async () => {
    const ids = (await ds.query(`SELECT rule_id FROM sys_ip_rule WHERE cidr <<= '203.0.113.0/24' OR cidr = '2001:db8::1/128'`)).map(
      (r: { rule_id: string }) => r.rule_id,
    );
    await http.delete(`/prod-api/system/iprule/${ids.join(',')}`).expect(200);
    expect(await ruleCount()).toBe(3);
    const logs = await operLogRows(
      t,
      `SELECT business_type, count(*)::int AS n FROM sys_oper_log WHERE title = 'IP规则' AND status = 0 GROUP BY 1 ORDER BY 1`,
    );
    expect(logs).toEqual([
      { business_type: 1, n: 5 },
      { business_type: 2, n: 1 },
      { business_type: 3, n: 1 },
      { business_type: 5, n: 1 },
    ]);
  });

  it('needs the screen’s buttons', async () => {
    await createRole(t.app, 'iprule-none', ['system.user']);
    await createStaffUser(t.app, { userName: 'noiprule', password: 'Noiprule123', roles: ['iprule-none'] });
    const token = await tokenOf(t.app, 'noiprule', 'Noiprule123');
    const res = await request(t.server)
      .post('/prod-api/system/iprule')
      .set('Authorization', `Bearer ${token}`)
      .send({ ruleType: 'deny', cidr: '10.0.0.0/8' });
    expect(res.status).toBe(403);
    expect((await request(t.server).get('/prod-api/system/iprule/list').set('Authorization', `Bearer ${token}`)).status).toBe(403);
  });
});

describe('enforcement', () => {
  afterAll(() => ds.query('DELETE FROM sys_ip_rule'));

  it('answers 403 to a denied address on every route but health, until the rule is disabled', async () => {
    // Added by an administrator elsewhere: nobody may shut themselves out.
    const rule = (
      await http
        .with({ headers: { 'X-Forwarded-For': '10.20.30.40' } })
        .post('/prod-api/system/iprule')
        .send({ ruleType: 'deny', cidr: '127.0.0.1' })
        .expect(201)
    ).body.data;
    const denied = await http.get('/prod-api/getInfo');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual(DENIED);
    const en = await http.get('/prod-api/getInfo').set('Accept-Language', 'en');
    expect(en.body).toEqual({ code: 403, msg: 'Access from this IP address (127.0.0.1) is not allowed' });
    expect((await request(t.server).get('/prod-api/captchaImage')).status).toBe(403);
    // The same host seen through an IPv6 socket.
    expect((await http.with({ headers: { 'X-Forwarded-For': '::ffff:127.0.0.1' } }).get('/prod-api/getInfo')).status).toBe(403);
    expect((await http.get('/prod-api/no/such/route')).status).toBe(403);
    expect((await request(t.server).get('/prod-api/health')).status).toBe(200);

    // An administrator elsewhere is not affected, and lifts the rule by disabling it.
    expect((await http.with({ headers: { 'X-Forwarded-For': '10.20.30.40' } }).get('/prod-api/getInfo')).status).toBe(200);
    await http
      .with({ headers: { 'X-Forwarded-For': '10.20.30.40' } })
      .put('/prod-api/system/iprule')
      .send({ ...rule, status: '1' })
      .expect(200);
    expect((await http.get('/prod-api/getInfo')).status).toBe(200);
  });

  it('lets only allowed networks in once an allow rule exists', async () => {
    const rule = (
      await http
        .with({ headers: { 'X-Forwarded-For': '10.9.9.9' } })
        .post('/prod-api/system/iprule')
        .send({ ruleType: 'allow', cidr: '10.0.0.0/8' })
        .expect(201)
    ).body.data;
    expect((await http.get('/prod-api/getInfo')).body).toEqual(DENIED);
    expect((await http.with({ headers: { 'X-Forwarded-For': '192.168.0.1' } }).get('/prod-api/getInfo')).status).toBe(403);
    expect((await http.with({ headers: { 'X-Forwarded-For': '10.1.2.3' } }).get('/prod-api/getInfo')).status).toBe(200);
    expect((await request(t.server).get('/prod-api/health')).status).toBe(200);
    // A deny rule wins over an allow rule.
    await http
      .with({ headers: { 'X-Forwarded-For': '10.2.0.1' } })
      .post('/prod-api/system/iprule')
      .send({ ruleType: 'deny', cidr: '10.1.0.0/16' })
      .expect(201);
    expect((await http.with({ headers: { 'X-Forwarded-For': '10.1.2.3' } }).get('/prod-api/getInfo')).status).toBe(403);
    expect((await http.with({ headers: { 'X-Forwarded-For': '10.2.0.1' } }).get('/prod-api/getInfo')).status).toBe(200);
    await http
      .with({ headers: { 'X-Forwarded-For': '10.2.0.1' } })
      .delete(`/prod-api/system/iprule/${rule.ruleId}`)
      .expect(200);
    expect((await http.get('/prod-api/getInfo')).status).toBe(200);
    await ds.query('DELETE FROM sys_ip_rule');
    await t.app.get(IpAccessService).reload();
  });

  it('refuses a change that would shut the caller out, saving nothing', async () => {
    const before = await ruleCount();
    const deny = await http
      .with({ headers: { 'X-Forwarded-For': '10.5.5.5' } })
      .post('/prod-api/system/iprule')
      .send({ ruleType: 'deny', cidr: '10.5.0.0/16' });
    expect(deny.status).toBe(400);
    expectMessage(deny, 'zh-CN', '保存后您当前的 IP 地址（10.5.5.5）将无法访问系统，请先添加允许该地址的规则');
    // An allow list that leaves the caller outside, and removing the allow rule that lets the caller in.
    expect(
      (
        await http
          .with({ headers: { 'X-Forwarded-For': '10.5.5.5' } })
          .post('/prod-api/system/iprule')
          .send({ ruleType: 'allow', cidr: '192.168.0.0/16' })
      ).status,
    ).toBe(400);
    expect(await ruleCount()).toBe(before);
    const allowMine = (
      await http
        .with({ headers: { 'X-Forwarded-For': '10.5.5.5' } })
        .post('/prod-api/system/iprule')
        .send({ ruleType: 'allow', cidr: '10.5.0.0/16' })
        .expect(201)
    ).body.data;
    await http
      .with({ headers: { 'X-Forwarded-For': '10.5.5.5' } })
      .post('/prod-api/system/iprule')
      .send({ ruleType: 'allow', cidr: '192.168.0.0/16', remark: '办公网' })
      .expect(201);
    expect((await http.with({ headers: { 'X-Forwarded-For': '10.5.5.5' } }).delete(`/prod-api/system/iprule/${allowMine.ruleId}`)).status).toBe(400);
    expect(
      (
        await http
          .with({ headers: { 'X-Forwarded-For': '10.5.5.5' } })
          .put('/prod-api/system/iprule')
          .send({ ...allowMine, cidr: '10.6.0.0/16' })
      ).status,
    ).toBe(400);
    await ds.query('DELETE FROM sys_ip_rule');
    await t.app.get(IpAccessService).reload();
  });

  it('matches IPv6 networks', async () => {
    await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '2001:db8:1::/48' }).expect(201);
    expect((await http.with({ headers: { 'X-Forwarded-For': '2001:db8:1::5' } }).get('/prod-api/getInfo')).status).toBe(403);
    expect((await http.with({ headers: { 'X-Forwarded-For': '2001:db8:2::5' } }).get('/prod-api/getInfo')).status).toBe(200);
    expect((await http.get('/prod-api/getInfo')).status).toBe(200);
  });

  it('stops applying a rule when it expires', async () => {
    const expireTime = new Date(Date.now() + 1500).toISOString();
    await http
      .with({ headers: { 'X-Forwarded-For': '10.20.30.40' } })
      .post('/prod-api/system/iprule')
      .send({ ruleType: 'deny', cidr: '127.0.0.1', expireTime })
      .expect(201);
    expect((await http.get('/prod-api/getInfo')).status).toBe(403);
    await new Promise((r) => setTimeout(r, new Date(expireTime).getTime() - Date.now() + 50));
    expect((await http.get('/prod-api/getInfo')).status).toBe(200);
  });

  it('reaches other instances through the periodic reload', async () => {
    IpAccessService.refreshIntervalMs = 200;
    const other = await startTestApp({ db: t.db, imports: [IpRuleModule, OperLogModule], env: { TRUST_PROXY: 'true' } }).finally(() => {
      IpAccessService.refreshIntervalMs = 30_000;
    });
    try {
      const probe = () => api(other, { token: admin, base: '', headers: { 'X-Forwarded-For': '198.51.100.9' } }).get('/prod-api/captchaImage');
      expect((await probe()).status).toBe(200);
      const rule = (await http.post('/prod-api/system/iprule').send({ ruleType: 'deny', cidr: '198.51.100.0/24' }).expect(201)).body.data;
      await expect.poll(async () => (await probe()).status, { timeout: 3000, interval: 100 }).toBe(403);
      await http.delete(`/prod-api/system/iprule/${rule.ruleId}`).expect(200);
      await expect.poll(async () => (await probe()).status, { timeout: 3000, interval: 100 }).toBe(200);
    } finally {
      await other.close();
    }
  });
});
