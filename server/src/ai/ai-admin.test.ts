import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createStaffUser, tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { fakeOpenAiServer, type SeenRequest } from './gateway/test-fixtures';
import { api, expectMessage } from '../../test/helpers/api';

const API_KEY = 'sk-admin-test-key-987654';
let t: TestApp;
let ds: DataSource;
let admin: string;
let fakeUrl: string;
const seen: SeenRequest[] = [];
const fake = fakeOpenAiServer(seen);

const http = api(() => t, { token: () => admin });

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  // The environment's provider: used after the back office's (none here at first).
  t = await startTestApp({ env: { LLM_BASE_URL: fakeUrl, LLM_API_KEY: API_KEY, LLM_MODEL: 'fast' } });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(async () => {
  await t?.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

describe('AI providers in the back office', () => {
  it('tells staff where generation would go: the provider of LLM_BASE_URL, without its key', async () => {
    const summary = await http.get('/ai/provider/summary');
    expect(summary.body.data).toEqual({ enabled: 0, env: { baseUrl: fakeUrl, model: 'fast' } });
    expect(JSON.stringify(summary.body)).not.toContain(API_KEY);
    expect((await request(t.server).get('/prod-api/ai/tools')).body.data.providerReady).toBe(true);
  });

  it('adds, edits (keeping the write-only key), tests, disables and deletes a provider', async () => {
    const created = await http.post('/ai/provider').send({
      providerName: 'DeepSeek',
      baseUrl: `${fakeUrl}/`,
      apiKey: API_KEY,
      model: 'fast',
      maxTokens: 2048,
      temperature: 0.3,
      timeoutMs: 5000,
      concurrency: 2,
      priority: 1,
    });
    expect(created.body).toMatchObject({
      code: 200,
      data: { providerName: 'DeepSeek', baseUrl: fakeUrl, apiKeySet: true, maxTokens: 2048, status: '0' },
    });
    expect(JSON.stringify(created.body)).not.toContain(API_KEY);
    const id = created.body.data.providerId;
    const edited = await http.put('/ai/provider').send({ ...created.body.data, model: 'slow-chunks', apiKey: '' });
    expect(edited.body.data).toMatchObject({ model: 'slow-chunks', apiKeySet: true });

    const tested = await http.post(`/ai/provider/${id}/test`);
    expect(tested.body.code).toBe(200);
    expectMessage(tested, 'zh-CN', /^连接正常：slow-chunks，首字 \d+ 毫秒$/);
    expect(tested.body.data).toMatchObject({ providerName: 'DeepSeek', model: 'slow-chunks', ok: true, status: 200, reason: '' });
    expect(JSON.stringify(tested.body)).not.toContain('第一段');
    expect(seen.at(-1)).toMatchObject({ authorization: `Bearer ${API_KEY}`, body: { model: 'slow-chunks', max_tokens: 64 } });

    await http.put('/ai/provider').send({ ...edited.body.data, model: 'broken' });
    const failed = await http.post(`/ai/provider/${id}/test`);
    expect([failed.status, failed.body.code]).toEqual([503, 503]);
    expectMessage(failed, 'zh-CN', /^连接失败：服务返回 HTTP 500（\d+ 毫秒）$/);
    expect(failed.body.data).toMatchObject({ ok: false, status: 500, reason: '服务返回 HTTP 500' });
    expect(JSON.stringify(failed.body)).not.toContain('The server had an error');

    expect((await http.put('/ai/provider/changeStatus').send({ providerId: id, status: '1' })).body.code).toBe(200);
    expect((await http.get('/ai/provider/summary')).body.data.enabled).toBe(0);
    expect((await http.delete(`/ai/provider/${id}`)).body.code).toBe(200);
    expect((await http.get(`/ai/provider/${id}`)).status).toBe(404);
  });

  it('tests a provider without answering anything the server at its base URL said (an internal page, an error body)', async () => {
    const internal = createServer((req, res) => {
      if (req.url === '/page/chat/completions') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>INTERNAL-ADMIN-PAGE</h1>');
      else res.writeHead(500, { 'Content-Type': 'text/plain' }).end('INTERNAL-STACK-TRACE password=hunter2');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
    try {
      for (const [path, expected] of [
        ['/page', { ok: false, status: 200, reason: 'the answer has no content' }],
        ['/error', { ok: false, status: 500, reason: 'the server answered HTTP 500' }],
      ] as const) {
        const created = await http.post('/ai/provider').send({ providerName: `internal${path}`, baseUrl: `${base}${path}`, model: 'm', status: '1' });
        const tested = await http.lang('en').post(`/ai/provider/${created.body.data.providerId}/test`);
        expect(tested.status).toBe(503);
        expect(tested.body.data).toMatchObject(expected);
        expectMessage(tested, 'en', new RegExp(`^Connection failed: ${expected.reason} \\(\\d+ ms\\)$`));
        expect(JSON.stringify(tested.body)).not.toMatch(/INTERNAL|hunter2/);
        await http.delete(`/ai/provider/${created.body.data.providerId}`);
      }
      const closed = await http.post('/ai/provider').send({ providerName: 'nobody', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', status: '1' });
      const refused = await http.post(`/ai/provider/${closed.body.data.providerId}/test`);
      expect(refused.body.data).toMatchObject({ ok: false, status: null, reason: '无法连接到服务地址' });
      await http.delete(`/ai/provider/${closed.body.data.providerId}`);
    } finally {
      internal.closeAllConnections();
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  it('refuses bad settings with their messages', async () => {
    const bad = await http.post('/ai/provider').send({ providerName: 'x', baseUrl: 'ftp://user:pw@host', model: 'm' });
    expect(bad.status).toBe(400);
    expectMessage(bad, 'zh-CN', '服务地址须以 http:// 或 https:// 开头，且不能包含账号密码或查询参数');
    for (const baseUrl of ['file:///etc/passwd', 'gopher://127.0.0.1:6379/_INFO', 'javascript:alert(1)', 'http://a b/v1', 'https://host/v1?x=1']) {
      expect((await http.post('/ai/provider').send({ providerName: 'x', baseUrl, model: 'm' })).status, baseUrl).toBe(400);
    }
    expect((await http.post('/ai/provider').send({ providerName: 'x', baseUrl: fakeUrl, model: 'm', temperature: 3 })).status).toBe(400);
  });
});

describe('AI writing pages (the tool catalog) in the back office', () => {
  it('lists the seeded catalog and edits a tool: name, fields, template, status, sort, levels, quotas', async () => {
    const list = await http.get('/ai/tool/list?pageSize=100');
    expect(list.body.data.total).toBe(55);
    const tool = (await http.get(`/ai/tool/${list.body.data.rows[0].toolId}`)).body.data;
    expect(tool).toMatchObject({ slug: 'aixsxz', status: '0', memberLevels: [], dailyQuota: 0 });
    const saved = await http.put('/ai/tool').send({
      ...tool,
      toolName: '小说创作',
      promptTemplate: '写小说《{{title}}》{{#if genre}}，题材{{genre}}{{/if}}',
      sort: 5,
      memberLevels: [2, 3],
      dailyQuota: 10,
      levelQuotas: [{ level: 3, quota: 20 }],
    });
    expect(saved.body.data).toMatchObject({
      toolName: '小说创作',
      sort: 5,
      memberLevels: [2, 3],
      dailyQuota: 10,
      levelQuotas: [{ level: 3, quota: 20 }],
    });
    expect((await request(t.server).get('/prod-api/ai/tools/aixsxz')).body.data.name).toBe('小说创作');

    const unclosed = await http.put('/ai/tool').send({ ...tool, promptTemplate: '{{#if title}}x' });
    expectMessage(unclosed, 'zh-CN', '提示词模板有误：{{#if title}} is not closed');
    const unknown = await http.put('/ai/tool').send({ ...tool, promptTemplate: '{{secret}}' });
    expectMessage(unknown, 'zh-CN', '提示词模板引用了不存在的字段「secret」');
    const badField = await http.put('/ai/tool').send({ ...tool, fields: [{ name: '1x', label: 'x', type: 'text', required: true }] });
    expectMessage(badField, 'zh-CN', '字段名须以字母开头，只含字母、数字和下划线（最多 30 个字符）');

    expect((await http.put('/ai/tool/changeStatus').send({ toolId: tool.toolId, status: '1' })).body.code).toBe(200);
    expect((await request(t.server).get('/prod-api/ai/tools/aixsxz')).status).toBe(404);
    expect((await request(t.server).get('/prod-api/ai/tools')).body.data.tools).toHaveLength(54);
  });

  it('previews an unsaved template against the configured provider', async () => {
    const [{ tool_id }] = await ds.query(`SELECT tool_id FROM ai_tool WHERE slug = 'aiwnxz'`);
    const onlyPrompt = await http.post('/ai/tool/preview').send({
      toolId: tool_id,
      fields: { title: '春天', coreContent: '踏青' },
      promptTemplate: '题目：{{title}}{{#if tone}}（{{tone}}）{{/if}}',
      promptOnly: true,
    });
    expect(onlyPrompt.body.data).toMatchObject({ prompt: '题目：春天（正式严谨）', output: '' });
    const preview = await http.post('/ai/tool/preview').send({ toolId: tool_id, fields: { title: '春天', coreContent: '踏青' } });
    expect(preview.body.data).toMatchObject({ output: '你好，世界！', providerName: 'LLM_BASE_URL', model: 'fast' });
    expect(seen.at(-1)?.body.messages[0].content).toContain('标题：春天');
    const invalid = await http.post('/ai/tool/preview').send({ toolId: tool_id, fields: { title: 'a'.repeat(201), coreContent: 'x' } });
    expectMessage(invalid, 'zh-CN', '标题长度不能超过 200 个字符');
  });

  it('exports the usage log and keeps the screens to staff with the AI permissions', async () => {
    const exported = await http.post('/ai/usage/list').set('cc-export', '1').send({});
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    await createRole(t.app, 'no_ai', ['system.post']);
    await createStaffUser(t.app, { userName: 'noai', password: 'NoAi20260', roles: ['no_ai'] });
    const token = await tokenOf(t.app, 'noai', 'NoAi20260');
    for (const url of ['/ai/provider/list', '/ai/provider/summary', '/ai/tool/list', '/ai/usage/list'])
      expect((await http.as(token).get(url)).status, url).toBe(403);
    await createRole(t.app, 'ai_tools', ['ai.tool']);
    await createStaffUser(t.app, { userName: 'aitools', password: 'AiTools2026', roles: ['ai_tools'] });
    const tools = await tokenOf(t.app, 'aitools', 'AiTools2026');
    expect((await http.as(tools).get('/ai/provider/summary')).status).toBe(200);
    expect((await http.as(tools).get('/ai/provider/list')).status).toBe(403);
  });
});
