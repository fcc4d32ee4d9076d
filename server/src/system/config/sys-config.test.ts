import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { SysConfigApiModule } from './sys-config-api.module';
import { binaryParser } from '../../../test/helpers/binary';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [SysConfigApiModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const api = (token = admin) => ({
  get: (path: string) => request(t.server).get(`/prod-api/system/config${path}`).set('Authorization', `Bearer ${token}`),
  post: (body: object, lang = 'zh-CN') =>
    request(t.server).post('/prod-api/system/config').set('Authorization', `Bearer ${token}`).set('Accept-Language', lang).send(body),
  put: (body: object) => request(t.server).put('/prod-api/system/config').set('Authorization', `Bearer ${token}`).send(body),
  del: (path: string) => request(t.server).delete(`/prod-api/system/config${path}`).set('Authorization', `Bearer ${token}`),
});
const countConfigs = async () => Number((await ds.query('SELECT count(*) AS n FROM sys_config'))[0].n);
const idOf = async (key: string) => String((await ds.query('SELECT config_id FROM sys_config WHERE config_key = $1', [key]))[0].config_id);

describe('parameters CRUD', () => {
  it('adds, reads, lists with filters, changes and deletes a parameter', async () => {
    const created = await api().post({ configName: '测试参数', configKey: 'test.crud-key_1', configValue: 'v1', remark: 'r' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ configName: '测试参数', configKey: 'test.crud-key_1', configValue: 'v1', configType: 'N', createBy: 'admin' });
    const id = created.body.data.configId as string;
    expect(id).toMatch(/^\d+$/);

    expect((await api().get(`/${id}`)).body.data).toMatchObject({ configId: id, configKey: 'test.crud-key_1' });

    const byKey = await api().get('/list?configKey=crud-key');
    expect(byKey.body.data.total).toBe(1);
    expect(byKey.body.data.rows[0].configId).toBe(id);
    const builtIn = await api().get('/list?configType=Y&pageSize=100');
    expect(builtIn.body.data.rows.map((r: { configKey: string }) => r.configKey)).toContain('sys.account.captchaEnabled');
    expect(builtIn.body.data.rows.map((r: { configKey: string }) => r.configKey)).not.toContain('test.crud-key_1');
    const byName = await api().get(`/list?configName=${encodeURIComponent('测试')}`);
    expect(byName.body.data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await api().get(`/list?configKey=crud-key&beginTime=${today}&endTime=${today}`)).body.data.total).toBe(1);
    expect((await api().get('/list?configKey=crud-key&beginTime=2999-01-01')).body.data.total).toBe(0);
    expect((await api().get('/list?configKey=crud-key&endTime=2000-01-01')).body.data.total).toBe(0);

    const updated = await api().put({ configId: id, configName: '测试参数2', configKey: 'test.crud-key_1', configValue: 'v2' });
    expect(updated.status).toBe(200);
    expect((await api().get(`/${id}`)).body.data).toMatchObject({ configName: '测试参数2', configValue: 'v2', remark: 'r' });

    expect((await api().del(`/${id}`)).status).toBe(200);
    const gone = await api().get(`/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('参数不存在');
  });

  it('refuses bad input with a localized message and writes nothing', async () => {
    const before = await countConfigs();
    const badKey = await api().post({ configName: 'x', configKey: 'bad key!', configValue: 'v' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.msg).toBe('参数键名格式不正确');
    const longName = await api().post({ configName: 'n'.repeat(101), configKey: 'test.long', configValue: 'v' }, 'en');
    expect(longName.body.msg).toBe('Parameter name must be between 1 and 100 characters');
    const longValue = await api().post({ configName: 'n', configKey: 'test.long', configValue: 'v'.repeat(501) });
    expect(longValue.body.msg).toBe('参数键值长度不能超过 500 个字符');
    const noValue = await api().post({ configName: 'n', configKey: 'test.novalue' });
    expect(noValue.body.msg).toBe('参数键值不能为空');
    expect(await countConfigs()).toBe(before);
  });

  it('refuses a duplicate key on add and on change, in the caller language, writing nothing', async () => {
    const before = await countConfigs();
    const zh = await api().post({ configName: '重复', configKey: 'sys.account.captchaEnabled', configValue: 'false' });
    expect(zh.status).toBe(400);
    expect(zh.body).toEqual({ code: 500, msg: '参数键名“sys.account.captchaEnabled”已存在' });
    const en = await api().post({ configName: 'dup', configKey: 'sys.account.captchaEnabled', configValue: 'false' }, 'en');
    expect(en.body.msg).toBe('The parameter key "sys.account.captchaEnabled" already exists');
    expect(await countConfigs()).toBe(before);
    expect((await ds.query(`SELECT config_value FROM sys_config WHERE config_key = 'sys.account.captchaEnabled'`))[0].config_value).toBe('true');

    const other = await api().post({ configName: '另一个', configKey: 'test.other', configValue: 'o' });
    const clash = await api().put({ configId: other.body.data.configId, configName: '另一个', configKey: 'sys.index.skinName', configValue: 'o' });
    expect(clash.status).toBe(400);
    expect(clash.body.msg).toBe('参数键名“sys.index.skinName”已存在');
    expect((await api().get(`/${other.body.data.configId}`)).body.data.configKey).toBe('test.other');
  });

  it('refuses to delete a built-in parameter, naming it, and deletes nothing of the list', async () => {
    const custom = await api().post({ configName: '可删除', configKey: 'test.deletable', configValue: 'd' });
    const builtInId = await idOf('sys.index.skinName');
    const res = await api().del(`/${custom.body.data.configId},${builtInId}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('内置参数“sys.index.skinName”不能删除');
    expect((await api().get(`/${custom.body.data.configId}`)).status).toBe(200);
    expect((await api().get(`/${builtInId}`)).status).toBe(200);
    expect((await api().del('/abc')).status).toBe(400);
  });
});

describe('value by key and its cache', () => {
  it('answers the value as a string, and an empty string for an unknown key', async () => {
    const known = await api().get('/configKey/sys.account.captchaType');
    expect(known.body).toEqual({ code: 200, msg: '操作成功', data: 'math' });
    const unknown = await api().get('/configKey/no.such.key');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toBe('');
  });

  it('is open to any signed-in staff member', async () => {
    await createRole(t.app, 'bare', []);
    await createStaffUser(t.app, { userName: 'bare1', password: 'Bare12345', roles: ['bare'] });
    const token = await tokenOf(t.app, 'bare1', 'Bare12345');
    expect((await api(token).get('/configKey/sys.account.captchaType')).body.data).toBe('math');
    expect((await api(token).get('/list')).status).toBe(403);
    expect((await request(t.server).get('/prod-api/system/config/configKey/sys.account.captchaType')).status).toBe(401);
  });

  it('keeps answering the cached value after a change in SQL until refreshCache', async () => {
    expect((await api().get('/configKey/sys.index.sideTheme')).body.data).toBe('theme-dark');
    await ds.query(`UPDATE sys_config SET config_value = 'theme-light' WHERE config_key = 'sys.index.sideTheme'`);
    expect((await api().get('/configKey/sys.index.sideTheme')).body.data).toBe('theme-dark');
    expect((await api().del('/refreshCache')).status).toBe(200);
    expect((await api().get('/configKey/sys.index.sideTheme')).body.data).toBe('theme-light');
  });

  it('answers the new value at once after PUT, under the new key when renamed', async () => {
    const created = await api().post({ configName: '缓存', configKey: 'test.cached', configValue: 'one' });
    const id = created.body.data.configId as string;
    expect((await api().get('/configKey/test.cached')).body.data).toBe('one');
    expect((await api().get('/configKey/test.renamed')).body.data).toBe(''); // "missing" is cached too
    await api().put({ configId: id, configName: '缓存', configKey: 'test.cached', configValue: 'two' });
    expect((await api().get('/configKey/test.cached')).body.data).toBe('two');
    await api().put({ configId: id, configName: '缓存', configKey: 'test.renamed', configValue: 'three' });
    expect((await api().get('/configKey/test.cached')).body.data).toBe('');
    expect((await api().get('/configKey/test.renamed')).body.data).toBe('three');
    await api().del(`/${id}`);
    expect((await api().get('/configKey/test.renamed')).body.data).toBe('');
  });

  it('answers a parameter added after a lookup found none', async () => {
    expect((await api().get('/configKey/test.later')).body.data).toBe('');
    await api().post({ configName: '后加', configKey: 'test.later', configValue: 'here' });
    expect((await api().get('/configKey/test.later')).body.data).toBe('here');
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
    expect((await api(token).get('/list')).status).toBe(200);
    const res = await request(t.server).post('/prod-api/system/config/list').set('Authorization', `Bearer ${token}`).set('cc-export', '1').send({});
    expect(res.status).toBe(403);
    expect((await api(token).post({ configName: 'x', configKey: 'test.viewer', configValue: 'x' })).status).toBe(403);
  });
});
