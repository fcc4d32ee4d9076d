import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createHttpClient, type HttpClient } from '../src/providers/httpClient';
import { captchaRequiredBy, captchaSrc, loadCaptcha } from '../src/pages/captcha';
import { sendJson, startTestServer, type TestServer } from './testServer';

let server: TestServer;
let answer: { status: number; body: unknown };
let http: HttpClient;

beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, answer.status, answer.body));
  http = createHttpClient({ baseUrl: server.baseUrl, translate: createI18nProvider('zh-CN').translate });
});
afterAll(() => server.close());

describe('captchaSrc', () => {
  it('keeps data URLs and wraps raw svg and bare base64', () => {
    expect(captchaSrc('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
    expect(captchaSrc('<svg></svg>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E');
    expect(captchaSrc(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'))).toMatch(/^data:image\/svg\+xml;base64,PHN2/);
    expect(captchaSrc('/9j/4AAQ')).toBe('data:image/jpeg;base64,/9j/4AAQ');
  });
});

describe('loadCaptcha', () => {
  it('returns the image and uuid when the captcha is on, and the registration switch', async () => {
    answer = { status: 200, body: { code: 200, msg: '', data: { captchaEnabled: true, registerEnabled: true, img: '<svg/>', uuid: 'u-9' } } };
    await expect(loadCaptcha(http)).resolves.toEqual({ captcha: { src: captchaSrc('<svg/>'), uuid: 'u-9' }, registerEnabled: true });
    expect(server.requests.at(-1)?.url).toBe('/prod-api/captchaImage');
  });

  it('returns no captcha when it is off, the endpoint is missing or the server is down; no register link unless told', async () => {
    answer = { status: 200, body: { code: 200, msg: '', data: { captchaEnabled: false, registerEnabled: true } } };
    await expect(loadCaptcha(http)).resolves.toEqual({ captcha: null, registerEnabled: true });
    answer = { status: 200, body: { code: 200, msg: '', data: { captchaEnabled: false } } };
    await expect(loadCaptcha(http)).resolves.toEqual({ captcha: null, registerEnabled: false });
    answer = { status: 404, body: { code: 404, msg: '接口不存在' } };
    await expect(loadCaptcha(http)).resolves.toEqual({ captcha: null, registerEnabled: false });
    answer = { status: 502, body: 'bad gateway' };
    await expect(loadCaptcha(http)).resolves.toEqual({ captcha: null, registerEnabled: false });
  });
});

describe('a captcha required by failed sign-ins', () => {
  it('reads captchaRequired from a refused sign-in and then asks for a captcha even while it is switched off', async () => {
    answer = { status: 400, body: { code: 500, msg: '用户不存在或密码错误', data: { captchaRequired: true } } };
    const refused = await http.post('/login', { username: 'admin', password: 'x' }).catch((e: unknown) => e);
    expect(captchaRequiredBy(refused)).toBe(true);
    answer = { status: 400, body: { code: 500, msg: '用户不存在或密码错误', data: { captchaRequired: false } } };
    expect(captchaRequiredBy(await http.post('/login', { username: 'admin', password: 'y' }).catch((e: unknown) => e))).toBe(false);
    expect(captchaRequiredBy(new Error('network'))).toBe(false);

    answer = { status: 200, body: { code: 200, msg: '', data: { captchaEnabled: true, registerEnabled: false, img: '<svg/>', uuid: 'u-10' } } };
    await expect(loadCaptcha(http, true)).resolves.toEqual({ captcha: { src: captchaSrc('<svg/>'), uuid: 'u-10' }, registerEnabled: false });
    expect(server.requests.at(-1)?.url).toBe('/prod-api/captchaImage?required=true');
  });
});
