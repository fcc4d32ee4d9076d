import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logit } from './calibrate';
import { defaultOfflineScorer } from './default-model';
import { backendScorer, EnsembleAigcScorer } from './ensemble-scorer';
import { FallbackAigcScorer } from './fallback-scorer';
import { LogprobAigcScorer } from './logprob-scorer';
import { sigmoid } from './stumps';
import { fakeCompletionsServer, type Seen } from './test-fixtures';

// Hand-written: an answer in a chat assistant's even register, and one in casual forum style.
const ASSISTANT_STYLE =
  '如果您想提高睡眠质量，可以尝试以下几种方法。首先，您需要保持规律的作息时间，尽量每天在同一时间入睡和起床。其次，睡前应该避免使用电子设备。此外，您还可以通过适当的运动来帮助放松身心。总之，良好的睡眠习惯需要长期坚持。';
const FORUM_STYLE =
  '我也失眠过好几年，真的太痛苦了！后来干脆不逼自己睡了，困了再上床，躺着睡不着就起来看会儿书……坚持了差不多两个月吧，居然慢慢好了。哈哈，每个人情况不一样，你自己试试呗，别太焦虑就行~';

describe('EnsembleAigcScorer: the logprob backend (loopback server) with the offline model', () => {
  const seen: Seen[] = [];
  /** The criterion the fake server's log-probabilities give each text. */
  const criteria = new Map<string, number>();
  const server = fakeCompletionsServer(seen, { criterionOf: (prompt) => criteria.get(prompt) });
  const offline = defaultOfflineScorer();
  const calibration = { center: 1, scale: 0.5 };
  let baseUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const llm = (): LogprobAigcScorer => new LogprobAigcScorer({ baseUrl, model: 'qwen-test', timeoutMs: 2000, calibration });

  it('gets the criterion the fake server was told to give (the fixture works)', async () => {
    criteria.set(ASSISTANT_STYLE, 2.25);
    criteria.set(FORUM_STYLE, -1.5);
    const [a, b] = await llm().criteria([ASSISTANT_STYLE, FORUM_STYLE]);
    expect(a).toBeCloseTo(2.25, 6);
    expect(b).toBeCloseTo(-1.5, 6);
  });

  it('scores between the two scorers, at the weighted mean of their log-odds', async () => {
    criteria.set(FORUM_STYLE, 2.5);
    const [byLlm] = await llm().score([FORUM_STYLE]);
    const [byOffline] = await offline.score([FORUM_STYLE]);
    // The two disagree here: the server finds the forum text fluent, the offline model human-like.
    expect(byLlm).toBeGreaterThan(0.9);
    expect(byOffline).toBeLessThan(0.5);
    for (const weight of [0.25, 0.5, 0.75]) {
      const [score] = await new EnsembleAigcScorer(llm(), offline, weight).score([FORUM_STYLE]);
      expect(score).toBeGreaterThan(byOffline);
      expect(score).toBeLessThan(byLlm);
      expect(score).toBeCloseTo(sigmoid(weight * logit(byLlm) + (1 - weight) * logit(byOffline)), 12);
    }
  });

  it('moves with the LLM: a more fluent text for the server scores higher, the offline model unchanged', async () => {
    const ensemble = new EnsembleAigcScorer(llm(), offline);
    const scores: number[] = [];
    for (const c of [-2, 0, 1, 3]) {
      criteria.set(FORUM_STYLE, c);
      scores.push((await ensemble.score([FORUM_STYLE]))[0]);
    }
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[3] - scores[0]).toBeGreaterThan(0.3);
  });

  it('moves with the offline model: at the same criterion the text the offline model finds more AI-like scores higher', async () => {
    criteria.set(ASSISTANT_STYLE, 1);
    criteria.set(FORUM_STYLE, 1);
    const [offA, offF] = await offline.score([ASSISTANT_STYLE, FORUM_STYLE]);
    expect(offA).toBeGreaterThan(offF);
    const [a, f, empty] = await new EnsembleAigcScorer(llm(), offline).score([ASSISTANT_STYLE, FORUM_STYLE, '  ']);
    expect(a).toBeGreaterThan(f);
    // At the centre the LLM says even odds: the ensemble is the offline log-odds halved.
    expect(a).toBeCloseTo(sigmoid(logit(offA) / 2), 6);
    expect(empty).toBe(0);
  });

  it('names both scorers and their weights as its model', () => {
    const ensemble = new EnsembleAigcScorer(llm(), offline, 0.7);
    expect(ensemble.model).toMatchObject({
      backend: 'ensemble',
      name: 'ensemble',
      components: [
        { backend: 'logprob', name: 'fast-detectgpt-analytic', version: 'qwen-test', weight: 0.7 },
        { backend: 'offline', name: offline.model.name, version: offline.model.version, weight: expect.closeTo(0.3, 12) },
      ],
    });
    expect(ensemble.model.version).toBe(`fast-detectgpt-analytic qwen-test ×0.70 + ${offline.model.name} ${offline.model.version} ×0.30`);
    expect(() => new EnsembleAigcScorer(llm(), offline, 1.5)).toThrow(/\[0,1\]/);
  });

  it('as a check builds it: the ensemble while the server answers, the offline model alone when it fails', async () => {
    criteria.set(ASSISTANT_STYLE, 2);
    const scorer = backendScorer({ baseUrl, model: 'qwen-test', timeoutMs: 2000, calibration, llmWeight: 0.5 }, offline);
    expect(scorer).toBeInstanceOf(FallbackAigcScorer);
    await scorer.score([ASSISTANT_STYLE]);
    expect(scorer.model.backend).toBe('ensemble');

    const failing = '这一段让服务器故障。';
    const [score] = await scorer.score([failing]);
    expect(score).toBe((await offline.score([failing]))[0]);
    expect(scorer.model).toEqual(offline.model);
    expect((scorer as FallbackAigcScorer).lastError).toMatch(/HTTP 500 .*CUDA out of memory/);
  });

  it('is the LLM alone at weight 1 and asks no server at weight 0', async () => {
    criteria.set(ASSISTANT_STYLE, 2);
    const alone = backendScorer({ baseUrl, model: 'qwen-test', calibration, llmWeight: 1 }, offline);
    expect(await alone.score([ASSISTANT_STYLE])).toEqual(await llm().score([ASSISTANT_STYLE]));
    expect(alone.model.backend).toBe('logprob');
    seen.length = 0;
    const off = backendScorer({ baseUrl, model: 'qwen-test', calibration, llmWeight: 0 }, offline);
    expect(await off.score([ASSISTANT_STYLE])).toEqual(await offline.score([ASSISTANT_STYLE]));
    expect(seen).toHaveLength(0);
  });
});
