import { describe, expect, it } from 'vitest';
import { aggregateScores } from './aggregate';

const p = (n: number): string => '字'.repeat(n);

describe('aggregateScores', () => {
  it('weights paragraph scores by characters', () => {
    const { overall } = aggregateScores([p(100), p(300)], [0.9, 0.1]);
    expect(overall.chars).toBe(400);
    expect(overall.weightedScore).toBeCloseTo((100 * 0.9 + 300 * 0.1) / 400, 12);
    expect(overall.flaggedChars).toBe(100);
    expect(overall.flaggedShare).toBe(0.25);
  });

  it('aggregates per chapter and leaves short paragraphs out', () => {
    const { overall, groups } = aggregateScores([p(10), p(200), p(50), p(50)], [1, 0.8, 0.2, 0.6], {
      groups: ['一', '一', '二', '二'],
      threshold: 0.6,
    });
    expect(overall).toMatchObject({ chars: 300, skippedChars: 10, flaggedChars: 250 });
    expect(groups).toEqual([
      { group: '一', chars: 200, skippedChars: 10, weightedScore: expect.closeTo(0.8, 12), flaggedChars: 200, flaggedShare: 1 },
      { group: '二', chars: 100, skippedChars: 0, weightedScore: expect.closeTo(0.4, 12), flaggedChars: 50, flaggedShare: 0.5 },
    ]);
  });

  it('counts characters as code points', () => {
    expect(aggregateScores(['𬬻'.repeat(30)], [0.5]).overall.chars).toBe(30);
  });

  it('rejects mismatched inputs and out-of-range scores', () => {
    expect(() => aggregateScores([p(30)], [])).toThrow(/1 paragraphs but 0 scores/);
    expect(() => aggregateScores([p(30)], [1.5])).toThrow(/not in \[0,1\]/);
    expect(() => aggregateScores([p(30)], [0.5], { groups: [] })).toThrow(/one entry per paragraph/);
  });
});
