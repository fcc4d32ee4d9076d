import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import { unzipSync } from 'fflate';
import {
  type AlipayConfig,
  type BillLine,
  type CreatedPayment,
  type CreatePaymentInput,
  type NotificationAck,
  type NotificationRequest,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentNotification,
  type PayMethod,
  type RefundInfo,
  type RefundInput,
  type TradeInfo,
} from '../payment-gateway';

/** Alipay's production gateway of the classic (OpenAPI 2.0) API. */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** One `<method>_response` node of an answer whose signature was verified. */
type Answer = Record<string, unknown>;

/** Alipay's subject is limited to 256 characters. */
const SUBJECT_MAX = 256;

/** Thrown by our SDK subclass when an answer carries no signature at all (Alipay leaves some error answers unsigned). */
class UnsignedAnswer extends Error {
  constructor(readonly responseDataRaw: string) {
    super('unsigned answer');
  }
}

/** The SDK would hand `undefined` to crypto for an unsigned answer (a TypeError without the answer): say so instead. */
class VerifyingSdk extends AlipaySdk {
  override checkResponseSign(responseDataRaw: string, responseKey: string, serverSign: string, traceId: string): void {
    if (!serverSign) throw new UnsignedAnswer(responseDataRaw);
    super.checkResponseSign(responseDataRaw, responseKey, serverSign, traceId);
  }
}

/** Fen (integer) → Alipay's yuan string with two decimals, without floating point. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`amount in fen must be a non-negative integer: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string ("0.29", "1234.56", "-35.80", "12") → fen, exactly; anything else is an unreadable answer. */
export function yuanToFen(yuan: string): number {
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new PaymentGatewayError('badAnswer', '', `not an amount: ${yuan}`);
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** 'yyyy-MM-dd HH:mm:ss' in China time, as Alipay wants its times. */
export function chinaTime(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay's 'yyyy-MM-dd HH:mm:ss' (China time) → Date; undefined when empty or malformed. */
export function parseChinaTime(text: string | undefined): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec((text ?? '').trim());
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** PKCS#1 ("RSA PRIVATE KEY") or PKCS#8 ("PRIVATE KEY"); a bare base64 key (as Alipay's key tool writes it) is probed. */
function privateKeyType(pem: string): 'PKCS1' | 'PKCS8' {
  if (pem.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (pem.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  try {
    createPrivateKey({ key: Buffer.from(pem.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

function text(answer: Answer, key: string): string {
  const value = answer[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function rejected(answer: Answer): PaymentGatewayError {
  return new PaymentGatewayError('rejected', text(answer, 'sub_code') || text(answer, 'code'), text(answer, 'sub_msg') || text(answer, 'msg'));
}

/**
 * Alipay (classic gateway.do API, RSA2) through the official alipay-sdk: it signs our requests and verifies the
 * signature of every answer; notifications are verified with the SDK's notify check. Amounts are fen on our side.
 */
export class AlipayGateway implements PaymentGateway {
  readonly channel = 'alipay' as const;
  private readonly sdk: AlipaySdk;
  private readonly timeoutMs: number;

  constructor(
    private readonly config: AlipayConfig,
    gateway: string = ALIPAY_GATEWAY,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.sdk = new VerifyingSdk({
      appId: config.appId,
      privateKey: config.privateKey,
      keyType: privateKeyType(config.privateKey),
      alipayPublicKey: config.alipayPublicKey,
      signType: 'RSA2',
      gateway,
      timeout: this.timeoutMs,
      // Keep Alipay's own snake_case names: they are what the documentation and the notifications use.
      camelcase: false,
    });
    // A key that cannot be read would otherwise fail inside the SDK on the first call, as an obscure crypto error.
    try {
      createPrivateKey(this.sdk.config.privateKey);
    } catch {
      throw new Error('Alipay: the app private key is not a readable RSA private key');
    }
    try {
      createPublicKey(this.sdk.config.alipayPublicKey);
    } catch {
      throw new Error('Alipay: the Alipay public key is not a readable RSA public key');
    }
  }

  async create(method: PayMethod, input: CreatePaymentInput): Promise<CreatedPayment> {
    const bizContent: Record<string, unknown> = {
      out_trade_no: input.outTradeNo,
      total_amount: fenToYuan(input.amount),
      subject: Array.from(input.description).slice(0, SUBJECT_MAX).join(''),
      time_expire: chinaTime(input.expireTime),
    };
    if (method === 'precreate') {
      const answer = await this.call('alipay.trade.precreate', bizContent, { notify_url: input.notifyUrl });
      if (text(answer, 'code') !== '10000') throw rejected(answer);
      const codeUrl = text(answer, 'qr_code');
      if (!codeUrl) throw new PaymentGatewayError('badAnswer', '', 'no qr_code');
      return { codeUrl };
    }
    if (method !== 'page' && method !== 'wap') throw new Error(`Alipay does not pay by ${method}`);
    if (!input.returnUrl) throw new Error(`Alipay ${method} pay needs a returnUrl`);
    const page = method === 'page';
    const payUrl = this.sdk.pageExecute(page ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'GET', {
      bizContent: page
        ? { ...bizContent, product_code: 'FAST_INSTANT_TRADE_PAY' }
        : { ...bizContent, product_code: 'QUICK_WAP_WAY', quit_url: input.returnUrl },
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
      timestamp: chinaTime(new Date()),
    });
    return { payUrl };
  }

  async query(outTradeNo: string): Promise<TradeInfo> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    const base = { outTradeNo, currency: 'CNY', appId: this.config.appId, merchantId: this.config.sellerId ?? '' };
    if (text(answer, 'code') !== '10000') {
      if (text(answer, 'sub_code') === 'ACQ.TRADE_NOT_EXIST') return { ...base, state: 'pending', amount: 0, providerTradeNo: '' };
      throw rejected(answer);
    }
    if (text(answer, 'out_trade_no') && text(answer, 'out_trade_no') !== outTradeNo) {
      throw new PaymentGatewayError('badAnswer', '', 'the answer is about another trade');
    }
    const status = text(answer, 'trade_status');
    const paidTime = parseChinaTime(text(answer, 'send_pay_date') || text(answer, 'gmt_payment'));
    let state: TradeInfo['state'];
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') state = 'paid';
    else if (status === 'WAIT_BUYER_PAY') state = 'pending';
    // A fully refunded trade is TRADE_CLOSED too; only one that was paid has a payment time.
    else if (status === 'TRADE_CLOSED') state = paidTime ? 'paid' : 'closed';
    else throw new PaymentGatewayError('badAnswer', '', `unknown trade_status ${status}`);
    const receipt = text(answer, 'receipt_amount');
    return {
      ...base,
      appId: text(answer, 'app_id') || base.appId,
      merchantId: text(answer, 'seller_id') || base.merchantId,
      state,
      amount: yuanToFen(text(answer, 'total_amount') || '0'),
      paidAmount: state === 'paid' && receipt ? yuanToFen(receipt) : undefined,
      providerTradeNo: text(answer, 'trade_no'),
      paidTime: state === 'paid' ? paidTime : undefined,
      payer: text(answer, 'buyer_user_id') || text(answer, 'buyer_open_id') || undefined,
    };
  }

  async close(outTradeNo: string): Promise<'closed' | 'paid'> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    if (text(answer, 'code') === '10000') return 'closed';
    const subCode = text(answer, 'sub_code');
    // A precreate trade exists at Alipay only once its code was scanned: nothing to close.
    if (subCode === 'ACQ.TRADE_NOT_EXIST') return 'closed';
    if (subCode === 'ACQ.TRADE_STATUS_ERROR') {
      // Paid, finished or already closed: the trade's state says which.
      const trade = await this.query(outTradeNo);
      if (trade.state === 'paid') return 'paid';
      if (trade.state === 'closed') return 'closed';
    }
    throw rejected(answer);
  }

  async refund(input: RefundInput): Promise<RefundInfo> {
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: input.outTradeNo,
      refund_amount: fenToYuan(input.amount),
      out_request_no: input.outRefundNo,
      refund_reason: Array.from(input.reason).slice(0, 256).join(''),
    });
    if (text(answer, 'code') !== '10000') throw rejected(answer);
    if (text(answer, 'fund_change') === 'Y') {
      return {
        outRefundNo: input.outRefundNo,
        outTradeNo: input.outTradeNo,
        state: 'success',
        amount: input.amount,
        providerRefundId: text(answer, 'trade_no'),
        successTime: parseChinaTime(text(answer, 'gmt_refund_pay')) ?? new Date(),
      };
    }
    // 'N': no money moved by this call — still in progress, or refunded by an earlier call with the same number.
    return this.queryRefund(input.outRefundNo, input.outTradeNo);
  }

  async queryRefund(outRefundNo: string, outTradeNo: string): Promise<RefundInfo> {
    const answer = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: outTradeNo,
      out_request_no: outRefundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (text(answer, 'code') !== '10000') {
      if (text(answer, 'sub_code') === 'ACQ.TRADE_NOT_EXIST')
        throw new PaymentGatewayError('notFound', 'ACQ.TRADE_NOT_EXIST', text(answer, 'sub_msg'));
      throw rejected(answer);
    }
    // Without refund_status Alipay has not (yet) refunded this request.
    const success = text(answer, 'refund_status') === 'REFUND_SUCCESS';
    const amount = text(answer, 'refund_amount');
    return {
      outRefundNo,
      outTradeNo,
      state: success ? 'success' : 'processing',
      amount: amount ? yuanToFen(amount) : 0,
      providerRefundId: text(answer, 'trade_no'),
      successTime: success ? parseChinaTime(text(answer, 'gmt_refund_pay')) : undefined,
    };
  }

  async parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    const params = parseForm(request.rawBody);
    if (!params.sign) throw new PaymentGatewayError('badSignature', '', 'unsigned notification');
    // Values are already decoded: the SDK must not decode them again (V2 = raw).
    if (!this.sdk.checkNotifySignV2(params)) throw new PaymentGatewayError('badSignature');
    const id = params.notify_id;
    const outTradeNo = params.out_trade_no;
    const status = params.trade_status;
    if (!id || !outTradeNo || !status) throw new PaymentGatewayError('badNotification', '', 'notify_id, out_trade_no or trade_status missing');
    const isRefund = !!params.out_biz_no && !!(params.refund_fee || params.gmt_refund) && (status === 'TRADE_CLOSED' || status === 'TRADE_SUCCESS');
    if (isRefund) {
      // refund_fee is the total refunded on the trade so far, not this request's amount: Alipay's refund query says that.
      const refund = await this.queryRefund(params.out_biz_no, outTradeNo);
      return { kind: 'refund', id, refund: { ...refund, providerRefundId: refund.providerRefundId || params.trade_no || '' } };
    }
    let state: TradeInfo['state'];
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') state = 'paid';
    else if (status === 'WAIT_BUYER_PAY') state = 'pending';
    else if (status === 'TRADE_CLOSED') state = 'closed';
    else throw new PaymentGatewayError('badNotification', '', `unknown trade_status ${status}`);
    let amount: number;
    let paidAmount: number | undefined;
    try {
      amount = yuanToFen(params.total_amount ?? '');
      paidAmount = params.receipt_amount ? yuanToFen(params.receipt_amount) : undefined;
    } catch {
      throw new PaymentGatewayError('badNotification', '', 'unreadable amount');
    }
    return {
      kind: 'payment',
      id,
      trade: {
        outTradeNo,
        state,
        amount,
        paidAmount: state === 'paid' ? paidAmount : undefined,
        currency: 'CNY',
        providerTradeNo: params.trade_no ?? '',
        paidTime: state === 'paid' ? parseChinaTime(params.gmt_payment) : undefined,
        appId: params.app_id ?? params.auth_app_id ?? '',
        merchantId: params.seller_id ?? '',
        payer: params.buyer_id || params.buyer_open_id || undefined,
      },
    };
  }

  notificationAck(ok: boolean): NotificationAck {
    // Alipay retries (over about a day) on anything but the exact text "success".
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'failure' };
  }

  async tradeBill(date: string): Promise<BillLine[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`bill date must be YYYY-MM-DD: ${date}`);
    const answer = await this.call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
    if (text(answer, 'code') !== '10000') {
      if (text(answer, 'sub_code') === 'isp.bill_not_exist') return [];
      throw rejected(answer);
    }
    const url = text(answer, 'bill_download_url');
    if (!url) throw new PaymentGatewayError('badAnswer', '', 'no bill_download_url');
    let zip: Uint8Array;
    try {
      // The file may be large: more time than for an API call.
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs * 6) });
      if (!response.ok) throw new PaymentGatewayError('unreachable', String(response.status), 'bill download failed');
      zip = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      throw new PaymentGatewayError('unreachable', '', 'bill download failed');
    }
    return parseTradeBillZip(zip);
  }

  async test(): Promise<void> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: `zwtest${randomBytes(8).toString('hex')}` });
    if (text(answer, 'sub_code') === 'ACQ.TRADE_NOT_EXIST') return;
    if (text(answer, 'code') === '10000') throw new PaymentGatewayError('badAnswer', '', 'a random trade number was found');
    throw rejected(answer);
  }

  /**
   * One signed call; the answer's signature is verified whatever its code. Unsigned or unverifiable error answers
   * (Alipay signs not all of them) become `rejected` here so the operator sees why, and never reach the callers'
   * decisions (a verified ACQ.TRADE_NOT_EXIST closes, an unverified one must not).
   */
  private async call(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Answer> {
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    try {
      // The SDK stamps requests in the machine's local time; Alipay checks them against China time.
      return await this.sdk.exec(method, { bizContent, ...extra, timestamp: chinaTime(new Date()) }, { validateSign: true });
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      if (error instanceof UnsignedAnswer || (error instanceof AlipayRequestError && error.message.startsWith('验签失败'))) {
        const unverified = unverifiedRejection(error.responseDataRaw ?? '', responseKey, error instanceof UnsignedAnswer);
        if (unverified) throw unverified;
        throw new PaymentGatewayError('badSignature', '', 'answer signature invalid');
      }
      if (error instanceof AlipayRequestError) {
        if (error.message.startsWith('HttpClient Request error') || error.message.startsWith('HTTP 请求错误')) {
          throw new PaymentGatewayError('unreachable', '', error.message.replace(/ \(traceId.*$/, ''));
        }
        throw new PaymentGatewayError('badAnswer', '', error.message.slice(0, 200));
      }
      throw new PaymentGatewayError('badAnswer', '', error instanceof Error ? error.message.slice(0, 200) : String(error));
    }
  }
}

/** An error answer Alipay left unsigned (or gave as error_response): a rejection, never a success. */
function unverifiedRejection(raw: string, responseKey: string, unsigned: boolean): PaymentGatewayError | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const body = parsed as Record<string, unknown>;
  const own = body[responseKey];
  const node = (own ?? body.error_response) as Answer | undefined;
  if (!node || typeof node !== 'object' || text(node, 'code') === '10000') return undefined;
  return unsigned || own === undefined ? rejected(node) : undefined;
}

/** application/x-www-form-urlencoded → fields, decoded in the charset the body names (utf-8 unless it says otherwise). */
function parseForm(raw: Buffer): Record<string, string> {
  const body = raw.toString('latin1');
  const pairs = body.split('&').filter(Boolean);
  const bytes = (part: string): Buffer => {
    const plus = part.replace(/\+/g, ' ');
    const out: number[] = [];
    for (let i = 0; i < plus.length; i++) {
      const hex = plus.slice(i + 1, i + 3);
      if (plus[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
      } else out.push(plus.charCodeAt(i) & 0xff);
    }
    return Buffer.from(out);
  };
  const charsetPair = pairs.find((pair) => pair.startsWith('charset='));
  const charset = charsetPair ? bytes(charsetPair.slice(8)).toString('latin1').trim().toLowerCase() : '';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset || 'utf-8');
  } catch {
    // A charset TextDecoder does not know: Alipay sends utf-8 unless the app was set otherwise.
    decoder = new TextDecoder('utf-8');
  }
  const fields: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = decoder.decode(bytes(eq < 0 ? pair : pair.slice(0, eq)));
    fields[key] = eq < 0 ? '' : decoder.decode(bytes(pair.slice(eq + 1)));
  }
  return fields;
}

/** A ZIP entry's name: Alipay writes GBK names without the UTF-8 flag, which fflate then reads as Latin-1. */
function entryName(name: string): string {
  if (/[\u0080-\u00ff]/.test(name) && ![...name].some((char) => char.charCodeAt(0) > 0xff)) {
    try {
      return new TextDecoder('gbk', { fatal: true }).decode(Buffer.from(name, 'latin1'));
    } catch {
      return name;
    }
  }
  return name;
}

/** Splits one CSV line (quotes allowed, though Alipay uses none) into trimmed fields (Alipay pads ids with tabs). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(current.trim());
      current = '';
    } else current += c;
  }
  fields.push(current.trim());
  return fields;
}

/** The lines of Alipay's trade bill ZIP: its 业务明细 CSV (GBK), read by column names. */
export function parseTradeBillZip(zip: Uint8Array): BillLine[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch {
    throw new PaymentGatewayError('badAnswer', '', 'the bill is not a ZIP file');
  }
  const gbk = new TextDecoder('gbk');
  const entries = Object.entries(files).map(([name, data]) => ({ name: entryName(name), text: () => gbk.decode(data) }));
  const detail =
    entries.find((entry) => entry.name.includes('业务明细') && !entry.name.includes('汇总')) ??
    entries.find((entry) => /^支付宝交易号,/m.test(entry.text()) && entry.text().includes('业务类型'));
  if (!detail) throw new PaymentGatewayError('badAnswer', '', 'no 业务明细 file in the bill');
  return parseTradeBillCsv(detail.text());
}

/** The payment and refund rows of a 业务明细 CSV (already decoded). */
export function parseTradeBillCsv(csv: string): BillLine[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() && !line.startsWith('#'));
  const headerIndex = lines.findIndex((line) => line.includes('支付宝交易号') && line.includes('业务类型'));
  if (headerIndex < 0) throw new PaymentGatewayError('badAnswer', '', 'no header row in the bill');
  // Half-width or full-width parentheses: Alipay has used both.
  const header = csvFields(lines[headerIndex]).map((name) => name.replace(/\(/g, '（').replace(/\)/g, '）'));
  const column = (name: string, required: boolean): number => {
    const index = header.indexOf(name);
    if (index < 0 && required) throw new PaymentGatewayError('badAnswer', '', `the bill has no column ${name}`);
    return index;
  };
  const tradeNo = column('支付宝交易号', true);
  const outTradeNo = column('商户订单号', true);
  const type = column('业务类型', true);
  const amount = column('订单金额（元）', true);
  const received = column('商家实收（元）', false);
  const created = column('创建时间', false);
  const finished = column('完成时间', false);
  const refundNo = column('退款批次号/请求号', false);
  const result: BillLine[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    const fields = csvFields(line);
    if (fields.length < header.length - 1) continue;
    const kind = fields[type] === '交易' ? 'payment' : fields[type] === '退款' ? 'refund' : undefined;
    if (!kind) continue;
    let fen = Math.abs(yuanToFen(fields[amount] || '0'));
    if (fen === 0 && received >= 0 && fields[received]) fen = Math.abs(yuanToFen(fields[received]));
    const time = parseChinaTime(finished >= 0 ? fields[finished] : undefined) ?? parseChinaTime(created >= 0 ? fields[created] : undefined);
    if (!time) throw new PaymentGatewayError('badAnswer', '', `bill row without a time: ${fields[tradeNo]}`);
    result.push({
      outTradeNo: fields[outTradeNo],
      providerTradeNo: fields[tradeNo],
      kind,
      amount: fen,
      outRefundNo: kind === 'refund' && refundNo >= 0 && fields[refundNo] ? fields[refundNo] : undefined,
      time,
    });
  }
  return result;
}
