import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { binaryParser } from '../../../test/helpers/binary';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { fakeCompletionsServer, labelledTexts, type Seen } from '../engine/aigc/test-fixtures';
import { PARAGRAPHS } from '../engine/match/test-fixtures';
import { CheckTaskModule } from '../task/check-task.module';
import { api, expectMessage } from '../../../test/helpers/api';
import { runCli } from '../cli/main';
import { operLogRows } from '../../../test/helpers/oper-log';

const API_KEY = 'sk-zhiwen-aigc-0123456789';
let t: TestApp;
let ds: DataSource;
let admin: string;
const seen: Seen[] = [];
/** Criteria the fake server gives labelled texts of the calibration test. */
const criteria = new Map<string, number>();
const fake = fakeCompletionsServer(seen, { criterionOf: (prompt) => criteria.get(prompt) });
let fakeUrl: string;

const http = api(() => t, { token: () => admin });

/** Checks a short paper and answers the model named in its report. */
async function checkedModel(): Promise<{ backend: string; name: string; version: string; components?: unknown[] }> {
  const res = await http.post('/check/task').attach('file', Buffer.from(`${PARAGRAPHS[2]}\n\n${PARAGRAPHS[3]}`, 'utf8'), 'paper.txt');
  const taskId = res.body.data.taskId;
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const task = (await http.get(`/check/task/${taskId}`)).body.data;
    if (task.status === 'done') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const json = await http.get(`/check/task/${taskId}/report/json`).buffer(true).parse(binaryParser);
  return JSON.parse(json.body.toString('utf8')).aigc.model;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await startTestApp({ imports: [CheckTaskModule] });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('AIGC scoring settings', () => {
  it('starts on the offline model, which reports name checks with', async () => {
    expect((await http.get('/check/aigc/config')).body.data).toMatchObject({ backend: 'offline', apiKeySet: false });
    expectMessage(await http.post('/check/aigc/config/test').send({}), 'zh-CN', '当前使用离线模型，无需测试连接');
    expect(await checkedModel()).toMatchObject({ backend: 'offline' });
  });

  it('keeps an LLM-logprob server with its key sealed, tests it, and checks score through it', async () => {
    const saved = await http
      .put('/check/aigc/config')
      .send({ backend: 'logprob', baseUrl: fakeUrl, model: 'qwen2.5-7b', apiKey: API_KEY, timeoutMs: 5000 });
    expect(saved.body).toMatchObject({
      code: 200,
      msg: 'AIGC 检测设置已保存',
      data: { backend: 'logprob', baseUrl: fakeUrl, model: 'qwen2.5-7b', apiKeySet: true },
    });
    expect(JSON.stringify(saved.body)).not.toContain(API_KEY);
    const [{ api_key }] = await ds.query(`SELECT api_key FROM check_aigc_config`);
    expect(api_key).not.toContain(API_KEY);
    expect(api_key).toMatch(/^v1:/);
    const logged = await operLogRows(t, `SELECT oper_param FROM sys_oper_log WHERE title = 'AIGC检测设置'`);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(API_KEY);

    // The fake server finds text with 机器 fluent (AI-like) and other text surprising.
    const fluent = await http.post('/check/aigc/config/test').send({ text: '机器生成的文本通常非常流畅。' });
    expect(fluent.body.code).toBe(200);
    expectMessage(fluent, 'zh-CN', /^连接正常，样例得分 0\.\d{3}$/);
    const surprising = await http.post('/check/aigc/config/test').send({ text: '人写的文字常有出人意料之处。' });
    expect(fluent.body.data.score).toBeGreaterThan(surprising.body.data.score);
    expect(seen.at(-1)).toMatchObject({ path: '/v1/completions', authorization: `Bearer ${API_KEY}`, body: { model: 'qwen2.5-7b', echo: true } });

    // Both scorers score, at equal weight until staff set another; the report names them.
    expect(saved.body.data.llmWeight).toBe(0.5);
    expect(await checkedModel()).toMatchObject({
      backend: 'ensemble',
      components: [
        { backend: 'logprob', name: 'fast-detectgpt-analytic', version: 'qwen2.5-7b', weight: 0.5 },
        { backend: 'offline', name: 'zhiwen-aigc-stumps', weight: 0.5 },
      ],
    });
    // Weight 1: the LLM alone.
    expect(
      (await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: fakeUrl, model: 'qwen2.5-7b', llmWeight: 1 })).body.data.llmWeight,
    ).toBe(1);
    expect(await checkedModel()).toMatchObject({ backend: 'logprob', name: 'fast-detectgpt-analytic', version: 'qwen2.5-7b' });
    await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: fakeUrl, model: 'qwen2.5-7b', llmWeight: 0.5 });
    // Saving without a key keeps the stored one.
    await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: fakeUrl, model: 'qwen2.5-7b' });
    expect((await http.get('/check/aigc/config')).body.data.apiKeySet).toBe(true);
  });

  it('scores with the offline model when the server fails, and says why the test failed', async () => {
    await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: 'http://127.0.0.1:9', model: 'qwen2.5-7b' });
    const test = await http.post('/check/aigc/config/test').send({});
    expect(test.body.code).toBe(500);
    expectMessage(test, 'zh-CN', /^连接测试失败：/);
    expect(test.body.msg).not.toContain(API_KEY);
    expect(await checkedModel()).toMatchObject({ backend: 'offline' });
  });

  it('never answers what another server at the base URL says (an internal page behind the connection test)', async () => {
    const internal = createServer((_req, res) =>
      res.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>INTERNAL-ADMIN-PAGE secret=hunter2</h1>'),
    );
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
      await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl, model: 'qwen2.5-7b' });
      const test = await http.post('/check/aigc/config/test').send({ text: '另一段测试文字。' });
      expectMessage(test, 'zh-CN', /^连接测试失败：.*HTTP 500/);
      expect(JSON.stringify(test.body)).not.toMatch(/INTERNAL|hunter2/);
    } finally {
      internal.closeAllConnections();
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  it('refuses bad settings with their message and changes nothing', async () => {
    const before = (await http.get('/check/aigc/config')).body.data;
    const noModel = await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: fakeUrl, model: ' ' });
    expect(noModel.status).toBe(400);
    expectMessage(noModel, 'zh-CN', expect.stringContaining('请填写模型名称'));
    const badUrl = await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: 'ftp://user:pw@host', model: 'm' });
    expectMessage(badUrl, 'zh-CN', expect.stringContaining('服务地址须以 http:// 或 https:// 开头'));
    expect((await http.put('/check/aigc/config').send({ backend: 'gpu' })).status).toBe(400);
    expect((await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: fakeUrl, model: 'm', llmWeight: 1.5 })).status).toBe(400);
    expect((await http.get('/check/aigc/config')).body.data).toEqual(before);
  });

  it('takes the calibration script fit through the API with --apply, for the model it calibrated only', async () => {
    await http.put('/check/aigc/config').send({ backend: 'logprob', baseUrl: fakeUrl, model: 'qwen2.5-7b', apiKey: API_KEY, llmWeight: 0.5 });
    const labelled = labelledTexts(200, { center: -0.5, scale: 1.2 }, 9);
    for (const [text, c] of labelled.criteria) criteria.set(text, c);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aigc-apply-'));
    const file = path.join(dir, 'labelled.jsonl');
    await writeFile(file, labelled.rows.map((r) => JSON.stringify(r)).join('\n'));
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}/prod-api`;
    process.env.ZHIWEN_TOKEN = admin;
    process.env.AIGC_API_KEY = API_KEY;
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      seen.length = 0;
      // Server and model come from the settings; the key from the environment.
      const code = await runCli(['aigc-calibrate', '--in', file, '--api-url', apiUrl, '--apply', '--json', '--concurrency', '4']);
      expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(/written into the AIGC settings/);
      expect(code).toBe(0);
      expect(seen).toHaveLength(200);
      expect(seen.every((r) => r.authorization === `Bearer ${API_KEY}` && r.body.model === 'qwen2.5-7b')).toBe(true);
      const report = JSON.parse(out.mock.calls.map((c) => String(c[0])).join(''));
      const stored = (await http.get('/check/aigc/config')).body.data;
      expect(stored).toMatchObject({
        backend: 'logprob',
        baseUrl: fakeUrl,
        model: 'qwen2.5-7b',
        apiKeySet: true,
        calibrationCenter: report.calibration.center,
        calibrationScale: report.calibration.scale,
        llmWeight: report.ensemble.llmWeight,
      });
      expect(stored.calibrationCenter).toBeGreaterThan(-1.2);
      expect(stored.calibrationCenter).toBeLessThan(0.2);

      err.mockClear();
      const other = await runCli(['aigc-calibrate', '--in', file, '--api-url', apiUrl, '--apply', '--base-url', fakeUrl, '--model', 'qwen2.5-72b']);
      expect(other).toBe(1);
      expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(
        /the AIGC settings use qwen2\.5-7b .* not qwen2\.5-72b .* a calibration belongs to its model/,
      );
    } finally {
      out.mockRestore();
      err.mockRestore();
      delete process.env.ZHIWEN_TOKEN;
      delete process.env.AIGC_API_KEY;
      await new Promise((resolve) => t.server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is for staff with the AIGC settings permissions only', async () => {
    await createRole(t.app, 'no_aigc', ['system.post']);
    await createStaffUser(t.app, { userName: 'noaigc', password: 'NoAigc2026', roles: ['no_aigc'] });
    const token = await tokenOf(t.app, 'noaigc', 'NoAigc2026');
    expect((await http.as(token).get('/check/aigc/config')).status).toBe(403);
    expect((await http.as(token).put('/check/aigc/config').send({ backend: 'offline' })).status).toBe(403);
  });
});
