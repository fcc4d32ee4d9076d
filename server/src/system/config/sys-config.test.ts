import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { SysConfigApiModule } from './sys-config-api.module';
import { binaryParser } from '../../../test/helpers/binary';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [SysConfigApiModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/system/config' });
const countConfigs = async () => Number((await ds.query('SELECT count(*) AS n FROM sys_config'))[0].n);
const idOf = async (key: string) => String((await ds.query('SELECT config_id FROM sys_config WHERE config_key = $1', [key]))[0].config_id);

describe('parameters CRUD', () => {
  it('adds, reads, lists with filters, changes and deletes a parameter', async () => {
    const created = await http.post('', { configName: '测试参数', configKey: 'test.crud-key_1', configValue: 'v1', remark: 'r' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      configName: '测试参数',
      configKey: 'test.crud-key_1',
      configValue: 'v1',
      configType: 'N',
      createBy: 'admin',
    });
    const id = created.body.data.configId as string;
    expect(id).toMatch(/^\d+$/);

    expect((await http.get(`/${id}`)).body.data).toMatchObject({ configId: id, configKey: 'test.crud-key_1' });

    const byKey = await http.get('/list?configKey=crud-key');
    expect(byKey.body.data.total).toBe(1);
    expect(byKey.body.data.rows[0].configId).toBe(id);
    const builtIn = await http.get('/list?configType=Y&pageSize=100');
    expect(builtIn.body.data.rows.map((r: { configKey: string }) => r.configKey)).toContain('sys.account.captchaEnabled');
    expect(builtIn.body.data.rows.map((r: { configKey: string }) => r.configKey)).not.toContain('test.crud-key_1');
    const byName = await http.get(`/list?configName=${encodeURIComponent('测试')}`);
    expect(byName.body.data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await http.get(`/list?configKey=crud-key&beginTime=${today}&endTime=${today}`)).body.data.total).toBe(1);
    expect((await http.get('/list?configKey=crud-key&beginTime=2999-01-01')).body.data.total).toBe(0);
    expect((await http.get('/list?configKey=crud-key&endTime=2000-01-01')).body.data.total).toBe(0);

    const updated = await http.put('', { configId: id, configName: '测试参数2', configKey: 'test.crud-key_1', configValue: 'v2' });
    expect(updated.status).toBe(200);
    expect((await http.get(`/${id}`)).body.data).toMatchObject({ configName: '测试参数2', configValue: 'v2', remark: 'r' });

    expect((await http.delete(`/${id}`)).status).toBe(200);
    const gone = await http.get(`/${id}`);
    expect(gone.status).toBe(404);
    expectMessage(gone, 'zh-CN', '参数不存在');
  });

  it('refuses bad input with a localized message and writes nothing', async () => {
    const before = await countConfigs();
    const badKey = await http.post('', { configName: 'x', configKey: 'bad key!', configValue: 'v' });
    expect(badKey.status).toBe(400);
    expectMessage(badKey, 'zh-CN', '参数键名格式不正确');
    const longName = await http.lang('en').post('', { configName: 'n'.repeat(101), configKey: 'test.long', configValue: 'v' });
    expectMessage(longName, 'en', 'Parameter name must be between 1 and 100 characters');
    const longValue = await http.post('', { configName: 'n', configKey: 'test.long', configValue: 'v'.repeat(501) });
    expectMessage(longValue, 'zh-CN', '参数键值长度不能超过 500 个字符');
    const noValue = await http.post('', { configName: 'n', configKey: 'test.novalue' });
    expectMessage(noValue, 'zh-CN', '参数键值不能为空');
    expect(await countConfigs()).toBe(before);
  });

  it('refuses a duplicate key on add and on change, in the caller language, writing nothing', async () => {
    const before = await countConfigs();
    const zh = await http.post('', { configName: '重复', configKey: 'sys.account.captchaEnabled', configValue: 'false' });
    expect(zh.status).toBe(400);
    expect(zh.body).toEqual({ code: 500, msg: '参数键名“sys.account.captchaEnabled”已存在' });
    const en = await http.lang('en').post('', { configName: 'dup', configKey: 'sys.account.captchaEnabled', configValue: 'false' });
    expectMessage(en, 'en', 'The parameter key "sys.account.captchaEnabled" already exists');
    expect(await countConfigs()).toBe(before);
    expect((await ds.query(`SELECT config_value FROM sys_config WHERE config_key = 'sys.account.captchaEnabled'`))[0].config_value).toBe('true');

    const other = await http.post('', { configName: '另一个', configKey: 'test.other', configValue: 'o' });
    const clash = await http.put('', { configId: other.body.data.configId, configName: '另一个', configKey: 'sys.index.skinName', configValue: 'o' });
    expect(clash.status).toBe(400);
    expectMessage(clash, 'zh-CN', '参数键名“sys.index.skinName”已存在');
    expect((await http.get(`/${other.body.data.configId}`)).body.data.configKey).toBe('test.other');
  });

  it('refuses to delete a built-in parameter, naming it, and deletes nothing of the list', async () => {
    const custom = await http.post('', { configName: '可删除', configKey: 'test.deletable', configValue: 'd' });
    const builtInId = await idOf('sys.index.skinName');
    const res = await http.delete(`/${custom.body.data.configId},${builtInId}`);
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '内置参数“sys.index.skinName”不能删除');
    expect((await http.get(`/${custom.body.data.configId}`)).status).toBe(200);
    expect((await http.get(`/${builtInId}`)).status).toBe(200);
    expect((await http.delete('/abc')).status).toBe(400);
  });
});

describe('value by key and its cache', () => {
  it('answers the value as a string, and an empty string for an unknown key', async () => {
    const known = await http.get('/configKey/sys.account.captchaType');
    expect(known.body).toEqual({ code: 200, msg: '操作成功', data: 'math' });
    const unknown = await http.get('/configKey/no.such.key');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toBe('');
  });

  it('is open to any signed-in staff member', async () => {
    await createRole(t.app, 'bare', []);
    await createStaffUser(t.app, { userName: 'bare1', password: 'Bare12345', roles: ['bare'] });
    const token = await tokenOf(t.app, 'bare1', 'Bare12345');
    expect((await http.as(token).get('/configKey/sys.account.captchaType')).body.data).toBe('math');
    expect((await http.as(token).get('/list')).status).toBe(403);
    expect((await request(t.server).get('/prod-api/system/config/configKey/sys.account.captchaType')).status).toBe(401);
  });

  it('keeps answering the cached value after a change in SQL until refreshCache', async () => {
    expect((await http.get('/configKey/sys.index.sideTheme')).body.data).toBe('theme-dark');
    await ds.query(`UPDATE sys_config SET config_value = 'theme-light' WHERE config_key = 'sys.index.sideTheme'`);
    expect((await http.get('/configKey/sys.index.sideTheme')).body.data).toBe('theme-dark');
    expect((await http.delete('/refreshCache')).status).toBe(200);
    expect((await http.get('/configKey/sys.index.sideTheme')).body.data).toBe('theme-light');
  });

  it('answers the new value at once after PUT, under the new key when renamed', async () => {
    const created = await http.post('', { configName: '缓存', configKey: 'test.cached', configValue: 'one' });
    const id = created.body.data.configId as string;
    expect((await http.get('/configKey/test.cached')).body.data).toBe('one');
    expect((await http.get('/configKey/test.renamed')).body.data).toBe(''); // "missing" is cached too
    await http.put('', { configId: id, configName: '缓存', configKey: 'test.cached', configValue: 'two' });
    expect((await http.get('/configKey/test.cached')).body.data).toBe('two');
    await http.put('', { configId: id, configName: '缓存', configKey: 'test.renamed', configValue: 'three' });
    expect((await http.get('/configKey/test.cached')).body.data).toBe('');
    expect((await http.get('/configKey/test.renamed')).body.data).toBe('three');
    await http.delete(`/${id}`);
    expect((await http.get('/configKey/test.renamed')).body.data).toBe('');
  });

  it('answers a parameter added after a lookup found none', async () => {
    expect((await http.get('/configKey/test.later')).body.data).toBe('');
    await http.post('', { configName: '后加', configKey: 'test.later', configValue: 'here' });
    expect((await http.get('/configKey/test.later')).body.data).toBe('here');
  });
});

describe('export', () => {
  const exportList = (token: string, body: object) =>
    request(t.server)
      .post('/prod-api/system/config/list')
      .set('Authorization', `Bearer ${token}`)
      .set('cc-export', '1')
      .type('form')
      .send(body)
      .buffer(true)
      .parse(binaryParser);

  it('streams the filtered list as an .xlsx that Excel readers open', async () => {
    const res = await exportList(admin, { configType: 'Y' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(decodeURIComponent(res.headers['download-filename'])).toMatch(/^参数数据_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '配置编号', '参数名称', '参数键名', '参数键值', '系统内置', '备注', '创建时间']);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM sys_config WHERE config_type = 'Y'`);
    expect(sheet.rowCount).toBe(n + 1);
    const keys = Array.from({ length: n }, (_, i) => sheet.getRow(i + 2).getCell(3).value);
    expect(keys).toContain('sys.account.captchaEnabled');
    expect(sheet.getRow(2).getCell(5).value).toBe('是');
  });

  it('needs system:config:export besides the list permission', async () => {
    await createRole(t.app, 'configviewer', ['system.config.query']);
    await createStaffUser(t.app, { userName: 'viewer1', password: 'Viewer123', roles: ['configviewer'] });
    const token = await tokenOf(t.app, 'viewer1', 'Viewer123');
    expect((await http.as(token).get('/list')).status).toBe(200);
    const res = await request(t.server).post('/prod-api/system/config/list').set('Authorization', `Bearer ${token}`).set('cc-export', '1').send({});
    expect(res.status).toBe(403);
    expect((await http.as(token).post('', { configName: 'x', configKey: 'test.viewer', configValue: 'x' })).status).toBe(403);
  });
});
