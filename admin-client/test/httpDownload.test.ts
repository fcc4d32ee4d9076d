import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../src/i18n/i18nProvider';
import { createHttpClient } from '../src/providers/httpClient';
import { parseUrl, sendJson, startTestServer, type TestServer } from './testServer';

/** Downloads of `GET /common/download?path=` as the server answers them: the file, or the JSON envelope of a refusal. */
let server: TestServer;
const zh = createI18nProvider('zh-CN');

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const { path, query } = parseUrl(req);
    if (path !== '/prod-api/common/download') return sendJson(res, 404, { code: 404, msg: '接口不存在' });
    switch (query.path) {
      case 'upload/2026/11/25/mine.txt':
        res.writeHead(200, {
          'Content-Type': 'text/plain',
          'Content-Disposition': `attachment; filename="download"; filename*=UTF-8''${encodeURIComponent('会议 纪要.txt')}`,
          'download-filename': encodeURIComponent('会议 纪要.txt'),
        });
        return res.end('纪要');
      case 'upload/2026/11/25/theirs.txt':
        return sendJson(res, 403, { code: 403, msg: '没有权限下载该文件' });
      case 'upload/2026/11/25/gone.txt':
        return sendJson(res, 404, { code: 404, msg: '文件不存在或已被删除' });
      case 'upload/2026/11/25/empty.txt':
        return sendJson(res, 404, { code: 404 });
      default:
        // A file that is not one: the bytes of a broken answer.
        res.writeHead(500, { 'Content-Type': 'text/html' });
        return res.end('<html>oops</html>');
    }
  });
});
afterAll(() => server.close());

const http = () => createHttpClient({ baseUrl: server.baseUrl, translate: zh.translate, getToken: () => 'tok' });
const download = (path: string) => http().download('/common/download', { path }, {}, 'GET');

describe('downloads answered with a file or a JSON envelope', () => {
  it('answers the blob and the file name of the download-filename header', async () => {
    const { blob, fileName } = await download('upload/2026/11/25/mine.txt');
    expect(await blob.text()).toBe('纪要');
    expect(fileName).toBe('会议 纪要.txt');
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', url: '/prod-api/common/download?path=upload%2F2026%2F11%2F25%2Fmine.txt' });
  });

  it("shows the envelope's message of a refused (403) or missing (404) file instead of saving it", async () => {
    await expect(download('upload/2026/11/25/theirs.txt')).rejects.toMatchObject({ status: 403, message: '没有权限下载该文件' });
    await expect(download('upload/2026/11/25/gone.txt')).rejects.toMatchObject({ status: 404, message: '文件不存在或已被删除' });
  });

  it('says the download failed (spec 8) for an envelope without a message, an answer that is not a file, or no server', async () => {
    await expect(download('upload/2026/11/25/empty.txt')).rejects.toMatchObject({ message: '下载文件出现错误，请联系管理员！' });
    await expect(download('broken')).rejects.toMatchObject({ message: '下载文件出现错误，请联系管理员！' });
    const offline = createHttpClient({ baseUrl: 'http://127.0.0.1:1/prod-api', translate: zh.translate });
    await expect(offline.download('/common/download', { path: 'x' }, {}, 'GET')).rejects.toMatchObject({
      message: '下载文件出现错误，请联系管理员！',
    });
  });
});
