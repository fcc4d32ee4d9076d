import { createSign, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';
import type { AlipayConfig } from '../../src/payment/payment-gateway';

/**
 * A loopback stand-in for Alipay's classic gateway (openapi.alipay.com/gateway.do), speaking its real protocol: it
 * checks our RSA2 request signatures with the app public key and signs its answers and notifications with its own
 * key, keeps trades and refunds in memory, serves the page/wap cashier and the precreate QR code as small HTML pages a
 * browser can follow, and the daily trade bill as a ZIP of GBK CSV files.
 */

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  /** Yuan, as our request gave it ("0.29"). */
  totalAmount: string;
  subject: string;
  notifyUrl?: string;
  returnUrl?: string;
  quitUrl?: string;
  method: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  /** A precreate trade exists for Alipay only once its code was scanned (query and close answer ACQ.TRADE_NOT_EXIST before). */
  visible: boolean;
  createdAt: Date;
  /** time_expire: an unpaid trade closes then. */
  expireAt?: Date;
  gmtPayment?: Date;
  buyerId?: string;
}

export interface FakeRefund {
  outRequestNo: string;
  outTradeNo: string;
  /** Yuan, as our request gave it. */
  refundAmount: string;
  reason: string;
  status: 'processing' | 'success';
  createdAt: Date;
  gmtRefundPay?: Date;
}

export interface FakeNotificationOptions {
  /**
   * signature: the signature no longer matches. amount / app_id / seller_id: a correctly signed notification whose
   * total_amount (one fen more) / app_id / seller_id differ from ours, for the payment core's own comparisons.
   */
  tamper?: 'signature' | 'amount' | 'app_id' | 'seller_id';
  /** Post there instead of the trade's notify_url. */
  url?: string;
  /** A refund notification of this out_request_no (trade_status_sync with out_biz_no, refund_fee, gmt_refund). */
  refund?: string;
}

export interface FakeAlipay {
  /** Our settings for this fake (app id, app private key PKCS#8, Alipay public key, seller id). */
  config: AlipayConfig;
  /** The app private key in PKCS#1, for a gateway built from a PKCS#1 key. */
  appPrivateKeyPkcs1: string;
  /** http://127.0.0.1:port/gateway.do */
  gateway: string;
  /** http://127.0.0.1:port */
  baseUrl: string;
  trades: Map<string, FakeTrade>;
  refunds: Map<string, FakeRefund>;
  /** Every gateway call received: method and decoded biz_content. */
  calls: { method: string; biz: Record<string, unknown> }[];
  /** Every notification sent and the answer it got. */
  notifications: { outTradeNo: string; status: number; body: string }[];
  /** Answers signed wrongly. */
  tamperAnswers: boolean;
  /** What alipay.trade.refund does: refund at once (fund_change Y) or leave it processing until completeRefund. */
  refundMode: 'success' | 'processing';
  /** Marks the trade paid (scanned, TRADE_SUCCESS) without notifying. */
  pay(outTradeNo: string): FakeTrade;
  /** Posts the signed form notification of the trade to its notify_url (or opts.url). */
  notifyPayment(outTradeNo: string, opts?: FakeNotificationOptions): Promise<{ status: number; body: string }>;
  /** The notification request without sending it. */
  notification(outTradeNo: string, opts?: FakeNotificationOptions): { contentType: string; body: string };
  /** A processing refund becomes successful. */
  completeRefund(outRefundNo: string): FakeRefund;
  close(): Promise<void>;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const chinaTime = (date: Date): string => new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
const chinaDate = (date: Date): string => chinaTime(date).slice(0, 10);

/** Yuan string → fen, exactly. */
function fen(yuan: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return NaN;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}
const yuan = (value: number): string =>
  `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

/** Alipay's string to sign: sorted key=value of the non-empty parameters, without the excluded ones. */
function signContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

let gbkTable: Map<string, number[]> | undefined;
/** Node decodes GBK but cannot encode it: the table is built once by decoding every double-byte code. */
function encodeGbk(textValue: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(Uint8Array.of(lead, trail));
        if (char.length === 1 && char !== '\ufffd' && !gbkTable.has(char)) gbkTable.set(char, [lead, trail]);
      }
    }
  }
  const bytes: number[] = [];
  for (const char of textValue) {
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(gbkTable.get(char) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}

/** A ZIP whose entry names are GBK bytes without the UTF-8 flag, as Alipay's bill archives are. */
function zipWithGbkNames(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encodeGbk(file.name);
    const compressed = deflateRawSync(file.data);
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6); // flags: no UTF-8 bit
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time/date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeAlipay(): Promise<FakeAlipay> {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appPublicKey = app.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const alipayPrivateKey = alipay.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const config: AlipayConfig = {
    appId: `2021${String(randomInt(1e11)).padStart(12, '0')}`,
    privateKey: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sellerId: `2088${String(randomInt(1e11)).padStart(12, '0')}`,
  };
  const trades = new Map<string, FakeTrade>();
  const refunds = new Map<string, FakeRefund>();
  let tradeSeq = 0;
  let baseUrl = '';

  const alipaySign = (content: string): string => createSign('RSA-SHA256').update(content, 'utf8').sign(alipayPrivateKey, 'base64');
  const verifyApp = (params: Record<string, string>): boolean => {
    try {
      return createVerify('RSA-SHA256')
        .update(signContent(params, ['sign']), 'utf8')
        .verify(appPublicKey, params.sign ?? '', 'base64');
    } catch {
      return false;
    }
  };

  /** {"<method>_response":{...},"sign":"..."}, signed over the node's exact text (slashes escaped, as Alipay writes). */
  const answerText = (method: string, node: Record<string, unknown>): string => {
    const nodeText = JSON.stringify(node).replace(/\//g, '\\/');
    const sign = alipaySign(fake.tamperAnswers ? `${nodeText} ` : nodeText);
    return `{"${method.replaceAll('.', '_')}_response":${nodeText},"sign":"${sign}"}`;
  };
  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const failure = (subCode: string, subMsg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

  const tradeInfo = (trade: FakeTrade) => ({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
  const refundedFen = (outTradeNo: string) =>
    [...refunds.values()].filter((r) => r.outTradeNo === outTradeNo && r.status === 'success').reduce((sum, r) => sum + fen(r.refundAmount), 0);

  const newTrade = (biz: Record<string, unknown>, method: string, params: Record<string, string>, visible: boolean): FakeTrade => {
    const outTradeNo = String(biz.out_trade_no ?? '');
    const existing = trades.get(outTradeNo);
    if (existing) return existing;
    tradeSeq += 1;
    const now = new Date();
    const trade: FakeTrade = {
      outTradeNo,
      tradeNo: `${chinaDate(now).replaceAll('-', '')}22001${String(randomInt(1e9)).padStart(9, '0')}${String(tradeSeq).padStart(6, '0')}`,
      totalAmount: String(biz.total_amount ?? ''),
      subject: String(biz.subject ?? ''),
      notifyUrl: params.notify_url || undefined,
      returnUrl: params.return_url || undefined,
      quitUrl: typeof biz.quit_url === 'string' ? biz.quit_url : undefined,
      method,
      status: 'WAIT_BUYER_PAY',
      visible,
      createdAt: now,
      expireAt: typeof biz.time_expire === 'string' ? new Date(`${biz.time_expire.replace(' ', 'T')}+08:00`) : undefined,
    };
    trades.set(outTradeNo, trade);
    return trade;
  };

  /** Alipay closes an unpaid trade at its time_expire. */
  const lapse = (trade: FakeTrade | undefined): FakeTrade | undefined => {
    if (trade?.status === 'WAIT_BUYER_PAY' && trade.expireAt && trade.expireAt.getTime() < Date.now()) trade.status = 'TRADE_CLOSED';
    return trade;
  };

  const pay = (outTradeNo: string): FakeTrade => {
    const trade = lapse(trades.get(outTradeNo));
    if (!trade) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
    if (trade.status === 'TRADE_CLOSED' && !trade.gmtPayment) throw new Error(`fake Alipay: trade ${outTradeNo} is closed`);
    trade.visible = true;
    if (trade.status === 'WAIT_BUYER_PAY') {
      trade.status = 'TRADE_SUCCESS';
      trade.gmtPayment = new Date();
      trade.buyerId = `2088${String(randomInt(1e11)).padStart(12, '0')}`;
    }
    return trade;
  };

  const notificationParams = (outTradeNo: string, opts: FakeNotificationOptions = {}): Record<string, string> => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
    const now = new Date();
    const params: Record<string, string> = {
      gmt_create: chinaTime(trade.createdAt),
      charset: 'utf-8',
      seller_email: 'fake-merchant@example.com',
      subject: trade.subject,
      buyer_id: trade.buyerId ?? '',
      invoice_amount: trade.gmtPayment ? trade.totalAmount : '',
      notify_id: `2026${randomBytes(12).toString('hex')}`,
      fund_bill_list: trade.gmtPayment ? JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]) : '',
      notify_type: 'trade_status_sync',
      trade_status: trade.status,
      receipt_amount: trade.gmtPayment ? trade.totalAmount : '',
      buyer_pay_amount: trade.gmtPayment ? trade.totalAmount : '',
      app_id: config.appId,
      sign_type: 'RSA2',
      seller_id: config.sellerId ?? '',
      gmt_payment: trade.gmtPayment ? chinaTime(trade.gmtPayment) : '',
      notify_time: chinaTime(now),
      version: '1.0',
      out_trade_no: trade.outTradeNo,
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: config.appId,
      buyer_logon_id: 'buy***@example.com',
      point_amount: '0.00',
    };
    if (opts.refund) {
      const refund = refunds.get(opts.refund);
      if (!refund || refund.outTradeNo !== outTradeNo) throw new Error(`fake Alipay: no refund ${opts.refund} of ${outTradeNo}`);
      params.out_biz_no = refund.outRequestNo;
      params.refund_fee = yuan(refundedFen(outTradeNo));
      params.gmt_refund = `${chinaTime(refund.gmtRefundPay ?? now)}.000`;
    }
    if (opts.tamper === 'amount') params.total_amount = yuan(fen(trade.totalAmount) + 1);
    if (opts.tamper === 'app_id') params.app_id = params.auth_app_id = '2021000000000001';
    if (opts.tamper === 'seller_id') params.seller_id = '2088000000000001';
    for (const key of Object.keys(params)) if (params[key] === '') delete params[key];
    // Asynchronous notifications are signed without sign and sign_type.
    params.sign = alipaySign(signContent(params, ['sign', 'sign_type']));
    if (opts.tamper === 'signature') params.sign = alipaySign(`${signContent(params, ['sign', 'sign_type'])}x`);
    return params;
  };

  const notification = (outTradeNo: string, opts?: FakeNotificationOptions) => ({
    contentType: 'application/x-www-form-urlencoded; charset=utf-8',
    body: Object.entries(notificationParams(outTradeNo, opts))
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&'),
  });

  const notifyPayment = async (outTradeNo: string, opts: FakeNotificationOptions = {}) => {
    const url = opts.url ?? trades.get(outTradeNo)?.notifyUrl;
    if (!url) throw new Error(`fake Alipay: trade ${outTradeNo} has no notify_url`);
    const { contentType, body } = notification(outTradeNo, opts);
    let result: { status: number; body: string };
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body, signal: AbortSignal.timeout(15_000) });
      result = { status: response.status, body: await response.text() };
    } catch (error) {
      result = { status: 0, body: error instanceof Error ? error.message : String(error) };
    }
    fake.notifications.push({ outTradeNo, ...result });
    return result;
  };

  /** The gateway methods called through exec. */
  const handleCall = (method: string, biz: Record<string, unknown>, params: Record<string, string>): Record<string, unknown> => {
    const outTradeNo = String(biz.out_trade_no ?? '');
    const trade = lapse(trades.get(outTradeNo));
    const visible = trade?.visible ? trade : undefined;
    switch (method) {
      case 'alipay.trade.precreate': {
        if (trade && trade.status !== 'WAIT_BUYER_PAY') return failure('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
        if (!/^\d+(\.\d{1,2})?$/.test(String(biz.total_amount)) || fen(String(biz.total_amount)) <= 0)
          return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'total_amount 无效' };
        const created = newTrade(biz, method, params, false);
        return ok({ out_trade_no: created.outTradeNo, qr_code: `${baseUrl}/fake/scan?out_trade_no=${encodeURIComponent(created.outTradeNo)}` });
      }
      case 'alipay.trade.query': {
        if (!visible) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const paid = !!visible.gmtPayment;
        return ok({
          ...tradeInfo(visible),
          buyer_logon_id: 'buy***@example.com',
          trade_status: visible.status,
          total_amount: visible.totalAmount,
          receipt_amount: paid ? visible.totalAmount : '0.00',
          buyer_pay_amount: paid ? visible.totalAmount : '0.00',
          point_amount: '0.00',
          invoice_amount: paid ? visible.totalAmount : '0.00',
          send_pay_date: paid ? chinaTime(visible.gmtPayment!) : undefined,
          buyer_user_id: visible.buyerId,
        });
      }
      case 'alipay.trade.close': {
        if (!visible) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (visible.status !== 'WAIT_BUYER_PAY') return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        visible.status = 'TRADE_CLOSED';
        return ok(tradeInfo(visible));
      }
      case 'alipay.trade.refund': {
        if (!visible) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const outRequestNo = String(biz.out_request_no ?? outTradeNo);
        const earlier = refunds.get(outRequestNo);
        if (!earlier) {
          if (!visible.gmtPayment || (visible.status !== 'TRADE_SUCCESS' && visible.status !== 'TRADE_CLOSED'))
            return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
          const amount = fen(String(biz.refund_amount ?? ''));
          const pending = [...refunds.values()].filter((r) => r.outTradeNo === outTradeNo).reduce((sum, r) => sum + fen(r.refundAmount), 0);
          if (!(amount > 0) || pending + amount > fen(visible.totalAmount)) return failure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          const now = new Date();
          const refund: FakeRefund = {
            outRequestNo,
            outTradeNo,
            refundAmount: String(biz.refund_amount),
            reason: String(biz.refund_reason ?? ''),
            status: fake.refundMode === 'success' ? 'success' : 'processing',
            createdAt: now,
            gmtRefundPay: fake.refundMode === 'success' ? now : undefined,
          };
          refunds.set(outRequestNo, refund);
          if (refundedFen(outTradeNo) >= fen(visible.totalAmount)) visible.status = 'TRADE_CLOSED';
        }
        const refund = refunds.get(outRequestNo)!;
        // Money moves only on the call that did it: a repeat of the same request answers N.
        const moved = !earlier && refund.status === 'success';
        return ok({
          ...tradeInfo(visible),
          buyer_logon_id: 'buy***@example.com',
          fund_change: moved ? 'Y' : 'N',
          refund_fee: yuan(refundedFen(outTradeNo)),
          gmt_refund_pay: moved ? chinaTime(refund.gmtRefundPay!) : undefined,
          buyer_user_id: visible.buyerId,
        });
      }
      case 'alipay.trade.fastpay.refund.query': {
        if (!visible) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const refund = refunds.get(String(biz.out_request_no ?? ''));
        if (!refund || refund.outTradeNo !== outTradeNo || refund.status !== 'success') return ok({ ...tradeInfo(visible) });
        const options = Array.isArray(biz.query_options) ? biz.query_options : [];
        return ok({
          ...tradeInfo(visible),
          out_request_no: refund.outRequestNo,
          total_amount: visible.totalAmount,
          refund_amount: refund.refundAmount,
          refund_status: 'REFUND_SUCCESS',
          gmt_refund_pay: options.includes('gmt_refund_pay') ? chinaTime(refund.gmtRefundPay!) : undefined,
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const date = String(biz.bill_date ?? '');
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(date))
          return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: '参数无效' };
        if (billRows(date).length === 0) return failure('isp.bill_not_exist', '账单不存在');
        return ok({ bill_download_url: `${baseUrl}/fake/bill/${date}.zip?token=${randomBytes(8).toString('hex')}` });
      }
      default:
        return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: `不存在的方法名 ${method}` };
    }
  };

  const billRows = (date: string): { time: Date; cells: string[] }[] => {
    const rows: { time: Date; cells: string[] }[] = [];
    const zeros = ['0.00', '0.00', '0.00', '0.00', '0.00'];
    for (const trade of trades.values()) {
      if (!trade.gmtPayment || chinaDate(trade.gmtPayment) !== date) continue;
      // Ids are padded with a tab, as in Alipay's files (so spreadsheets keep them as text).
      rows.push({
        time: trade.gmtPayment,
        cells: [
          `${trade.tradeNo}\t`,
          `${trade.outTradeNo}\t`,
          '交易',
          trade.subject,
          chinaTime(trade.createdAt),
          chinaTime(trade.gmtPayment),
          '',
          '',
          '',
          '',
          'buy***@example.com',
          trade.totalAmount,
          trade.totalAmount,
          ...zeros,
          '',
          '0.00',
          '0.00',
          '',
          yuan(-Math.floor(fen(trade.totalAmount) * 0.006)),
          '0.00',
          '',
        ],
      });
    }
    for (const refund of refunds.values()) {
      if (refund.status !== 'success' || !refund.gmtRefundPay || chinaDate(refund.gmtRefundPay) !== date) continue;
      const trade = trades.get(refund.outTradeNo)!;
      rows.push({
        time: refund.gmtRefundPay,
        cells: [
          `${trade.tradeNo}\t`,
          `${trade.outTradeNo}\t`,
          '退款',
          trade.subject,
          chinaTime(refund.createdAt),
          chinaTime(refund.gmtRefundPay),
          '',
          '',
          '',
          '',
          'buy***@example.com',
          `-${refund.refundAmount}`,
          `-${refund.refundAmount}`,
          ...zeros,
          '',
          '0.00',
          '0.00',
          `${refund.outRequestNo}\t`,
          '0.00',
          '0.00',
          '',
        ],
      });
    }
    return rows.sort((a, b) => a.time.getTime() - b.time.getTime());
  };

  const billZip = (date: string): Buffer => {
    const compact = date.replaceAll('-', '');
    const [y, m, d] = date.split('-');
    const next = chinaDate(new Date(new Date(`${date}T00:00:00+08:00`).getTime() + 86_400_000 + 1000));
    const [ny, nm, nd] = next.split('-');
    const rows = billRows(date);
    const header =
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
    const payments = rows.filter((r) => r.cells[2] === '交易');
    const refundRows = rows.filter((r) => r.cells[2] === '退款');
    const sum = (list: typeof rows) => yuan(list.reduce((total, r) => total + fen(r.cells[12]), 0));
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[${config.sellerId}0156]`,
      `#起始日期：[${y}年${m}月${d}日 00:00:00]   终止日期：[${ny}年${nm}月${nd}日 00:00:00]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      header,
      ...rows.map((r) => r.cells.join(',')),
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${payments.length}笔，商家实收共${sum(payments)}元，商家优惠共0.00元`,
      `#退款合计：${refundRows.length}笔，商家实收退款共${sum(refundRows)}元，商家优惠退款共0.00元`,
      `#导出时间：[${chinaTime(new Date()).replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1年$2月$3日')}]`,
    ].join('\r\n');
    const summary = [
      '#支付宝业务汇总查询',
      '#-----------------------------------------业务汇总列表----------------------------------------',
      '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
      `合计,,${payments.length},${refundRows.length},${sum(rows)},${sum(rows)}`,
      '#-----------------------------------------业务汇总列表结束------------------------------------',
    ].join('\r\n');
    return zipWithGbkNames([
      { name: `${config.sellerId}0156_${compact}_业务明细.csv`, data: encodeGbk(detail) },
      { name: `${config.sellerId}0156_${compact}_业务明细(汇总).csv`, data: encodeGbk(summary) },
    ]);
  };

  /** The return_url query Alipay adds after a page/wap payment (signed like a notification). */
  const returnQuery = (trade: FakeTrade): string => {
    const params: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: `${trade.method}.return`,
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: config.appId,
      version: '1.0',
      app_id: config.appId,
      sign_type: 'RSA2',
      seller_id: config.sellerId ?? '',
      timestamp: chinaTime(new Date()),
    };
    params.sign = alipaySign(signContent(params, ['sign', 'sign_type']));
    return new URLSearchParams(params).toString();
  };

  const html = (res: http.ServerResponse, status: number, title: string, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>Fake Alipay</h1>${body}</body></html>`,
    );
  };

  const cashier = (res: http.ServerResponse, trade: FakeTrade) => {
    if (trade.status !== 'WAIT_BUYER_PAY') {
      html(res, 200, 'Fake Alipay', `<p id="fake-alipay-state">${trade.status === 'TRADE_SUCCESS' ? '已支付' : '交易已关闭'}</p>`);
      return;
    }
    const quit = trade.quitUrl ? `<p><a id="fake-alipay-quit" href="${escapeHtml(trade.quitUrl)}">Cancel</a></p>` : '';
    html(
      res,
      200,
      'Fake Alipay',
      `<p id="fake-alipay-subject">${escapeHtml(trade.subject)}</p><p id="fake-alipay-amount">¥${escapeHtml(trade.totalAmount)}</p>` +
        `<form method="post" action="/fake/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}">` +
        `<button type="submit" id="fake-alipay-pay">Pay</button></form>${quit}`,
    );
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname === '/gateway.do') {
        const body = req.method === 'POST' ? Object.fromEntries(new URLSearchParams(await readBody(req))) : {};
        const params: Record<string, string> = { ...query, ...body };
        const method = params.method ?? '';
        const jsonAnswer = (node: Record<string, unknown>) => {
          res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
          res.end(answerText(method, node));
        };
        if (params.app_id !== config.appId) {
          jsonAnswer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' });
          return;
        }
        if (params.sign_type !== 'RSA2' || !verifyApp(params)) {
          jsonAnswer({
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.invalid-signature',
            sub_msg: `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${signContent(params, ['sign'])}`,
          });
          return;
        }
        // Alipay reads the timestamp as China time and refuses one far from now (a server clock or time zone wrong).
        const stamp = new Date(`${(params.timestamp ?? '').replace(' ', 'T')}+08:00`);
        if (Number.isNaN(stamp.getTime()) || Math.abs(stamp.getTime() - Date.now()) > 15 * 60_000) {
          jsonAnswer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-timestamp', sub_msg: '非法的时间戳参数' });
          return;
        }
        let biz: Record<string, unknown>;
        try {
          biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, unknown>) : {};
        } catch {
          jsonAnswer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'biz_content 无效' });
          return;
        }
        fake.calls.push({ method, biz });
        if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') {
          // The payer's browser opens the cashier: the trade exists from now on.
          const expected = method === 'alipay.trade.page.pay' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY';
          if (biz.product_code !== expected || !biz.out_trade_no || !(fen(String(biz.total_amount)) > 0)) {
            html(res, 400, 'Fake Alipay', '<p id="fake-alipay-error">参数错误</p>');
            return;
          }
          const trade = newTrade(biz, method, params, true);
          trade.visible = true;
          cashier(res, lapse(trade)!);
          return;
        }
        jsonAnswer(handleCall(method, biz, params));
        return;
      }
      if (url.pathname === '/fake/pay' && req.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const trade = lapse(trades.get(form.out_trade_no ?? ''));
        if (!trade || trade.status !== 'WAIT_BUYER_PAY') {
          html(res, 400, 'Fake Alipay', '<p id="fake-alipay-error">交易不存在或已关闭</p>');
          return;
        }
        pay(trade.outTradeNo);
        if (trade.notifyUrl) await notifyPayment(trade.outTradeNo);
        if (trade.returnUrl) {
          res.writeHead(302, { location: `${trade.returnUrl}${trade.returnUrl.includes('?') ? '&' : '?'}${returnQuery(trade)}` });
          res.end();
        } else html(res, 200, 'Fake Alipay', '<p id="fake-alipay-state">已支付</p>');
        return;
      }
      if (url.pathname === '/fake/scan') {
        const trade = lapse(trades.get(query.out_trade_no ?? ''));
        if (!trade || trade.status !== 'WAIT_BUYER_PAY') {
          html(res, 400, 'Fake Alipay', '<p id="fake-alipay-error">交易不存在或已关闭</p>');
          return;
        }
        pay(trade.outTradeNo);
        if (trade.notifyUrl) await notifyPayment(trade.outTradeNo);
        html(res, 200, 'Fake Alipay', `<p id="fake-alipay-state">已支付</p><p id="fake-alipay-amount">¥${escapeHtml(trade.totalAmount)}</p>`);
        return;
      }
      const bill = /^\/fake\/bill\/(\d{4}-\d{2}-\d{2})\.zip$/.exec(url.pathname);
      if (bill && req.method === 'GET') {
        const zip = billZip(bill[1]);
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
        res.end(zip);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeAlipay = {
    config,
    appPrivateKeyPkcs1: app.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    gateway: `${baseUrl}/gateway.do`,
    baseUrl,
    trades,
    refunds,
    calls: [],
    notifications: [],
    tamperAnswers: false,
    refundMode: 'success',
    pay,
    notifyPayment,
    notification,
    completeRefund(outRefundNo) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`fake Alipay: no refund ${outRefundNo}`);
      if (refund.status !== 'success') {
        refund.status = 'success';
        refund.gmtRefundPay = new Date();
        const trade = trades.get(refund.outTradeNo)!;
        if (refundedFen(trade.outTradeNo) >= fen(trade.totalAmount)) trade.status = 'TRADE_CLOSED';
      }
      return refund;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
