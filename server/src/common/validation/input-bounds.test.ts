import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage } from '../../../test/helpers/api';
import { memberTokenOf } from '../../../test/helpers/member';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { jsonDepthExceeds } from '../security/body-parsers';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
  member = await memberTokenOf(t.app, 'boundsmember');
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin });
const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
const json = (req: ReturnType<typeof http.post>, body: string) => req.set('Content-Type', 'application/json').send(body);

describe('request bodies: depth, size, charset', () => {
  it('refuses a body nested 5000 levels deep with 400 on sign-in, registration and member routes, in the caller language', async () => {
    for (const [path, caller] of [
      ['/login', http],
      ['/register', http],
      ['/member/login', http],
      ['/member/profile', http.as(member)],
    ] as const) {
      const zh = await json(path === '/member/profile' ? caller.put(path) : caller.post(path), nested(5000));
      expectError(zh, 400, { 'zh-CN': '请求体嵌套层级过深（最多 32 层）' });
      expect(zh.body.code, path).toBe(500);
    }
    expectMessage(await json(http.lang('en').post('/login'), nested(5000)), 'en', 'Request body nested too deeply (at most 32 levels)');
  });

  it('takes 32 levels and refuses 33', async () => {
    // 32 levels reach the route (its validation answers); 33 are refused by the parser.
    const ok = await json(http.post('/system/post'), nested(32));
    expect(ok.status).toBe(400);
    expect(ok.body.msg).not.toContain('嵌套');
    expectError(await json(http.post('/system/post'), nested(33)), 400, { 'zh-CN': '请求体嵌套层级过深（最多 32 层）' });
  });

  it('refuses a form body nested too deeply or with too many fields', async () => {
    const deep = await http
      .post('/system/post')
      .type('form')
      .send(`a${'[b]'.repeat(40)}=1`);
    expectError(deep, 400, { 'zh-CN': '请求体嵌套层级过深（最多 32 层）' });
    const many = await http
      .lang('zh-TW')
      .post('/system/post')
      .type('form')
      .send(Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join('&'));
    expectError(many, 413, { 'zh-TW': '請求參數過多（最多 1000 個）' });
  });

  it('refuses a body over 2 MB with 413 and a localized message', async () => {
    const big = JSON.stringify({ noticeTitle: 'x', noticeContent: 'x'.repeat(2 * 1024 * 1024) });
    const res = await json(http.lang('en').post('/system/notice'), big);
    expectError(res, 413, { en: 'Request body too large (at most 2 MB)' });
    expect(res.body.code).toBe(500);
  });

  it('refuses a JSON body in another charset than UTF-8 with 415 and says so', async () => {
    const latin1 = await http.post('/system/post').set('Content-Type', 'application/json; charset=latin1').send('{"postName":"x"}');
    expectError(latin1, 415, { 'zh-CN': '不支持的字符编码“latin1”，请使用 UTF-8' });
    expect(latin1.body.code).toBe(500);
    const utf16 = await http.lang('en').post('/system/post').set('Content-Type', 'application/json; charset=utf-16').send('{"postName":"x"}');
    expectError(utf16, 415, { en: 'Unsupported character set "utf-16"; send UTF-8' });
  });

  it('still tells repeated submissions apart by the bytes sent', async () => {
    const body = JSON.stringify({ postCode: 'bounds_dup', postName: '重复提交', postSort: 1 });
    const first = await json(http.post('/system/post'), body);
    const second = await json(http.post('/system/post'), body);
    expect([first.status, second.status]).toEqual([201, 409]);
  });

  it('scans depth without being fooled by brackets inside strings', () => {
    expect(jsonDepthExceeds(Buffer.from('{"a":"[[[[[[\\"[[["}'), 2)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('[[["x"]]]'), 2)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from('[[],[],[]]'), 2)).toBe(false);
  });
});

describe('page values and ids out of range', () => {
  it('refuses a page number too large for an offset with 400 and the field message', async () => {
    expectError(await http.get('/system/user/list?pageNum=99999999999999999999'), 400, { 'zh-CN': '页码不能大于 1000000000' });
    expectError(await http.lang('en').get('/system/post/list?pageNum=1000000001'), 400, { en: 'Page number must not be greater than 1000000000' });
    expect((await http.get('/system/post/list?pageNum=1000000000')).status).toBe(200);
  });

  it('refuses path ids above 2^63-1 (and 0) with 400 on detail and delete routes', async () => {
    for (const id of ['9223372036854775808', '99999999999999999999', '0']) {
      expectError(await http.get(`/system/user/${id}`), 400, { 'zh-CN': `编号不正确：${id}` });
      expectError(await http.delete(`/system/post/${id}`), 400);
      expectError(await http.delete(`/system/notice/1,${id}`), 400, { 'zh-CN': `编号不正确：1,${id}` });
    }
    expectError(await http.get('/system/user/9223372036854775807'), 404);
  });

  it('refuses ids above the bigint range in bodies with the field message', async () => {
    const res = await http.put('/system/user/changeStatus').send({ userId: '9223372036854775808', status: '0' });
    expectError(res, 400, { 'zh-CN': '用户编号格式不正确' });
  });

  it('names the value in a body id message (error.badId), without control characters', async () => {
    expectError(await http.post('/cms/site/exportTheme').send({ siteId: 'abc' }), 400, { 'zh-CN': '编号不正确：abc' });
    expectError(await http.lang('en').post('/cms/site/exportTheme').send({ siteId: 'x\u0000y' }), 400, { en: 'Invalid id: xy' });
  });
});

describe('messages that name the real problem', () => {
  it('says a page size must be an integer, not that it is over 500', async () => {
    expectError(await http.get('/system/user/list?pageSize=abc'), 400, { 'zh-CN': '每页条数必须是整数' });
    expectError(await http.lang('en').get('/system/user/list?pageNum=abc'), 400, { en: 'Page number must be an integer' });
    expectError(await http.get('/system/user/list?pageSize=501'), 400, { 'zh-CN': '每页条数不能大于 500' });
  });

  it('says a repeated parameter must be one text, not that it is too long', async () => {
    expectError(await http.get('/system/user/list?userName=a&userName=b'), 400, { 'zh-CN': '用户名必须是字符串' });
    expectError(await http.lang('en').get('/system/post/list?pageNum=1&pageNum=2'), 400, { en: 'Page number must be an integer' });
  });
});
