import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { I18nModule } from '../i18n/i18n.module';
import { DictModule } from './dict.module';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [DictModule, I18nModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin });
const labels = async (type: string, lang = 'zh-CN') =>
  (await http.lang(lang).get(`/system/dict/data/type/${type}`)).body.data.map((d: { dictLabel: string }) => d.dictLabel);
const count = async (sql: string, params: unknown[] = []) => Number((await ds.query(sql, params))[0].n);
const typeId = async (type: string) => String((await ds.query('SELECT dict_id FROM sys_dict_type WHERE dict_type = $1', [type]))[0].dict_id);
const codeOf = async (type: string, value: string) =>
  String((await ds.query('SELECT dict_code FROM sys_dict_data WHERE dict_type = $1 AND dict_value = $2', [type, value]))[0].dict_code);

describe('dictionary types', () => {
  it('adds, reads, lists with filters, offers, changes and deletes a type', async () => {
    const created = await http.post('/system/dict/type', { dictName: '颜色', dictType: 'test_color', remark: 'r' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ dictName: '颜色', dictType: 'test_color', isFixed: 'N', status: '0', createBy: 'admin' });
    const id = created.body.data.dictId as string;

    expect((await http.get(`/system/dict/type/${id}`)).body.data.dictType).toBe('test_color');
    const listed = await http.get('/system/dict/type/list?dictType=color');
    expect(listed.body.data.rows.map((r: { dictType: string }) => r.dictType)).toEqual(['test_color']);
    expect((await http.get(`/system/dict/type/list?dictName=${encodeURIComponent('颜')}`)).body.data.total).toBe(1);
    expect((await http.get('/system/dict/type/list?dictType=color&status=1')).body.data.total).toBe(0);
    const options = (await http.get('/system/dict/type/optionselect')).body.data;
    expect(options).toEqual(expect.arrayContaining([{ dictId: id, dictName: '颜色', dictType: 'test_color' }]));

    expect((await http.put('/system/dict/type', { dictId: id, dictName: '色彩', dictType: 'test_color', status: '1' })).status).toBe(200);
    expect((await http.get(`/system/dict/type/${id}`)).body.data).toMatchObject({ dictName: '色彩', status: '1', remark: 'r' });

    expect((await http.delete(`/system/dict/type/${id}`)).status).toBe(200);
    expect((await http.get(`/system/dict/type/${id}`)).status).toBe(404);
  });

  it('shows type names in the caller language', async () => {
    const id = await typeId('sys_user_sex');
    expect((await http.lang('en').get(`/system/dict/type/${id}`)).body.data.dictName).toBe('User gender');
    expect((await http.lang('zh-TW').get(`/system/dict/type/${id}`)).body.data.dictName).toBe('使用者性別');
    expect((await http.lang('en').get('/system/dict/type/list?dictName=gender')).body.data.rows[0].dictType).toBe('sys_user_sex');
  });

  it('refuses a duplicate or malformed type with a localized message, writing nothing', async () => {
    const before = await count('SELECT count(*) AS n FROM sys_dict_type');
    const dup = await http.post('/system/dict/type', { dictName: '性别', dictType: 'sys_user_sex' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ code: 500, msg: '字典类型“sys_user_sex”已存在' });
    const dupEn = await http.lang('en').post('/system/dict/type', { dictName: 'Gender', dictType: 'sys_user_sex' });
    expectMessage(dupEn, 'en', 'The dictionary type "sys_user_sex" already exists');
    const bad = await http.post('/system/dict/type', { dictName: '坏', dictType: 'Bad-Type' });
    expect(bad.status).toBe(400);
    expectMessage(bad, 'zh-CN', '字典类型格式不正确');
    expect(await count('SELECT count(*) AS n FROM sys_dict_type')).toBe(before);

    const other = await http.post('/system/dict/type', { dictName: '其他', dictType: 'test_other' });
    const clash = await http.lang('zh-TW').put('/system/dict/type', { dictId: other.body.data.dictId, dictName: '其他', dictType: 'sys_yes_no' });
    expectMessage(clash, 'zh-TW', '字典類型「sys_yes_no」已存在');
    expect((await http.get(`/system/dict/type/${other.body.data.dictId}`)).body.data.dictType).toBe('test_other');
  });

  it('refuses to delete or rename a fixed type, naming it', async () => {
    const custom = await http.post('/system/dict/type', { dictName: '可删', dictType: 'test_deletable' });
    const fixed = await typeId('sys_notice_type');
    const res = await http.delete(`/system/dict/type/${custom.body.data.dictId},${fixed}`);
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '内置字典“sys_notice_type”不能删除');
    expect(await count(`SELECT count(*) AS n FROM sys_dict_type WHERE dict_type IN ('test_deletable', 'sys_notice_type')`)).toBe(2);
    const rename = await http.put('/system/dict/type', { dictId: fixed, dictName: '通知类型', dictType: 'sys_notice_kind' });
    expectMessage(rename, 'zh-CN', '内置字典“sys_notice_type”的字典类型不能修改');
    expect((await labels('sys_notice_type')).length).toBe(2);
  });

  it('carries entries and their translations to a renamed type, and deletes them with it', async () => {
    const type = await http.post('/system/dict/type', { dictName: '尺寸', dictType: 'test_size' });
    await http.post('/system/dict/data', { dictType: 'test_size', dictLabel: '大', dictValue: 'L', dictSort: 1 });
    await http.put('/system/i18n/dict/batch', [{ langTag: 'en', langKey: 'dict.test_size.L', langValue: 'Large' }]);
    expect(await labels('test_size', 'en')).toEqual(['Large']);

    await http.put('/system/dict/type', { dictId: type.body.data.dictId, dictName: '尺寸', dictType: 'test_dimension' });
    expect(await labels('test_size', 'en')).toEqual([]);
    expect(await labels('test_dimension', 'en')).toEqual(['Large']);
    expect(await labels('test_dimension')).toEqual(['大']);

    await http.delete(`/system/dict/type/${type.body.data.dictId}`);
    expect(await labels('test_dimension')).toEqual([]);
    expect(await count(`SELECT count(*) AS n FROM sys_dict_data WHERE dict_type = 'test_dimension'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM sys_i18n_dict WHERE lang_key LIKE 'dict.test\\_dimension.%'`)).toBe(0);
  });
});

describe('dictionary entries', () => {
  beforeAll(async () => {
    await http.post('/system/dict/type', { dictName: '水果', dictType: 'test_fruit' });
  });

  it('adds, reads, lists, changes and deletes an entry', async () => {
    const created = await http.post('/system/dict/data', {
      dictType: 'test_fruit',
      dictLabel: '苹果',
      dictValue: 'apple',
      dictSort: 2,
      listClass: 'success',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      dictType: 'test_fruit',
      dictLabel: '苹果',
      dictValue: 'apple',
      dictSort: 2,
      listClass: 'success',
      isDefault: 'N',
      status: '0',
    });
    const code = created.body.data.dictCode as string;
    await http.post('/system/dict/data', { dictType: 'test_fruit', dictLabel: '香蕉', dictValue: 'banana', dictSort: 1 });

    const list = await http.get('/system/dict/data/list?dictType=test_fruit');
    expect(list.body.data.rows.map((r: { dictValue: string }) => r.dictValue)).toEqual(['banana', 'apple']);
    expect((await http.get(`/system/dict/data/list?dictType=test_fruit&dictLabel=${encodeURIComponent('苹')}`)).body.data.total).toBe(1);
    const noType = await http.get('/system/dict/data/list');
    expect(noType.status).toBe(400);
    expectMessage(noType, 'zh-CN', '字典类型不能为空');

    await http.put('/system/dict/data', { dictCode: code, dictType: 'test_fruit', dictLabel: '青苹果', dictValue: 'apple', dictSort: 0 });
    expect((await http.get(`/system/dict/data/${code}`)).body.data).toMatchObject({ dictLabel: '青苹果', dictSort: 0, listClass: 'success' });
    expect(await labels('test_fruit')).toEqual(['青苹果', '香蕉']);

    expect((await http.delete(`/system/dict/data/${code}`)).status).toBe(200);
    expect((await http.get(`/system/dict/data/${code}`)).status).toBe(404);
    expect(await labels('test_fruit')).toEqual(['香蕉']);
  });

  it('refuses a value already in the type, or an unknown type, writing nothing', async () => {
    await http.post('/system/dict/data', { dictType: 'test_fruit', dictLabel: '梨', dictValue: 'pear' });
    const before = await count('SELECT count(*) AS n FROM sys_dict_data');
    const dup = await http.post('/system/dict/data', { dictType: 'test_fruit', dictLabel: '另一个梨', dictValue: 'pear' });
    expect(dup.status).toBe(400);
    expectMessage(dup, 'zh-CN', '字典“test_fruit”中已存在键值“pear”');
    const dupEn = await http.lang('en').post('/system/dict/data', { dictType: 'test_fruit', dictLabel: 'Pear', dictValue: 'pear' });
    expectMessage(dupEn, 'en', 'The dictionary "test_fruit" already has the value "pear"');
    const noType = await http.post('/system/dict/data', { dictType: 'test_nothing', dictLabel: '无', dictValue: 'x' });
    expectMessage(noType, 'zh-CN', '字典类型不存在');
    expect(await count('SELECT count(*) AS n FROM sys_dict_data')).toBe(before);

    const plum = await http.post('/system/dict/data', { dictType: 'test_fruit', dictLabel: '李子', dictValue: 'plum' });
    const clash = await http.put('/system/dict/data', {
      dictCode: plum.body.data.dictCode,
      dictType: 'test_fruit',
      dictLabel: '李子',
      dictValue: 'pear',
    });
    expectMessage(clash, 'zh-CN', '字典“test_fruit”中已存在键值“pear”');
    expect((await http.get(`/system/dict/data/${plum.body.data.dictCode}`)).body.data.dictValue).toBe('plum');
  });

  it('keeps one default entry per type', async () => {
    await http.post('/system/dict/type', { dictName: '默认', dictType: 'test_default' });
    await http.post('/system/dict/data', { dictType: 'test_default', dictLabel: '一', dictValue: '1', isDefault: 'Y' });
    await http.post('/system/dict/data', { dictType: 'test_default', dictLabel: '二', dictValue: '2', isDefault: 'Y' });
    const items = (await http.get('/system/dict/data/type/test_default')).body.data;
    expect(items.map((i: { dictValue: string; isDefault: string }) => `${i.dictValue}${i.isDefault}`)).toEqual(['1N', '2Y']);
  });
});

describe('entries by type', () => {
  it('answers enabled entries in sort order, labels in the caller language', async () => {
    const zh = await http.get('/system/dict/data/type/sys_user_sex');
    expect(zh.body.data).toHaveLength(3);
    expect(Object.keys(zh.body.data[0]).sort()).toEqual([
      'cssClass',
      'dictCode',
      'dictLabel',
      'dictSort',
      'dictValue',
      'isDefault',
      'listClass',
      'status',
    ]);
    expect(zh.body.data[0]).toMatchObject({ dictLabel: '男', dictValue: '0', dictSort: 1, isDefault: 'Y', status: '0', listClass: 'default' });
    expect(await labels('sys_user_sex', 'en')).toEqual(['Male', 'Female', 'Unknown']);
    expect(await labels('sys_oper_type', 'zh-TW')).toContain('匯出');
    expect(await labels('sys_oper_type', 'en-US,en;q=0.9')).toContain('Export');

    await http.post('/system/dict/type', { dictName: '状态测试', dictType: 'test_enabled' });
    await http.post('/system/dict/data', { dictType: 'test_enabled', dictLabel: '乙', dictValue: 'b', dictSort: 2 });
    await http.post('/system/dict/data', { dictType: 'test_enabled', dictLabel: '甲', dictValue: 'a', dictSort: 1 });
    await http.post('/system/dict/data', { dictType: 'test_enabled', dictLabel: '停', dictValue: 'off', dictSort: 0, status: '1' });
    expect(await labels('test_enabled')).toEqual(['甲', '乙']);
  });

  it('is open to any signed-in staff member, not to visitors', async () => {
    await createRole(t.app, 'bare', []);
    await createStaffUser(t.app, { userName: 'bare1', password: 'Bare12345', roles: ['bare'] });
    const token = await tokenOf(t.app, 'bare1', 'Bare12345');
    expect(
      (await http.lang('en').as(token).get('/system/dict/data/type/sys_yes_no')).body.data.map((d: { dictLabel: string }) => d.dictLabel),
    ).toEqual(['Yes', 'No']);
    expect((await http.as(token).get('/system/dict/type/optionselect')).status).toBe(200);
    expect((await http.as(token).get('/system/dict/data/list?dictType=sys_yes_no')).status).toBe(403);
    expect((await request(t.server).get('/prod-api/system/dict/data/type/sys_yes_no')).status).toBe(401);
  });

  it('is cached per type and language until the type, an entry or a translation changes', async () => {
    expect(await labels('sys_job_status', 'en')).toEqual(['Normal', 'Paused']);
    expect(await labels('sys_job_status')).toEqual(['正常', '暂停']);
    // Changes made behind the API's back are not seen while cached...
    await ds.query(`UPDATE sys_i18n_dict SET lang_value = 'Running' WHERE lang_key = 'dict.sys_job_status.0' AND lang_tag = 'en'`);
    await ds.query(`UPDATE sys_dict_data SET dict_sort = 9 WHERE dict_type = 'sys_job_status' AND dict_value = '0'`);
    expect(await labels('sys_job_status', 'en')).toEqual(['Normal', 'Paused']);
    // ...until refreshCache.
    expect((await http.delete('/system/dict/type/refreshCache')).status).toBe(200);
    expect(await labels('sys_job_status', 'en')).toEqual(['Paused', 'Running']);

    // An entry changed through the API is seen at once, in every language.
    const code = await codeOf('sys_job_status', '1');
    await http.put('/system/dict/data', { dictCode: code, dictType: 'sys_job_status', dictLabel: '暂停', dictValue: '1', dictSort: 20 });
    expect(await labels('sys_job_status', 'en')).toEqual(['Running', 'Paused']);
    expect(await labels('sys_job_status')).toEqual(['正常', '暂停']);

    // So is a translation changed through the i18n API.
    const [{ dict_id }] = await ds.query(`SELECT dict_id FROM sys_i18n_dict WHERE lang_key = 'dict.sys_job_status.1' AND lang_tag = 'en'`);
    await http.put('/system/i18n/dict', { dictId: String(dict_id), langTag: 'en', langKey: 'dict.sys_job_status.1', langValue: 'On hold' });
    expect(await labels('sys_job_status', 'en')).toEqual(['Running', 'On hold']);

    // And a disabled entry disappears.
    await http.put('/system/dict/data', { dictCode: code, dictType: 'sys_job_status', dictLabel: '暂停', dictValue: '1', dictSort: 20, status: '1' });
    expect(await labels('sys_job_status', 'en')).toEqual(['Running']);
  });

  it('saves an edited label in the language it was edited in', async () => {
    const code = await codeOf('sys_show_hide', '0');
    const shown = await http.lang('en').get(`/system/dict/data/${code}`);
    expect(shown.body.data.dictLabel).toBe('Shown');
    await http.lang('en').put('/system/dict/data', { ...pick(shown.body.data), dictLabel: 'Visible' });
    expect(await labels('sys_show_hide', 'en')).toEqual(['Visible', 'Hidden']);
    expect(await labels('sys_show_hide')).toEqual(['显示', '隐藏']);
    expect(await labels('sys_show_hide', 'zh-TW')).toEqual(['顯示', '隱藏']);

    const zh = await http.get(`/system/dict/data/${code}`);
    await http.put('/system/dict/data', { ...pick(zh.body.data), dictLabel: '可见' });
    expect(await labels('sys_show_hide')).toEqual(['可见', '隐藏']);
    expect(await labels('sys_show_hide', 'en')).toEqual(['Visible', 'Hidden']);
    expect((await ds.query('SELECT dict_label FROM sys_dict_data WHERE dict_code = $1', [code]))[0].dict_label).toBe('可见');
  });
});

/** The writable fields of an entry as the API answered it. */
function pick(d: Record<string, unknown>) {
  const { dictCode, dictType, dictLabel, dictValue, dictSort, cssClass, listClass, isDefault, status, remark } = d;
  return { dictCode, dictType, dictLabel, dictValue, dictSort, cssClass, listClass, isDefault, status, remark };
}
