import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDictStore, type DictStore } from '../src/components/dictStore';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createDataProvider } from '../src/providers/dataProvider';
import { changesDicts } from '../src/providers/dicts';
import { createHttpClient } from '../src/providers/httpClient';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

/** The stand-in server's notice types, by language; staff add one during the test. */
const noticeTypes: Array<{ value: string; zh: string; en: string }> = [
  { value: '1', zh: '通知', en: 'Notice' },
  { value: '2', zh: '公告', en: 'Announcement' },
];

let server: TestServer;
let language = 'zh-CN';
let store: DictStore;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const { path } = parseUrl(req);
    const lang = req.headers['accept-language'];
    if (req.method === 'GET' && path === '/prod-api/system/dict/data/type/sys_notice_type') {
      const data = noticeTypes.map((t) => ({ dictValue: t.value, dictLabel: lang === 'en' ? t.en : t.zh, dictSort: 0 }));
      return sendJson(res, 200, { code: 200, msg: '', data });
    }
    if (req.method === 'GET' && path === '/prod-api/system/dict/data/type/broken') {
      return sendJson(res, 500, { code: 500, msg: '系统内部错误' });
    }
    if (req.method === 'POST' && path === '/prod-api/system/dict/data') {
      const body = JSON.parse(req.body);
      noticeTypes.push({ value: body.dictValue, zh: body.dictLabel, en: body.dictLabel });
      return sendJson(res, 200, { code: 200, msg: '新增成功', data: { ...body, dictCode: 99 } });
    }
    return sendJson(res, 404, { code: 404, msg: '接口不存在' });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  language = 'zh-CN';
  const http = createHttpClient({
    baseUrl: server.baseUrl,
    getToken: () => 'tok',
    getLanguage: () => language as 'zh-CN',
    translate: createI18nProvider('zh-CN').translate,
  });
  store = createDictStore(
    (url) => http.get(url),
    () => language,
  );
  server.requests.length = 0;
});

const typeCalls = () => server.requests.filter((r) => r.url.includes('/system/dict/data/type/')).length;

describe('dictionaries loaded from the server', () => {
  it('loads a type once per language, labels as the server translates them', async () => {
    expect(store.peek('sys_notice_type')).toBeUndefined();
    const [a, b] = await Promise.all([store.load('sys_notice_type'), store.load('sys_notice_type')]);
    expect(a).toEqual([
      { id: '1', name: '通知' },
      { id: '2', name: '公告' },
    ]);
    expect(b).toBe(a);
    expect(await store.load('sys_notice_type')).toBe(a);
    expect(store.peek('sys_notice_type')).toBe(a);
    expect(typeCalls()).toBe(1);
    language = 'en';
    expect(store.peek('sys_notice_type')).toBeUndefined();
    expect((await store.load('sys_notice_type')).map((c) => c.name)).toEqual(['Notice', 'Announcement']);
    expect(typeCalls()).toBe(2);
  });

  it('a type staff add an entry to is fetched again once invalidated, and listeners hear of it', async () => {
    await store.load('sys_notice_type');
    let heard = 0;
    const stop = store.subscribe(() => heard++);
    const http = createHttpClient({ baseUrl: server.baseUrl, getToken: () => 'tok', translate: createI18nProvider('zh-CN').translate });
    const provider = createDataProvider(http, {
      onWrite: (resource) => {
        if (changesDicts(resource)) store.invalidate();
      },
    });
    await provider.create('system/dict/data', { data: { dictType: 'sys_notice_type', dictValue: '3', dictLabel: '快讯' } });
    expect(heard).toBe(1);
    expect(store.peek('sys_notice_type')).toBeUndefined();
    expect((await store.load('sys_notice_type')).map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(store.peek('sys_notice_type')?.find((c) => c.id === '3')?.name).toBe('快讯');
    expect(heard).toBe(2);
    stop();
  });

  it('invalidates only the listed types, and only writes to dictionaries or translations count', async () => {
    await store.load('sys_notice_type');
    store.invalidate(['sys_user_sex']);
    expect(store.peek('sys_notice_type')).toBeDefined();
    store.invalidate(['sys_notice_type']);
    expect(store.peek('sys_notice_type')).toBeUndefined();
    expect(['system/dict', 'system/dict/data', 'system/i18n'].map(changesDicts)).toEqual([true, true, true]);
    expect(['system/user', 'system/notice', 'system/dictionary-like'].map(changesDicts)).toEqual([false, false, false]);
  });

  it('does not keep a failed load: the next use asks again', async () => {
    await expect(store.load('broken')).rejects.toThrow('系统内部错误');
    await expect(store.load('broken')).rejects.toThrow();
    expect(typeCalls()).toBe(2);
    expect(store.peek('broken')).toBeUndefined();
  });
});
