import { PAGING, type PageResult } from '@zhiwen/shared';
import type { DataProvider, GetListParams, Identifier } from 'ra-core';
import { DETAIL_RESOURCES, SCREEN_API_PATHS, SCREENS } from '../screens/registry';
import { changesDicts, dictStore } from './dicts';
import { httpClient, type HttpClient } from './httpClient';

export interface DataProviderOptions {
  /** Primary-key field of a resource whose rows have no `id` (e.g. `{ 'system/user': 'userId' }`). */
  primaryKeys?: Record<string, string>;
  /** API path of a resource whose screen path differs (e.g. `{ 'system/i18n': 'system/i18n/dict' }`). */
  apiPaths?: Record<string, string>;
  /** List URL of a resource whose list is not `<path>/list` (e.g. a role's users: `system/role/authUser/allocatedList`). */
  listPaths?: Record<string, string>;
  /** Called after a successful create, update or delete of a resource (e.g. to drop cached dictionaries). */
  onWrite?: (resource: string) => void;
}

// Rows are whatever the server sends; react-admin's generic record types are satisfied with `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = any;

/**
 * react-admin data provider for the `{code,msg,data}` API. A resource name is the API path without
 * the base (e.g. `system/user`): list `GET system/user/list`, one `GET system/user/1`, create `POST`,
 * update `PUT system/user`, delete `DELETE system/user/1` or `DELETE system/user/1,2`.
 */
export function createDataProvider(http: HttpClient = httpClient, options: DataProviderOptions = {}): DataProvider {
  const wrote = <T>(resource: string, result: T): T => {
    options.onWrite?.(resource);
    return result;
  };
  const primaryKey = (resource: string) => options.primaryKeys?.[resource] ?? 'id';

  // react-admin needs an `id` on every record.
  const toRecord = (resource: string, row: Row): Row => {
    const key = primaryKey(resource);
    return row && typeof row === 'object' && row.id === undefined && key !== 'id' ? { ...row, id: row[key] } : row;
  };

  const path = (resource: string, suffix?: string) =>
    `/${(options.apiPaths?.[resource] ?? resource).replace(/^\/+|\/+$/g, '')}${suffix === undefined ? '' : `/${suffix}`}`;

  async function getList(resource: string, params: Partial<GetListParams>) {
    const { page = PAGING.defaultPageNum, perPage = PAGING.defaultPageSize } = params.pagination ?? {};
    const query: Record<string, unknown> = { ...params.filter, pageNum: page, pageSize: perPage };
    if (params.sort?.field) {
      query.orderByColumn = params.sort.field === 'id' ? primaryKey(resource) : params.sort.field;
      query.isAsc = params.sort.order === 'DESC' ? 'desc' : 'asc';
    }
    const listUrl = options.listPaths?.[resource] ? `/${options.listPaths[resource].replace(/^\/+/, '')}` : path(resource, 'list');
    const { data } = await http.get<PageResult<Row> | Row[]>(listUrl, query, { signal: params.signal });
    // Tree screens (departments, menus) list everything at once: a plain array instead of a page.
    const rows: Row[] = Array.isArray(data) ? data : (data?.rows ?? []);
    return {
      data: rows.map((row) => toRecord(resource, row)),
      total: Array.isArray(data) ? data.length : (data?.total ?? 0),
      // An estimated total of a large list: the pager says "about".
      ...(!Array.isArray(data) && data?.totalExact === false ? { meta: { totalExact: false } } : {}),
    };
  }

  async function getOne(resource: string, id: Identifier, signal?: AbortSignal) {
    const { data } = await http.get<Row>(path(resource, encodeURIComponent(String(id))), undefined, { signal });
    return toRecord(resource, data);
  }

  async function update(resource: string, id: Identifier, data: Row, previousData: Row) {
    const body = { ...data, [primaryKey(resource)]: id };
    const result = await http.put<Row>(path(resource), body);
    const saved = result.data && typeof result.data === 'object' ? result.data : { ...previousData, ...body };
    return toRecord(resource, { ...saved, id });
  }

  return {
    supportAbortSignal: true,

    getList: (resource, params) => getList(resource, params),

    getOne: async (resource, params) => ({ data: await getOne(resource, params.id, params.signal) }),

    // The list call filtered by `ids`; any id it did not return is fetched one by one.
    getMany: async (resource, params) => {
      const ids = params.ids;
      if (!ids.length) return { data: [] };
      const { data: rows } = await getList(resource, {
        filter: { ids },
        pagination: { page: 1, perPage: ids.length },
        signal: params.signal,
      });
      const byId = new Map(rows.map((row: Row) => [String(row.id), row]));
      const missing = ids.filter((id) => !byId.has(String(id)));
      const fetched = await Promise.all(missing.map((id) => getOne(resource, id, params.signal)));
      for (const row of fetched) if (row) byId.set(String(row.id), row);
      return { data: ids.map((id) => byId.get(String(id))).filter(Boolean) };
    },

    getManyReference: (resource, params) => getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async (resource, params) => {
      const result = await http.post<Row>(path(resource), params.data);
      const created = result.data && typeof result.data === 'object' ? result.data : { ...params.data, id: result.data ?? (params.data as Row).id };
      return wrote(resource, { data: toRecord(resource, created) });
    },

    update: async (resource, params) =>
      wrote(resource, {
        data: await update(resource, params.id, params.data, params.previousData),
      }),

    updateMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => update(resource, id, params.data, {})));
      return wrote(resource, { data: params.ids });
    },

    delete: async (resource, params) => {
      await http.delete(path(resource, encodeURIComponent(String(params.id))));
      return wrote(resource, { data: params.previousData ?? ({ id: params.id } as Row) });
    },

    deleteMany: async (resource, params) => {
      if (params.ids.length) {
        await http.delete(path(resource, params.ids.map((id) => encodeURIComponent(String(id))).join(',')));
      }
      return wrote(resource, { data: params.ids });
    },
  };
}

export const dataProvider = createDataProvider(httpClient, {
  primaryKeys: Object.fromEntries([...SCREENS, ...DETAIL_RESOURCES].map((s) => [s.resource, s.primaryKey])),
  apiPaths: SCREEN_API_PATHS,
  listPaths: Object.fromEntries(DETAIL_RESOURCES.filter((d) => d.listPath).map((d) => [d.resource, d.listPath!])),
  onWrite: (resource) => {
    if (changesDicts(resource)) dictStore.invalidate();
  },
});
