import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberTokenOf } from '../../test/helpers/member';
import { operLogRows } from '../../test/helpers/oper-log';
import { tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { fakeOpenAiServer, type SeenRequest } from './gateway/test-fixtures';
import { api } from '../../test/helpers/api';

const API_KEY = 'sk-fake-0123456789abcdef';
let t: TestApp;
let ds: DataSource;
let admin: string;
let base: string;
let fakeUrl: string;
const seen: SeenRequest[] = [];
const fake = fakeOpenAiServer(seen);
let counter = 0;

interface SseAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Each `data:` payload with the ms since the request was sent. */
  events: Array<{ data: string; at: number }>;
  json?: { code: number; msg: string; data?: { errors?: Array<{ field: string; message: string }> } };
}

/** POSTs to a generate route and reads the answer as it arrives (supertest would buffer it). */
function generate(slug: string, token: string, body: unknown, onEvent?: (data: string, stop: () => void) => void): Promise<SseAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(`${base}/prod-api/ai/tools/${slug}/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Accept-Language': 'zh-CN' },
    });
    req.on('response', (res) => {
      const answer: SseAnswer = { status: res.statusCode ?? 0, headers: res.headers, events: [] };
      let buffer = '';
      const stop = () => {
        req.destroy();
        resolve(answer);
      };
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        if (!String(res.headers['content-type']).startsWith('text/event-stream')) return;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).replace(/^data: /, '');
          buffer = buffer.slice(end + 2);
          answer.events.push({ data, at: performance.now() - started });
          onEvent?.(data, stop);
        }
      });
      res.on('end', () => {
        if (!String(res.headers['content-type']).startsWith('text/event-stream')) answer.json = JSON.parse(buffer);
        resolve(answer);
      });
      res.on('error', () => resolve(answer));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const contents = (a: SseAnswer) => a.events.filter((e) => e.data.startsWith('{"content"')).map((e) => JSON.parse(e.data).content as string);
const uniqueTitle = () => `标题${++counter}`;
const http = api(() => t, { token: () => admin });

async function setProviders(...models: Array<string | { model: string; baseUrl?: string; timeoutMs?: number; concurrency?: number }>): Promise<void> {
  await ds.query('DELETE FROM ai_provider');
  for (const [i, m] of models.entries()) {
    const spec = typeof m === 'string' ? { model: m } : m;
    const res = await http.post('/ai/provider').send({
      providerName: `p${i}-${spec.model}`,
      remark: `set ${++counter}`,
      baseUrl: spec.baseUrl ?? `${fakeUrl}/v1`,
      apiKey: API_KEY,
      model: spec.model,
      timeoutMs: spec.timeoutMs ?? 5000,
      concurrency: spec.concurrency ?? 8,
      priority: i,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  }
}

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { AI_RATE_MEMBER_PER_MINUTE: '1000', AI_RATE_IP_PER_MINUTE: '1000' } });
  await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(async () => {
  await t?.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

describe('the catalog', () => {
  it('lists every enabled tool with its fields and the limits of spec 9, without prompt templates', async () => {
    const res = await request(t.server).get('/prod-api/ai/tools');
    expect(res.body.code).toBe(200);
    const { tools, providerReady } = res.body.data;
    expect(providerReady).toBe(false);
    expect(tools).toHaveLength(55);
    expect(tools[0]).toMatchObject({ slug: 'aixsxz', name: 'AI小说写作', outputFormat: 'markdown' });
    expect(JSON.stringify(tools)).not.toContain('promptTemplate');
    const qikan = (await request(t.server).get('/prod-api/ai/tools/aiqikan')).body.data;
    const field = (name: string) => qikan.fields.find((f: { name: string }) => f.name === name);
    expect(field('title')).toMatchObject({ required: true, minLength: 1, maxLength: 200 });
    expect(field('profession')).toMatchObject({ required: false, minLength: 0, maxLength: 100 });
    expect(field('coreContent')).toMatchObject({ minLength: 1, maxLength: 200 });
    const plan = (await request(t.server).get('/prod-api/ai/tools/aisyjhs')).body.data;
    expect(plan.fields.find((f: { name: string }) => f.name === 'businessPlanTitle')).toMatchObject({ minLength: 0, maxLength: 200 });
    expect((await request(t.server).get('/prod-api/ai/tools/nope')).status).toBe(404);
  });
});

describe('generation', () => {
  let member: string;
  beforeAll(async () => {
    member = await memberTokenOf(t.app, 'writer1');
  });

  it('says clearly that the site has no AI provider yet, as JSON before any streaming', async () => {
    await ds.query('DELETE FROM ai_provider');
    const res = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '内容' } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ code: 503, msg: '本站尚未配置 AI 服务，暂时无法生成内容，请联系网站管理员' });
    expect(seen).toHaveLength(0);
  });

  it('refuses the limits of spec 9 with their messages before streaming', async () => {
    await setProviders('fast');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'a'.repeat(201), coreContent: '内容' }, '标题长度不能超过 200 个字符'],
      [{ title: '', coreContent: '内容' }, '标题不能为空'],
      [{ title: uniqueTitle(), coreContent: 'c'.repeat(201) }, '核心内容长度不能超过 200 个字符'],
      [{ title: uniqueTitle(), coreContent: '' }, '核心内容不能为空'],
    ];
    for (const [fields, msg] of cases) {
      const res = await generate('aiwnxz', member, { fields });
      expect(res.status, msg).toBe(400);
      expect(res.json?.msg).toBe(msg);
    }
    const profession = await generate('aiqikan', member, { fields: { title: uniqueTitle(), coreContent: '内容', profession: 'p'.repeat(101) } });
    expect(profession.json?.msg).toBe('专业长度不能超过 100 个字符');
    const plan = await generate('aisyjhs', member, { fields: { coreContent: '内容', businessPlanTitle: 'b'.repeat(201) } });
    expect(plan.json?.msg).toBe('计划书标题长度不能超过 200 个字符');
    const unknown = await generate('aiqikan', member, { fields: { title: uniqueTitle(), coreContent: '内容', script: 'x' } });
    expect(unknown.json?.msg).toBe('不允许的参数：script');
    // The boundary values pass.
    const ok = await generate('aiqikan', member, { fields: { title: 'a'.repeat(200), coreContent: 'c'.repeat(200), profession: 'p'.repeat(100) } });
    expect(ok.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('streams the provider’s pieces as SSE, records the generation and the usage, and never shows the key', async () => {
    await setProviders('fast');
    const title = uniqueTitle();
    const res = await generate('aiwnxz', member, { fields: { title, coreContent: '踏青', tone: 'humorous' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['cache-control']).toContain('no-transform');
    expect(res.events.map((e) => e.data)).toEqual(['{"content":"你好"}', '{"content":"，世界"}', '{"content":"！"}', '[DONE]']);
    // The prompt is the template filled in, sent with the provider's key and settings.
    expect(seen[0]).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${API_KEY}`, body: { model: 'fast', stream: true } });
    expect(seen[0].body.messages[0].content).toContain(`标题：${title}`);
    expect(seen[0].body.messages[0].content).toContain('语气幽默风趣');

    const generationId = res.headers['x-generation-id'] as string;
    const [row] = await ds.query('SELECT status, output, input FROM ai_generation WHERE generation_id = $1', [generationId]);
    expect(row).toMatchObject({ status: 'success', output: '你好，世界！', input: { title, coreContent: '踏青', tone: 'humorous' } });
    const [usage] = await ds.query('SELECT * FROM ai_usage_log WHERE generation_id = $1', [generationId]);
    expect(usage).toMatchObject({
      member_name: 'writer1',
      tool_slug: 'aiwnxz',
      provider_name: 'p0-fast',
      model: 'fast',
      prompt_tokens: 12,
      completion_tokens: 3,
      status: 'success',
    });
    expect(usage.latency_ms).toBeGreaterThanOrEqual(0);

    const list = await http.get('/ai/usage/list?toolSlug=aiwnxz');
    expect(list.body.data.rows[0]).toMatchObject({ memberName: 'writer1', providerName: 'p0-fast', completionTokens: 3, status: 'success' });
    const providers = await http.get('/ai/provider/list');
    expect(providers.body.data.rows[0]).toMatchObject({ providerName: 'p0-fast', apiKeySet: true });
    for (const body of [providers.body, list.body, (await http.get(`/ai/provider/${providers.body.data.rows[0].providerId}`)).body]) {
      expect(JSON.stringify(body)).not.toContain(API_KEY);
    }
    const [{ api_key }] = await ds.query('SELECT api_key FROM ai_provider');
    expect(api_key).toMatch(/^v1:/);
    const logged = await operLogRows(t, `SELECT oper_param FROM sys_oper_log WHERE title = 'AI服务商'`);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(API_KEY);
  });

  it('forwards each piece as soon as the provider sends it', async () => {
    await setProviders('slow-chunks');
    const res = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '内容' } });
    expect(contents(res)).toEqual(['第一段', '第二段', '第三段', '第四段']);
    const times = res.events.map((e) => e.at);
    // Pieces 250 ms apart upstream arrive ~250 ms apart, not all at the end.
    expect(times[1] - times[0]).toBeGreaterThan(150);
    expect(times[3] - times[0]).toBeGreaterThan(600);
    expect(times[0]).toBeLessThan(times[3] - 500);
  });

  it('fails over to the next provider on 429, 500 and timeouts before the first token', async () => {
    await setProviders('rate-limited', 'broken', { model: 'stall', timeoutMs: 1000 }, 'fast');
    const res = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '内容' } });
    expect(res.status).toBe(200);
    expect(contents(res).join('')).toBe('你好，世界！');
    expect(seen.map((s) => s.body.model)).toEqual(['rate-limited', 'broken', 'stall', 'fast']);
    const rows = await ds.query('SELECT provider_name, status, error_msg FROM ai_usage_log WHERE generation_id = $1 ORDER BY usage_id', [
      res.headers['x-generation-id'],
    ]);
    expect(rows.map((r: { provider_name: string; status: string }) => [r.provider_name, r.status])).toEqual([
      ['p0-rate-limited', 'failed'],
      ['p1-broken', 'failed'],
      ['p2-stall', 'failed'],
      ['p3-fast', 'success'],
    ]);
    expect(rows[0].error_msg).toBe('HTTP 429: Rate limit reached for requests');
    expect(rows[2].error_msg).toContain('no answer within 1000 ms');
  });

  it('answers JSON when every provider fails, and gives the quota use back', async () => {
    await setProviders('rate-limited', 'broken');
    const res = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '内容' } });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ code: 503, msg: 'AI 服务暂时不可用，请稍后再试' });
    expect(JSON.stringify(res.json)).not.toContain('fake');
  });

  it('reports a provider breaking off after the first token in the stream, without failing over', async () => {
    await setProviders('cut', 'fast');
    const res = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '内容' } });
    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.data)).toEqual(['{"content":"开头"}', '{"error":"AI 服务中断，已生成的内容可能不完整，请重试"}', '[DONE]']);
    expect(seen.map((s) => s.body.model)).toEqual(['cut']);
    const [row] = await ds.query('SELECT status, output FROM ai_generation WHERE generation_id = $1', [res.headers['x-generation-id']]);
    expect(row).toEqual({ status: 'failed', output: '开头' });
  });

  it('aborts the upstream request when the browser disconnects', async () => {
    await setProviders('hang');
    const res = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '内容' } }, (_data, stop) => stop());
    expect(contents(res)).toEqual(['开头']);
    await waitFor(() => seen[0]?.aborted);
    const generationId = res.headers['x-generation-id'];
    const row = await waitFor(
      async () => (await ds.query(`SELECT status, output FROM ai_generation WHERE generation_id = $1 AND status <> 'running'`, [generationId]))[0],
    );
    expect(row).toEqual({ status: 'cancelled', output: '开头' });
    const usage = await waitFor(async () => (await ds.query('SELECT status FROM ai_usage_log WHERE generation_id = $1', [generationId]))[0]);
    expect(usage.status).toBe('cancelled');
  });

  it('refuses sensitive words in inputs and masks them in outputs, across pieces', async () => {
    await setProviders('sensitive');
    const refused = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '帮我写代开发票的广告' } });
    expect(refused.status).toBe(400);
    expect(refused.json?.msg).toBe('输入内容包含敏感词「代开发票」，请修改后再试');
    const res = await generate('aiwnxz', member, { fields: { title: uniqueTitle(), coreContent: '禁毒宣传' } });
    expect(contents(res).join('')).toBe('远离**，珍爱生命');
    expect(contents(res)[0]).toBe('远离');
  });

  it('keeps a conversation for universal Q&A, by id or from the turns the client sends', async () => {
    await setProviders('turns');
    const first = await generate('aiwnwd', member, { fields: { coreContent: '第一个问题' } });
    const conversationId = first.headers['x-conversation-id'] as string;
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(contents(first).join('')).toBe('turns=1');
    const second = await generate('aiwnwd', member, { fields: { coreContent: '第二个问题' }, conversationId });
    expect(contents(second).join('')).toBe('turns=3');
    expect(second.headers['x-conversation-id']).toBe(conversationId);
    expect(seen[1].body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const third = await generate('aiwnwd', member, {
      fields: { coreContent: '第三个问题' },
      history: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
        { role: 'assistant', content: 'd' },
      ],
    });
    expect(contents(third).join('')).toBe('turns=5');
    const turns = await http.as(member).get(`/ai/history/list?conversationId=${conversationId}`);
    expect(turns.body.data.rows.map((r: { input: { coreContent: string } }) => r.input.coreContent)).toEqual(['第一个问题', '第二个问题']);
    const other = await memberTokenOf(t.app, 'writer2');
    const stolen = await generate('aiwnwd', other, { fields: { coreContent: '偷看' }, conversationId });
    expect(stolen.json).toMatchObject({ code: 404, msg: '对话不存在或已删除' });
  });

  it("lists, reads and deletes only the member's own history", async () => {
    const list = await http.as(member).get('/ai/history/list?pageSize=100');
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(3);
    const [latest] = list.body.data.rows;
    expect(latest).toMatchObject({ toolSlug: 'aiwnwd', toolName: 'AI万能问答', status: 'success' });
    expect(latest).not.toHaveProperty('prompt');
    expect((await http.as(member).get(`/ai/history/${latest.generationId}`)).body.data.output).toBe('turns=5');
    const other = await memberTokenOf(t.app, 'writer3');
    expect((await http.as(other).get(`/ai/history/${latest.generationId}`)).status).toBe(404);
    await http.as(other).delete(`/ai/history/${latest.generationId}`);
    expect((await http.as(member).get(`/ai/history/${latest.generationId}`)).status).toBe(200);
    expect((await http.as(member).delete(`/ai/history/${latest.generationId}`)).body.code).toBe(200);
    expect((await http.as(member).get(`/ai/history/${latest.generationId}`)).status).toBe(404);
    expect((await http.get('/ai/history/list')).status).toBe(401);
  });
});

describe('fairness', () => {
  it('enforces daily quotas by member level, counting only what did not fail', async () => {
    await setProviders('fast');
    const token = await memberTokenOf(t.app, 'quota1');
    const [{ level }] = await ds.query(`SELECT level FROM member_user WHERE user_name = 'quota1'`);
    const [{ tool_id }] = await ds.query(`SELECT tool_id FROM ai_tool WHERE slug = 'aizuowen'`);
    const tool = (await http.get(`/ai/tool/${tool_id}`)).body.data;
    const saved = await http.put('/ai/tool').send({ ...tool, dailyQuota: 5, levelQuotas: [{ level, quota: 2 }] });
    expect(saved.body.code).toBe(200);
    const body = () => ({ fields: { essayTitle: uniqueTitle() } });
    expect((await generate('aizuowen', token, body())).status).toBe(200);
    // A failed generation gives its use back.
    await setProviders('broken');
    expect((await generate('aizuowen', token, body())).status).toBe(503);
    await setProviders('fast');
    expect((await generate('aizuowen', token, body())).status).toBe(200);
    const over = await generate('aizuowen', token, body());
    expect(over.status).toBe(429);
    expect(over.json?.msg).toBe('今天「AI作文」的使用次数已用完（每天 2 次），请明天再来');
    // Other tools have their own count.
    expect((await generate('aiwnxz', token, { fields: { title: uniqueTitle(), coreContent: '内容' } })).status).toBe(200);
  });

  it('holds the quota under simultaneous requests', async () => {
    const token = await memberTokenOf(t.app, 'quota2');
    const [{ tool_id }] = await ds.query(`SELECT tool_id FROM ai_tool WHERE slug = 'aishiju'`);
    const tool = (await http.get(`/ai/tool/${tool_id}`)).body.data;
    await http.put('/ai/tool').send({ ...tool, dailyQuota: 3, levelQuotas: [] });
    const answers = await Promise.all(Array.from({ length: 8 }, () => generate('aishiju', token, { fields: { title: uniqueTitle() } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });

  it('refuses member levels a tool is not open to', async () => {
    const token = await memberTokenOf(t.app, 'level1');
    const [{ tool_id }] = await ds.query(`SELECT tool_id FROM ai_tool WHERE slug = 'aiktbg'`);
    const tool = (await http.get(`/ai/tool/${tool_id}`)).body.data;
    await http.put('/ai/tool').send({ ...tool, memberLevels: [5] });
    const res = await generate('aiktbg', token, { fields: { title: uniqueTitle(), coreContent: '内容' } });
    expect(res.status).toBe(403);
    expect(res.json?.msg).toBe('您的会员等级暂不能使用「AI开题报告」');
  });

  it('rate-limits per member and per client address', async () => {
    t.config.aiRate.memberPerMinute = 2;
    try {
      const token = await memberTokenOf(t.app, 'rate1');
      const fields = () => ({ fields: { title: uniqueTitle(), coreContent: '内容' } });
      expect((await generate('aiwnxz', token, fields())).status).toBe(200);
      expect((await generate('aiwnxz', token, fields())).status).toBe(200);
      const limited = await generate('aiwnxz', token, fields());
      expect(limited.status).toBe(429);
      expect(limited.json?.msg).toBe('生成过于频繁，每分钟最多 2 次，请稍后再试');
      t.config.aiRate.memberPerMinute = 1000;
      t.config.aiRate.ipPerMinute = 1;
      const other = await memberTokenOf(t.app, 'rate2');
      const byIp = await generate('aiwnxz', other, fields());
      expect(byIp.status).toBe(429);
      expect(byIp.json?.msg).toBe('当前网络生成过于频繁，每分钟最多 1 次，请稍后再试');
    } finally {
      t.config.aiRate.memberPerMinute = 1000;
      t.config.aiRate.ipPerMinute = 1000;
    }
  });

  it('is for members only: no token and staff tokens get 401', async () => {
    const body = { fields: { title: uniqueTitle(), coreContent: '内容' } };
    expect((await request(t.server).post('/prod-api/ai/tools/aiwnxz/generate').send(body)).status).toBe(401);
    expect((await http.post('/ai/tools/aiwnxz/generate').send(body)).status).toBe(401);
  });
});
