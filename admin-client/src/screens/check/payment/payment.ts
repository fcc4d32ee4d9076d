import type { StateChoice } from '../../../components/StateChip';
import { fenToYuan } from '../product/product';

/** The online payment channels (docs/payments.md). */
export const PAY_CHANNELS = ['wechat', 'alipay'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** The methods each channel offers, in the order their checkboxes show. */
export const PAY_METHODS: Record<PayChannel, readonly string[]> = {
  wechat: ['native', 'h5', 'jsapi'],
  alipay: ['precreate', 'page', 'wap'],
};

/** A configuration field: its name and whether it holds a PEM block (shown multiline). */
export interface ConfigField {
  name: string;
  pem?: boolean;
}

/** The non-secret fields (`props`) of each channel. */
export const PAY_PROPS: Record<PayChannel, readonly ConfigField[]> = {
  wechat: [{ name: 'mchId' }, { name: 'appId' }, { name: 'serialNo' }, { name: 'platformPublicKeyId' }, { name: 'platformPublicKey', pem: true }],
  alipay: [{ name: 'appId' }, { name: 'sellerId' }, { name: 'alipayPublicKey', pem: true }],
};

/** The secret fields of each channel: write-only, a blank one keeps the stored value. */
export const PAY_SECRETS: Record<PayChannel, readonly ConfigField[]> = {
  wechat: [{ name: 'privateKey', pem: true }, { name: 'apiV3Key' }],
  alipay: [{ name: 'privateKey', pem: true }],
};

/** `GET /payment/config`: one channel as the server answers it (secrets only as set / not set). */
export interface PayChannelConfig {
  channel: PayChannel;
  enabled: boolean;
  methods: string[];
  notifyBaseUrl: string;
  props: Record<string, string>;
  secretsSet: Record<string, boolean>;
  updateBy: string;
  updateTime: string | null;
}

/** The body of `PUT /payment/config/{channel}`. */
export interface PayChannelConfigBody {
  enabled: boolean;
  methods: string[];
  notifyBaseUrl: string;
  props: Record<string, string>;
  secrets: Record<string, string>;
}

/**
 * The save body of a channel's form: the channel's own props and methods only (in their fixed order), the URL
 * trimmed, and only the secrets typed in (a blank one is left out, so the server keeps what it has).
 */
export function configBody(channel: PayChannel, form: Omit<PayChannelConfigBody, 'secrets'>, secrets: Record<string, string>): PayChannelConfigBody {
  const props = Object.fromEntries(PAY_PROPS[channel].map((f) => [f.name, (form.props[f.name] ?? '').trim()]));
  const typed = Object.fromEntries(
    PAY_SECRETS[channel].map((f) => [f.name, (secrets[f.name] ?? '').trim()] as const).filter(([, value]) => value !== ''),
  );
  return {
    enabled: form.enabled,
    methods: PAY_METHODS[channel].filter((m) => form.methods.includes(m)),
    notifyBaseUrl: form.notifyBaseUrl.trim(),
    props,
    secrets: typed,
  };
}

/** Why the form cannot be saved as it is (an i18n key), or undefined. The server checks again. */
export function configProblem(body: PayChannelConfigBody): string | undefined {
  if (body.notifyBaseUrl && !/^https?:\/\/\S+$/i.test(body.notifyBaseUrl)) return 'app.payment_config.notifyBaseUrl_format';
  if (!body.enabled) return undefined;
  if (!body.notifyBaseUrl) return 'app.payment_config.notifyBaseUrl_required';
  if (!body.methods.length) return 'app.payment_config.methods_required';
  return undefined;
}

/** Trade states with their chips. */
export const TRADE_STATUS: readonly StateChoice[] = [
  { id: 'pending', name: 'app.payment.trade_pending', color: 'warning' },
  { id: 'paid', name: 'app.payment.trade_paid', color: 'success' },
  { id: 'closed', name: 'app.payment.trade_closed', color: 'default' },
];

/** Refund states with their chips. */
export const REFUND_STATUS: readonly StateChoice[] = [
  { id: 'processing', name: 'app.payment.refund_processing', color: 'info' },
  { id: 'success', name: 'app.payment.refund_success', color: 'success' },
  { id: 'failed', name: 'app.payment.refund_failed', color: 'error' },
  { id: 'closed', name: 'app.payment.refund_closed', color: 'default' },
];

/** What became of a received notification. */
export const NOTIFY_OUTCOME: readonly StateChoice[] = [
  { id: 'accepted', name: 'app.payment.outcome_accepted', color: 'success' },
  { id: 'duplicate', name: 'app.payment.outcome_duplicate', color: 'default' },
  { id: 'rejected', name: 'app.payment.outcome_rejected', color: 'error' },
];

export const NOTIFY_KINDS = ['payment', 'refund', 'unknown'] as const;

/** Reconciliation runs. */
export const RECONCILE_STATUS: readonly StateChoice[] = [
  { id: 'done', name: 'app.payment_reconcile.run_done', color: 'success' },
  { id: 'failed', name: 'app.payment_reconcile.run_failed', color: 'error' },
];

/** Differences found by a run. */
export const DIFF_STATUS: readonly StateChoice[] = [
  { id: 'open', name: 'app.payment_reconcile.diff_open', color: 'warning' },
  { id: 'resolved', name: 'app.payment_reconcile.diff_resolved', color: 'success' },
];

/** missingLocal = paid there, not here; missingRemote = here, not there; amountMismatch = both, amounts differ. */
export const DIFF_KINDS = ['missingLocal', 'missingRemote', 'amountMismatch'] as const;

/** Select choices of a fixed list whose labels are `<prefix><id>` keys. */
export const choicesOf = (ids: readonly string[], prefix: string) => ids.map((id) => ({ id, name: `${prefix}${id}` }));

export const CHANNEL_CHOICES = choicesOf(PAY_CHANNELS, 'app.payment.channel_');

/** Fen as money text: 1990 -> "¥19.90"; not a number (null: no amount) -> ''. */
export function formatFen(fen: unknown): string {
  const yuan = fenToYuan(fen);
  return yuan === '' || fen === null ? '' : `¥${yuan}`;
}

/**
 * Yuan as typed -> integer fen, exactly (digits, at most two decimals; no floating point): "0.1" -> 10,
 * "19.99" -> 1999. Anything else (empty, negative, three decimals, "1e3") -> null.
 */
export function parseYuan(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Paid through WeChat Pay or Alipay: a paid trade among the order detail's `payments`. Only such an order is refunded
 * through its provider, in part or whole (`refundable` fen); any other is marked refunded whole (money returned outside).
 */
export function isPaidOnline(order: Record<string, unknown> | undefined): boolean {
  const payments = order?.payments;
  return Array.isArray(payments) && payments.some((p: { status?: unknown } | null) => p?.status === 'paid');
}

/** A refund of the order still waits for its provider's answer. */
export function hasRefundInProgress(order: Record<string, unknown> | undefined): boolean {
  const refunds = order?.refunds;
  return Array.isArray(refunds) && refunds.some((r: { status?: unknown } | null) => r?.status === 'processing');
}

/** Why a refund amount cannot be sent (an i18n key), or undefined when 0 < fen ≤ refundable. */
export function refundAmountProblem(text: string, refundable: number): string | undefined {
  const fen = parseYuan(text);
  if (fen === null) return 'app.payment.refund_amount_format';
  if (fen <= 0) return 'app.payment.refund_amount_positive';
  if (fen > refundable) return 'app.payment.refund_amount_too_much';
  return undefined;
}

/** The longest refund reason the server takes. */
export const REFUND_REASON_MAX = 200;
/** The longest resolution note the server takes. */
export const RESOLUTION_MAX = 500;

/** The day before `now` in China time (the providers' bill days), as YYYY-MM-DD. */
export function yesterdayInChina(now = new Date()): string {
  const china = new Date(now.getTime() + 8 * 3600_000 - 24 * 3600_000);
  return china.toISOString().slice(0, 10);
}

/** A payment attempt (`GET /payment/trade/list` rows, and the order detail's `payments`). */
export interface TradeRow {
  tradeId: string;
  outTradeNo: string;
  orderId: string;
  orderNo: string;
  channel: string;
  method: string;
  amount: number;
  status: string;
  providerTradeNo: string;
  payer: string;
  /** Why it was closed or failed, when the server says. */
  message?: string;
  expireTime: string | null;
  paidTime: string | null;
  closedTime: string | null;
  createTime: string;
}

/** A refund (`GET /payment/refund/list` rows, and the order detail's `refunds`). */
export interface RefundRow {
  refundId: string;
  outRefundNo: string;
  tradeId: string;
  outTradeNo: string;
  orderId: string;
  orderNo: string;
  channel: string;
  amount: number;
  reason: string;
  status: string;
  providerRefundId: string;
  message: string;
  successTime: string | null;
  createBy: string;
  createTime: string;
}
