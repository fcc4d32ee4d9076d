import { describe, expect, it } from 'vitest';
import { assertTransition, canTransition, IllegalTransitionError, ORDER_STATUSES, statusOfTask, type OrderStatus } from './check-order.status';

/** Every legal move, written out independently of the table it checks. */
const LEGAL = new Set([
  'created>paid',
  'created>cancelled',
  'paid>queued',
  'paid>refunded',
  'queued>checking',
  'queued>failed',
  'queued>refunded',
  'checking>done',
  'checking>failed',
  'checking>queued',
  'failed>queued',
  'failed>refunded',
]);

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]));

describe('order status machine', () => {
  it.each(pairs.filter(([f, t]) => LEGAL.has(`${f}>${t}`)))('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each(pairs.filter(([f, t]) => !LEGAL.has(`${f}>${t}`)))('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(() => assertTransition(from, to)).toThrow(IllegalTransitionError);
  });

  it('covers all 64 pairs, 12 legal', () => {
    expect(pairs).toHaveLength(64);
    expect(pairs.filter(([f, t]) => canTransition(f, t))).toHaveLength(LEGAL.size);
  });

  it('ends in done, cancelled and refunded, and cancels only unpaid orders', () => {
    for (const end of ['done', 'cancelled', 'refunded'] as const) expect(ORDER_STATUSES.filter((to) => canTransition(end, to))).toEqual([]);
    expect(ORDER_STATUSES.filter((from) => canTransition(from, 'cancelled'))).toEqual(['created']);
  });

  it('follows the check task status', () => {
    expect(['queued', 'running', 'done', 'failed'].map((s) => statusOfTask(s as 'queued'))).toEqual(['queued', 'checking', 'done', 'failed']);
  });
});
