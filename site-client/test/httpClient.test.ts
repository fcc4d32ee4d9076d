import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type ApiError, type HttpClientOptions } from '../src/app/http/client';
import { t } from '../src/app/messages';

type Answer = { status?: number; body?: unknown; text?: string } | Error | 'hang';

/** A client over a scripted fetch; records requests, notifications and 401 calls. */
function setup(answers: Answer[], overrides: Partial<HttpClientOptions> = {}) {
  const requests: { url: string; init: RequestInit }[] = [];
  const notes: { kind: string; text: string }[] = [];
  const onUnauthorized = vi.fn();
  let token: string | undefined = 'tok-1';
  let clock = 10_000;
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    const answer = answers.shift() ?? { body: { code: 200, msg: 'ok' } };
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (answer instanceof Error) throw answer;
    const text = answer.text ?? JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200 });
  });
  const client = createHttpClient({
    getToken: () => token,
    language: 'zh-CN',
    translate: t,
    notify: (kind, text) => notes.push({ kind, text }),
    onUnauthorized,
    fetch: fetch as typeof globalThis.fetch,
    now: () => clock,
    ...overrides,
  });
  return {
    client,
    requests,
    notes,
    onUnauthorized,
    setToken: (next: string | undefined) => (token = next),
    tick: (ms: number) => (clock += ms),
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: ApiError) => e,
  );

describe('HTTP client: requests', () => {
  it('calls /prod-api with the bearer token, the language and a JSON body', async () => {
    const { client, requests } = setup([{ body: { code: 200, msg: '', data: 'x' } }]);
    const result = await client.post('/member/profile', { nickName: '小智' }, { params: { a: 1, empty: '' } });
    expect(result.data).toBe('x');
    expect(requests[0].url).toBe('/prod-api/member/profile?a=1');
    const headers = requests[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(headers['Content-Type']).toContain('application/json');
    expect(requests[0].init.body).toBe('{"nickName":"小智"}');
  });

  it('sends no token when asked not to (sign-in, captcha)', async () => {
    const { client, requests } = setup([{ body: { code: 200 } }]);
    await client.get('/captchaImage', undefined, { withToken: false });
    expect((requests[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('reads an answer without a code as success (spec 8: code defaults to 200)', async () => {
    const { client } = setup([{ body: { msg: 'fine', data: { a: 1 } } }]);
    expect(await client.get('/x')).toEqual({ code: 200, msg: 'fine', data: { a: 1 } });
  });
});

describe('HTTP client: error catalogue of spec 8', () => {
  it('shows the server’s msg for code 500, and the default without one', async () => {
    const { client, notes } = setup([
      { status: 400, body: { code: 500, msg: '会员账号“bob”已存在' } },
      { status: 400, body: { code: 500 } },
    ]);
    expect((await failure(client.get('/a'))).message).toBe('会员账号“bob”已存在');
    expect((await failure(client.get('/b'))).message).toBe('系统未知错误，请反馈给管理员');
    expect(notes).toEqual([
      { kind: 'error', text: '会员账号“bob”已存在' },
      { kind: 'error', text: '系统未知错误，请反馈给管理员' },
    ]);
  });

  it('prefers the code table over msg for 403 and 404', async () => {
    const { client } = setup([
      { status: 403, body: { code: 403, msg: 'Forbidden' } },
      { status: 404, body: { code: 404, msg: 'nope' } },
    ]);
    expect((await failure(client.get('/a'))).message).toBe('当前操作没有权限');
    expect((await failure(client.get('/b'))).message).toBe('访问资源不存在');
  });

  it('shows code 601 as a warning', async () => {
    const { client, notes } = setup([{ status: 400, body: { code: 601, msg: '请注意' } }]);
    const error = await failure(client.get('/a'));
    expect(error.code).toBe(601);
    expect(notes).toEqual([{ kind: 'warning', text: '请注意' }]);
  });

  it('names transport failures: network, timeout, HTTP status', async () => {
    const { client, notes } = setup([new TypeError('Failed to fetch'), 'hang', { status: 502, text: '<html>Bad Gateway</html>' }]);
    expect(await failure(client.get('/a'))).toMatchObject({ message: '后端接口连接异常', kind: 'network' });
    expect(await failure(client.get('/b', undefined, { timeoutMs: 5 }))).toMatchObject({ message: '系统接口请求超时', kind: 'timeout' });
    expect(await failure(client.get('/c'))).toMatchObject({ message: '系统接口502异常', kind: 'http', code: 502 });
    expect(notes.map((n) => n.text)).toEqual(['后端接口连接异常', '系统接口请求超时', '系统接口502异常']);
  });

  it('refuses the same POST within 1000 ms, but not a different body, a later one or an unguarded one', async () => {
    const { client, requests, tick, notes } = setup([]);
    await client.post('/member/profile', { a: 1 });
    expect(await failure(client.post('/member/profile', { a: 1 }))).toMatchObject({ message: '数据正在处理，请勿重复提交', kind: 'repeat' });
    expect(notes).toEqual([{ kind: 'warning', text: '数据正在处理，请勿重复提交' }]);
    await client.post('/member/profile', { a: 2 });
    await client.post('/member/profile', { a: 2 }, { repeatSubmitGuard: false });
    tick(1000);
    await client.post('/member/profile', { a: 1 });
    expect(requests).toHaveLength(4);
  });
});

describe('HTTP client: 401', () => {
  it('shows the 401 message, runs the re-login handling and fails with the invalid-session message', async () => {
    const { client, notes, onUnauthorized } = setup([{ status: 401, body: { code: 401, msg: '登录状态已过期' } }]);
    const error = await failure(client.get('/member/info'));
    expect(error).toMatchObject({ code: 401, message: '无效的会话，或者会话已过期，请重新登录。' });
    expect(notes).toEqual([{ kind: 'error', text: '认证失败，无法访问系统资源' }]);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves the modal closed for calls that expect a 401 (requiresAuth false)', async () => {
    const { client, onUnauthorized } = setup([{ status: 401, body: { code: 401 } }]);
    await failure(client.post('/member/login', {}, { requiresAuth: false, withToken: false }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores a 401 to a token replaced meanwhile (signed in again)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const state = setup([], {
      fetch: (async () => {
        await gate;
        return new Response(JSON.stringify({ code: 401 }), { status: 401 });
      }) as typeof fetch,
    });
    const pending = failure(state.client.get('/member/info'));
    state.setToken('tok-2');
    release();
    await pending;
    expect(state.onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('refusals carry their data', () => {
  it('keeps the envelope data of a refused call (a sign-in asking for the captcha)', async () => {
    const { client } = setup([{ status: 400, body: { code: 500, msg: '用户不存在或密码错误', data: { captchaRequired: true } } }]);
    const error = await failure(client.post('/member/login', { username: 'a', password: 'b' }, { withToken: false, repeatSubmitGuard: false }));
    expect(error.data).toEqual({ captchaRequired: true });
  });
});
