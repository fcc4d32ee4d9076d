import type { AuthProvider } from 'ra-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createAuthProvider, DEFAULT_ROLE, hasPermission, hasPermissionString } from '../src/providers/authProvider';
import type { TokenStore } from '../src/providers/cookies';
import { createHttpClient, type HttpClient } from '../src/providers/httpClient';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

let server: TestServer;
let token: string | undefined;
let auth: AuthProvider;
let http: HttpClient;
/** What GET /getInfo answers in the current test. */
let info: unknown;

const memoryTokens: TokenStore = { get: () => token, set: (t) => (token = t), remove: () => (token = undefined) };

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const { path } = parseUrl(req);
    if (path === '/prod-api/login') {
      const { username, password } = JSON.parse(req.body);
      return username === 'admin' && password === 'secret'
        ? sendJson(res, 200, { code: 200, msg: '登录成功', data: 'jwt-token' })
        : sendJson(res, 400, { code: 500, msg: '用户不存在/密码错误' });
    }
    if (path === '/prod-api/getInfo') {
      return req.headers.authorization === 'Bearer jwt-token'
        ? sendJson(res, 200, { code: 200, msg: '', data: info })
        : sendJson(res, 401, { code: 401, msg: '请先登录' });
    }
    if (path === '/prod-api/logout') return sendJson(res, 200, { code: 200, msg: '退出成功' });
    return sendJson(res, 404, { code: 404, msg: '接口不存在' });
  });
  http = createHttpClient({
    baseUrl: server.baseUrl,
    getToken: () => token,
    translate: createI18nProvider('zh-CN').translate,
  });
});

afterAll(() => server.close());
beforeEach(() => {
  // A fresh provider per test: user info is cached per token.
  auth = createAuthProvider(http, memoryTokens);
  token = undefined;
  server.requests.length = 0;
  info = { user: { userId: 1, userName: 'admin', nickName: '超级管理员' }, roles: ['admin'], permissions: ['*:*:*'] };
});

describe('authProvider', () => {
  it('login posts username, password, code and uuid and keeps the token', async () => {
    await auth.login({ username: 'admin', password: 'secret', code: '7', uuid: 'u-1' });
    expect(JSON.parse(server.requests[0].body)).toEqual({ username: 'admin', password: 'secret', code: '7', uuid: 'u-1' });
    expect(server.requests[0].headers.authorization).toBeUndefined();
    expect(token).toBe('jwt-token');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('a refused login rejects with the server msg and keeps no token', async () => {
    await expect(auth.login({ username: 'admin', password: 'wrong' })).rejects.toMatchObject({ message: '用户不存在/密码错误' });
    expect(token).toBeUndefined();
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('identity and permissions come from one GET /getInfo', async () => {
    token = 'jwt-token';
    await expect(auth.getIdentity!()).resolves.toEqual({ id: 1, userName: 'admin', fullName: '超级管理员', avatar: undefined });
    await expect(auth.getPermissions!({})).resolves.toEqual({ roles: ['admin'], permissions: ['*:*:*'], routes: [] });
    expect(server.requests.filter((r) => parseUrl(r).path === '/prod-api/getInfo')).toHaveLength(1);
  });

  it('a user without roles gets ROLE_DEFAULT', async () => {
    token = 'jwt-token';
    info = { user: { userId: 2, userName: 'editor' }, roles: [], permissions: ['system:user:list'] };
    await expect(auth.getPermissions!({})).resolves.toEqual({ roles: [DEFAULT_ROLE], permissions: ['system:user:list'], routes: [] });
  });

  it('canAccess grants by exact permission and denies without one', async () => {
    token = 'jwt-token';
    info = { user: { userId: 2 }, roles: ['editor'], permissions: ['system:user:list', 'system:user:query'] };
    await expect(auth.canAccess!({ resource: 'system/user', action: 'list' })).resolves.toBe(true);
    await expect(auth.canAccess!({ resource: 'system/user', action: 'show' })).resolves.toBe(true);
    await expect(auth.canAccess!({ resource: 'system/user', action: 'delete' })).resolves.toBe(false);
    await expect(auth.canAccess!({ resource: 'system/role', action: 'list' })).resolves.toBe(false);
  });

  it('canAccess checks a screen whose path differs from its API against the API permissions', async () => {
    token = 'jwt-token';
    info = { user: { userId: 2 }, roles: ['auditor'], permissions: ['monitor:operlog:remove'] };
    const mapped = createAuthProvider(http, memoryTokens, { 'system/log/operlog': 'monitor/operlog' });
    await expect(mapped.canAccess!({ resource: 'system/log/operlog', action: 'delete' })).resolves.toBe(true);
    await expect(mapped.canAccess!({ resource: 'system/log/operlog', action: 'export' })).resolves.toBe(false);
  });

  it('checkError keeps the session on 403 and other errors', async () => {
    token = 'jwt-token';
    await expect(auth.checkError({ status: 403, message: '没有权限，请联系管理员授权' })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(token).toBe('jwt-token');
  });

  it('checkError leaves a 401 while signed in to the re-login dialog: no sign-out, the page stays', async () => {
    token = 'jwt-token';
    await expect(auth.checkError({ status: 401, message: '登录状态已过期' })).resolves.toBeUndefined();
    expect(token).toBe('jwt-token');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('getPermissions answers none while the session is refused, so the console shows with the re-login dialog', async () => {
    token = 'ended-token';
    await expect(auth.getPermissions!({})).resolves.toEqual({ roles: [], permissions: [], routes: [] });
    await expect(auth.getIdentity!()).rejects.toMatchObject({ status: 401 });
  });

  it('checkError sends a 401 without a token (signed out elsewhere) to the login page', async () => {
    await expect(auth.checkError({ status: 401, message: '请先登录' })).rejects.toMatchObject({ status: 401 });
  });

  it('logout calls POST /logout with the token and forgets it', async () => {
    token = 'jwt-token';
    await auth.logout({});
    expect(server.requests.map((r) => `${r.method} ${parseUrl(r).path} ${r.headers.authorization}`)).toEqual([
      'POST /prod-api/logout Bearer jwt-token',
    ]);
    expect(token).toBeUndefined();
  });
});

describe('hasPermission', () => {
  it('accepts * and *:*:*, and exact <resource>:<action> strings', () => {
    expect(hasPermission(['*'], 'cms/site', 'delete')).toBe(true);
    expect(hasPermission(['*:*:*'], 'cms/site', 'delete')).toBe(true);
    expect(hasPermission(['cms:site:remove'], 'cms/site', 'delete')).toBe(true);
    expect(hasPermission(['cms:site:delete'], 'cms/site', 'delete')).toBe(true);
    expect(hasPermission(['cms:site:edit'], 'cms/site', 'delete')).toBe(false);
    expect(hasPermission(['cms:site'], 'cms/site', 'list')).toBe(false);
    expect(hasPermission([], 'cms/site', 'list')).toBe(false);
  });

  it('reads a CMS screen’s `view` permission as its list permission', () => {
    expect(hasPermission(['cms:member:view'], 'cms/member', 'list')).toBe(true);
    expect(hasPermission(['cms:member:view'], 'cms/member', 'edit')).toBe(false);
    expect(hasPermission(['cms:member:list'], 'cms/member', 'list')).toBe(true);
  });
});

describe('hasPermissionString', () => {
  it('accepts *, *:*:* and the exact string only', () => {
    expect(hasPermissionString(['*'], 'monitor:online:forceLogout')).toBe(true);
    expect(hasPermissionString(['*:*:*'], 'monitor:online:forceLogout')).toBe(true);
    expect(hasPermissionString(['monitor:online:forceLogout'], 'monitor:online:forceLogout')).toBe(true);
    expect(hasPermissionString(['monitor:online:list'], 'monitor:online:forceLogout')).toBe(false);
    expect(hasPermissionString(undefined, 'monitor:online:forceLogout')).toBe(false);
  });
});
