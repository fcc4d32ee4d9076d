import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AigcBackendError, chunk, criterion, discrepancyFromReply, LogprobAigcScorer } from './logprob-scorer';
import { fakeCompletionsServer, type Seen } from './test-fixtures';

const API_KEY = 'sk-test-secret-0123456789';

describe('LogprobAigcScorer against a loopback completions server', () => {
  const seen: Seen[] = [];
  const server = fakeCompletionsServer(seen);
  let baseUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const scorer = (extra: Partial<ConstructorParameters<typeof LogprobAigcScorer>[0]> = {}): LogprobAigcScorer =>
    new LogprobAigcScorer({ baseUrl, model: 'qwen-test', apiKey: API_KEY, timeoutMs: 2000, ...extra });

  it('sends an echo + logprobs request with the key as a Bearer token', async () => {
    seen.length = 0;
    await scorer().score(['机器生成的文本。']);
    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe('/v1/completions');
    expect(seen[0].authorization).toBe(`Bearer ${API_KEY}`);
    expect(seen[0].body).toMatchObject({ model: 'qwen-test', prompt: '机器生成的文本。', echo: true, max_tokens: 1, logprobs: 10 });
  });

  it('scores text with high log-probabilities as more AI-like than text with low ones', async () => {
    const s = scorer();
    expect(s.model).toEqual({ backend: 'logprob', name: 'fast-detectgpt-analytic', version: 'qwen-test' });
    const [fluent, surprising, empty] = await s.score(['这段机器写的话非常通顺流畅。', '这段人写的话有点跳跃出人意料。', '']);
    expect(fluent).toBeGreaterThan(surprising);
    expect(empty).toBe(0);
    // The criterion itself: positive when the text is likelier than the model expects, negative when less likely.
    expect(criterion(await s.discrepancy('这段机器写的话非常通顺流畅。'))).toBeGreaterThan(0);
    expect(criterion(await s.discrepancy('这段人写的话有点跳跃出人意料。'))).toBeLessThan(0);
  });

  it('splits long paragraphs into several requests and combines their sums', async () => {
    seen.length = 0;
    const long = '机器写的第一句话。'.repeat(30);
    const [score] = await scorer({ maxCharsPerRequest: 100 }).score([long]);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((r) => [...r.body.prompt].length <= 100)).toBe(true);
    expect(score).toBeGreaterThan(0.5);
  });

  it('surfaces an HTTP error with the server message', async () => {
    const error = await scorer()
      .score(['服务器故障了。'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AigcBackendError);
    expect((error as Error).message).toMatch(/HTTP 500 .*\/v1\/completions: CUDA out of memory/);
  });

  it('never puts the API key in an error message', async () => {
    const error = (await scorer()
      .score(['密钥不对。'])
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/HTTP 401/);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).toContain('***');
  });

  it('gives up after the timeout', async () => {
    const error = (await scorer({ timeoutMs: 200 })
      .score(['一直等待回复。'])
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(AigcBackendError);
    expect(error.message).toMatch(/no reply .* within 200 ms/);
  });

  it('tries again once when a connection drops before any answer, never after an HTTP error', async () => {
    let dropped = 0;
    const flaky = createServer((req, res) => {
      if (dropped++ === 0) return req.socket.destroy();
      server.emit('request', req, res);
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
      const [score] = await new LogprobAigcScorer({ baseUrl: url, model: 'm' }).score(['机器写的句子。']);
      expect(score).toBe((await scorer().score(['机器写的句子。']))[0]);
      expect(dropped).toBe(2);
      dropped = 0;
      const error = (await new LogprobAigcScorer({ baseUrl: url, model: 'm', retries: 0 })
        .score(['机器写的句子。'])
        .catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/cannot reach/);
      seen.length = 0;
      await scorer()
        .score(['服务器故障了。'])
        .catch(() => undefined);
      expect(seen).toHaveLength(1);
    } finally {
      flaky.closeAllConnections();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });

  it('reports an unreachable server and bad settings clearly', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = (await new LogprobAigcScorer({ baseUrl: `http://127.0.0.1:${port}`, model: 'm' })
      .score(['文本。'])
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/completions/);
    expect(() => new LogprobAigcScorer({ baseUrl: 'not a url', model: 'm' })).toThrow(/not a valid URL/);
    expect(() => new LogprobAigcScorer({ baseUrl: 'http://u:p@127.0.0.1', model: 'm' })).toThrow(/must not hold credentials/);
  });
});

describe('discrepancyFromReply', () => {
  const reply = (withOffsets: boolean): unknown => ({
    choices: [
      {
        logprobs: {
          tokens: ['你', '好', '吗', '？'],
          token_logprobs: [null, -1, -2, -0.5],
          top_logprobs: [null, { 好: -1, 们: -0.5 }, { 吗: -2, 啊: -0.2 }, { '？': -0.5 }],
          ...(withOffsets ? { text_offset: [0, 1, 2, 3] } : {}),
        },
      },
    ],
  });

  it('skips the first token and the generated ones, with or without text_offset', () => {
    const a = discrepancyFromReply(reply(true), 3);
    const b = discrepancyFromReply(reply(false), 3);
    expect(a.tokens).toBe(2);
    expect(b).toEqual(a);
    // Position 1: renormalised top-2 {-1, -0.5}: weights e^-1, e^-0.5.
    const w1 = Math.exp(-1) / (Math.exp(-1) + Math.exp(-0.5));
    const mu1 = w1 * -1 + (1 - w1) * -0.5;
    const w2 = Math.exp(-2) / (Math.exp(-2) + Math.exp(-0.2));
    const mu2 = w2 * -2 + (1 - w2) * -0.2;
    expect(a.gap).toBeCloseTo(-1 - mu1 + (-2 - mu2), 12);
    expect(criterion(a)).toBeLessThan(0);
  });

  it('rejects a reply without logprobs', () => {
    expect(() => discrepancyFromReply({ choices: [{ text: 'x' }] }, 1)).toThrow(/no token log-probabilities/);
  });
});

describe('chunk', () => {
  it('cuts at sentence ends and hard-cuts an overlong sentence', () => {
    expect(chunk('一二三。四五六。七八九。', 8)).toEqual(['一二三。四五六。', '七八九。']);
    expect(chunk('一二三四五六七八九十', 4)).toEqual(['一二三四', '五六七八', '九十']);
    expect(chunk('  ', 4)).toEqual([]);
  });
});
