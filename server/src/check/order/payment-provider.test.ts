import { describe, expect, it } from 'vitest';
import { freeProvider, manualProvider, providerFor } from './payment-provider';

describe('payment providers', () => {
  it('pays a free order at once', async () => {
    expect(providerFor(0)).toBe(freeProvider);
    expect(await freeProvider.start({ orderNo: 'x', totalFee: 0 })).toEqual({ outcome: 'paid' });
    expect(freeProvider.manualConfirm).toBe(false);
  });

  it('leaves a priced order pending until staff confirm it', async () => {
    expect(providerFor(1)).toBe(manualProvider);
    expect(await manualProvider.start({ orderNo: 'x', totalFee: 990 })).toEqual({ outcome: 'pending' });
    expect(manualProvider.manualConfirm).toBe(true);
  });

  it('refuses a fee no provider takes', () => {
    expect(() => providerFor(5, [freeProvider])).toThrow('No payment provider takes a fee of 5');
  });
});
