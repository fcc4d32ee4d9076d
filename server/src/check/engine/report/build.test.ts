import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../ingest/types';
import { buildReport, similarityBand } from './build';
import { fixtureDetections, MEMBER, P1, P2, P3, parsedThesis, REFERENCES, SOURCES, SRC } from './test-fixtures';
import type { CheckReport } from './types';

const MODEL = { backend: 'offline' as const, name: 'test-model', version: '1' };

describe('buildReport on the hand-made thesis', () => {
  let document: ParsedDocument;
  let report: CheckReport;
  let p1: number;
  let p2: number;
  let p3: number;

  beforeAll(async () => {
    document = await parsedThesis();
    p1 = document.text.indexOf(P1);
    p2 = document.text.indexOf(P2);
    p3 = document.text.indexOf(P3);
    const scores = document.paragraphs.map((paragraph) => {
      if (paragraph.range.start === p1) return 0.9;
      if (paragraph.range.start === p2) return 0.2;
      if (paragraph.range.start === p3) return 0.6;
      return null;
    });
    report = buildReport({
      document,
      detections: fixtureDetections(document.text),
      source: (id) => SOURCES[id],
      sourceText: (id) => `源${id}`.repeat(200),
      memberId: MEMBER,
      aigc: { model: MODEL, scores },
      checkedAt: '2025-03-01T08:00:00.000Z',
    });
  });

  it('reads the fixture as intended (structure the expectations rely on)', () => {
    expect(document.countedChars).toBe(1000);
    expect(document.cited).toEqual([{ start: p1 + 200, end: p1 + 230 }]);
    expect(document.chapters.map((c) => [c.title, c.role])).toEqual([
      ['第一章 绪论', 'body'],
      ['第二章 方法', 'body'],
      ['参考文献', 'references'],
    ]);
    const p1Sentences = document.sentences
      .filter((s) => s.range.start >= p1 && s.range.end <= p1 + 500)
      .map((s) => [s.range.start - p1, s.range.end - p1]);
    expect(p1Sentences).toEqual([
      [0, 100],
      [100, 150],
      [150, 234],
      [234, 300],
      [300, 500],
    ]);
  });

  it('computes the summary ratios by the rules', () => {
    // Duplicates: A ∪ D = P1 [70,230) = 160 (30 of them the cited quote), B 40, C 20; E lies in the references.
    expect(report.summary).toEqual({
      totalChars: 1000,
      duplicateChars: 220,
      citedChars: 30,
      copiedChars: 190,
      totalRatio: 0.22,
      ratioExcludingCited: 0.19,
      // B (40) is the member's own earlier paper; C is another member's self-library paper and still counts.
      ratioExcludingSelf: 0.18,
      ownChars: 40,
      largestSourceRatio: 0.13,
      largestSource: 0,
      paragraphs: 3,
      // P1: 130 copied of 500 (26%), P2: 40 of 240 (16.7%) are above 10%; P3: 20 of 244 (8.2%) is not.
      suspectParagraphs: 2,
      sourceCount: 4,
      excludedChars: REFERENCES.replace(/\s/g, '').length,
    });
  });

  it('lists the sources by overlap, counting each source once and leaving out the references match', () => {
    expect(report.sources.map((s) => [s.id, s.overlapChars, s.citedChars, s.ratio, s.own, s.passages])).toEqual([
      [SRC.A, 130, 30, 0.13, false, 1],
      [SRC.D, 50, 0, 0.05, false, 1],
      [SRC.B, 40, 0, 0.04, true, 1],
      [SRC.C, 20, 0, 0.02, false, 1],
    ]);
    expect(report.sources[0]).toMatchObject({ title: '来源甲', origin: '期刊甲', libraryKind: 'reference', maxSimilarity: 0.9 });
  });

  it('builds the chapter table with per-chapter ratios and top sources', () => {
    expect(
      report.chapters.map((c) => [c.role, c.title, c.excluded, c.totalChars, c.duplicateChars, c.citedChars, c.paragraphs, c.suspectParagraphs]),
    ).toEqual([
      ['front', '', false, 6, 0, 0, 0, 0],
      ['body', '第一章 绪论', false, 505, 160, 30, 1, 1],
      ['body', '第二章 方法', false, 489, 60, 0, 2, 1],
      ['references', '参考文献', true, 0, 0, 0, 0, 0],
    ]);
    expect(report.chapters[1].totalRatio).toBeCloseTo(160 / 505, 12);
    expect(report.chapters[1].ratioExcludingCited).toBeCloseTo(130 / 505, 12);
    expect(report.chapters[2].totalRatio).toBeCloseTo(60 / 489, 12);
    expect(report.chapters[1].topSources).toEqual([
      { source: 0, chars: 130 },
      { source: 1, chars: 50 },
    ]);
    expect(report.chapters[2].topSources).toEqual([
      { source: 2, chars: 40 },
      { source: 3, chars: 20 },
    ]);
  });

  it('bands sentences by the similarity of their copied characters', () => {
    const rel = report.sentences.map((s) => ({ start: s.start, band: s.band, cited: s.cited, similarity: s.similarity }));
    expect(rel).toEqual([
      // S1: D covers its last 30 characters at 0.6 -> 18 / 100.
      { start: p1, band: null, cited: false, similarity: expect.closeTo(0.18, 6) },
      // S2: all 50 covered, best passage A at 0.9.
      { start: p1 + 100, band: 'red', cited: false, similarity: expect.closeTo(0.9, 6) },
      // S3: 50 copied characters at 0.9 over 84 counted; the cited quote does not add to it.
      { start: p1 + 150, band: 'orange', cited: true, similarity: expect.closeTo((50 * 0.9) / 84, 6) },
      // S6: B covers 40 of 100 at 1.0.
      { start: p2, band: 'yellow', cited: false, similarity: expect.closeTo(0.4, 6) },
      // S8: C covers 20 of 60 at 0.4.
      { start: p3, band: null, cited: false, similarity: expect.closeTo((20 * 0.4) / 60, 6) },
    ]);
    expect([0.8, 0.79, 0.5, 0.49, 0.3, 0.29].map((x) => similarityBand(x))).toEqual(['red', 'orange', 'orange', 'yellow', 'yellow', null]);
  });

  it('marks copied text red and cited text green, and groups overlapping passages into fragments', () => {
    expect(report.marks).toEqual([
      { start: p1 + 70, end: p1 + 200, kind: 'copied' },
      { start: p1 + 200, end: p1 + 230, kind: 'cited' },
      { start: p2 + 60, end: p2 + 100, kind: 'copied' },
      { start: p3 + 10, end: p3 + 30, kind: 'copied' },
    ]);
    expect(
      report.fragments.map((f) => [
        f.start - p1,
        f.end - p1,
        f.copiedChars,
        f.citedChars,
        f.passages.map((i) => report.sources[report.passages[i].source].id),
      ]),
    ).toEqual([
      [70, 230, 130, 30, [SRC.A, SRC.D]],
      [p2 - p1 + 60, p2 - p1 + 100, 40, 0, [SRC.B]],
      [p3 - p1 + 10, p3 - p1 + 30, 20, 0, [SRC.C]],
    ]);
    const a = report.passages.find((p) => report.sources[p.source].id === SRC.A)!;
    expect(a).toMatchObject({ chars: 130, citedChars: 30, sourceStart: 5, sourceEnd: 135 });
    expect(a.sourceText).toBe(`源${SRC.A}`.repeat(200).slice(5, 135));
  });

  it('gives paragraph figures and AIGC scores weighted by characters, per chapter too', () => {
    const para = (start: number) => report.paragraphs.find((p) => p.start === start)!;
    expect(para(p1)).toMatchObject({
      totalChars: 500,
      duplicateChars: 160,
      citedChars: 30,
      copiedChars: 130,
      suspect: true,
      aigcScore: 0.9,
      aigcBand: 'high',
      chapter: 1,
    });
    expect(para(p2)).toMatchObject({ totalChars: 240, copiedChars: 40, suspect: true, aigcScore: 0.2, aigcBand: null, chapter: 2 });
    expect(para(p3)).toMatchObject({ totalChars: 244, copiedChars: 20, suspect: false, aigcScore: 0.6, aigcBand: 'medium', chapter: 2 });
    expect(report.aigc).toEqual({
      model: MODEL,
      weightedScore: expect.closeTo((500 * 0.9 + 240 * 0.2 + 244 * 0.6) / 984, 12),
      flaggedShare: expect.closeTo(744 / 984, 12),
      chars: 984,
      skippedChars: 0,
      flaggedChars: 744,
      paragraphsHigh: 1,
      paragraphsMedium: 1,
      paragraphsScored: 3,
    });
    expect(report.chapters[1].aigc).toEqual({ weightedScore: expect.closeTo(0.9, 12), flaggedShare: 1, chars: 500 });
    expect(report.chapters[2].aigc).toEqual({
      weightedScore: expect.closeTo((240 * 0.2 + 244 * 0.6) / 484, 12),
      flaggedShare: expect.closeTo(244 / 484, 12),
      chars: 484,
    });
    expect(report.chapters[0].aigc).toBeNull();
  });

  it('is plain data that survives JSON', () => {
    expect(report.version).toBe(1);
    expect(report.checkedAt).toBe('2025-03-01T08:00:00.000Z');
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

describe('buildReport rules', () => {
  it('counts characters covered by several sources once in the totals, and fully for each source', async () => {
    const document = await parsedThesis();
    const p2 = document.text.indexOf(P2);
    const same = (sourceId: number) => ({ sourceId, thisOffset: p2, thisLength: 80, sourceOffset: 0, sourceLength: 80, similarity: 1 });
    const shifted = { sourceId: SRC.D, thisOffset: p2 + 40, thisLength: 80, sourceOffset: 0, sourceLength: 80, similarity: 0.5 };
    const report = buildReport({ document, detections: [same(SRC.A), same(SRC.C), shifted], source: (id) => SOURCES[id], memberId: MEMBER });
    // [0,80) twice and [40,120): 120 characters of P2, each counted once.
    expect(report.summary.duplicateChars).toBe(120);
    expect(report.summary.totalRatio).toBeCloseTo(0.12, 12);
    expect(report.sources.map((s) => [s.id, s.overlapChars])).toEqual([
      // Equal overlaps: the higher similarity first, then the lower id.
      [SRC.A, 80],
      [SRC.C, 80],
      [SRC.D, 80],
    ]);
    expect(report.fragments).toHaveLength(1);
    expect(report.fragments[0]).toMatchObject({ start: p2, end: p2 + 120, copiedChars: 120 });
    expect(report.marks).toEqual([{ start: p2, end: p2 + 120, kind: 'copied' }]);
  });

  it('counts no characters as own papers without a member, and none when the own paper is also copied from elsewhere', async () => {
    const document = await parsedThesis();
    const detections = fixtureDetections(document.text);
    const anonymous = buildReport({ document, detections, source: (id) => SOURCES[id] });
    expect(anonymous.summary.ownChars).toBe(0);
    expect(anonymous.summary.ratioExcludingSelf).toBe(anonymous.summary.totalRatio);
    // The own paper B's 40 characters also come from A: they stay in the ratio excluding own papers.
    const p2 = document.text.indexOf(P2);
    const alsoA = { sourceId: SRC.A, thisOffset: p2 + 60, thisLength: 40, sourceOffset: 0, sourceLength: 40, similarity: 1 };
    const both = buildReport({ document, detections: [...detections, alsoA], source: (id) => SOURCES[id], memberId: MEMBER });
    expect(both.summary.ownChars).toBe(0);
    expect(both.summary.ratioExcludingSelf).toBeCloseTo(0.22, 12);
  });

  it('lists unknown sources by id and follows a changed suspect threshold', async () => {
    const document = await parsedThesis();
    const report = buildReport({
      document,
      detections: fixtureDetections(document.text),
      source: () => undefined,
      rules: { suspectParagraphShare: 0.2 },
    });
    expect(report.sources[0]).toMatchObject({ id: SRC.A, title: `#${SRC.A}`, libraryKind: 'reference', own: false });
    expect(report.summary.suspectParagraphs).toBe(1);
    expect(report.rules.suspectParagraphShare).toBe(0.2);
    expect(report.aigc).toBeNull();
    expect(report.passages.every((p) => p.sourceText === '')).toBe(true);
  });

  it('refuses AIGC scores that do not match the paragraphs', async () => {
    const document = await parsedThesis();
    expect(() => buildReport({ document, detections: [], source: () => undefined, aigc: { model: MODEL, scores: [0.5] } })).toThrow(/AIGC scores/);
  });
});
