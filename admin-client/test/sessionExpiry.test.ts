import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSessionExpiry, type SessionExpiry } from '../src/auth/sessionExpiry';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createHttpClient, type HttpClient } from '../src/providers/httpClient';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

let server: TestServer;
let token: string | undefined;
let expiry: SessionExpiry;
let http: HttpClient;
/** How often the dialog would have been told to open. */
let opened: number;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const path = parseUrl(req).path;
    // The live session is `new-token`; anything else has been logged out or forced out.
    if (path === '/prod-api/forbidden') return sendJson(res, 403, { code: 403, msg: '没有权限，请联系管理员授权' });
    if (req.headers.authorization !== 'Bearer new-token') return sendJson(res, 401, { code: 401, msg: '登录状态已过期' });
    return sendJson(res, 200, { code: 200, msg: '', data: { rows: [], total: 0 } });
  });
});

afterAll(() => server.close());

beforeEach(() => {
  token = 'old-token';
  opened = 0;
  expiry = createSessionExpiry();
  expiry.subscribe(() => {
    if (expiry.isExpired()) opened += 1;
  });
  http = createHttpClient({
    baseUrl: server.baseUrl,
    getToken: () => token,
    translate: createI18nProvider('zh-CN').translate,
    onUnauthorized: expiry.expire,
  });
});

describe('a 401 while signed in opens the re-login dialog', () => {
  it('many calls refused at once open it once; each call still fails with the message', async () => {
    const calls = Array.from({ length: 6 }, (_, i) => http.get(`/system/post/list`, { pageNum: i + 1 }));
    const results = await Promise.allSettled(calls);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as { status: number }).status === 401)).toBe(true);
    expect(expiry.isExpired()).toBe(true);
    expect(opened).toBe(1);
    // More refusals while it shows change nothing.
    await http.get('/getInfo').catch(() => undefined);
    expect(opened).toBe(1);
  });

  it('opens again for a later refusal once the dialog is done', async () => {
    await http.get('/getInfo').catch(() => undefined);
    expiry.reset();
    await http.get('/getInfo').catch(() => undefined);
    expect(opened).toBe(2);
  });

  it('ignores the late answer to a call sent with the token replaced by signing in again', async () => {
    const late = http.get('/system/post/list');
    token = 'new-token'; // signed in again while the old call was on its way
    await late.catch(() => undefined);
    expect(opened).toBe(0);
    await expect(http.get('/system/post/list')).resolves.toMatchObject({ code: 200 });
    expect(expiry.isExpired()).toBe(false);
  });

  it('does not open for calls made without a token (the login page) nor for a 403', async () => {
    await http.get('/captchaImage', undefined, { withToken: false }).catch(() => undefined);
    token = undefined;
    await http.get('/getInfo').catch(() => undefined);
    token = 'new-token';
    await expect(http.get('/forbidden')).rejects.toMatchObject({ status: 403 });
    expect(opened).toBe(0);
  });

  it('opens for a refused download too', async () => {
    await expect(http.download('/system/user/export')).rejects.toMatchObject({ status: 401 });
    expect(opened).toBe(1);
  });
});
