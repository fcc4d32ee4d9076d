import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { BusinessType } from '../../common/decorators/oper-log.decorator';
import { operLogRows } from '../../../test/helpers/oper-log';

let t: TestApp;
let admin: string;

const get = (path: string, token = admin) => request(t.server).get(`/prod-api${path}`).set('Authorization', `Bearer ${token}`);

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
  for (const name of ['online_a', 'online_b', 'online_c']) {
    await createStaffUser(t.app, { userName: name, password: 'Quartz987' });
    await tokenOf(t.app, name, 'Quartz987');
  }
});
afterAll(() => t?.close());

describe('online users', () => {
  it('pages like every list: rows of the page and the total, newest sign-in first', async () => {
    const all = await get('/monitor/online/list');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.rows.map((r: { userName: string }) => r.userName)).toEqual(['online_c', 'online_b', 'online_a', 'admin']);
    const page2 = await get('/monitor/online/list?pageNum=2&pageSize=3');
    expect(page2.body.data).toMatchObject({ total: 4, rows: [{ userName: 'admin' }] });
    expect(Object.keys(page2.body.data.rows[0]).sort()).toEqual([
      'browser',
      'deptName',
      'ipaddr',
      'lastAccessTime',
      'loginTime',
      'os',
      'tokenId',
      'userName',
    ]);
  });

  it('filters, sorts by a whitelisted column and refuses another with the usual message', async () => {
    const filtered = await get('/monitor/online/list?userName=ONLINE_&orderByColumn=userName&isAsc=asc&pageSize=2');
    expect(filtered.body.data.total).toBe(3);
    expect(filtered.body.data.rows.map((r: { userName: string }) => r.userName)).toEqual(['online_a', 'online_b']);
    const bad = await get('/monitor/online/list?orderByColumn=tokenId');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('不支持按 tokenId 排序');
    const tooBig = await get('/monitor/online/list?pageSize=100000');
    expect(tooBig.status).toBe(400);
  });

  it('force logout ends the session and is recorded in the operation log as FORCE', async () => {
    const token = await tokenOf(t.app, 'online_a', 'Quartz987');
    const list = await get('/monitor/online/list?userName=online_a&orderByColumn=loginTime&isAsc=desc');
    const tokenId = list.body.data.rows[0].tokenId;
    const forced = await request(t.server).delete(`/prod-api/monitor/online/${tokenId}`).set('Authorization', `Bearer ${admin}`);
    expect(forced.body.code).toBe(200);
    expect((await get('/getInfo', token)).status).toBe(401);
    const [row] = await operLogRows(
      t,
      `SELECT title, business_type, request_method, oper_url, status FROM sys_oper_log ORDER BY oper_id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({
      title: '在线用户',
      business_type: BusinessType.FORCE,
      request_method: 'DELETE',
      oper_url: `/prod-api/monitor/online/${tokenId}`,
      status: 0,
    });
  });
});
