import crypto from 'node:crypto';
import {
  PaymentGatewayError,
  type BillLine,
  type CreatedPayment,
  type CreatePaymentInput,
  type NotificationAck,
  type NotificationRequest,
  type PaymentGateway,
  type PaymentNotification,
  type PayMethod,
  type RefundInfo,
  type RefundInput,
  type TradeInfo,
  type WechatPayConfig,
} from '../payment-gateway';
import { parseTradeBill } from './wechatpay-bill';
import {
  aeadDecrypt,
  authorization,
  nonceStr,
  rsaSign,
  rsaVerify,
  signedHeadersOf,
  unixSeconds,
  type AeadBox,
  type SignedHeaders,
} from './wechatpay-signer';

export const WECHATPAY_API_BASE = 'https://api.mch.weixin.qq.com';

const USER_AGENT = 'zhiwen-server/0.1 (WechatPayGateway; node)';
/** Answers and notifications signed further from now than this are refused (replays). */
const MAX_CLOCK_SKEW_S = 5 * 60;
/** An unknown signing serial fetches the platform certificates again, at most this often (rotation, not a flood). */
const CERTIFICATE_REFETCH_MS = 60_000;

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  text: string;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
const date = (v: unknown): Date | undefined => {
  const d = typeof v === 'string' && v ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
};

/** RFC 3339 in China time, the form WeChat wants (2026-11-25T18:30:00+08:00). */
export function rfc3339China(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** Trims and cuts a description to WeChat's 127 bytes of UTF-8 without splitting a character. */
export function wechatDescription(text: string): string {
  let result = '';
  let bytes = 0;
  for (const ch of text.trim()) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > 127) break;
    result += ch;
    bytes += size;
  }
  return result.trim();
}

const TRADE_STATES: Record<string, TradeInfo['state']> = {
  SUCCESS: 'paid',
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
};

const REFUND_STATES: Record<string, RefundInfo['state']> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  CLOSED: 'closed',
  ABNORMAL: 'failed',
};
const REFUND_MESSAGES: Record<string, string> = { ABNORMAL: '退款异常', CLOSED: '退款关闭' };

/**
 * WeChat Pay API v3 for one merchant (直连商户). Every request is signed with the merchant key, every answer and
 * notification verified with WeChat's key: the configured WeChat Pay public key, or else the platform certificates
 * fetched from /v3/certificates (kept, and fetched again when an unknown serial shows a rotation).
 */
export class WechatPayGateway implements PaymentGateway {
  readonly channel = 'wechat' as const;
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private merchantKey?: crypto.KeyObject;
  private configuredKey?: crypto.KeyObject;
  /** Certificate mode: platform public keys by serial, once fetched. */
  private certificates?: Map<string, crypto.KeyObject>;
  private certificatesLoading?: Promise<Map<string, crypto.KeyObject>>;
  private lastRefetch = -Infinity;

  constructor(
    private readonly config: WechatPayConfig,
    apiBase: string = WECHATPAY_API_BASE,
    options: { timeoutMs?: number; fetch?: typeof fetch } = {},
  ) {
    this.base = new URL(apiBase);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  // ---- payments -------------------------------------------------------------------------------------------------

  async create(method: PayMethod, input: CreatePaymentInput): Promise<CreatedPayment> {
    const body: Json = {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: wechatDescription(input.description),
      out_trade_no: input.outTradeNo,
      time_expire: rfc3339China(input.expireTime),
      notify_url: input.notifyUrl,
      amount: { total: input.amount, currency: 'CNY' },
    };
    if (method === 'native') {
      const answer = await this.callJson('POST', '/v3/pay/transactions/native', body);
      const codeUrl = str(answer.code_url);
      if (!codeUrl) throw new PaymentGatewayError('badAnswer', '', 'no code_url');
      return { codeUrl };
    }
    if (method === 'h5') {
      if (!input.clientIp) throw new Error('WeChat h5 payments need the payer IP');
      body.scene_info = { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } };
      const answer = await this.callJson('POST', '/v3/pay/transactions/h5', body);
      const h5Url = str(answer.h5_url);
      if (!h5Url) throw new PaymentGatewayError('badAnswer', '', 'no h5_url');
      return { payUrl: input.returnUrl ? `${h5Url}&redirect_url=${encodeURIComponent(input.returnUrl)}` : h5Url };
    }
    if (method === 'jsapi') {
      if (!input.openid) throw new Error('WeChat jsapi payments need the payer openid');
      body.payer = { openid: input.openid };
      const answer = await this.callJson('POST', '/v3/pay/transactions/jsapi', body);
      const prepayId = str(answer.prepay_id);
      if (!prepayId) throw new PaymentGatewayError('badAnswer', '', 'no prepay_id');
      const timeStamp = unixSeconds();
      const nonce = nonceStr();
      const pkg = `prepay_id=${prepayId}`;
      const paySign = rsaSign(this.privateKey(), [this.config.appId, timeStamp, nonce, pkg]);
      return { jsapi: { appId: this.config.appId, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA', paySign } };
    }
    throw new Error(`WeChat Pay does not offer the method ${method}`);
  }

  async query(outTradeNo: string): Promise<TradeInfo> {
    try {
      const answer = await this.callJson('GET', this.queryPath(outTradeNo));
      return this.tradeOf(answer, 'badAnswer');
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.code === 'notFound') {
        return {
          outTradeNo,
          state: 'pending',
          amount: 0,
          currency: 'CNY',
          providerTradeNo: '',
          appId: this.config.appId,
          merchantId: this.config.mchId,
        };
      }
      throw error;
    }
  }

  async close(outTradeNo: string): Promise<'closed' | 'paid'> {
    try {
      await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.config.mchId });
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // Refused (ORDERPAID, or another reason): the trade itself, in a signed answer, says whether it was paid. A
      // refusal may come unsigned, so ORDERPAID alone does not make a trade paid here.
      if (error.code === 'rejected' || error.code === 'notFound') {
        const trade = await this.query(outTradeNo);
        if (trade.state === 'paid') return 'paid';
        if (trade.state === 'closed') return 'closed';
        // Unknown to WeChat (our create never reached it): nobody can pay it, so it is as good as closed.
        if (error.code === 'notFound' && trade.state === 'pending' && !trade.providerTradeNo && trade.amount === 0) return 'closed';
      }
      throw error;
    }
    return 'closed';
  }

  // ---- refunds --------------------------------------------------------------------------------------------------

  async refund(input: RefundInput): Promise<RefundInfo> {
    const answer = await this.callJson('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      reason: [...input.reason.trim()].slice(0, 80).join(''),
      notify_url: input.notifyUrl,
      amount: { refund: input.amount, total: input.total, currency: 'CNY' },
    });
    return this.refundOf(answer, 'status', 'badAnswer', input.outTradeNo);
  }

  async queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundInfo> {
    const answer = await this.callJson('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
    return this.refundOf(answer, 'status', 'badAnswer', outTradeNo);
  }

  // ---- notifications --------------------------------------------------------------------------------------------

  async parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    const signed = signedHeadersOf(request.headers);
    const text = request.rawBody.toString('utf8');
    if (!signed) throw new PaymentGatewayError('badSignature', '', 'notification without signature headers');
    await this.verify(signed, text);
    let body: unknown;
    let resource: unknown;
    try {
      body = JSON.parse(text);
      if (!isObject(body) || !isObject(body.resource)) throw new Error('no resource');
      const box = body.resource;
      if (typeof box.ciphertext !== 'string' || typeof box.nonce !== 'string') throw new Error('resource not encrypted');
      resource = JSON.parse(aeadDecrypt(this.config.apiV3Key, box as unknown as AeadBox));
    } catch {
      throw new PaymentGatewayError('badNotification', '', 'notification resource does not decrypt');
    }
    const id = str(body.id);
    const event = str(body.event_type);
    if (!id || !isObject(resource)) throw new PaymentGatewayError('badNotification', '', 'notification without id');
    if (event === 'TRANSACTION.SUCCESS') return { kind: 'payment', id, trade: this.tradeOf(resource, 'badNotification') };
    if (event === 'REFUND.SUCCESS' || event === 'REFUND.ABNORMAL' || event === 'REFUND.CLOSED') {
      return { kind: 'refund', id, refund: this.refundOf(resource, 'refund_status', 'badNotification') };
    }
    throw new PaymentGatewayError('badNotification', event ?? '', 'unexpected notification event');
  }

  notificationAck(ok: boolean): NotificationAck {
    return ok
      ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  // ---- bill and test --------------------------------------------------------------------------------------------

  async tradeBill(day: string): Promise<BillLine[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a bill date: ${day}`);
    let answer: Json;
    try {
      answer = await this.callJson('GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.providerCode === 'NO_STATEMENT_EXIST') return [];
      throw error;
    }
    const downloadUrl = str(answer.download_url);
    const hashValue = str(answer.hash_value);
    if (!downloadUrl || !hashValue || (answer.hash_type ?? 'SHA1') !== 'SHA1') throw new PaymentGatewayError('badAnswer', '', 'no bill download');
    let url: URL;
    try {
      url = new URL(downloadUrl);
    } catch {
      throw new PaymentGatewayError('badAnswer', '', 'bad bill download url');
    }
    // Our Authorization goes to WeChat only.
    if (url.origin !== this.base.origin) throw new PaymentGatewayError('badAnswer', '', 'bill download url elsewhere');
    const res = await this.send('GET', url, '');
    const bytes = Buffer.from(await this.readBody(res, 'arrayBuffer'));
    if (!res.ok) {
      const text = bytes.toString('utf8');
      const signed = signedHeadersOf(res.headers);
      if (signed) await this.verify(signed, text);
      throw this.errorOf({ status: res.status, text });
    }
    // The file itself is not signed: its SHA1, given in the signed answer above, vouches for it.
    if (crypto.createHash('sha1').update(bytes).digest('hex') !== hashValue.toLowerCase()) {
      throw new PaymentGatewayError('badSignature', '', 'bill SHA1 differs');
    }
    try {
      return parseTradeBill(bytes.toString('utf8'));
    } catch (error) {
      throw new PaymentGatewayError('badAnswer', '', error instanceof Error ? error.message : 'unreadable bill');
    }
  }

  async test(): Promise<void> {
    if (!this.config.platformPublicKey) {
      await this.loadCertificates();
      return;
    }
    const outTradeNo = `TEST${crypto.randomBytes(12).toString('hex')}`;
    try {
      await this.call('GET', this.queryPath(outTradeNo), undefined, true);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.code === 'notFound') return;
      throw error;
    }
    throw new PaymentGatewayError('badAnswer', '', 'a made-up trade was found');
  }

  // ---- the wire -------------------------------------------------------------------------------------------------

  private queryPath(outTradeNo: string): string {
    return `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.config.mchId)}`;
  }

  private privateKey(): crypto.KeyObject {
    try {
      this.merchantKey ??= crypto.createPrivateKey(this.config.privateKey);
    } catch {
      // Said without the key's text or OpenSSL's details.
      throw new Error('the WeChat Pay merchant private key is not a PEM private key');
    }
    return this.merchantKey;
  }

  /** One signed request; network failures and timeouts become `unreachable`. */
  private async send(method: string, url: URL, body: string): Promise<Response> {
    const auth = authorization(
      { mchId: this.config.mchId, serialNo: this.config.serialNo, privateKey: this.privateKey() },
      method,
      url.pathname + url.search,
      body,
    );
    try {
      return await this.fetch(url, {
        method,
        headers: { Authorization: auth, Accept: 'application/json', 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
        body: method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new PaymentGatewayError(
        'unreachable',
        '',
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '',
      );
    }
  }

  private async readBody(res: Response, as: 'text'): Promise<string>;
  private async readBody(res: Response, as: 'arrayBuffer'): Promise<ArrayBuffer>;
  private async readBody(res: Response, as: 'text' | 'arrayBuffer'): Promise<string | ArrayBuffer> {
    try {
      return as === 'text' ? await res.text() : await res.arrayBuffer();
    } catch (error) {
      throw new PaymentGatewayError('unreachable', '', error instanceof Error ? error.message : '');
    }
  }

  /** A signed request whose answer is verified; a refusal becomes `rejected` (or `notFound`). */
  private async call(method: string, pathWithQuery: string, body?: Json, requireSignature = false): Promise<Answer> {
    const bodyText = body === undefined ? '' : JSON.stringify(body);
    const res = await this.send(method, new URL(pathWithQuery, this.base), bodyText);
    const answer = { status: res.status, text: await this.readBody(res, 'text') };
    const signed = signedHeadersOf(res.headers);
    if (signed) await this.verify(signed, answer.text);
    else if (requireSignature || (res.ok && answer.text !== '')) throw new PaymentGatewayError('badSignature', '', 'answer not signed');
    if (!res.ok) throw this.errorOf(answer);
    return answer;
  }

  private async callJson(method: string, pathWithQuery: string, body?: Json): Promise<Json> {
    const answer = await this.call(method, pathWithQuery, body);
    try {
      const json: unknown = JSON.parse(answer.text);
      if (isObject(json)) return json;
    } catch {
      // fall through
    }
    throw new PaymentGatewayError('badAnswer', '', `HTTP ${answer.status} answer is not a JSON object`);
  }

  private errorOf(answer: Answer): PaymentGatewayError {
    let code = `HTTP_${answer.status}`;
    let message = '';
    try {
      const json: unknown = JSON.parse(answer.text);
      if (isObject(json)) {
        code = str(json.code) ?? code;
        message = str(json.message) ?? '';
      }
    } catch {
      // not JSON: the status says enough
    }
    const notFound = answer.status === 404 && (code === 'ORDER_NOT_EXIST' || code === 'RESOURCE_NOT_EXISTS');
    return new PaymentGatewayError(notFound ? 'notFound' : 'rejected', code, message.slice(0, 200));
  }

  // ---- WeChat's signatures --------------------------------------------------------------------------------------

  /** Verifies an answer or notification signature; throws `badSignature`. */
  private async verify(signed: SignedHeaders, body: string, keys?: Map<string, crypto.KeyObject>): Promise<void> {
    const timestamp = Number(signed.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > MAX_CLOCK_SKEW_S) {
      throw new PaymentGatewayError('badSignature', '', 'signature timestamp too far from now');
    }
    const key = keys ? keys.get(signed.serial) : await this.platformKey(signed.serial);
    if (!key) throw new PaymentGatewayError('badSignature', '', `unknown WeChat Pay serial ${signed.serial}`);
    if (!rsaVerify(key, [signed.timestamp, signed.nonce, body], signed.signature)) {
      throw new PaymentGatewayError('badSignature', '', 'signature does not verify');
    }
  }

  private async platformKey(serial: string): Promise<crypto.KeyObject | undefined> {
    if (this.config.platformPublicKey) {
      if (serial !== this.config.platformPublicKeyId) return undefined;
      try {
        this.configuredKey ??= crypto.createPublicKey(this.config.platformPublicKey);
      } catch {
        throw new Error('the WeChat Pay public key is not a PEM public key');
      }
      return this.configuredKey;
    }
    // A fetch under way (first load or rotation) answers every caller waiting on it.
    if (this.certificatesLoading) await this.certificatesLoading.catch(() => undefined);
    if (!this.certificates) return (await this.loadCertificates()).get(serial);
    if (!this.certificates.has(serial) && Date.now() - this.lastRefetch >= CERTIFICATE_REFETCH_MS) {
      this.lastRefetch = Date.now();
      return (await this.loadCertificates()).get(serial);
    }
    return this.certificates.get(serial);
  }

  /** Fetches and decrypts the platform certificates; the answer must verify with one of them. One fetch at a time. */
  private loadCertificates(): Promise<Map<string, crypto.KeyObject>> {
    this.certificatesLoading ??= (async () => {
      try {
        const res = await this.send('GET', new URL('/v3/certificates', this.base), '');
        const answer = { status: res.status, text: await this.readBody(res, 'text') };
        if (!res.ok) throw this.errorOf(answer);
        const keys = new Map<string, crypto.KeyObject>();
        try {
          const json: unknown = JSON.parse(answer.text);
          const data = isObject(json) && Array.isArray(json.data) ? (json.data as unknown[]) : [];
          for (const item of data) {
            if (!isObject(item) || !isObject(item.encrypt_certificate) || typeof item.serial_no !== 'string') continue;
            const pem = aeadDecrypt(this.config.apiV3Key, item.encrypt_certificate as unknown as AeadBox);
            const certificate = new crypto.X509Certificate(pem);
            if (new Date(certificate.validTo).getTime() < Date.now()) continue;
            keys.set(item.serial_no, certificate.publicKey);
          }
        } catch {
          throw new PaymentGatewayError('badAnswer', '', 'platform certificates do not decrypt (APIv3 key?)');
        }
        const signed = signedHeadersOf(res.headers);
        if (!signed) throw new PaymentGatewayError('badSignature', '', 'answer not signed');
        await this.verify(signed, answer.text, keys);
        this.certificates = keys;
        return keys;
      } finally {
        this.certificatesLoading = undefined;
      }
    })();
    return this.certificatesLoading;
  }

  // ---- WeChat's objects in our words ----------------------------------------------------------------------------

  private tradeOf(json: Json, errorCode: 'badAnswer' | 'badNotification'): TradeInfo {
    const outTradeNo = str(json.out_trade_no);
    const state = TRADE_STATES[str(json.trade_state) ?? ''];
    if (!outTradeNo || !state) throw new PaymentGatewayError(errorCode, '', 'not a transaction');
    const amount = isObject(json.amount) ? json.amount : {};
    return {
      outTradeNo,
      state,
      amount: int(amount.total) ?? 0,
      paidAmount: int(amount.payer_total),
      currency: str(amount.currency) ?? 'CNY',
      providerTradeNo: str(json.transaction_id) ?? '',
      paidTime: date(json.success_time),
      appId: str(json.appid) ?? '',
      merchantId: str(json.mchid) ?? '',
      payer: isObject(json.payer) ? str(json.payer.openid) : undefined,
    };
  }

  private refundOf(json: Json, statusField: 'status' | 'refund_status', errorCode: 'badAnswer' | 'badNotification', outTradeNo?: string): RefundInfo {
    const outRefundNo = str(json.out_refund_no);
    const status = str(json[statusField]) ?? '';
    const state = REFUND_STATES[status];
    const amount = isObject(json.amount) ? int(json.amount.refund) : undefined;
    const tradeNo = str(json.out_trade_no) ?? outTradeNo;
    if (!outRefundNo || !state || amount === undefined || !tradeNo) throw new PaymentGatewayError(errorCode, '', 'not a refund');
    return {
      outRefundNo,
      outTradeNo: tradeNo,
      state,
      amount,
      providerRefundId: str(json.refund_id) ?? '',
      successTime: date(json.success_time),
      message: REFUND_MESSAGES[status],
    };
  }
}
