import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createHttpClient, toQueryString, type HttpClientOptions } from '../src/providers/httpClient';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

let server: TestServer;
const zh = createI18nProvider('zh-CN');
const en = createI18nProvider('en');

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    switch (parseUrl(req).path) {
      case '/prod-api/ok':
        return sendJson(res, 200, { code: 200, msg: '操作成功', data: { value: 1 } });
      case '/prod-api/expired':
        return sendJson(res, 401, { code: 401, msg: '' });
      case '/prod-api/expired-msg':
        return sendJson(res, 401, { code: 401, msg: '登录状态已过期' });
      case '/prod-api/forbidden':
        return sendJson(res, 403, { code: 403, msg: '' });
      case '/prod-api/invalid':
        return sendJson(res, 400, {
          code: 500,
          msg: '用户名不能为空',
          data: { errors: [{ field: 'userName', message: '用户名不能为空' }] },
        });
      case '/prod-api/failed':
        return sendJson(res, 500, { code: 500, msg: '' });
      case '/prod-api/warn':
        return sendJson(res, 200, { code: 601, msg: '该站点尚未发布' });
      case '/prod-api/gateway':
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<html>Bad Gateway</html>');
      case '/prod-api/slow':
        setTimeout(() => sendJson(res, 200, { code: 200, msg: '', data: 'late' }), 300);
        return;
      default:
        return sendJson(res, 404, { code: 404, msg: '接口不存在' });
    }
  });
});

afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function client(overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({ baseUrl: server.baseUrl, translate: zh.translate, ...overrides });
}

describe('httpClient envelope codes', () => {
  it('returns the envelope of a code-200 answer', async () => {
    await expect(client().get('/ok')).resolves.toEqual({ code: 200, msg: '操作成功', data: { value: 1 } });
  });

  it('code 401 without msg gives the localized session message, with msg gives the msg', async () => {
    await expect(client().get('/expired')).rejects.toMatchObject({
      status: 401,
      message: '无效的会话，或者会话已过期，请重新登录。',
    });
    await expect(client().get('/expired-msg')).rejects.toMatchObject({ status: 401, message: '登录状态已过期' });
    await expect(client({ translate: en.translate }).get('/expired')).rejects.toMatchObject({
      message: 'Your session is invalid or has expired, please sign in again.',
    });
  });

  it('code 403 without msg gives the localized no-permission message', async () => {
    await expect(client().get('/forbidden')).rejects.toMatchObject({ status: 403, message: '没有权限，请联系管理员授权' });
  });

  it('code 500 gives the msg and hands field errors to react-admin forms', async () => {
    const error = await client()
      .post('/invalid', { userName: '' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, message: '用户名不能为空' });
    expect((error as { body: { errors: Record<string, unknown> } }).body.errors).toEqual({
      root: { serverError: '用户名不能为空' },
      userName: '用户名不能为空',
    });
    await expect(client().get('/failed')).rejects.toMatchObject({ status: 500, message: '操作失败' });
  });

  it('code 601 (warning) is thrown with its msg', async () => {
    await expect(client().get('/warn')).rejects.toMatchObject({ status: 601, message: '该站点尚未发布' });
  });

  it('an envelope on a 404 answer (endpoint not there yet) shows its msg', async () => {
    await expect(client().get('/captchaImage')).rejects.toMatchObject({ status: 404, message: '接口不存在' });
  });
});

describe('httpClient transport errors', () => {
  it('an HTTP error without an envelope becomes 系统接口NNN异常', async () => {
    await expect(client().get('/gateway')).rejects.toMatchObject({ status: 502, message: '系统接口502异常' });
    await expect(client({ translate: en.translate }).get('/gateway')).rejects.toMatchObject({
      message: 'Server error 502',
    });
  });

  it('a request over its time limit becomes 系统接口请求超时', async () => {
    await expect(client().get('/slow', undefined, { timeoutMs: 50 })).rejects.toMatchObject({
      message: '系统接口请求超时',
    });
  });

  it('an unreachable server becomes 后端接口连接异常', async () => {
    // A port that just had a server and has none now: the connection is refused.
    const gone = await startTestServer(() => undefined);
    await gone.close();
    const offline = client({ baseUrl: gone.baseUrl });
    await expect(offline.get('/ok')).rejects.toMatchObject({ status: 0, message: '后端接口连接异常' });
  });
});

describe('httpClient headers', () => {
  it('sends Authorization, Accept-Language and CurrentSite when known, and no token when asked not to', async () => {
    const http = client({ getToken: () => 'abc', getLanguage: () => 'en', getSiteId: () => '3' });
    await http.get('/ok');
    await http.get('/ok', undefined, { withToken: false });
    const [first, second] = server.requests.map((r) => r.headers);
    expect(first).toMatchObject({ authorization: 'Bearer abc', 'accept-language': 'en', currentsite: '3' });
    expect(second.authorization).toBeUndefined();
    const bare = client();
    await bare.get('/ok');
    expect(server.requests[2].headers.currentsite).toBeUndefined();
  });
});

describe('repeat-submit guard', () => {
  it('rejects the same POST url and body within 1000 ms without sending it', async () => {
    let now = 10_000;
    const http = client({ now: () => now });
    await http.post('/ok', { title: 'a' });
    await expect(http.post('/ok', { title: 'a' })).rejects.toMatchObject({ message: '数据正在处理，请勿重复提交' });
    expect(server.requests).toHaveLength(1);

    // A different body or url is a different submission.
    await http.post('/ok', { title: 'b' });
    await http.post('/ok?x=1', { title: 'a' });
    expect(server.requests).toHaveLength(3);

    // After the window the same submission goes through again.
    now += 1000;
    await http.post('/ok', { title: 'a' });
    expect(server.requests).toHaveLength(4);
  });

  it('guards PUT too, but not GET or DELETE, and can be switched off per call', async () => {
    const http = client({ now: () => 5 });
    await http.put('/ok', { id: 1 });
    await expect(http.put('/ok', { id: 1 })).rejects.toMatchObject({ message: '数据正在处理，请勿重复提交' });
    await http.get('/ok');
    await http.get('/ok');
    await http.delete('/ok');
    await http.delete('/ok');
    await http.post('/ok', { id: 2 }, { repeatSubmitGuard: false });
    await http.post('/ok', { id: 2 }, { repeatSubmitGuard: false });
    expect(server.requests.map((r) => r.method)).toEqual(['PUT', 'GET', 'GET', 'DELETE', 'DELETE', 'POST', 'POST']);
  });
});

describe('toQueryString', () => {
  it('drops empty values, joins arrays and nests objects as key[sub]', () => {
    const query = toQueryString({ a: 1, b: '', c: null, d: undefined, ids: [1, 2], params: { beginTime: 'x' }, name: '张 三' });
    expect([...new URLSearchParams(query)]).toEqual([
      ['a', '1'],
      ['ids', '1,2'],
      ['params[beginTime]', 'x'],
      ['name', '张 三'],
    ]);
  });
});
