import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechatPay, type FakeWechatPay } from '../../../test/helpers/fake-wechatpay';
import { PaymentGatewayError, type CreatePaymentInput, type PaymentNotification } from '../payment-gateway';
import { parseTradeBill, yuanToFen } from './wechatpay-bill';
import { rfc3339China, WechatPayGateway } from './wechatpay-gateway';

/**
 * The WeChat Pay API v3 gateway against a loopback fake speaking the real protocol: signed requests, verified answers
 * and notifications, platform certificates and their rotation, trade bills, and failures in our words.
 */

let counter = 0;
const tradeNo = () => `WX${Date.now()}${++counter}`;
const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  outTradeNo: tradeNo(),
  amount: 1999,
  description: '会员年费',
  expireTime: new Date(Date.now() + 15 * 60_000),
  notifyUrl: 'https://example.com/pay/notify',
  ...over,
});

async function rejection(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

/** Our side of notifications: a loopback endpoint that hands the raw request to the gateway and answers its ack. */
async function startReceiver(gateway: () => WechatPayGateway) {
  const received: (PaymentNotification | PaymentGatewayError)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const g = gateway();
      void g
        .parseNotification({ headers: req.headers, rawBody: Buffer.concat(chunks) })
        .then(
          (n) => {
            received.push(n);
            return g.notificationAck(true);
          },
          (e: unknown) => {
            received.push(e as PaymentGatewayError);
            return g.notificationAck(false);
          },
        )
        .then((ack) => {
          res.writeHead(ack.status, { 'Content-Type': ack.contentType });
          res.end(ack.body);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/wechat/notify`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe('WechatPayGateway (WeChat Pay public key mode)', () => {
  let fake: FakeWechatPay;
  let gateway: WechatPayGateway;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    fake = await startFakeWechatPay();
    gateway = new WechatPayGateway(fake.config, fake.url);
    receiver = await startReceiver(() => gateway);
  });
  afterAll(async () => {
    await receiver?.close();
    await fake?.close();
  });

  it('creates a native trade with the documented body and answers its code_url', async () => {
    const description = `  ${'知文会员年费，'.repeat(20)}  `;
    const i = input({ description, amount: 1 });
    const created = await gateway.create('native', i);
    expect(created.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v3/pay/transactions/native');
    const body = sent.body as Record<string, unknown>;
    expect(body).toMatchObject({
      appid: fake.config.appId,
      mchid: fake.config.mchId,
      out_trade_no: i.outTradeNo,
      notify_url: i.notifyUrl,
      amount: { total: 1, currency: 'CNY' },
    });
    const text = body.description as string;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(127);
    expect(text.startsWith('知文会员年费')).toBe(true);
    expect(description.trim().startsWith(text)).toBe(true);
    expect(body.time_expire).toBe(rfc3339China(i.expireTime));
    expect(body.time_expire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(new Date(body.time_expire as string).getTime()).toBe(Math.floor(i.expireTime.getTime() / 1000) * 1000);
    // The same trade again answers the same; a different body under the same number is refused.
    expect(await gateway.create('native', i)).toEqual(created);
    const error = await rejection(gateway.create('native', { ...i, amount: 2 }));
    expect(error.code).toBe('rejected');
    expect(error.providerCode).toBe('INVALID_REQUEST');
  });

  it('creates an h5 trade with the payer IP and appends the return URL', async () => {
    const created = await gateway.create('h5', input({ clientIp: '203.0.113.9', returnUrl: 'https://shop.example.com/paid?order=1&x=中' }));
    expect(created.payUrl).toMatch(/^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx/);
    expect(created.payUrl).toContain(`&redirect_url=${encodeURIComponent('https://shop.example.com/paid?order=1&x=中')}`);
    expect(fake.requests.at(-1)!.body).toMatchObject({ scene_info: { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } } });
  });

  it('creates a jsapi trade whose paySign verifies with the merchant public key', async () => {
    const i = input({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const { jsapi } = await gateway.create('jsapi', i);
    expect(jsapi).toBeDefined();
    const prepayId = fake.trades.get(i.outTradeNo)!.prepayId;
    expect(jsapi).toMatchObject({ appId: fake.config.appId, package: `prepay_id=${prepayId}`, signType: 'RSA' });
    expect(jsapi!.timeStamp).toMatch(/^\d{10}$/);
    const message = `${jsapi!.appId}\n${jsapi!.timeStamp}\n${jsapi!.nonceStr}\n${jsapi!.package}\n`;
    const merchantPublic = crypto.createPublicKey(fake.config.privateKey);
    expect(crypto.verify('sha256', Buffer.from(message), merchantPublic, Buffer.from(jsapi!.paySign, 'base64'))).toBe(true);
    expect(fake.requests.at(-1)!.body).toMatchObject({ payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } });
  });

  it('queries trades: unknown, unpaid, paid, closed', async () => {
    const unknown = await gateway.query('NEVER_CREATED_1');
    expect(unknown).toMatchObject({ outTradeNo: 'NEVER_CREATED_1', state: 'pending', amount: 0 });

    const i = input({ amount: 4321 });
    await gateway.create('native', i);
    expect(await gateway.query(i.outTradeNo)).toMatchObject({ state: 'pending', amount: 4321, providerTradeNo: '' });
    fake.pay(i.outTradeNo, { payerOpenid: 'oPAYER' });
    const paid = await gateway.query(i.outTradeNo);
    const trade = fake.trades.get(i.outTradeNo)!;
    expect(paid).toMatchObject({
      state: 'paid',
      amount: 4321,
      paidAmount: 4321,
      currency: 'CNY',
      providerTradeNo: trade.transactionId,
      appId: fake.config.appId,
      merchantId: fake.config.mchId,
      payer: 'oPAYER',
    });
    expect(paid.paidTime!.getTime()).toBe(Math.floor(trade.successTime!.getTime() / 1000) * 1000);
    expect(fake.requests.at(-1)!.path).toBe(`/v3/pay/transactions/out-trade-no/${i.outTradeNo}?mchid=${fake.config.mchId}`);
  });

  it('closes an unpaid trade, and answers paid for a paid one (ORDERPAID)', async () => {
    const open = input();
    await gateway.create('native', open);
    expect(await gateway.close(open.outTradeNo)).toBe('closed');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v3/pay/transactions/out-trade-no/${open.outTradeNo}/close`,
      body: { mchid: fake.config.mchId },
    });
    expect(await gateway.query(open.outTradeNo)).toMatchObject({ state: 'closed' });

    const paid = input();
    await gateway.create('native', paid);
    fake.pay(paid.outTradeNo);
    expect(await gateway.close(paid.outTradeNo)).toBe('paid');
    expect(fake.trades.get(paid.outTradeNo)!.state).toBe('SUCCESS');
    // ORDERPAID is confirmed by a (signed) query before the trade is called paid.
    expect(fake.requests.slice(-2).map((r) => r.path)).toEqual([
      `/v3/pay/transactions/out-trade-no/${paid.outTradeNo}/close`,
      `/v3/pay/transactions/out-trade-no/${paid.outTradeNo}?mchid=${fake.config.mchId}`,
    ]);
    // A trade WeChat never knew (our create never reached it) cannot be paid: closed.
    expect(await gateway.close('NEVER_CREATED_2')).toBe('closed');
  });

  it('refunds at once, or through PROCESSING to SUCCESS / ABNORMAL, and queries refunds', async () => {
    const i = input({ amount: 10000 });
    await gateway.create('native', i);
    fake.pay(i.outTradeNo);
    const refundNo = () => `RF${Date.now()}${++counter}`;
    const base = { outTradeNo: i.outTradeNo, total: 10000, reason: '用户取消', notifyUrl: 'https://example.com/pay/refund-notify' };

    fake.refundMode = 'success';
    const first = await gateway.refund({ ...base, outRefundNo: refundNo(), amount: 2500 });
    expect(first).toMatchObject({ state: 'success', amount: 2500, outTradeNo: i.outTradeNo });
    expect(first.providerRefundId).toMatch(/^5030/);
    expect(first.successTime).toBeInstanceOf(Date);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      out_trade_no: i.outTradeNo,
      reason: '用户取消',
      amount: { refund: 2500, total: 10000, currency: 'CNY' },
    });
    expect(await gateway.queryRefund(first.outRefundNo, i.outTradeNo)).toMatchObject({ state: 'success', amount: 2500 });
    // Paid and since refunded: still paid in our words.
    expect(await gateway.query(i.outTradeNo)).toMatchObject({ state: 'paid' });

    fake.refundMode = 'processing';
    const second = await gateway.refund({ ...base, outRefundNo: refundNo(), amount: 3000 });
    expect(second).toMatchObject({ state: 'processing', amount: 3000 });
    expect(second.successTime).toBeUndefined();
    fake.completeRefund(second.outRefundNo, 'SUCCESS');
    expect(await gateway.queryRefund(second.outRefundNo, i.outTradeNo)).toMatchObject({ state: 'success', amount: 3000 });

    const third = await gateway.refund({ ...base, outRefundNo: refundNo(), amount: 1000 });
    fake.completeRefund(third.outRefundNo, 'ABNORMAL');
    expect(await gateway.queryRefund(third.outRefundNo, i.outTradeNo)).toMatchObject({ state: 'failed', message: '退款异常' });

    const tooMuch = await rejection(gateway.refund({ ...base, outRefundNo: refundNo(), amount: 5000 }));
    expect(tooMuch).toMatchObject({ code: 'rejected', providerCode: 'NOT_ENOUGH' });
    expect((await rejection(gateway.queryRefund('NO_SUCH_REFUND', i.outTradeNo))).code).toBe('notFound');
    fake.refundMode = 'success';
  });

  it('parses payment and refund notifications posted by WeChat and acknowledges them', async () => {
    const i = input({ amount: 888, notifyUrl: receiver.url });
    await gateway.create('native', i);
    fake.pay(i.outTradeNo, { payerOpenid: 'oNOTIFIED' });
    const answer = await fake.notifyPayment(i.outTradeNo);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ code: 'SUCCESS', message: '成功' });
    const payment = receiver.received.at(-1) as PaymentNotification;
    expect(payment).toMatchObject({
      kind: 'payment',
      id: fake.trades.get(i.outTradeNo)!.notificationId,
      trade: { outTradeNo: i.outTradeNo, state: 'paid', amount: 888, payer: 'oNOTIFIED', appId: fake.config.appId, merchantId: fake.config.mchId },
    });

    // A tampered amount is validly signed: the gateway reports what WeChat says, the core compares.
    await fake.notifyPayment(i.outTradeNo, { tamper: 'amount' });
    expect(receiver.received.at(-1)).toMatchObject({ kind: 'payment', trade: { amount: 889 } });

    const refund = await gateway.refund({
      outTradeNo: i.outTradeNo,
      outRefundNo: `RF${Date.now()}`,
      amount: 88,
      total: 888,
      reason: '退款',
      notifyUrl: receiver.url,
    });
    expect((await fake.notifyRefund(refund.outRefundNo)).status).toBe(200);
    expect(receiver.received.at(-1)).toMatchObject({
      kind: 'refund',
      id: fake.refunds.get(refund.outRefundNo)!.notificationId,
      refund: { outRefundNo: refund.outRefundNo, outTradeNo: i.outTradeNo, state: 'success', amount: 88, providerRefundId: refund.providerRefundId },
    });

    // The same notification three times at once (WeChat retries): each one parses to the same.
    const n = fake.notification(i.outTradeNo);
    const parsed = await Promise.all([1, 2, 3].map(() => gateway.parseNotification({ headers: n.headers, rawBody: Buffer.from(n.body) })));
    expect(new Set(parsed.map((p) => p.id)).size).toBe(1);
  });

  it('refuses notifications with a wrong signature or that do not decrypt', async () => {
    const i = input({ notifyUrl: receiver.url });
    await gateway.create('native', i);
    fake.pay(i.outTradeNo);
    const answer = await fake.notifyPayment(i.outTradeNo, { tamper: 'signature' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL' });
    expect((receiver.received.at(-1) as PaymentGatewayError).code).toBe('badSignature');

    const n = fake.notification(i.outTradeNo);
    const withoutHeaders = await rejection(gateway.parseNotification({ headers: {}, rawBody: Buffer.from(n.body) }));
    expect(withoutHeaders.code).toBe('badSignature');
    const changedBody = await rejection(
      gateway.parseNotification({ headers: n.headers, rawBody: Buffer.from(n.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ')) }),
    );
    expect(changedBody.code).toBe('badSignature');
    // Signed by WeChat, but for another APIv3 key: it does not open.
    const otherKey = new WechatPayGateway({ ...fake.config, apiV3Key: 'A'.repeat(32) }, fake.url);
    // Validly signed, but six minutes old: a replay.
    const old = fake.notification(i.outTradeNo, { signedAt: new Date(Date.now() - 6 * 60_000) });
    expect((await rejection(gateway.parseNotification({ headers: old.headers, rawBody: Buffer.from(old.body) }))).code).toBe('badSignature');
    const recent = fake.notification(i.outTradeNo, { signedAt: new Date(Date.now() - 4 * 60_000) });
    expect(await gateway.parseNotification({ headers: recent.headers, rawBody: Buffer.from(recent.body) })).toMatchObject({ kind: 'payment' });
    const undecryptable = await rejection(otherKey.parseNotification({ headers: n.headers, rawBody: Buffer.from(n.body) }));
    expect(undecryptable.code).toBe('badNotification');
  });

  it('refuses a wrongly signed answer', async () => {
    fake.tamperAnswers = true;
    try {
      expect((await rejection(gateway.query('ANY_TRADE_1'))).code).toBe('badSignature');
      expect((await rejection(gateway.test())).code).toBe('badSignature');
    } finally {
      fake.tamperAnswers = false;
    }
    const i = input();
    await gateway.create('native', i);
    fake.unsignedAnswers = true;
    try {
      expect((await rejection(gateway.query(i.outTradeNo))).code).toBe('badSignature');
      // test() wants even its expected refusal signed.
      expect((await rejection(gateway.test())).code).toBe('badSignature');
    } finally {
      fake.unsignedAnswers = false;
    }
  });

  it('passes test() with working keys and fails it with a wrong merchant key', async () => {
    await gateway.test();
    expect(fake.requests.at(-1)!.path).toMatch(/^\/v3\/pay\/transactions\/out-trade-no\/TEST[0-9a-f]{24}\?mchid=/);
    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const wrong = new WechatPayGateway({ ...fake.config, privateKey: otherKey }, fake.url);
    expect(await rejection(wrong.test())).toMatchObject({ code: 'rejected', providerCode: 'SIGN_ERROR' });
    const unreadable = new WechatPayGateway({ ...fake.config, privateKey: 'not a key' }, fake.url);
    await expect(unreadable.test()).rejects.toThrow('the WeChat Pay merchant private key is not a PEM private key');
  });

  it('reads the trade bill of a day in exact fen, and no bill as none', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const amounts = [1, 10, 1999, 123456, 29];
    const nos: string[] = [];
    for (const amount of amounts) {
      const i = input({ amount, description: '课程, 第一期' });
      nos.push(i.outTradeNo);
      await gateway.create('native', i);
      fake.pay(i.outTradeNo);
    }
    const refund = await gateway.refund({
      outTradeNo: nos[3],
      outRefundNo: `RFB${Date.now()}`,
      amount: 23457,
      total: 123456,
      reason: '部分退款',
      notifyUrl: 'https://example.com/n',
    });
    const lines = await gateway.tradeBill(today);
    for (const [index, amount] of amounts.entries()) {
      const line = lines.find((l) => l.kind === 'payment' && l.outTradeNo === nos[index]);
      expect(line).toMatchObject({ amount, providerTradeNo: fake.trades.get(nos[index])!.transactionId });
      expect(line!.time.getTime()).toBe(Math.floor(fake.trades.get(nos[index])!.successTime!.getTime() / 1000) * 1000);
    }
    expect(lines.find((l) => l.kind === 'refund' && l.outRefundNo === refund.outRefundNo)).toMatchObject({ outTradeNo: nos[3], amount: 23457 });
    expect(await gateway.tradeBill('2001-01-01')).toEqual([]);

    // A payment late in the evening, China time, belongs to that day's bill, not the next (UTC) one.
    const late = input({ amount: 7 });
    await gateway.create('native', late);
    fake.pay(late.outTradeNo, { at: new Date('2026-01-15T23:59:30+08:00') });
    expect(await gateway.tradeBill('2026-01-15')).toEqual([
      {
        kind: 'payment',
        outTradeNo: late.outTradeNo,
        providerTradeNo: fake.trades.get(late.outTradeNo)!.transactionId,
        amount: 7,
        time: new Date('2026-01-15T23:59:30+08:00'),
      },
    ]);
    expect(await gateway.tradeBill('2026-01-16')).toEqual([]);
    expect(fake.requests.filter((r) => r.path.startsWith('/v3/billdownload/file')).length).toBe(2);
  });

  it('reads an older bill format (总金额) with a BOM and a comma in a product name', () => {
    const csv = [
      '\uFEFF交易时间,公众账号ID,商户号,子商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,总金额,企业红包金额,微信退款单号,商户退款单号,退款金额,企业红包退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率',
      '`2014-11-10 16:33:45,`wx2421b1c4370ec43b,`10000100,`0,`1000,`1001690740201411100005734289,`1415640626,`085e9858e3ba5186aafcbaed1,`MICROPAY,`SUCCESS,`CFT,`CNY,`0.01,`0.0,`0,`0,`0,`0,`,`,`被扫支付测试, 第二件,`订单额外描述,`0,`0.60%',
      '`2014-11-10 16:46:14,`wx2421b1c4370ec43b,`10000100,`0,`1000,`1002780340201411100005729794,`1415635270,`085e9858e90ca40c0b5aee463,`MICROPAY,`REFUND,`CFT,`CNY,`0.00,`0.0,`2001450340201411100000065345,`1415635270,`0.01,`0.0,`ORIGINAL,`SUCCESS,`被扫支付测试,`订单额外描述,`0,`0.60%',
      '总交易单数,总交易额,总退款金额,总企业红包退款金额,手续费总金额',
      '`2,`0.01,`0.01,`0.00,`0',
    ].join('\r\n');
    expect(parseTradeBill(csv)).toEqual([
      {
        kind: 'payment',
        outTradeNo: '1415640626',
        providerTradeNo: '1001690740201411100005734289',
        amount: 1,
        time: new Date('2014-11-10T16:33:45+08:00'),
      },
      {
        kind: 'refund',
        outTradeNo: '1415635270',
        providerTradeNo: '1002780340201411100005729794',
        amount: 1,
        outRefundNo: '1415635270',
        time: new Date('2014-11-10T16:46:14+08:00'),
      },
    ]);
  });

  it('turns yuan into fen by digits', () => {
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.1')).toBe(110);
    expect(() => yuanToFen('1.999')).toThrow();
  });
});

describe('WechatPayGateway (platform certificate mode)', () => {
  let fake: FakeWechatPay;

  beforeAll(async () => {
    fake = await startFakeWechatPay();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('verifies answers with fetched platform certificates and fetches them again on rotation, at most once a minute', async () => {
    const gateway = new WechatPayGateway(fake.certificateConfig(), fake.url);
    const certificateFetches = () => fake.requests.filter((r) => r.path === '/v3/certificates').length;
    await gateway.test();
    expect(certificateFetches()).toBe(1);
    const i = input({ amount: 500 });
    await gateway.create('native', i);
    expect(await gateway.query(i.outTradeNo)).toMatchObject({ state: 'pending', amount: 500 });
    expect(certificateFetches()).toBe(1);

    fake.rotatePlatformCertificate();
    fake.pay(i.outTradeNo);
    expect(await gateway.query(i.outTradeNo)).toMatchObject({ state: 'paid' });
    expect(certificateFetches()).toBe(2);

    // A notification signed with the new certificate verifies with the kept ones.
    const n = fake.notification(i.outTradeNo);
    expect(await gateway.parseNotification({ headers: n.headers, rawBody: Buffer.from(n.body) })).toMatchObject({ kind: 'payment' });

    // Another unknown serial within the minute: no new fetch, the answer is refused.
    fake.rotatePlatformCertificate();
    expect((await rejection(gateway.query(i.outTradeNo))).code).toBe('badSignature');
    expect(certificateFetches()).toBe(2);

    // A fresh gateway fetches the current list and verifies again.
    const fresh = new WechatPayGateway(fake.certificateConfig(), fake.url);
    expect(await fresh.query(i.outTradeNo)).toMatchObject({ state: 'paid' });
  });

  it('fails test() when the APIv3 key does not open the certificates', async () => {
    const gateway = new WechatPayGateway({ ...fake.certificateConfig(), apiV3Key: 'B'.repeat(32) }, fake.url);
    expect((await rejection(gateway.test())).code).toBe('badAnswer');
  });
});

describe('WechatPayGateway when WeChat cannot be reached', () => {
  it('answers unreachable for a closed port, quickly', async () => {
    const fake = await startFakeWechatPay();
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    await fake.close();
    const gateway = new WechatPayGateway(fake.config, `http://127.0.0.1:${port}`, { timeoutMs: 1000 });
    const started = Date.now();
    expect((await rejection(gateway.query('ANY_TRADE_2'))).code).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers unreachable when WeChat does not answer in time', async () => {
    const fake = await startFakeWechatPay();
    await fake.close();
    const sockets = new Set<import('node:net').Socket>();
    const silent = http.createServer(() => undefined);
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const gateway = new WechatPayGateway(fake.config, `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, { timeoutMs: 300 });
      const started = Date.now();
      expect((await rejection(gateway.create('native', input()))).code).toBe('unreachable');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});
