import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createDataProvider } from '../src/providers/dataProvider';
import { createHttpClient } from '../src/providers/httpClient';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

const users = [
  { userId: 1, userName: 'admin', nickName: '管理员' },
  { userId: 2, userName: 'editor', nickName: '编辑' },
  { userId: 3, userName: 'writer', nickName: '作者' },
];

let server: TestServer;
let provider: DataProvider;

beforeAll(async () => {
  // A tiny stand-in of the server's user API, answering in the {code,msg,data} envelope.
  server = await startTestServer((req, res) => {
    const { path, query } = parseUrl(req);
    if (req.method === 'GET' && path === '/prod-api/system/user/list') {
      // Like the real server, `ids` filters; this one ignores id 3 so the getOne fallback is exercised.
      const ids = query.ids?.split(',').filter((id) => id !== '3');
      const rows = ids ? users.filter((u) => ids.includes(String(u.userId))) : users.slice(0, 2);
      return sendJson(res, 200, { code: 200, msg: '查询成功', data: { rows, total: 42 } });
    }
    const one = path.match(/^\/prod-api\/system\/user\/(\d+)$/);
    if (req.method === 'GET' && one) {
      const user = users.find((u) => String(u.userId) === one[1]);
      return user ? sendJson(res, 200, { code: 200, msg: '', data: user }) : sendJson(res, 404, { code: 404, msg: '用户不存在' });
    }
    if (req.method === 'POST' && path === '/prod-api/system/user') {
      return sendJson(res, 200, { code: 200, msg: '新增成功', data: { ...JSON.parse(req.body), userId: 9 } });
    }
    if (req.method === 'PUT' && path === '/prod-api/system/user') {
      return sendJson(res, 200, { code: 200, msg: '修改成功' });
    }
    if (req.method === 'DELETE' && path.startsWith('/prod-api/system/user/')) {
      return sendJson(res, 200, { code: 200, msg: '删除成功' });
    }
    if (req.method === 'GET' && path === '/prod-api/system/dept/list') {
      // Tree screens are not paged: the list is a plain array.
      return sendJson(res, 200, {
        code: 200,
        msg: '',
        data: [
          { deptId: 1, parentId: 0 },
          { deptId: 2, parentId: 1 },
        ],
      });
    }
    if (path === '/prod-api/system/post/list') {
      return sendJson(res, 400, { code: 500, msg: '排序列不合法' });
    }
    return sendJson(res, 404, { code: 404, msg: '接口不存在' });
  });
  const i18n = createI18nProvider('zh-CN');
  const http = createHttpClient({
    baseUrl: server.baseUrl,
    getToken: () => 'tok-123',
    getLanguage: () => 'zh-TW',
    getSiteId: () => '7',
    translate: i18n.translate,
  });
  provider = createDataProvider(http, { primaryKeys: { 'system/user': 'userId', 'system/dept': 'deptId' } });
});

afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('dataProvider over HTTP', () => {
  it('getList sends pageNum, pageSize, orderByColumn, isAsc and filters, and reads rows/total', async () => {
    const result = await provider.getList('system/user', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'userName', order: 'DESC' },
      filter: { status: '0', userName: 'ad', params: { beginTime: '2025-01-01' }, empty: '' },
    });
    expect(server.requests).toHaveLength(1);
    const { path, query } = parseUrl(server.requests[0]);
    expect(server.requests[0].method).toBe('GET');
    expect(path).toBe('/prod-api/system/user/list');
    expect(query).toEqual({
      status: '0',
      userName: 'ad',
      'params[beginTime]': '2025-01-01',
      pageNum: '3',
      pageSize: '10',
      orderByColumn: 'userName',
      isAsc: 'desc',
    });
    expect(result.total).toBe(42);
    expect(result.data.map((r) => r.id)).toEqual([1, 2]);
    expect(result.data[0]).toMatchObject({ userId: 1, userName: 'admin' });
  });

  it('sends the token, language and current site headers', async () => {
    await provider.getList('system/user', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const { headers } = server.requests[0];
    expect(headers.authorization).toBe('Bearer tok-123');
    expect(headers['accept-language']).toBe('zh-TW');
    expect(headers.currentsite).toBe('7');
    // Sorting by react-admin's default `id` sorts by the resource's primary key.
    expect(parseUrl(server.requests[0]).query).toMatchObject({ orderByColumn: 'userId', isAsc: 'asc' });
  });

  it('getOne reads <resource>/<id>', async () => {
    const { data } = await provider.getOne('system/user', { id: 2 });
    expect(parseUrl(server.requests[0]).path).toBe('/prod-api/system/user/2');
    expect(data).toMatchObject({ id: 2, userName: 'editor' });
  });

  it('getMany goes through the list with ids and fetches what the list left out', async () => {
    const { data } = await provider.getMany('system/user', { ids: [1, 3] });
    const [list, one] = server.requests.map(parseUrl);
    expect(list.path).toBe('/prod-api/system/user/list');
    expect(list.query).toMatchObject({ ids: '1,3', pageNum: '1', pageSize: '2' });
    expect(one.path).toBe('/prod-api/system/user/3');
    expect(data.map((r) => r.userName)).toEqual(['admin', 'writer']);
  });

  it('getManyReference filters the list by the target field', async () => {
    const { data, total } = await provider.getManyReference('system/user', {
      target: 'deptId',
      id: 100,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'userId', order: 'ASC' },
      filter: {},
    });
    expect(parseUrl(server.requests[0]).query).toMatchObject({ deptId: '100', pageNum: '1', pageSize: '5' });
    expect(total).toBe(42);
    expect(data).toHaveLength(2);
  });

  it('create POSTs the record and returns it with an id', async () => {
    const { data } = await provider.create('system/user', { data: { userName: 'new', nickName: '新人' } });
    expect(server.requests[0].method).toBe('POST');
    expect(parseUrl(server.requests[0]).path).toBe('/prod-api/system/user');
    expect(JSON.parse(server.requests[0].body)).toEqual({ userName: 'new', nickName: '新人' });
    expect(server.requests[0].headers['content-type']).toContain('application/json');
    expect(data).toMatchObject({ id: 9, userName: 'new' });
  });

  it('update PUTs the record with its primary key', async () => {
    const { data } = await provider.update('system/user', {
      id: 2,
      data: { nickName: '主编' },
      previousData: { id: 2, userId: 2, userName: 'editor', nickName: '编辑' },
    });
    expect(server.requests[0].method).toBe('PUT');
    expect(parseUrl(server.requests[0]).path).toBe('/prod-api/system/user');
    expect(JSON.parse(server.requests[0].body)).toEqual({ nickName: '主编', userId: 2 });
    expect(data).toMatchObject({ id: 2, userName: 'editor', nickName: '主编' });
  });

  it('delete and deleteMany DELETE <resource>/<id> and <resource>/<id1,id2>', async () => {
    const one = await provider.delete('system/user', { id: 3, previousData: { id: 3 } });
    const many = await provider.deleteMany('system/user', { ids: [1, 2] });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /prod-api/system/user/3', 'DELETE /prod-api/system/user/1,2']);
    expect(one.data).toEqual({ id: 3 });
    expect(many.data).toEqual([1, 2]);
  });

  it('rejects with the envelope msg when the server refuses', async () => {
    await expect(
      provider.getList('system/post', { pagination: { page: 1, perPage: 10 }, sort: { field: 'x', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ message: '排序列不合法', status: 500 });
    await expect(provider.getOne('system/user', { id: 99 })).rejects.toMatchObject({ message: '用户不存在', status: 404 });
  });
});

describe('unpaged lists', () => {
  it('reads a plain array answer as the whole list', async () => {
    const { data, total } = await provider.getList('system/dept', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'orderNum', order: 'ASC' },
      filter: {},
    });
    expect(data.map((d) => d.id)).toEqual([1, 2]);
    expect(total).toBe(2);
  });
});
