/**
 * What the payment core needs of an online payment provider (WeChat Pay API v3, Alipay). A gateway is built from one
 * provider's configuration with its secrets opened; it signs every request, verifies every answer and notification,
 * and speaks in our terms: amounts in fen, states in our words. Provider errors become `PaymentGatewayError`.
 */

export type PayChannel = 'wechat' | 'alipay';
/** WeChat Pay: native (QR on desktop), h5 (mobile browser), jsapi (inside WeChat). Alipay: precreate (QR), page (desktop), wap (mobile). */
export type PayMethod = 'native' | 'h5' | 'jsapi' | 'precreate' | 'page' | 'wap';

export const CHANNEL_METHODS: Readonly<Record<PayChannel, readonly PayMethod[]>> = {
  wechat: ['native', 'h5', 'jsapi'],
  alipay: ['precreate', 'page', 'wap'],
};

export interface CreatePaymentInput {
  /** Our number of this payment attempt (unique per attempt; 6–32 characters of [0-9A-Za-z_-]). */
  outTradeNo: string;
  /** Fen, > 0. */
  amount: number;
  /** What is bought, shown to the payer (trimmed to the provider's limit by the gateway). */
  description: string;
  /** After this the provider refuses to take the payment. */
  expireTime: Date;
  /** Where the provider posts its notification. */
  notifyUrl: string;
  /** page / wap / h5: where the payer's browser returns after paying. */
  returnUrl?: string;
  /** h5: the payer's IP (WeChat requires it). */
  clientIp?: string;
  /** jsapi: the payer's openid for the configured app id. */
  openid?: string;
}

export interface CreatedPayment {
  /** native / precreate: the text to show as a QR code. */
  codeUrl?: string;
  /** h5 / page / wap: where to send the payer's browser. */
  payUrl?: string;
  /** jsapi: the parameters of WeixinJSBridge `getBrandWCPayRequest` (appId, timeStamp, nonceStr, package, signType, paySign). */
  jsapi?: Record<string, string>;
}

/** A trade as the provider knows it. */
export interface TradeInfo {
  outTradeNo: string;
  /** pending: not paid yet (or unknown to the provider); paid: money taken (also when partly or fully refunded since); closed: closed or revoked unpaid. */
  state: 'pending' | 'paid' | 'closed';
  /** Fen the order was for (WeChat amount.total, Alipay total_amount). */
  amount: number;
  /** Fen the payer actually paid, when the provider says (may be less than amount with coupons). */
  paidAmount?: number;
  currency: string;
  providerTradeNo: string;
  paidTime?: Date;
  /** The app id and merchant the trade belongs to (WeChat appid / mchid, Alipay app_id / seller_id), to be compared with ours. */
  appId: string;
  merchantId: string;
  /** Who paid (openid, buyer id), for the record. */
  payer?: string;
}

export interface RefundInput {
  outTradeNo: string;
  outRefundNo: string;
  /** Fen to refund. */
  amount: number;
  /** Fen of the whole trade. */
  total: number;
  reason: string;
  notifyUrl: string;
}

export interface RefundInfo {
  outRefundNo: string;
  outTradeNo: string;
  state: 'processing' | 'success' | 'failed' | 'closed';
  amount: number;
  providerRefundId: string;
  successTime?: Date;
  /** Why it failed, in the provider's words. */
  message?: string;
}

/** A verified, decrypted notification. */
export type PaymentNotification = { kind: 'payment'; trade: TradeInfo; id: string } | { kind: 'refund'; refund: RefundInfo; id: string };

/** The parts of the HTTP request a notification arrives in. */
export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body bytes exactly as received (signatures cover them). */
  rawBody: Buffer;
}

/** What to answer the provider (it retries until it gets a success). */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

/** One line of a provider's trade bill. */
export interface BillLine {
  outTradeNo: string;
  providerTradeNo: string;
  /** payment: money taken; refund: money returned. */
  kind: 'payment' | 'refund';
  /** Fen, positive. */
  amount: number;
  outRefundNo?: string;
  time: Date;
}

export interface PaymentGateway {
  readonly channel: PayChannel;
  /** Creates the trade at the provider; the answer says how the payer pays. */
  create(method: PayMethod, input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The trade as the provider knows it; a trade unknown to the provider answers state `pending` with amount 0. */
  query(outTradeNo: string): Promise<TradeInfo>;
  /** Closes an unpaid trade; answers `paid` (and closes nothing) when the provider says it was paid meanwhile. */
  close(outTradeNo: string): Promise<'closed' | 'paid'>;
  refund(input: RefundInput): Promise<RefundInfo>;
  queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundInfo>;
  /** Verifies (signature, and for WeChat decrypts) a notification; throws `PaymentGatewayError('badSignature' | 'badNotification')` otherwise. */
  parseNotification(request: NotificationRequest): Promise<PaymentNotification>;
  /** The answer the provider expects for a notification handled (ok) or refused. */
  notificationAck(ok: boolean): NotificationAck;
  /** The trade bill of one day (YYYY-MM-DD, China time): every payment and refund. */
  tradeBill(date: string): Promise<BillLine[]>;
  /** A harmless signed call that proves the configuration (keys, ids) works; throws otherwise. */
  test(): Promise<void>;
}

/**
 * A provider call that failed. `code`: unreachable (network, timeout), badSignature (answer or notification not
 * signed by the provider), badAnswer (unreadable answer), rejected (the provider said no; `providerCode` and
 * `providerMessage` say why), badNotification (malformed notification), notFound (trade or refund unknown).
 */
export class PaymentGatewayError extends Error {
  constructor(
    readonly code: 'unreachable' | 'badSignature' | 'badAnswer' | 'rejected' | 'badNotification' | 'notFound',
    readonly providerCode = '',
    readonly providerMessage = '',
  ) {
    super(`${code}${providerCode ? ` ${providerCode}` : ''}${providerMessage ? `: ${providerMessage}` : ''}`);
  }
}

/** WeChat Pay API v3 settings of one merchant (secrets already opened). */
export interface WechatPayConfig {
  /** 商户号 */
  mchId: string;
  /** The app id bound to the merchant (公众号/网站应用), also the JSAPI app id. */
  appId: string;
  /** Serial number of the merchant API certificate (商户API证书序列号). */
  serialNo: string;
  /** The merchant API private key, PEM (apiclient_key.pem). */
  privateKey: string;
  /** APIv3 key (32 characters) that decrypts notifications and platform certificates. */
  apiV3Key: string;
  /** WeChat Pay public key mode: its id (PUB_KEY_ID_...) and PEM. Without them, platform certificates are fetched from /v3/certificates. */
  platformPublicKeyId?: string;
  platformPublicKey?: string;
}

/** Alipay open platform settings of one app (secrets already opened). */
export interface AlipayConfig {
  appId: string;
  /** The app private key, PEM (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's public key, PEM. */
  alipayPublicKey: string;
  /** The merchant's partner id (seller_id, 2088...), compared with notifications when set. */
  sellerId?: string;
}
