import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { CheckOrder, CheckOrderLog } from './check-order.entity';
import { canTransition, type OrderStatus } from './check-order.status';

/** A unique, unguessable order number: date for people reading it, then 16 random hex digits (64 bits). */
export function newOrderNo(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `CK${day}${randomBytes(8).toString('hex').toUpperCase()}`;
}

/**
 * Applies one status change of an order and records it (who, when, why) in the same transaction. The row is locked
 * first, so the table check and the write see the same status: of two concurrent moves, the second is judged
 * against the first one's outcome.
 */
@Injectable()
export class CheckOrderTransitionService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `manager`: apply it inside a caller's transaction (a payment and its order move together). */
  async transition(
    orderId: string,
    to: OrderStatus,
    actor: string,
    reason = '',
    changes: Partial<CheckOrder> = {},
    manager?: EntityManager,
  ): Promise<CheckOrder> {
    const apply = async (m: EntityManager) => {
      const order = await m
        .getRepository(CheckOrder)
        .createQueryBuilder('o')
        .setLock('pessimistic_write')
        .where('o.order_id = :orderId', { orderId })
        .getOne();
      if (!order) throw ServiceException.notFound('check.order.notFound');
      const from = order.status;
      if (!canTransition(from, to)) {
        throw new ServiceException('check.order.illegalTransition', { from: t(`check.order.status.${from}`), to: t(`check.order.status.${to}`) });
      }
      Object.assign(order, changes, { status: to });
      await m.save(order);
      await m.save(m.create(CheckOrderLog, { orderId, fromStatus: from, toStatus: to, actor, reason: reason.slice(0, 500) }));
      return order;
    };
    return manager ? apply(manager) : this.dataSource.transaction(apply);
  }

  /** A step of an order that changes no status (a refund submitted or settled): a log row from and to its current status. */
  async note(orderId: string, actor: string, reason: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const order = await manager.getRepository(CheckOrder).findOneBy({ orderId });
    if (!order) throw ServiceException.notFound('check.order.notFound');
    await manager.save(
      manager.create(CheckOrderLog, { orderId, fromStatus: order.status, toStatus: order.status, actor, reason: reason.slice(0, 500) }),
    );
  }

  /** The status changes of an order, oldest first. */
  history(orderId: string): Promise<CheckOrderLog[]> {
    return this.dataSource.getRepository(CheckOrderLog).find({ where: { orderId }, order: { logId: 'ASC' } });
  }
}
