import { describe, expect, it } from 'vitest';
import lmData from './model/char-lm.json';
import modelData from './model/aigc-model.json';
import type { CharLmData } from './char-lm';
import { defaultOfflineScorer } from './default-model';
import { FEATURE_NAMES } from './features';
import { OfflineAigcScorer, type OfflineModelData } from './offline-scorer';

// Hand-written for these tests: one answer in the even, structured register of a chat assistant, one in casual forum style.
const ASSISTANT_STYLE =
  '如果您想提高睡眠质量，可以尝试以下几种方法。首先，您需要保持规律的作息时间，尽量每天在同一时间入睡和起床。其次，睡前应该避免使用手机和电脑等电子设备，因为屏幕发出的蓝光可能会影响睡眠。此外，您还可以通过适当的运动来帮助放松身心。总之，良好的睡眠习惯需要长期坚持，如果问题持续存在，建议您咨询专业医生。';
const FORUM_STYLE =
  '我也失眠过好几年，真的太痛苦了！后来干脆不逼自己睡了，困了再上床，躺着睡不着就起来看会儿书……坚持了差不多两个月吧，居然慢慢好了。哈哈，每个人情况不一样，你自己试试呗，别太焦虑就行~';

describe('OfflineAigcScorer (shipped model)', () => {
  const scorer = defaultOfflineScorer();

  it('reports the model it uses', () => {
    expect(scorer.model).toEqual({ backend: 'offline', name: 'zhiwen-aigc-stumps', version: (modelData as { version: string }).version });
    expect(scorer.model.version).toMatch(/^\d+\.\d+\+[0-9a-f]{8}$/);
  });

  it('scores deterministically in [0,1], one score per paragraph, empty paragraphs 0', async () => {
    const paragraphs = [ASSISTANT_STYLE, FORUM_STYLE, '', '短'];
    const a = await scorer.score(paragraphs);
    const b = new OfflineAigcScorer(modelData as unknown as OfflineModelData, lmData as unknown as CharLmData).scoreSync(paragraphs);
    expect(a).toEqual(b);
    expect(a).toHaveLength(4);
    expect(a[2]).toBe(0);
    for (const s of a) expect(s >= 0 && s <= 1).toBe(true);
  });

  it('scores assistant-style prose as more AI-like than casual forum prose', () => {
    const [assistant, forum] = scorer.scoreSync([ASSISTANT_STYLE, FORUM_STYLE]);
    expect(assistant).toBeGreaterThan(0.5);
    expect(forum).toBeLessThan(0.5);
  });

  it('explains a score by per-feature log-odds contributions', () => {
    const parts = scorer.explain(FORUM_STYLE, 3);
    expect(parts).toHaveLength(3);
    expect(FEATURE_NAMES).toContain(parts[0].feature);
    expect(Math.abs(parts[0].logit)).toBeGreaterThanOrEqual(Math.abs(parts[2].logit));
  });

  it('scores a 30,000-character thesis in well under a second', () => {
    const paragraphs = Array.from({ length: 100 }, (_, i) => (i % 2 ? ASSISTANT_STYLE : FORUM_STYLE).repeat(3));
    const chars = paragraphs.reduce((n, p) => n + [...p].length, 0);
    expect(chars).toBeGreaterThan(30_000);
    const started = performance.now();
    scorer.scoreSync(paragraphs);
    // The budget is 1 s; the margin absorbs a loaded shared CI machine (typically 0.1 s).
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a classifier trained on other features or with another LM', () => {
    const model = modelData as unknown as OfflineModelData;
    const lm = lmData as unknown as CharLmData;
    const renamed = { ...model, classifier: { ...model.classifier, features: [...model.classifier.features].reverse() } };
    expect(() => new OfflineAigcScorer(renamed, lm)).toThrow(/other features/);
    expect(() => new OfflineAigcScorer({ ...model, lmSha256: '0'.repeat(64) }, lm)).toThrow(/do not belong together/);
  });
});
