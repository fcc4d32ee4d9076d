import { CHECK_ORDER_STATUSES, CHECK_TYPES, type CheckOrderStatus } from '@zhiwen/shared';
import type { StateChoice } from '../../../components/StateChip';
import { isPaidOnline } from '../payment/payment';

/** The colour of each order state's chip. */
const STATUS_COLORS: Record<CheckOrderStatus, StateChoice['color']> = {
  created: 'warning',
  paid: 'primary',
  queued: 'default',
  checking: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
  refunded: 'secondary',
};

/** Order states (the shared package's list, the server's status machine), with the colour of their chip. */
export const ORDER_STATUS: readonly StateChoice[] = CHECK_ORDER_STATUSES.map((id) => ({
  id,
  name: `app.check_order.status_${id}`,
  color: STATUS_COLORS[id],
}));

export type OrderStatus = CheckOrderStatus;

/** The fields of an order these helpers read (a list row or the detail record, which carry more). */
export interface OrderLike {
  [field: string]: unknown;
  orderId?: string | number;
  status?: string;
  payProvider?: string;
  checkType?: string;
  tid?: string | number | null;
}

/** Being checked (or waiting for it): the list and the detail page read again until it ends. */
export const isOrderActive = (order: OrderLike | undefined) => order?.status === 'queued' || order?.status === 'checking';

/** Payment providers known to the server; another name is shown as is. */
export const PAY_PROVIDERS = ['free', 'manual', 'wechat', 'alipay'].map((id) => ({ id, name: `app.check_order.provider_${id}` }));

/** Paid outside the system and not confirmed yet: the case staff act on. */
export const isAwaitingConfirmation = (order: OrderLike | undefined) => order?.status === 'created' && order?.payProvider === 'manual';

export type OrderAction = 'confirmPayment' | 'cancel' | 'refund' | 'rerun';

/** required: the server refuses the call without one; optional: kept in the log when given; none: the route takes no body. */
export type ReasonMode = 'required' | 'optional' | 'none';

interface OrderActionDef {
  /** Permission string the server's route requires. */
  permission: string;
  reason: ReasonMode;
  /** Whether the order's state lets the server take it (mirrors its status machine, so no button just fails). */
  available: (order: OrderLike) => boolean;
}

/** Staff actions on an order, in the order their buttons show: `PUT /check/order/{orderId}/{action}`. */
export const ORDER_ACTIONS: Record<OrderAction, OrderActionDef> = {
  confirmPayment: { permission: 'check:order:edit', reason: 'optional', available: isAwaitingConfirmation },
  cancel: { permission: 'check:order:edit', reason: 'required', available: (o) => o.status === 'created' },
  refund: {
    permission: 'check:order:refund',
    reason: 'required',
    // An order paid online is refunded through its provider while some of it is left, in any state (a finished check
    // may get part of its fee back); any other order is marked refunded where the status machine allows.
    available: (o) => (isPaidOnline(o) ? Number(o.refundable) > 0 : o.status === 'paid' || o.status === 'queued' || o.status === 'failed'),
  },
  rerun: { permission: 'check:order:rerun', reason: 'none', available: (o) => o.status === 'failed' },
};

export const ORDER_ACTION_NAMES = Object.keys(ORDER_ACTIONS) as OrderAction[];

/** The actions the caller may take on the order now. */
export function availableOrderActions(order: OrderLike | undefined, hasPermission: (permission: string) => boolean): OrderAction[] {
  if (!order) return [];
  return ORDER_ACTION_NAMES.filter((a) => ORDER_ACTIONS[a].available(order) && hasPermission(ORDER_ACTIONS[a].permission));
}

export const orderActionUrl = (orderId: string | number, action: OrderAction) => `/check/order/${encodeURIComponent(String(orderId))}/${action}`;

/** The body of an action call: the trimmed reason, or none; undefined while a required reason is missing. */
export function orderActionBody(action: OrderAction, reason: string): { reason?: string } | undefined {
  const mode = ORDER_ACTIONS[action].reason;
  const text = reason.trim();
  if (mode === 'none') return {};
  if (!text) return mode === 'required' ? undefined : {};
  return { reason: text };
}

/** Reports the back office opens, in button order (the `json` file is for machines). */
export const ORDER_REPORT_KINDS = ['html', 'full', 'pdf'] as const;
export type OrderReportKind = (typeof ORDER_REPORT_KINDS)[number];

/** The reports of a finished order: those its check type produces, once its check task is done. */
export function orderReportKinds(order: OrderLike | undefined): OrderReportKind[] {
  if (!order || order.status !== 'done' || !order.tid || !order.checkType || !Object.hasOwn(CHECK_TYPES, order.checkType)) return [];
  const produced: readonly string[] = CHECK_TYPES[order.checkType as keyof typeof CHECK_TYPES].reports;
  return ORDER_REPORT_KINDS.filter((kind) => produced.includes(kind));
}

export const orderReportUrl = (tid: string | number, kind: OrderReportKind) => `/check/task/${encodeURIComponent(String(tid))}/report/${kind}`;

/** Engine stages with a label; another stage is shown as is. */
export const ORDER_STAGES = ['parse', 'match', 'aigc', 'render', 'rewrite', 'recheck', 'done'] as const;

/** The order page (a detail page, outside the route tree). */
export const ORDER_DETAIL_ROUTE = 'check/order-detail/index/:orderId';
export const orderDetailPath = (orderId: string | number) => `/${ORDER_DETAIL_ROUTE.replace(':orderId', encodeURIComponent(String(orderId)))}`;

/** The order list at `screenPath` filtered by a status (react-admin reads the `filter` query). */
export const orderListPath = (screenPath: string, status: OrderStatus) =>
  `/${screenPath.replace(/^\/+|\/+$/g, '')}?filter=${encodeURIComponent(JSON.stringify({ status }))}`;

/** The menu component of the order screen, to find its path in the caller's route tree. */
export const ORDER_SCREEN_COMPONENT = 'check/order/index';
