import { beforeAll, describe, expect, it } from 'vitest';
import { defaultOfflineScorer } from './aigc/default-model';
import { CheckInputError } from './ingest/errors';
import { DuplicateDetector, MemoryTextStore } from './match/detector';
import { MemoryFingerprintIndex } from './match/fingerprint-index';
import { PARAGRAPHS } from './match/test-fixtures';
import { matchableText, runCheck, type CheckProgress } from './pipeline';
import type { SourceMeta } from './report/types';

// Library: one document per fixture paragraph; document 2 is an earlier paper of member m-1.
const META: SourceMeta[] = PARAGRAPHS.map((_, id) => ({
  id,
  title: `文献${id}`,
  origin: '测试库',
  libraryKind: id === 2 ? 'self' : 'reference',
  memberId: id === 2 ? 'm-1' : null,
}));

// The paper copies paragraphs 2 and 4 verbatim, has original text of its own (paragraph 10 is not in the library),
// and a references entry that repeats paragraph 7 (excluded, so never matched).
const PAPER = [
  '关于若干主题的综合研究',
  '第一章 绪论',
  PARAGRAPHS[2],
  PARAGRAPHS[10],
  '第二章 分析',
  PARAGRAPHS[4],
  '参考文献',
  `[1] ${PARAGRAPHS[7]}`,
].join('\n');

describe('runCheck', () => {
  let detector: DuplicateDetector;

  beforeAll(async () => {
    detector = new DuplicateDetector(new MemoryFingerprintIndex(), new MemoryTextStore());
    for (let id = 0; id < 10; id++) await detector.addDocument(id, PARAGRAPHS[id]);
  });

  const run = (options: { memberId?: string; excludeSourceIds?: number[]; onProgress?: (p: CheckProgress) => void } = {}) =>
    runCheck({
      buffer: Buffer.from(PAPER, 'utf8'),
      fileName: 'paper.txt',
      detector,
      sources: (ids) => ids.map((id) => META[id]),
      aigcScorer: defaultOfflineScorer(),
      checkedAt: '2025-03-01T08:00:00.000Z',
      ...options,
    });

  it('reports progress monotonically through every stage up to 100', async () => {
    const seen: CheckProgress[] = [];
    await run({ onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([
      { percent: 0, stage: 'parse' },
      { percent: 10, stage: 'match' },
      { percent: 75, stage: 'aigc' },
      { percent: 90, stage: 'report' },
      { percent: 100, stage: 'done' },
    ]);
  });

  it('finds the copied paragraphs, not the references, and builds the whole report', async () => {
    const { report, document, timings } = await run({ memberId: 'm-1' });
    expect(report.sources.map((s) => s.id).sort()).toEqual([2, 4]);
    // Verbatim copies of whole paragraphs (no whitespace in them): every character counts once.
    expect(report.summary.duplicateChars).toBe(PARAGRAPHS[2].length + PARAGRAPHS[4].length);
    expect(report.summary.totalChars).toBe(document.countedChars);
    expect(report.summary.totalRatio).toBeCloseTo((PARAGRAPHS[2].length + PARAGRAPHS[4].length) / document.countedChars, 12);
    // Paragraph 2 is member m-1's own earlier paper.
    expect(report.summary.ratioExcludingSelf).toBeCloseTo(PARAGRAPHS[4].length / document.countedChars, 12);
    // The source side of each passage is cut from the library's text.
    const own = report.passages.find((p) => report.sources[p.source].id === 2)!;
    expect(own.sourceText).toBe(PARAGRAPHS[2]);
    // AIGC: every body paragraph is scored by the offline model.
    expect(report.aigc?.model).toEqual(defaultOfflineScorer().model);
    expect(report.paragraphs.filter((p) => p.kind === 'body').every((p) => p.aigcScore !== null && p.aigcScore >= 0 && p.aigcScore <= 1)).toBe(true);
    expect(report.paragraphs.filter((p) => p.kind !== 'body').every((p) => p.aigcScore === null)).toBe(true);
    for (const value of Object.values(timings)) expect(value).toBeGreaterThanOrEqual(0);
    expect(timings.totalMs).toBeGreaterThanOrEqual(timings.matchMs);
  });

  it('leaves excluded sources out, and works without a scorer', async () => {
    const { report } = await runCheck({
      buffer: Buffer.from(PAPER, 'utf8'),
      fileName: 'paper.txt',
      detector,
      sources: async (ids) => ids.map((id) => META[id]),
      excludeSourceIds: [4],
    });
    expect(report.sources.map((s) => s.id)).toEqual([2]);
    expect(report.aigc).toBeNull();
  });

  it('fails on an unreadable upload after reporting only the start', async () => {
    const seen: number[] = [];
    const failing = runCheck({
      buffer: new Uint8Array(0),
      fileName: 'empty.txt',
      detector,
      sources: () => [],
      onProgress: (p) => seen.push(p.percent),
    });
    await expect(failing).rejects.toBeInstanceOf(CheckInputError);
    expect(seen).toEqual([0]);
  });
});

describe('matchableText', () => {
  it('blanks excluded spans, keeping every offset and line break', () => {
    const text = '正文一句。\n参考文献\n[1] 某文献。\n致谢';
    const start = text.indexOf('参考文献');
    const end = text.indexOf('\n致谢');
    const masked = matchableText(text, [{ range: { start, end } }]);
    expect(masked).toHaveLength(text.length);
    expect(masked).toBe(`正文一句。\n${' '.repeat(4)}\n${' '.repeat('[1] 某文献。'.length)}\n致谢`);
    expect(matchableText(text, [])).toBe(text);
  });
});
