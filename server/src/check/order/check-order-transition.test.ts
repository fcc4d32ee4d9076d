import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { CheckOrderTransitionService, newOrderNo } from './check-order-transition.service';
import { CheckOrderCoreModule } from './check-order.module';

let t: TestApp;
let ds: DataSource;
let orders: CheckOrderTransitionService;

beforeAll(async () => {
  t = await startTestApp({ imports: [CheckOrderCoreModule] });
  ds = t.app.get(DataSource);
  orders = t.app.get(CheckOrderTransitionService);
});
afterAll(() => t?.close());

async function addOrder(status = 'created'): Promise<string> {
  const [{ order_id }] = await ds.query(
    `INSERT INTO check_order (order_no, check_type, total_fee, status, file_md5, member_id) VALUES ($1, 'bkysb', 990, $2, 'abc', 1) RETURNING order_id`,
    [newOrderNo(), status],
  );
  return String(order_id);
}

describe('check order transitions', () => {
  it('moves an order along the machine and records who, when and why', async () => {
    const id = await addOrder();
    await orders.transition(id, 'paid', 'admin', '线下转账已确认', { payProvider: 'manual', payTime: new Date() });
    await orders.transition(id, 'queued', 'system');
    await orders.transition(id, 'checking', 'system');
    await orders.transition(id, 'done', 'system');
    expect((await ds.query(`SELECT status, pay_provider FROM check_order WHERE order_id = $1`, [id]))[0]).toEqual({
      status: 'done',
      pay_provider: 'manual',
    });
    const log = await orders.history(id);
    expect(log.map((l) => [l.fromStatus, l.toStatus, l.actor])).toEqual([
      ['created', 'paid', 'admin'],
      ['paid', 'queued', 'system'],
      ['queued', 'checking', 'system'],
      ['checking', 'done', 'system'],
    ]);
    expect(log[0].reason).toBe('线下转账已确认');
    expect(log[0].createTime).toBeInstanceOf(Date);
  });

  it('refuses an illegal move, naming both states, and changes nothing', async () => {
    const id = await addOrder('done');
    await expect(orders.transition(id, 'refunded', 'admin')).rejects.toMatchObject({
      messageKey: 'check.order.illegalTransition',
      args: { from: '已完成', to: '已退款' },
    });
    expect((await ds.query(`SELECT status FROM check_order WHERE order_id = $1`, [id]))[0].status).toBe('done');
    expect(await orders.history(id)).toEqual([]);
  });

  it('lets only one of two concurrent moves from the same state win', async () => {
    const id = await addOrder();
    const results = await Promise.allSettled([orders.transition(id, 'paid', 'a'), orders.transition(id, 'cancelled', 'b')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await orders.history(id)).toHaveLength(1);
  });

  it('makes unique, unguessable order numbers', () => {
    const numbers = new Set(Array.from({ length: 1000 }, () => newOrderNo(new Date('2026-11-21T00:00:00Z'))));
    expect(numbers.size).toBe(1000);
    expect([...numbers][0]).toMatch(/^CK20261121[0-9A-F]{16}$/);
  });
});
