import { describe, expect, it } from 'vitest';
import lmData from './model/char-lm.json';
import modelData from './model/aigc-model.json';
import wordsData from './model/words.json';
import { DuplicateDetector, MemoryTextStore } from '../match/detector';
import { MemoryFingerprintIndex } from '../match/fingerprint-index';
import { runCheck } from '../pipeline';
import { renderReportHtml } from '../report';
import type { CharLmData } from './char-lm';
import { defaultOfflineScorer } from './default-model';
import { OFFLINE_FEATURE_NAMES, OfflineAigcScorer, type OfflineModelData } from './offline-scorer';
import type { WordDictData } from './words';

const words = wordsData as unknown as WordDictData;

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
    const b = new OfflineAigcScorer(modelData as unknown as OfflineModelData, lmData as unknown as CharLmData, words).scoreSync(paragraphs);
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
    expect(OFFLINE_FEATURE_NAMES).toContain(parts[0].feature);
    expect(Math.abs(parts[0].logit)).toBeGreaterThanOrEqual(Math.abs(parts[2].logit));
  });

  it('scores an assistant-style rewrite of a human paragraph above the original', () => {
    // The same content twice: as a person might post it, and polished into the even register of a chat model.
    const human = '去医院查了下，医生说是甲状腺结节，3类，让半年后复查。我这几天老是胡思乱想，晚上也睡不好，网上说啥的都有，到底要不要紧啊？';
    const polished =
      '近期我前往医院进行了检查，医生诊断为甲状腺结节（3类），并建议我在半年后进行复查。然而，这几天我总是感到焦虑，睡眠质量也受到了影响。此外，网络上的信息众说纷纭，因此我希望了解这种情况是否严重。';
    const [h, p] = scorer.scoreSync([human, polished]);
    expect(p).toBeGreaterThan(h);
  });

  it('maps the classifier log-odds to probabilities monotonically, and its bands hold more AI text the higher they are', () => {
    const logits = Array.from({ length: 41 }, (_, i) => -10 + i / 2);
    const probabilities = logits.map((z) => scorer.calibrate(z));
    for (let i = 1; i < probabilities.length; i++) expect(probabilities[i]).toBeGreaterThan(probabilities[i - 1]);
    expect(probabilities[0]).toBeLessThan(0.01);
    expect(probabilities[40]).toBeGreaterThan(0.99);
    // Out-of-fold reliability measured by the training script: the share of AI texts rises from band to band.
    const reliability = (modelData as { meta: { reliability: { n: number; aiShare: number }[] } }).meta.reliability;
    expect(reliability).toHaveLength(5);
    for (let i = 1; i < reliability.length; i++) expect(reliability[i].aiShare).toBeGreaterThan(reliability[i - 1].aiShare);
  });

  it('puts its paragraph scores into the AIGC report as bands with the indicative-only sentence', async () => {
    const text = ['论文题目', ASSISTANT_STYLE, FORUM_STYLE].join('\n');
    const detector = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore());
    const { report } = await runCheck({ buffer: Buffer.from(text), fileName: 'paper.txt', detector, sources: () => [], aigcScorer: scorer });
    const html = renderReportHtml(report, { scope: 'aigc' });
    expect(report.aigc?.model).toEqual(scorer.model);
    const assistant = report.paragraphs.find((p) => p.aigcScore !== null && p.aigcScore > 0.5);
    expect(assistant?.aigcBand).not.toBeNull();
    expect(html).toMatch(/AI 特征（≥ 80%）|AI 特征（50%–79%）/);
    expect(html).toContain('AI 生成内容的检测结果仅供参考');
    expect(html).toContain('zhiwen-aigc-stumps');
  });

  it('refuses a classifier trained on other features or with another LM', () => {
    const model = modelData as unknown as OfflineModelData;
    const lm = lmData as unknown as CharLmData;
    const renamed = { ...model, classifier: { ...model.classifier, features: [...model.classifier.features].reverse() } };
    expect(() => new OfflineAigcScorer(renamed, lm, words)).toThrow(/other features/);
    expect(() => new OfflineAigcScorer({ ...model, lmSha256: '0'.repeat(64) }, lm, words)).toThrow(/character LM do not belong together/);
    expect(() => new OfflineAigcScorer({ ...model, wordsSha256: '0'.repeat(64) }, lm, words)).toThrow(/word list do not belong together/);
    expect(() => new OfflineAigcScorer({ ...model, calibration: { a: -1, b: 0 } }, lm, words)).toThrow(/calibration/);
  });
});
