import { describe, expect, it } from 'vitest';
import { auroc, ensembleLogit, fitCalibration, fitEnsembleWeight, logit, tprAtFpr } from './calibrate';
import { sigmoid } from './stumps';
import { seeded } from './test-fixtures';

/** Criteria spread around `center` and labels drawn from sigmoid((c - center) / scale). */
function labelled(n: number, center: number, scale: number, seed: number): { criteria: number[]; ai: boolean[] } {
  const random = seeded(seed);
  const criteria = Array.from({ length: n }, () => center + (random() * 2 - 1) * 5 * scale);
  return { criteria, ai: criteria.map((c) => random() < sigmoid((c - center) / scale)) };
}

describe('fitCalibration', () => {
  it('recovers the centre and scale that generated the labels', () => {
    const { criteria, ai } = labelled(4000, 1.5, 0.8, 7);
    const fit = fitCalibration(criteria, ai);
    expect(fit.center).toBeCloseTo(1.5, 1);
    expect(fit.scale / 0.8).toBeGreaterThan(0.9);
    expect(fit.scale / 0.8).toBeLessThan(1.1);
    expect(fit.separated).toBe(false);
  });

  it('puts the centre at even odds whatever share of the file is AI, unless told to keep the ratio', () => {
    const { criteria, ai } = labelled(4000, -2, 1.5, 11);
    // Keep every AI text but only a third of the human ones.
    const keep = criteria.map((_, i) => ai[i] || i % 3 === 0);
    const c = criteria.filter((_, i) => keep[i]);
    const a = ai.filter((_, i) => keep[i]);
    expect(fitCalibration(c, a).center).toBeCloseTo(-2, 0);
    // With the file's ratio as the prior (about 3 AI texts to 1 human), even odds move towards the human side.
    expect(fitCalibration(c, a, { balance: false }).center).toBeLessThan(-2.8);
  });

  it('gives a finite, flagged answer when the classes separate perfectly', () => {
    const fit = fitCalibration([-3, -2, -1, 1, 2, 3], [false, false, false, true, true, true]);
    expect(fit.separated).toBe(true);
    expect(fit.center).toBeCloseTo(0, 6);
    expect(Number.isFinite(fit.scale)).toBe(true);
    expect(fit.scale).toBeGreaterThanOrEqual(0.01);
  });

  it('refuses a criterion that ranks human texts higher, and too few texts of a class', () => {
    const { criteria, ai } = labelled(500, 0, 1, 3);
    expect(() =>
      fitCalibration(
        criteria,
        ai.map((x) => !x),
      ),
    ).toThrow(/does not rank AI texts above human ones/);
    expect(() => fitCalibration([1, 2, 3], [true, true, false])).toThrow(/at least 2 AI and 2 human texts \(got 2 AI, 1 human\)/);
  });
});

describe('auroc and tprAtFpr', () => {
  it('count ties as half and find the best threshold within the false-positive budget', () => {
    expect(auroc([0.9, 0.8, 0.1, 0.2], [true, true, false, false])).toBe(1);
    expect(auroc([0.5, 0.5], [true, false])).toBe(0.5);
    expect(auroc([0.1, 0.9, 0.4, 0.6], [true, true, false, false])).toBe(0.5);
    // 100 human texts: 1 false positive is allowed at 1 %.
    const humans = Array.from({ length: 100 }, (_, i) => i / 100);
    const scores = [...humans, 0.995, 0.985, 0.5];
    const ai = [...humans.map(() => false), true, true, true];
    expect(tprAtFpr(scores, ai, 0.01)).toEqual({ tpr: 2 / 3, threshold: 0.985 });
    // With no false positive allowed, only the AI text above the highest human one (0.99) counts.
    expect(tprAtFpr(scores, ai, 0).tpr).toBe(1 / 3);
  });
});

describe('ensemble log-odds', () => {
  it('lies between the two scorers and is each one alone at weights 1 and 0', () => {
    expect(ensembleLogit(2, -1, 0.5)).toBe(0.5);
    expect(ensembleLogit(2, -1, 1)).toBe(2);
    expect(ensembleLogit(2, -1, 0)).toBe(-1);
    expect(Number.isFinite(logit(0))).toBe(true);
    expect(logit(1)).toBeGreaterThan(13);
  });

  it('fits more weight to the scorer that carries the signal', () => {
    const random = seeded(5);
    const ai = Array.from({ length: 2000 }, () => random() < 0.5);
    const informative = ai.map((x) => (x ? 1.5 : -1.5) + (random() * 2 - 1) * 2);
    const noise = ai.map(() => (random() * 2 - 1) * 2);
    expect(fitEnsembleWeight(informative, noise, ai).weight).toBeGreaterThan(0.7);
    expect(fitEnsembleWeight(noise, informative, ai).weight).toBeLessThan(0.3);
  });
});
