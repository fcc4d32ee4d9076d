// @vitest-environment jsdom
// httpClient.upload over the wire: jsdom's XMLHttpRequest talks to a real loopback server (cross-origin here, so the
// server answers the CORS preflight as the dev proxy never needs to).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createHttpClient } from '../src/providers/httpClient';
import { sendJson, startTestServer, type TestServer } from './testServer';

let server: TestServer;
const zh = createI18nProvider('zh-CN');

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST, PUT' });
      return res.end();
    }
    if (req.url === '/prod-api/cms/resource/upload') {
      const named = /filename="([^"]+)"/.exec(req.body)?.[1];
      if (named === 'bad.png') return sendJson(res, 200, { code: 500, msg: '文件内容与扩展名不符' });
      return sendJson(res, 200, { code: 200, msg: '', data: [{ resourceId: '1', name: named, size: req.body.length }] });
    }
    return sendJson(res, 404, { code: 404, msg: '' });
  });
});

afterAll(() => server.close());

const client = () =>
  createHttpClient({
    baseUrl: server.baseUrl,
    getToken: () => 'tok',
    getSiteId: () => '7',
    getLanguage: () => 'zh-CN',
    translate: (key, options) => zh.translate(key, options),
  });

const form = (name: string, bytes: number) => {
  const data = new FormData();
  data.append('file', new File([new Uint8Array(bytes).fill(65)], name));
  return data;
};

describe('httpClient.upload', () => {
  it('sends the multipart body with the token, language and site headers, reports progress and answers the envelope', async () => {
    const progress: number[] = [];
    const result = await client().upload<{ name: string }[]>('/cms/resource/upload', form('a.png', 200_000), { onProgress: (f) => progress.push(f) });
    expect(result.data?.[0].name).toBe('a.png');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toBe(1);
    expect(progress.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= progress[i - 1]))).toBe(true);
    const seen = server.requests.find((r) => r.method === 'POST')!;
    expect(seen.headers.authorization).toBe('Bearer tok');
    expect(seen.headers.currentsite).toBe('7');
    expect(seen.headers['accept-language']).toBe('zh-CN');
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('rejects with the server message when the envelope refuses the file', async () => {
    await expect(client().upload('/cms/resource/upload', form('bad.png', 10))).rejects.toMatchObject({
      message: '文件内容与扩展名不符',
      status: 500,
    });
  });

  it('lets a picker send another site than the current one', async () => {
    await client().upload('/cms/resource/upload', form('c.png', 10), { headers: { CurrentSite: '9' } });
    const last = server.requests.filter((r) => r.method === 'POST').pop()!;
    expect(last.headers.currentsite).toBe('9');
  });

  it('answers a localized message when the server cannot be reached', async () => {
    const offline = createHttpClient({ baseUrl: 'http://127.0.0.1:1/prod-api', translate: (key, options) => zh.translate(key, options) });
    await expect(offline.upload('/cms/resource/upload', form('a.png', 10))).rejects.toMatchObject({
      message: zh.translate('app.http.network_error'),
    });
  });
});
