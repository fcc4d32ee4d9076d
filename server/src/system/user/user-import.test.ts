import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { login, tokenOf } from '../../../test/helpers/staff';
import { binaryParser } from '../../../test/helpers/binary';
import { api, expectMessage } from '../../../test/helpers/api';
import { operLogRows } from '../../../test/helpers/oper-log';

let t: TestApp;
let ds: DataSource;
let admin: string;

async function sheet(rows: string[][], header = ['登录名称', '用户昵称', '部门编号', '邮箱', '手机号码']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('users');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const http = api(() => t, { token: () => admin });
const upload = (file: Buffer, fields: Record<string, string>, name = 'users.xlsx') =>
  http.upload('/system/user/importData', { data: file, name }, fields);

beforeAll(async () => {
  t = await startTestApp();
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

describe('importing users from Excel', () => {
  it('offers a template with the import headers', async () => {
    const res = await request(t.server)
      .post('/prod-api/system/user/importTemplate')
      .set('Authorization', `Bearer ${admin}`)
      .buffer(true)
      .parse(binaryParser);
    expect(decodeURIComponent(res.headers['download-filename'])).toBe('用户导入模板.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 4)).toEqual(['登录名称', '用户昵称', '部门编号']);
  });

  it('adds every row; the new accounts sign in with the first password and are asked to change it', async () => {
    const [{ dept_id }] = await ds.query('SELECT min(dept_id) AS dept_id FROM sys_dept');
    const file = await sheet([
      ['import1', '导入一', String(dept_id), 'import1@example.com', '13700000001'],
      ['import2', '导入二', '', '', ''],
    ]);
    const res = await upload(file, { password: 'Firstpw2026' });
    expect(res.body).toEqual({ code: 200, msg: '导入成功：新增 2 个用户，更新 0 个用户', data: { created: 2, updated: 0 } });
    const signIn = await login(t.app, 'import1', 'Firstpw2026');
    expect(signIn.body).toMatchObject({ code: 200, msg: '首次登录或密码已重置，请修改密码' });
    const [log] = await operLogRows<{ business_type: number; oper_param: string }>(
      t,
      `SELECT business_type, oper_param FROM sys_oper_log WHERE method = 'UserController.importData' ORDER BY oper_id DESC LIMIT 1`,
    );
    expect(log.business_type).toBe(6);
    expect(log.oper_param).not.toContain('Firstpw2026');
  });

  it('imports nothing when any row is wrong, and says which rows', async () => {
    const file = await sheet([
      ['import3', '导入三', '', '', ''],
      ['x', '太短', '', '', ''],
      ['import4', '导入四', '', 'not-an-email', ''],
    ]);
    const res = await upload(file, { password: 'Firstpw2026' });
    expect(res.status).toBe(400);
    expectMessage(
      res,
      'zh-CN',
      '导入失败，2 行有误，未导入任何数据：第 3 行：用户名长度必须介于 2 和 20 个字符之间；第 4 行：邮箱格式不正确，请输入正确的邮箱地址',
    );
    expect(await ds.query(`SELECT 1 FROM sys_user WHERE user_name IN ('import3', 'import4')`)).toEqual([]);
  });

  it('treats existing accounts as errors unless updates are asked for, then updates them', async () => {
    const file = await sheet([['import2', '改过的名字', '', '', '']]);
    const refused = await upload(file, { password: 'Firstpw2026' });
    expectMessage(refused, 'zh-CN', '导入失败，1 行有误，未导入任何数据：第 2 行：账号“import2”已存在');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await upload(file, { password: 'Firstpw2026', updateSupport: 'true' });
    expect(res.body.data).toEqual({ created: 0, updated: 1 });
    expect(await ds.query(`SELECT nick_name FROM sys_user WHERE user_name = 'import2'`)).toEqual([{ nick_name: '改过的名字' }]);
  });

  it('refuses files that are not Excel workbooks, sheets without the headers, and a weak first password', async () => {
    expectMessage(
      await upload(Buffer.from('userName,nickName\nabc,def'), { password: 'Firstpw2026' }, 'users.xlsx'),
      'zh-CN',
      '请上传 Excel 文件（.xlsx）',
    );
    expectMessage(
      await upload(await sheet([['a1', 'b']], ['foo', 'bar']), { password: 'Firstpw2026' }),
      'zh-CN',
      '导入文件的表头不正确，请使用导入模板',
    );
    expectMessage(await upload(await sheet([['import9', '九']]), { password: 'abcdefgh' }), 'zh-CN', '密码必须同时包含字母和数字');
    const noFile = await http.upload('/system/user/importData', null, { password: 'Firstpw2026' });
    expectMessage(noFile, 'zh-CN', '请上传 Excel 文件（.xlsx）');
  });
});
