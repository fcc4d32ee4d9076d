import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideMessages, t as translate } from '../../common/i18n/i18n';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { I18nModule } from './i18n.module';
import { api, expectMessage } from '../../../test/helpers/api';

let t: TestApp;
let ds: DataSource;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ imports: [I18nModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/system/i18n/dict' });
const countEntries = async () => Number((await ds.query('SELECT count(*) AS n FROM sys_i18n_dict'))[0].n);
const valueOf = async (tag: string, key: string) =>
  (await ds.query('SELECT lang_value FROM sys_i18n_dict WHERE lang_tag = $1 AND lang_key = $2', [tag, key]))[0]?.lang_value as string | undefined;

describe('language options', () => {
  it('lists the UI languages to visitors', async () => {
    const res = await request(t.server).get('/prod-api/system/i18n/dict/langOptions');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { value: 'zh-CN', label: '简体中文' },
      { value: 'zh-TW', label: '繁體中文' },
      { value: 'en', label: 'English' },
    ]);
  });
});

describe('translation entries', () => {
  it('adds, reads, lists with filters, changes and deletes an entry', async () => {
    const created = await http.post('', { langTag: 'en', langKey: 'test.greeting', langValue: 'Hello' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ langTag: 'en', langKey: 'test.greeting', langValue: 'Hello', createBy: 'admin' });
    const id = created.body.data.dictId as string;
    await http.post('', { langTag: 'zh-CN', langKey: 'test.greeting', langValue: '你好' });

    expect((await http.get(`/${id}`)).body.data.langValue).toBe('Hello');
    expect((await http.get('/list?langKey=test.greet')).body.data.total).toBe(2);
    expect((await http.get('/list?langKey=test.greet&langTag=en')).body.data.rows.map((r: { dictId: string }) => r.dictId)).toEqual([id]);
    expect((await http.get('/list?langValue=hell')).body.data.rows.map((r: { dictId: string }) => r.dictId)).toEqual([id]);
    const byKey = await http.get('/langKey/test.greeting');
    expect(byKey.body.data).toEqual([
      { langTag: 'zh-CN', langValue: '你好', dictId: expect.any(String) },
      { langTag: 'en', langValue: 'Hello', dictId: id },
    ]);

    expect((await http.put('', { dictId: id, langTag: 'en', langKey: 'test.greeting', langValue: 'Hi' })).status).toBe(200);
    expect((await http.get(`/${id}`)).body.data.langValue).toBe('Hi');
    expect((await http.delete(`/${id}`)).status).toBe(200);
    expect((await http.get(`/${id}`)).status).toBe(404);
    expect((await http.get('/langKey/test.greeting')).body.data).toHaveLength(1);
  });

  it('refuses a second text for one language and key, or an unknown language, writing nothing', async () => {
    const before = await countEntries();
    const dup = await http.post('', { langTag: 'en', langKey: 'menu.system', langValue: 'Sys' });
    expect(dup.status).toBe(400);
    expectMessage(dup, 'zh-CN', '语言“en”下已存在键“menu.system”');
    const dupEn = await http.lang('en').post('', { langTag: 'en', langKey: 'menu.system', langValue: 'Sys2' });
    expectMessage(dupEn, 'en', 'The key "menu.system" already exists for "en"');
    const badTag = await http.post('', { langTag: 'fr', langKey: 'test.x', langValue: 'Bonjour' });
    expectMessage(badTag, 'zh-CN', '语言只能是以下值之一：zh-CN, zh-TW, en');
    expect(await countEntries()).toBe(before);
    expect(await valueOf('en', 'menu.system')).not.toBe('Sys');

    const mine = await http.post('', { langTag: 'zh-TW', langKey: 'test.mine', langValue: '我的' });
    const clash = await http.put('', { dictId: mine.body.data.dictId, langTag: 'zh-TW', langKey: 'menu.system', langValue: '我的' });
    expectMessage(clash, 'zh-CN', '语言“zh-TW”下已存在键“menu.system”');
    expect(await valueOf('zh-TW', 'test.mine')).toBe('我的');
  });

  it('lists the texts of a key to any signed-in staff member; the list needs its permission', async () => {
    await createRole(t.app, 'bare', []);
    await createStaffUser(t.app, { userName: 'bare1', password: 'Bare12345', roles: ['bare'] });
    const token = await tokenOf(t.app, 'bare1', 'Bare12345');
    const res = await http.as(token).get('/langKey/menu.system');
    expect(res.body.data.map((r: { langTag: string; langValue: string }) => `${r.langTag}:${r.langValue}`)).toEqual([
      'zh-CN:系统管理',
      'zh-TW:系統管理',
      'en:System',
    ]);
    expect((await http.as(token).get('/list')).status).toBe(403);
    expect((await http.as(token).put('/batch', [])).status).toBe(403);
  });
});

describe('batch save', () => {
  it('adds new texts and replaces existing ones', async () => {
    const res = await http.put('/batch', [
      { langTag: 'zh-CN', langKey: 'test.batch', langValue: '批量' },
      { langTag: 'en', langKey: 'test.batch', langValue: 'Batch' },
      { langTag: 'en', langKey: 'menu.system.user', langValue: 'Staff accounts' },
    ]);
    expect(res.status).toBe(200);
    expect(await valueOf('zh-CN', 'test.batch')).toBe('批量');
    expect(await valueOf('en', 'test.batch')).toBe('Batch');
    expect(await valueOf('en', 'menu.system.user')).toBe('Staff accounts');
    const routes = await request(t.server).get('/prod-api/getRouters').set('Authorization', `Bearer ${admin}`).set('Accept-Language', 'en');
    const system = routes.body.data.find((r: { path: string }) => r.path === '/system');
    expect(system.children.find((c: { path: string }) => c.path === 'user').meta.title).toBe('Staff accounts');
  });

  it('saves nothing when one item is bad, and says which', async () => {
    const before = await countEntries();
    const res = await http.put('/batch', [
      { langTag: 'en', langKey: 'test.allornothing', langValue: 'First' },
      { langTag: 'xx', langKey: 'test.allornothing', langValue: 'Bad' },
      { langTag: 'en', langKey: 'menu.system', langValue: 'Changed' },
    ]);
    expect(res.status).toBe(400);
    expectMessage(res, 'zh-CN', '第 2 条：语言只能是以下值之一：zh-CN, zh-TW, en');
    expect(await countEntries()).toBe(before);
    expect(await valueOf('en', 'test.allornothing')).toBeUndefined();
    expect(await valueOf('en', 'menu.system')).toBe('System');

    expectMessage(await http.put('/batch', { langTag: 'en' }), 'zh-CN', '词条列表必须是数组');
    expectMessage(await http.lang('en').put('/batch', [null]), 'en', 'Item 1: Entry list must be an object');
  });

  it('rolls back the items already written when the database refuses a later one', async () => {
    const before = await countEntries();
    // A NUL byte passes validation but PostgreSQL refuses it in text, after the first item was written.
    const res = await http.put('/batch', [
      { langTag: 'en', langKey: 'test.rollback', langValue: 'Written first' },
      { langTag: 'en', langKey: 'test.rollback2', langValue: 'bad\u0000text' },
    ]);
    expect(res.body.code).not.toBe(200);
    expect(await countEntries()).toBe(before);
    expect(await valueOf('en', 'test.rollback')).toBeUndefined();
  });
});

describe('server message overrides', () => {
  it('replace a message in API errors after an entry is added or changed, in that language only', async () => {
    let n = 0; // a new body each time: the same body within 1 s is a repeated submit
    const trigger = (lang = 'zh-CN') => http.lang(lang).post('', { langTag: 'en', langKey: `test.trigger${++n}`, langValue: '' });
    expectMessage(await trigger(), 'zh-CN', '译文不能为空');

    const created = await http.post('', { langTag: 'zh-CN', langKey: 'validation.isNotEmpty', langValue: '请填写{field}' });
    expectMessage(await trigger(), 'zh-CN', '请填写译文');
    await http.put('', { dictId: created.body.data.dictId, langTag: 'zh-CN', langKey: 'validation.isNotEmpty', langValue: '{field}必须填写' });
    expectMessage(await trigger(), 'zh-CN', '译文必须填写');
    expectMessage(await trigger('en'), 'en', 'Text must not be empty');

    await http.delete(`/${created.body.data.dictId}`);
    expectMessage(await trigger(), 'zh-CN', '译文不能为空');
  });

  it('override paging errors too, and a change made in SQL shows after refreshCache', async () => {
    const sort = () => http.get('/list?orderByColumn=nope');
    expectMessage(await sort(), 'zh-CN', '不支持按 nope 排序');
    await http.put('/batch', [{ langTag: 'zh-CN', langKey: 'error.orderByColumn', langValue: '列 {column} 不能排序' }]);
    expectMessage(await sort(), 'zh-CN', '列 nope 不能排序');

    await ds.query(`UPDATE sys_i18n_dict SET lang_value = '无法按 {column} 排序' WHERE lang_tag = 'zh-CN' AND lang_key = 'error.orderByColumn'`);
    expectMessage(await sort(), 'zh-CN', '列 nope 不能排序');
    expect((await http.delete('/refreshCache')).status).toBe(200);
    expectMessage(await sort(), 'zh-CN', '无法按 nope 排序');
  });

  it('ignore entries whose key is not a server message', async () => {
    await http.post('', { langTag: 'zh-CN', langKey: 'not.a.message', langValue: '无关' });
    expect(translate('not.a.message')).toBe('not.a.message');
  });
});

describe('overrideMessages', () => {
  it('takes only catalog keys, and each call replaces the previous overrides of that language', () => {
    overrideMessages('zh-TW', { 'error.notFound': '找不到', 'no.such.key': 'x' });
    expect(translate('error.notFound', undefined, 'zh-TW')).toBe('找不到');
    expect(translate('no.such.key', undefined, 'zh-TW')).toBe('no.such.key');
    expect(translate('error.notFound', undefined, 'zh-CN')).toBe('请求的资源不存在');
    overrideMessages('zh-TW', { 'error.forbidden': '不准' });
    expect(translate('error.notFound', undefined, 'zh-TW')).toBe('請求的資源不存在');
    expect(translate('error.forbidden', undefined, 'zh-TW')).toBe('不准');
    overrideMessages('zh-TW', {});
    expect(translate('error.forbidden', undefined, 'zh-TW')).toBe('沒有權限，請聯絡管理員授權');
  });
});
