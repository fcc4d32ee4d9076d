import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, fileNameOf, type ApiError } from '../src/app/http/client';
import { t } from '../src/app/messages';

function setup(response: () => Response) {
  const requests: { url: string; init: RequestInit }[] = [];
  const notes: string[] = [];
  const onUnauthorized = vi.fn();
  const client = createHttpClient({
    getToken: () => 'tok-1',
    language: 'zh-CN',
    translate: t,
    notify: (_kind, text) => notes.push(text),
    onUnauthorized,
    fetch: (async (url: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(url), init: init ?? {} });
      return response();
    }) as typeof fetch,
  });
  return { client, requests, notes, onUnauthorized };
}

describe('HTTP client: downloads', () => {
  it('fetches a file with the bearer token and answers its bytes and the server’s file name', async () => {
    const { client, requests } = setup(
      () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'download-filename': encodeURIComponent('检测报告.pdf') } }),
    );
    const file = await client.download('/check/reports/CK1', { params: { format: 'pdf' } });
    expect(requests[0].url).toBe('/prod-api/check/reports/CK1?format=pdf');
    expect((requests[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(file.fileName).toBe('检测报告.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
  });

  it('reads an HTML report as text', async () => {
    const { client } = setup(() => new Response('<h1>报告</h1>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    expect(await (await client.download('/check/sample-report', { withToken: false })).blob.text()).toBe('<h1>报告</h1>');
  });

  it('fails like any call when the server answers an envelope instead of the file', async () => {
    const { client, notes } = setup(
      () => new Response(JSON.stringify({ code: 500, msg: '报告尚未生成' }), { headers: { 'Content-Type': 'application/json' } }),
    );
    const error = await client.download('/check/reports/CK1').then(
      () => undefined,
      (e: ApiError) => e,
    );
    expect(error).toMatchObject({ message: '报告尚未生成', kind: 'api' });
    expect(notes).toEqual(['报告尚未生成']);
  });

  it('shows spec 8’s messages when a download is refused (403) or the file is missing (404) with the JSON envelope', async () => {
    const refused = setup(
      () => new Response(JSON.stringify({ code: 403, msg: '没有权限下载该文件' }), { status: 403, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(refused.client.download('/common/download', { params: { path: 'upload/x.txt' } })).rejects.toMatchObject({
      code: 403,
      message: '当前操作没有权限',
    });
    expect(refused.notes).toEqual(['当前操作没有权限']);
    const missing = setup(
      () =>
        new Response(JSON.stringify({ code: 404, msg: '文件不存在或已被删除' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(missing.client.download('/common/download', { params: { path: 'upload/x.txt' } })).rejects.toMatchObject({
      code: 404,
      message: '访问资源不存在',
    });
    expect(refused.onUnauthorized).not.toHaveBeenCalled();
  });

  it('opens the login modal on a 401, and names an HTTP failure without an envelope', async () => {
    const expired = setup(() => new Response(JSON.stringify({ code: 401 }), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    await expect(expired.client.download('/check/reports/CK1')).rejects.toMatchObject({ code: 401 });
    expect(expired.onUnauthorized).toHaveBeenCalledOnce();
    const broken = setup(() => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(broken.client.download('/x')).rejects.toMatchObject({ message: '系统接口502异常', kind: 'http' });
  });

  it('reads the file name from download-filename, else Content-Disposition', () => {
    expect(fileNameOf(new Headers({ 'download-filename': encodeURIComponent('a b.pdf') }))).toBe('a b.pdf');
    expect(fileNameOf(new Headers({ 'Content-Disposition': `inline; filename="report"; filename*=UTF-8''${encodeURIComponent('报告.html')}` }))).toBe(
      '报告.html',
    );
    expect(fileNameOf(new Headers({ 'Content-Disposition': 'attachment; filename="r.pdf"' }))).toBe('r.pdf');
    expect(fileNameOf(new Headers())).toBeUndefined();
  });
});
