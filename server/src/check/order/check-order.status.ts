import { CHECK_ORDER_STATUSES, type CheckOrderStatus } from '@zhiwen/shared';

/**
 * The order status machine, as data: the table of legal transitions is the single place that says what may follow
 * what. Pure (no database) so every legal and illegal pair is unit-tested; the service applies a transition with a
 * conditional UPDATE on the current status, so two concurrent moves cannot both win.
 *
 * created -> paid -> queued -> checking -> done | failed; cancelled before payment, refunded once paid and not done
 * (a failed check is refunded too). failed -> queued is a staff re-run.
 */
export const ORDER_STATUSES = CHECK_ORDER_STATUSES;
export type OrderStatus = CheckOrderStatus;

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['paid', 'cancelled'],
  paid: ['queued', 'refunded'],
  queued: ['checking', 'failed', 'refunded'],
  checking: ['done', 'failed', 'queued'],
  done: [],
  failed: ['queued', 'refunded'],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Thrown for a move the table does not allow; the service turns it into a message naming both states. */
export class IllegalTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`Illegal order transition ${from} -> ${to}`);
  }
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

/** The order status that follows a check task's status (the task reports queued/running/done/failed). */
export function statusOfTask(taskStatus: 'queued' | 'running' | 'done' | 'failed'): OrderStatus {
  return taskStatus === 'running' ? 'checking' : taskStatus;
}
