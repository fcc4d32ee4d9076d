import { describe, expect, it } from 'vitest';
import { fitStumps, sigmoid, stumpContributions, stumpLogit } from './stumps';

// Label = 1 when feature a > 0.5; feature b is noise.
const X = Array.from({ length: 60 }, (_, i) => [(i % 10) / 10, ((i * 7) % 13) / 13]);
const y = X.map(([a]) => (a > 0.5 ? 1 : 0));
const options = { rounds: 50, learningRate: 0.3, minLeaf: 5, lambda: 1 };

describe('boosted stumps', () => {
  it('learns a threshold rule and puts its splits on the informative feature', () => {
    const model = fitStumps(['a', 'b'], X, y, options);
    expect(sigmoid(stumpLogit(model, [0.9, 0.5]))).toBeGreaterThan(0.9);
    expect(sigmoid(stumpLogit(model, [0.1, 0.5]))).toBeLessThan(0.1);
    expect(model.stumps.filter((s) => s.feature === 0).length).toBeGreaterThan(model.stumps.length / 2);
  });

  it('is deterministic and its contributions add up to the logit', () => {
    const a = fitStumps(['a', 'b'], X, y, options);
    expect(fitStumps(['a', 'b'], X, y, options)).toEqual(a);
    const x = [0.7, 0.2];
    const parts = stumpContributions(a, x);
    expect(a.bias + parts[0] + parts[1]).toBeCloseTo(stumpLogit(a, x), 12);
  });

  it('refuses a single class or a wrong vector length', () => {
    expect(() =>
      fitStumps(
        ['a', 'b'],
        X,
        X.map(() => 1),
        options,
      ),
    ).toThrow(/both classes/);
    expect(() => stumpLogit(fitStumps(['a', 'b'], X, y, options), [1])).toThrow(/Expected 2 features/);
  });
});
