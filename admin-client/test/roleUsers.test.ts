import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createHttpClient } from '../src/providers/httpClient';
import { createDataProvider } from '../src/providers/dataProvider';
import { DETAIL_RESOURCES } from '../src/screens/registry';
import { ROLE_CANDIDATES_RESOURCE, ROLE_USERS_RESOURCE } from '../src/screens/system/role/role';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

let server: TestServer;

beforeAll(async () => {
  // Stand-in of the role controller's two user lists.
  server = await startTestServer((req, res) => {
    const { path, query } = parseUrl(req);
    const rows = {
      '/prod-api/system/role/authUser/allocatedList': [{ userId: '7', userName: 'editor1' }],
      '/prod-api/system/role/authUser/unallocatedList': [{ userId: '8', userName: 'writer1' }],
    }[path];
    if (req.method === 'GET' && rows && query.roleId === '2') return sendJson(res, 200, { code: 200, msg: '', data: { rows, total: 21 } });
    return sendJson(res, 404, { code: 404, msg: '接口不存在' });
  });
});

afterAll(() => server.close());

describe('the role users lists', () => {
  const provider = () =>
    createDataProvider(createHttpClient({ baseUrl: server.baseUrl, getToken: () => 'tok', translate: createI18nProvider('zh-CN').translate }), {
      primaryKeys: Object.fromEntries(DETAIL_RESOURCES.map((d) => [d.resource, d.primaryKey])),
      listPaths: Object.fromEntries(DETAIL_RESOURCES.filter((d) => d.listPath).map((d) => [d.resource, d.listPath!])),
    });

  it('reads the users holding the role from authUser/allocatedList, paged and filtered, each row identified by userId', async () => {
    const result = await provider().getList(ROLE_USERS_RESOURCE, {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'userName', order: 'ASC' },
      filter: { roleId: '2', phonenumber: '138' },
    });
    expect(result).toEqual({ data: [{ id: '7', userId: '7', userName: 'editor1' }], total: 21 });
    const { path, query } = parseUrl(server.requests.at(-1)!);
    expect(path).toBe('/prod-api/system/role/authUser/allocatedList');
    expect(query).toMatchObject({ roleId: '2', phonenumber: '138', pageNum: '2', pageSize: '10', orderByColumn: 'userName', isAsc: 'asc' });
  });

  it('reads the users not holding it from authUser/unallocatedList', async () => {
    const result = await provider().getList(ROLE_CANDIDATES_RESOURCE, { pagination: { page: 1, perPage: 10 }, filter: { roleId: '2' } });
    expect(result.data.map((u) => u.id)).toEqual(['8']);
  });
});
