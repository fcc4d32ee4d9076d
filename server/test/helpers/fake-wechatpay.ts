import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { WechatPayConfig } from '../../src/payment/payment-gateway';

/**
 * A loopback WeChat Pay API v3 for tests, speaking the real protocol with its own crypto (not our gateway's, so a
 * mistake there is not mirrored here): it checks the merchant's request signatures, signs its answers with the
 * platform key, serves encrypted platform certificates, keeps trades and refunds, builds trade bills, and sends
 * real notifications (signed headers, AEAD_AES_256_GCM resource) to the notify_url of a trade or refund.
 */

type Json = Record<string, unknown>;

export interface FakeTrade {
  body: Json;
  method: 'native' | 'h5' | 'jsapi';
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string;
  prepayId: string;
  successTime?: Date;
  payerOpenid?: string;
  /** WeChat sends every retry of a notification with the same id. */
  notificationId: string;
}

export interface FakeRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  amount: number;
  total: number;
  reason: string;
  notifyUrl: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  createTime: Date;
  successTime?: Date;
  notificationId: string;
}

export interface FakeNotificationOptions {
  /** signature: signed wrongly; amount / mchid / appid: validly signed, but the resource says another amount, merchant or app. */
  tamper?: 'signature' | 'amount' | 'mchid' | 'appid';
  /** Where to post it instead of the trade's (or refund's) notify_url. */
  url?: string;
  /** Signs it (validly) as of this time, e.g. an old notification replayed. */
  signedAt?: Date;
}

export interface FakeNotification {
  headers: Record<string, string>;
  body: string;
}

export interface FakeWechatPay {
  /** http://127.0.0.1:port, the apiBase of our gateway. */
  url: string;
  /** Public-key mode ("WeChat Pay public key", PUB_KEY_ID_...): the fake signs with that id while `mode` is 'publicKey'. */
  config: WechatPayConfig;
  /** Certificate mode: no public key in the config; also switches the fake to sign with its platform certificate. */
  certificateConfig(): WechatPayConfig;
  mode: 'publicKey' | 'certificate';
  /** Signs answers wrongly (our side must refuse them). */
  tamperAnswers: boolean;
  /** Answers without the Wechatpay-* signature headers. */
  unsignedAnswers: boolean;
  /** success: a refund succeeds at once; processing: it stays PROCESSING until `completeRefund`. */
  refundMode: 'success' | 'processing';
  trades: Map<string, FakeTrade>;
  refunds: Map<string, FakeRefund>;
  requests: { method: string; path: string; body: unknown }[];
  /** Serial of the platform certificate answers are signed with in certificate mode. */
  readonly certificateSerial: string;
  /** A new platform key and certificate (the old one stays listed), as WeChat rotates them. */
  rotatePlatformCertificate(): string;
  /** Marks the trade paid (at `at`, default now: the bill of that China day lists it). */
  pay(outTradeNo: string, opts?: { payerOpenid?: string; at?: Date }): void;
  notification(outTradeNo: string, opts?: FakeNotificationOptions): FakeNotification;
  notifyPayment(outTradeNo: string, opts?: FakeNotificationOptions): Promise<{ status: number; body: string }>;
  completeRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL', at?: Date): void;
  refundNotification(outRefundNo: string, opts?: FakeNotificationOptions): FakeNotification;
  notifyRefund(outRefundNo: string, opts?: FakeNotificationOptions): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

interface PlatformCertificate {
  serial: string;
  privateKey: crypto.KeyObject;
  pem: string;
  effective: Date;
  expire: Date;
}

const randomDigits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('');
const randomHex = (bytes: number) => crypto.randomBytes(bytes).toString('hex').toUpperCase();
const chinaIso = (at: Date) => `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const chinaBillTime = (at: Date) => chinaIso(at).slice(0, 19).replace('T', ' ');
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function signLines(key: crypto.KeyObject, lines: string[]): string {
  return crypto.sign('sha256', Buffer.from(lines.map((l) => `${l}\n`).join('')), key).toString('base64');
}

function encrypt(apiV3Key: string, plaintext: string, associatedData: string) {
  const nonce = randomHex(6);
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: associatedData, nonce };
}

/** A platform key pair and its X.509 certificate, made by the openssl command (node:crypto cannot issue certificates). */
function newPlatformCertificate(): PlatformCertificate {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serial = `5${randomHex(20).slice(1)}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-wechatpay-'));
  try {
    writeFileSync(path.join(dir, 'key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-new',
        '-key',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        '2',
        '-subj',
        '/C=CN/O=Tenpay.com/CN=Tenpay.com fake platform',
        '-set_serial',
        `0x${serial}`,
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    const pem = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    const certificate = new crypto.X509Certificate(pem);
    return { serial, privateKey, pem, effective: new Date(certificate.validFrom), expire: new Date(certificate.validTo) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  const prefix = 'WECHATPAY2-SHA256-RSA2048 ';
  if (!header?.startsWith(prefix)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of header.slice(prefix.length).matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]] = match[2];
  return fields;
}

class HttpError {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

export async function startFakeWechatPay(): Promise<FakeWechatPay> {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificates: PlatformCertificate[] = [newPlatformCertificate()];
  // Public-key mode signs with the first platform key under its PUB_KEY_ID, whatever certificates rotate.
  const publicKeyMode = { id: `PUB_KEY_ID_0114${randomDigits(22)}`, privateKey: certificates[0].privateKey };
  const config: WechatPayConfig = {
    mchId: `19${randomDigits(8)}`,
    appId: `wx${crypto.randomBytes(8).toString('hex')}`,
    serialNo: randomHex(20),
    privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    apiV3Key: crypto
      .randomBytes(24)
      .toString('base64')
      .replace(/[^0-9A-Za-z]/g, 'x')
      .slice(0, 32),
    platformPublicKeyId: publicKeyMode.id,
    platformPublicKey: crypto.createPublicKey(publicKeyMode.privateKey).export({ type: 'spki', format: 'pem' }).toString(),
  };
  const bills = new Map<string, string>();
  let url = '';

  const signer = () =>
    fake.mode === 'publicKey'
      ? { serial: publicKeyMode.id, key: publicKeyMode.privateKey }
      : { serial: certificates[certificates.length - 1].serial, key: certificates[certificates.length - 1].privateKey };

  /** The four Wechatpay-* headers over `body`; `wrong` signs something else. */
  const signedHeaders = (body: string, wrong: boolean, at = new Date()): Record<string, string> => {
    const { serial, key } = signer();
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = randomHex(16);
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': serial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      'Wechatpay-Signature': signLines(key, [timestamp, nonce, wrong ? `${body} ` : body]),
    };
  };

  const transactionOf = (outTradeNo: string, trade: FakeTrade): Json => {
    const total = (trade.body.amount as Json).total as number;
    const paid = trade.state === 'SUCCESS' || trade.state === 'REFUND';
    return {
      appid: trade.body.appid,
      mchid: trade.body.mchid,
      out_trade_no: outTradeNo,
      transaction_id: paid ? trade.transactionId : undefined,
      trade_type: trade.method.toUpperCase() === 'H5' ? 'MWEB' : trade.method.toUpperCase(),
      trade_state: trade.state,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[trade.state],
      bank_type: paid ? 'OTHERS' : undefined,
      attach: '',
      success_time: paid && trade.successTime ? chinaIso(trade.successTime) : undefined,
      payer: paid ? { openid: trade.payerOpenid } : undefined,
      amount: paid ? { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' } : { total, currency: 'CNY', payer_currency: 'CNY' },
    };
  };

  const refundOf = (refund: FakeRefund): Json => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: fake.trades.get(refund.outTradeNo)?.transactionId,
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    success_time: refund.successTime ? chinaIso(refund.successTime) : undefined,
    create_time: chinaIso(refund.createTime),
    status: refund.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: refund.total,
      refund: refund.amount,
      payer_total: refund.total,
      payer_refund: refund.amount,
      settlement_refund: refund.amount,
      settlement_total: refund.total,
      discount_refund: 0,
      currency: 'CNY',
    },
  });

  const tradeBill = (day: string): string | undefined => {
    const header =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const rows: string[] = [];
    let paidTotal = 0;
    let refundTotal = 0;
    const row = (fields: string[]) => rows.push(fields.map((f) => `\`${f}`).join(','));
    for (const [outTradeNo, trade] of fake.trades) {
      if (!trade.successTime || chinaDay(trade.successTime) !== day) continue;
      const total = (trade.body.amount as Json).total as number;
      paidTotal += total;
      row([
        chinaBillTime(trade.successTime),
        String(trade.body.appid),
        config.mchId,
        '0',
        '',
        trade.transactionId,
        outTradeNo,
        trade.payerOpenid ?? '',
        trade.method.toUpperCase(),
        'SUCCESS',
        'OTHERS',
        'CNY',
        yuan(total),
        '0.00',
        '0',
        '0',
        '0.00',
        '0.00',
        '',
        '',
        String(trade.body.description),
        '',
        yuan(Math.round(total * 0.006)),
        '0.60%',
        yuan(total),
        '0.00',
        '',
      ]);
    }
    // Refunds are billed on the day WeChat accepted them, with their state then (WeChat never updates a bill).
    for (const refund of fake.refunds.values()) {
      if (chinaDay(refund.createTime) !== day) continue;
      const trade = fake.trades.get(refund.outTradeNo);
      refundTotal += refund.amount;
      row([
        chinaBillTime(refund.createTime),
        String(trade?.body.appid),
        config.mchId,
        '0',
        '',
        trade?.transactionId ?? '',
        refund.outTradeNo,
        trade?.payerOpenid ?? '',
        (trade?.method ?? '').toUpperCase(),
        'REFUND',
        'OTHERS',
        'CNY',
        '0.00',
        '0.00',
        refund.refundId,
        refund.outRefundNo,
        yuan(refund.amount),
        '0.00',
        'ORIGINAL',
        refund.status,
        String(trade?.body.description ?? ''),
        '',
        '0.00',
        '0.60%',
        '0.00',
        yuan(refund.amount),
        '',
      ]);
    }
    if (!rows.length) return undefined;
    return [
      header,
      ...rows,
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      `\`${rows.length},\`${yuan(paidTotal)},\`${yuan(refundTotal)},\`0.00,\`0.00,\`${yuan(paidTotal)},\`${yuan(refundTotal)}`,
      '',
    ].join('\r\n');
  };

  const createTrade = (method: FakeTrade['method'], body: unknown): Json => {
    if (!isObject(body)) throw new HttpError(400, 'PARAM_ERROR', '请求体不是JSON对象');
    const amount = body.amount;
    const need = (ok: boolean, what: string) => {
      if (!ok) throw new HttpError(400, 'PARAM_ERROR', `参数错误: ${what}`);
    };
    need(body.appid === config.appId, 'appid');
    need(body.mchid === config.mchId, 'mchid');
    need(typeof body.description === 'string' && body.description !== '' && Buffer.byteLength(body.description) <= 127, 'description');
    need(typeof body.out_trade_no === 'string' && /^[0-9A-Za-z_*-]{6,32}$/.test(body.out_trade_no), 'out_trade_no');
    need(typeof body.time_expire === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(body.time_expire), 'time_expire');
    need(typeof body.notify_url === 'string' && /^https?:\/\//.test(body.notify_url), 'notify_url');
    need(isObject(amount) && Number.isInteger(amount.total) && (amount.total as number) > 0 && amount.currency === 'CNY', 'amount');
    if (method === 'h5') {
      const scene = body.scene_info;
      need(isObject(scene) && typeof scene.payer_client_ip === 'string' && isObject(scene.h5_info) && scene.h5_info.type === 'Wap', 'scene_info');
    }
    if (method === 'jsapi') need(isObject(body.payer) && typeof body.payer.openid === 'string', 'payer.openid');
    const outTradeNo = body.out_trade_no as string;
    let trade = fake.trades.get(outTradeNo);
    if (trade) {
      if (trade.state === 'SUCCESS' || trade.state === 'REFUND') throw new HttpError(400, 'ORDERPAID', '该订单已支付');
      if (trade.state === 'CLOSED') throw new HttpError(400, 'ORDER_CLOSED', '订单已关闭');
      if (trade.method !== method || JSON.stringify(trade.body) !== JSON.stringify(body))
        throw new HttpError(400, 'INVALID_REQUEST', '201 商户订单号重复');
    } else {
      trade = {
        body,
        method,
        state: 'NOTPAY',
        transactionId: `4200${randomDigits(24)}`,
        prepayId: `wx${randomDigits(14)}${randomHex(8).toLowerCase()}`,
        payerOpenid: method === 'jsapi' ? ((body.payer as Json).openid as string) : undefined,
        notificationId: crypto.randomUUID(),
      };
      fake.trades.set(outTradeNo, trade);
    }
    if (method === 'native') return { code_url: `weixin://wxpay/bizpayurl?pr=${trade.prepayId.slice(-7)}` };
    if (method === 'h5')
      return { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepayId}&package=${randomDigits(10)}` };
    return { prepay_id: trade.prepayId };
  };

  const tradeOrThrow = (outTradeNo: string) => {
    const trade = fake.trades.get(outTradeNo);
    if (!trade) throw new HttpError(404, 'ORDER_NOT_EXIST', '订单不存在');
    return trade;
  };

  const createRefund = (body: unknown): Json => {
    if (!isObject(body) || typeof body.out_trade_no !== 'string' || typeof body.out_refund_no !== 'string' || !isObject(body.amount)) {
      throw new HttpError(400, 'PARAM_ERROR', '参数错误');
    }
    const existing = fake.refunds.get(body.out_refund_no);
    if (existing) return refundOf(existing);
    const trade = fake.trades.get(body.out_trade_no);
    if (!trade) throw new HttpError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') throw new HttpError(400, 'INVALID_REQUEST', '订单未支付');
    const total = (trade.body.amount as Json).total as number;
    const { refund, currency } = body.amount;
    if (body.amount.total !== total || currency !== 'CNY' || !Number.isInteger(refund) || (refund as number) <= 0) {
      throw new HttpError(400, 'PARAM_ERROR', '退款金额或订单金额错误');
    }
    const refunded = [...fake.refunds.values()]
      .filter((r) => r.outTradeNo === body.out_trade_no && (r.status === 'SUCCESS' || r.status === 'PROCESSING'))
      .reduce((sum, r) => sum + r.amount, 0);
    if (refunded + (refund as number) > total) throw new HttpError(403, 'NOT_ENOUGH', '可退金额不足');
    const now = new Date();
    const record: FakeRefund = {
      outRefundNo: body.out_refund_no,
      outTradeNo: body.out_trade_no,
      refundId: `5030${randomDigits(25)}`,
      amount: refund as number,
      total,
      reason: typeof body.reason === 'string' ? body.reason : '',
      notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : '',
      status: fake.refundMode === 'success' ? 'SUCCESS' : 'PROCESSING',
      createTime: now,
      successTime: fake.refundMode === 'success' ? now : undefined,
      notificationId: crypto.randomUUID(),
    };
    fake.refunds.set(record.outRefundNo, record);
    trade.state = 'REFUND';
    return refundOf(record);
  };

  const route = (method: string, target: URL, body: unknown): { status: number; json?: unknown; raw?: string } => {
    const p = target.pathname;
    let m: RegExpExecArray | null;
    if (method === 'POST' && (m = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(p))) {
      return { status: 200, json: createTrade(m[1] as FakeTrade['method'], body) };
    }
    if (method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(p))) {
      if (target.searchParams.get('mchid') !== config.mchId) throw new HttpError(400, 'PARAM_ERROR', 'mchid与订单不匹配');
      const outTradeNo = decodeURIComponent(m[1]);
      return { status: 200, json: transactionOf(outTradeNo, tradeOrThrow(outTradeNo)) };
    }
    if (method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(p))) {
      if (!isObject(body) || body.mchid !== config.mchId) throw new HttpError(400, 'PARAM_ERROR', 'mchid');
      const trade = tradeOrThrow(decodeURIComponent(m[1]));
      if (trade.state === 'SUCCESS' || trade.state === 'REFUND') throw new HttpError(400, 'ORDERPAID', '订单已支付');
      trade.state = 'CLOSED';
      return { status: 204 };
    }
    if (method === 'POST' && p === '/v3/refund/domestic/refunds') return { status: 200, json: createRefund(body) };
    if (method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(p))) {
      const refund = fake.refunds.get(decodeURIComponent(m[1]));
      if (!refund) throw new HttpError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return { status: 200, json: refundOf(refund) };
    }
    if (method === 'GET' && p === '/v3/certificates') {
      const data = certificates.map((c) => ({
        serial_no: c.serial,
        effective_time: chinaIso(c.effective),
        expire_time: chinaIso(c.expire),
        encrypt_certificate: encrypt(config.apiV3Key, c.pem, 'certificate'),
      }));
      return { status: 200, json: { data } };
    }
    if (method === 'GET' && p === '/v3/bill/tradebill') {
      const day = target.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || target.searchParams.get('bill_type') !== 'ALL') throw new HttpError(400, 'PARAM_ERROR', '参数错误');
      const csv = tradeBill(day);
      if (!csv) throw new HttpError(400, 'NO_STATEMENT_EXIST', '要查询的账单文件不存在');
      const token = randomHex(16);
      bills.set(token, csv);
      return {
        status: 200,
        json: {
          hash_type: 'SHA1',
          hash_value: crypto.createHash('sha1').update(csv).digest('hex'),
          download_url: `${url}/v3/billdownload/file?token=${token}`,
        },
      };
    }
    if (method === 'GET' && p === '/v3/billdownload/file') {
      const csv = bills.get(target.searchParams.get('token') ?? '');
      if (csv === undefined) throw new HttpError(400, 'INVALID_REQUEST', '下载链接无效');
      return { status: 200, raw: csv };
    }
    throw new HttpError(404, 'NOT_FOUND', '无此接口');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      const pathWithQuery = req.url ?? '/';
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // kept as text
      }
      fake.requests.push({ method, path: pathWithQuery, body });
      const answer = (status: number, payload: string, signed: boolean, contentType = 'application/json') => {
        const headers: Record<string, string> = { 'Request-ID': randomHex(16) };
        if (payload) headers['Content-Type'] = contentType;
        res.writeHead(status, signed && !fake.unsignedAnswers ? { ...headers, ...signedHeaders(payload, fake.tamperAnswers) } : headers);
        res.end(payload);
      };
      try {
        const auth = parseAuthorization(req.headers.authorization);
        const skew = auth ? Math.abs(Date.now() / 1000 - Number(auth.timestamp)) : Infinity;
        const verified =
          auth &&
          auth.mchid === config.mchId &&
          auth.serial_no === config.serialNo &&
          skew <= 300 &&
          crypto.verify(
            'sha256',
            Buffer.from([method, pathWithQuery, auth.timestamp, auth.nonce_str, text].map((l) => `${l}\n`).join('')),
            merchant.publicKey,
            Buffer.from(auth.signature ?? '', 'base64'),
          );
        if (!verified) throw new HttpError(401, 'SIGN_ERROR', '签名错误');
        const result = route(method, new URL(pathWithQuery, 'http://fake'), body);
        // The bill file is the one answer WeChat does not sign.
        if (result.raw !== undefined) answer(result.status, result.raw, false, 'text/plain; charset=utf-8');
        else answer(result.status, result.json === undefined ? '' : JSON.stringify(result.json), true);
      } catch (error) {
        if (error instanceof HttpError) answer(error.status, JSON.stringify({ code: error.code, message: error.message }), true);
        else answer(500, JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }), true);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const buildNotification = (eventType: string, summary: string, originalType: string, resource: Json, opts: FakeNotificationOptions, id: string) => {
    const body = JSON.stringify({
      id,
      create_time: chinaIso(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: { original_type: originalType, ...encrypt(config.apiV3Key, JSON.stringify(resource), originalType) },
    });
    return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body, opts.tamper === 'signature', opts.signedAt) }, body };
  };

  const post = async (target: string, n: FakeNotification) => {
    const res = await fetch(target, { method: 'POST', headers: n.headers, body: n.body, signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.text() };
  };

  const fake: FakeWechatPay = {
    url,
    config,
    mode: 'publicKey',
    tamperAnswers: false,
    unsignedAnswers: false,
    refundMode: 'success',
    trades: new Map(),
    refunds: new Map(),
    requests: [],
    get certificateSerial() {
      return certificates[certificates.length - 1].serial;
    },
    certificateConfig() {
      fake.mode = 'certificate';
      return { mchId: config.mchId, appId: config.appId, serialNo: config.serialNo, privateKey: config.privateKey, apiV3Key: config.apiV3Key };
    },
    rotatePlatformCertificate() {
      certificates.push(newPlatformCertificate());
      return fake.certificateSerial;
    },
    pay(outTradeNo, opts = {}) {
      const trade = tradeOrThrow(outTradeNo);
      if (trade.state !== 'NOTPAY') throw new Error(`trade ${outTradeNo} is ${trade.state}`);
      trade.state = 'SUCCESS';
      trade.successTime = opts.at ?? new Date();
      trade.payerOpenid = opts.payerOpenid ?? trade.payerOpenid ?? `o${crypto.randomBytes(14).toString('base64url')}`;
    },
    notification(outTradeNo, opts = {}) {
      const trade = tradeOrThrow(outTradeNo);
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') throw new Error(`trade ${outTradeNo} is not paid: WeChat notifies payments only`);
      const resource = transactionOf(outTradeNo, trade);
      const amount = resource.amount as Json;
      if (opts.tamper === 'amount') resource.amount = { ...amount, total: (amount.total as number) + 1, payer_total: (amount.total as number) + 1 };
      if (opts.tamper === 'mchid') resource.mchid = `19${randomDigits(8)}`;
      if (opts.tamper === 'appid') resource.appid = `wx${crypto.randomBytes(8).toString('hex')}`;
      resource.trade_state = 'SUCCESS';
      resource.trade_state_desc = '支付成功';
      return buildNotification('TRANSACTION.SUCCESS', '支付成功', 'transaction', resource, opts, trade.notificationId);
    },
    async notifyPayment(outTradeNo, opts = {}) {
      return post(opts.url ?? String(tradeOrThrow(outTradeNo).body.notify_url), fake.notification(outTradeNo, opts));
    },
    completeRefund(outRefundNo, status, at = new Date()) {
      const refund = fake.refunds.get(outRefundNo);
      if (!refund) throw new Error(`no refund ${outRefundNo}`);
      if (refund.status !== 'PROCESSING') throw new Error(`refund ${outRefundNo} is ${refund.status}`);
      refund.status = status;
      if (status === 'SUCCESS') refund.successTime = at;
    },
    refundNotification(outRefundNo, opts = {}) {
      const refund = fake.refunds.get(outRefundNo);
      if (!refund) throw new Error(`no refund ${outRefundNo}`);
      if (refund.status === 'PROCESSING') throw new Error(`refund ${outRefundNo} is still processing: WeChat notifies outcomes only`);
      const resource: Json = {
        mchid: opts.tamper === 'mchid' ? `19${randomDigits(8)}` : config.mchId,
        out_trade_no: refund.outTradeNo,
        transaction_id: fake.trades.get(refund.outTradeNo)?.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: refund.status,
        success_time: refund.successTime ? chinaIso(refund.successTime) : undefined,
        user_received_account: '支付用户零钱',
        amount: {
          total: refund.total,
          refund: opts.tamper === 'amount' ? refund.amount + 1 : refund.amount,
          payer_total: refund.total,
          payer_refund: refund.amount,
        },
      };
      const summary = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[refund.status];
      return buildNotification(`REFUND.${refund.status}`, summary, 'refund', resource, opts, refund.notificationId);
    },
    async notifyRefund(outRefundNo, opts = {}) {
      const refund = fake.refunds.get(outRefundNo);
      if (!refund) throw new Error(`no refund ${outRefundNo}`);
      return post(opts.url ?? refund.notifyUrl, fake.refundNotification(outRefundNo, opts));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
