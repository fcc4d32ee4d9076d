import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAlipay, startFakeAlipay } from '../../../test/helpers/fake-alipay';
import { type PaymentNotification, PaymentGatewayError } from '../payment-gateway';
import { AlipayGateway, chinaTime, fenToYuan, parseChinaTime, yuanToFen } from './alipay-gateway';

/** Our notify endpoint: parses what Alipay posts with the gateway and answers as the core would. */
interface Receiver {
  url: string;
  received: (PaymentNotification | PaymentGatewayError)[];
  close(): Promise<void>;
}

async function startReceiver(gateway: () => AlipayGateway): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void gateway()
        .parseNotification({ headers: req.headers, rawBody: Buffer.concat(chunks) })
        .then(
          (notification) => {
            received.push(notification);
            return gateway().notificationAck(true);
          },
          (error: unknown) => {
            received.push(error as PaymentGatewayError);
            return gateway().notificationAck(false);
          },
        )
        .then((ack) => {
          res.writeHead(ack.status, { 'content-type': ack.contentType });
          res.end(ack.body);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/alipay`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentGatewayError);
    return error as PaymentGatewayError;
  }
  throw new Error('expected a PaymentGatewayError');
}

let seq = 0;
const tradeNo = () => `ZW${Date.now()}${String(++seq).padStart(4, '0')}`;
const expireIn = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('AlipayGateway against the fake Alipay gateway', () => {
  let fake: FakeAlipay;
  let gateway: AlipayGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    fake = await startFakeAlipay();
    gateway = new AlipayGateway(fake.config, fake.gateway);
    receiver = await startReceiver(() => gateway);
  });
  afterAll(async () => {
    await receiver.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.tamperAnswers = false;
    fake.refundMode = 'success';
  });

  const input = (amount: number, extra: Partial<Parameters<AlipayGateway['create']>[1]> = {}) => ({
    outTradeNo: tradeNo(),
    amount,
    description: '知文 会员订阅',
    expireTime: expireIn(30),
    notifyUrl: receiver.url,
    returnUrl: 'http://127.0.0.1:9/pay/return?order=1',
    ...extra,
  });

  it('converts fen and yuan exactly and writes China time', () => {
    expect(fenToYuan(29)).toBe('0.29');
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(100)).toBe('1.00');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1234.56')).toBe(123456);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('-35.80')).toBe(-3580);
    expect(() => yuanToFen('1.234')).toThrow(PaymentGatewayError);
    expect(chinaTime(new Date('2026-11-25T16:30:05Z'))).toBe('2026-11-26 00:30:05');
    expect(parseChinaTime('2026-11-26 00:30:05')?.toISOString()).toBe('2026-11-25T16:30:05.000Z');
  });

  it('precreate answers the QR code; the trade does not exist before the scan, is paid and notified after it', async () => {
    const order = input(29);
    const created = await gateway.create('precreate', order);
    expect(created.codeUrl).toBe(`${fake.baseUrl}/fake/scan?out_trade_no=${order.outTradeNo}`);
    const call = fake.calls.at(-1)!;
    expect(call.method).toBe('alipay.trade.precreate');
    expect(call.biz).toMatchObject({
      out_trade_no: order.outTradeNo,
      total_amount: '0.29',
      subject: '知文 会员订阅',
      time_expire: chinaTime(order.expireTime),
    });
    expect(fake.trades.get(order.outTradeNo)?.notifyUrl).toBe(receiver.url);

    expect(await gateway.query(order.outTradeNo)).toMatchObject({ state: 'pending', amount: 0, outTradeNo: order.outTradeNo });

    const before = receiver.received.length;
    const scan = await fetch(created.codeUrl!);
    expect(scan.status).toBe(200);
    expect(await scan.text()).toContain('¥0.29');
    expect(fake.notifications.at(-1)).toMatchObject({ outTradeNo: order.outTradeNo, status: 200, body: 'success' });
    const notification = receiver.received[before] as PaymentNotification;
    expect(notification.kind).toBe('payment');
    if (notification.kind !== 'payment') return;
    const fakeTrade = fake.trades.get(order.outTradeNo)!;
    expect(notification.trade).toEqual({
      outTradeNo: order.outTradeNo,
      state: 'paid',
      amount: 29,
      paidAmount: 29,
      currency: 'CNY',
      providerTradeNo: fakeTrade.tradeNo,
      paidTime: new Date(Math.floor(fakeTrade.gmtPayment!.getTime() / 1000) * 1000),
      appId: fake.config.appId,
      merchantId: fake.config.sellerId,
      payer: fakeTrade.buyerId,
    });
    expect(notification.id).toMatch(/^2026/);

    const trade = await gateway.query(order.outTradeNo);
    expect(trade).toMatchObject({
      state: 'paid',
      amount: 29,
      paidAmount: 29,
      providerTradeNo: fakeTrade.tradeNo,
      payer: fakeTrade.buyerId,
      appId: fake.config.appId,
      merchantId: fake.config.sellerId,
    });
    expect(trade.paidTime).toEqual(notification.trade.paidTime);
  });

  it('page pay: the signed URL opens the cashier, Pay notifies and returns to return_url', async () => {
    const order = input(123456);
    const { payUrl } = await gateway.create('page', order);
    expect(payUrl).toMatch(new RegExp(`^${fake.gateway}\\?`));
    const params = new URL(payUrl!).searchParams;
    expect(params.get('method')).toBe('alipay.trade.page.pay');
    expect(params.get('sign_type')).toBe('RSA2');
    expect(params.get('return_url')).toBe(order.returnUrl);
    expect(JSON.parse(params.get('biz_content')!)).toMatchObject({
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '1234.56',
      out_trade_no: order.outTradeNo,
    });

    const page = await fetch(payUrl!);
    const htmlText = await page.text();
    expect(htmlText).toContain('Fake Alipay');
    expect(htmlText).toContain('¥1234.56');
    expect(htmlText).toContain('id="fake-alipay-pay"');
    expect(await gateway.query(order.outTradeNo)).toMatchObject({ state: 'pending', amount: 123456 });

    // A URL whose signature no longer matches its content is refused, as Alipay does.
    const forged = new URL(payUrl!);
    forged.searchParams.set('biz_content', params.get('biz_content')!.replace('1234.56', '0.01'));
    expect(await (await fetch(forged)).text()).toContain('isv.invalid-signature');

    const before = receiver.received.length;
    const paid = await fetch(`${fake.baseUrl}/fake/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: order.outTradeNo }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:9/pay/return');
    expect(back.searchParams.get('order')).toBe('1');
    expect(back.searchParams.get('out_trade_no')).toBe(order.outTradeNo);
    expect(receiver.received[before]).toMatchObject({ kind: 'payment', trade: { outTradeNo: order.outTradeNo, state: 'paid', amount: 123456 } });
    expect(await gateway.query(order.outTradeNo)).toMatchObject({ state: 'paid', amount: 123456 });
  });

  it('wap pay: the signed URL carries QUICK_WAP_WAY and quit_url, and the fake accepts it', async () => {
    const order = input(500);
    const { payUrl } = await gateway.create('wap', order);
    const params = new URL(payUrl!).searchParams;
    expect(params.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(params.get('biz_content')!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', quit_url: order.returnUrl, total_amount: '5.00' });
    const htmlText = await (await fetch(payUrl!)).text();
    expect(htmlText).toContain('id="fake-alipay-pay"');
    expect(htmlText).toContain('id="fake-alipay-quit"');
  });

  it('query: waiting, paid, closed, and fully refunded (TRADE_CLOSED with a payment date) is still paid', async () => {
    const order = input(300);
    await fetch((await gateway.create('page', order)).payUrl!);
    expect((await gateway.query(order.outTradeNo)).state).toBe('pending');
    fake.pay(order.outTradeNo);
    expect((await gateway.query(order.outTradeNo)).state).toBe('paid');
    await gateway.refund({
      outTradeNo: order.outTradeNo,
      outRefundNo: `${order.outTradeNo}R`,
      amount: 300,
      total: 300,
      reason: '全额退款',
      notifyUrl: receiver.url,
    });
    expect(fake.trades.get(order.outTradeNo)?.status).toBe('TRADE_CLOSED');
    expect(await gateway.query(order.outTradeNo)).toMatchObject({ state: 'paid', amount: 300 });
  });

  it('close: a never-scanned precreate trade, an open unpaid trade, and a paid one', async () => {
    const qr = input(100);
    await gateway.create('precreate', qr);
    expect(await gateway.close(qr.outTradeNo)).toBe('closed');
    expect(await gateway.close(tradeNo())).toBe('closed');

    const open = input(100);
    await fetch((await gateway.create('page', open)).payUrl!);
    expect(await gateway.close(open.outTradeNo)).toBe('closed');
    expect(await gateway.query(open.outTradeNo)).toMatchObject({ state: 'closed', amount: 100 });
    // Closing again: Alipay says the status does not allow it; the trade is closed.
    expect(await gateway.close(open.outTradeNo)).toBe('closed');

    // Past its time_expire Alipay closes the trade itself.
    const late = input(100, { expireTime: new Date(Date.now() - 2000) });
    expect(await (await fetch((await gateway.create('page', late)).payUrl!)).text()).toContain('交易已关闭');
    expect((await gateway.query(late.outTradeNo)).state).toBe('closed');

    const paid = input(100);
    await gateway.create('precreate', paid);
    fake.pay(paid.outTradeNo);
    expect(await gateway.close(paid.outTradeNo)).toBe('paid');
    expect(fake.trades.get(paid.outTradeNo)?.status).toBe('TRADE_SUCCESS');
  });

  it('refund at once, refund processing until Alipay completes it, and a repeated refund request', async () => {
    const order = input(1000);
    await gateway.create('precreate', order);
    fake.pay(order.outTradeNo);
    const refundInput = {
      outTradeNo: order.outTradeNo,
      outRefundNo: `${order.outTradeNo}R1`,
      amount: 250,
      total: 1000,
      reason: '部分退款',
      notifyUrl: receiver.url,
    };
    const refund = await gateway.refund(refundInput);
    expect(refund).toMatchObject({ outRefundNo: refundInput.outRefundNo, outTradeNo: order.outTradeNo, state: 'success', amount: 250 });
    expect(refund.providerRefundId).toBe(fake.trades.get(order.outTradeNo)!.tradeNo);
    expect(refund.successTime).toBeInstanceOf(Date);
    expect(fake.calls.at(-1)?.biz).toMatchObject({ refund_amount: '2.50', out_request_no: refundInput.outRefundNo, refund_reason: '部分退款' });
    expect(await gateway.queryRefund(refundInput.outRefundNo, order.outTradeNo)).toMatchObject({ state: 'success', amount: 250 });
    // The same request again moves no money (fund_change N): the refund query says it is done.
    expect(await gateway.refund(refundInput)).toMatchObject({ state: 'success', amount: 250 });
    expect(fake.refunds.size).toBeGreaterThan(0);

    fake.refundMode = 'processing';
    const second = { ...refundInput, outRefundNo: `${order.outTradeNo}R2`, amount: 100 };
    expect(await gateway.refund(second)).toMatchObject({ state: 'processing', outRefundNo: second.outRefundNo });
    expect(await gateway.queryRefund(second.outRefundNo, order.outTradeNo)).toMatchObject({ state: 'processing' });
    fake.completeRefund(second.outRefundNo);
    const done = await gateway.queryRefund(second.outRefundNo, order.outTradeNo);
    expect(done).toMatchObject({ state: 'success', amount: 100 });
    expect(done.successTime).toBeInstanceOf(Date);

    const tooMuch = await gatewayError(gateway.refund({ ...refundInput, outRefundNo: `${order.outTradeNo}R3`, amount: 700 }));
    expect(tooMuch).toMatchObject({ code: 'rejected', providerCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect(await gatewayError(gateway.queryRefund('X', tradeNo()))).toMatchObject({ code: 'notFound' });
  });

  it('notifications: payment, refund, tampered signature, and signed ones from another app, merchant or amount', async () => {
    const order = input(2990);
    await gateway.create('precreate', order);
    fake.pay(order.outTradeNo);
    const parse = (body: string) =>
      gateway.parseNotification({ headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, rawBody: Buffer.from(body) });

    const payment = await parse(fake.notification(order.outTradeNo).body);
    expect(payment).toMatchObject({
      kind: 'payment',
      trade: { outTradeNo: order.outTradeNo, state: 'paid', amount: 2990, paidAmount: 2990, currency: 'CNY' },
    });

    // Alipay may also tell of a trade waiting for the buyer, or closed unpaid.
    const open = input(700);
    await fetch((await gateway.create('page', open)).payUrl!);
    expect(await parse(fake.notification(open.outTradeNo).body)).toMatchObject({
      kind: 'payment',
      trade: { state: 'pending', amount: 700, paidTime: undefined },
    });
    await gateway.close(open.outTradeNo);
    expect(await parse(fake.notification(open.outTradeNo).body)).toMatchObject({ kind: 'payment', trade: { state: 'closed', amount: 700 } });

    await gateway.refund({
      outTradeNo: order.outTradeNo,
      outRefundNo: `${order.outTradeNo}R`,
      amount: 990,
      total: 2990,
      reason: '退款',
      notifyUrl: receiver.url,
    });
    const refund = await parse(fake.notification(order.outTradeNo, { refund: `${order.outTradeNo}R` }).body);
    expect(refund).toMatchObject({
      kind: 'refund',
      refund: { outRefundNo: `${order.outTradeNo}R`, outTradeNo: order.outTradeNo, state: 'success', amount: 990 },
    });

    expect(await gatewayError(parse(fake.notification(order.outTradeNo, { tamper: 'signature' }).body))).toMatchObject({ code: 'badSignature' });
    // Changing a signed field breaks the signature.
    const altered = fake.notification(order.outTradeNo).body.replace('total_amount=29.90', 'total_amount=0.01');
    expect(altered).toContain('total_amount=0.01');
    expect(await gatewayError(parse(altered))).toMatchObject({ code: 'badSignature' });
    expect(await gatewayError(parse('a=b'))).toMatchObject({ code: 'badSignature' });

    expect(await parse(fake.notification(order.outTradeNo, { tamper: 'amount' }).body)).toMatchObject({ trade: { amount: 2991 } });
    expect(await parse(fake.notification(order.outTradeNo, { tamper: 'app_id' }).body)).toMatchObject({ trade: { appId: '2021000000000001' } });
    expect(await parse(fake.notification(order.outTradeNo, { tamper: 'seller_id' }).body)).toMatchObject({
      trade: { merchantId: '2088000000000001' },
    });

    // Sent for real: a refused notification is answered "failure" (Alipay retries).
    const sent = await fake.notifyPayment(order.outTradeNo, { tamper: 'signature' });
    expect(sent).toEqual({ status: 200, body: 'failure' });
    expect(receiver.received.at(-1)).toMatchObject({ code: 'badSignature' });
    expect(gateway.notificationAck(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
  });

  it('answers signed wrongly are badSignature; a wrong app key is rejected; test() proves the configuration', async () => {
    await gateway.test();
    // The same key in PKCS#1 works too.
    await new AlipayGateway({ ...fake.config, privateKey: fake.appPrivateKeyPkcs1 }, fake.gateway).test();

    fake.tamperAnswers = true;
    expect(await gatewayError(gateway.query(tradeNo()))).toMatchObject({ code: 'badSignature' });
    expect(await gatewayError(gateway.test())).toMatchObject({ code: 'badSignature' });
    fake.tamperAnswers = false;

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongAppKey = new AlipayGateway(
      { ...fake.config, privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      fake.gateway,
    );
    expect(await gatewayError(wrongAppKey.test())).toMatchObject({ code: 'rejected', providerCode: 'isv.invalid-signature' });
    const wrongAlipayKey = new AlipayGateway(
      { ...fake.config, alipayPublicKey: other.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      fake.gateway,
    );
    expect(await gatewayError(wrongAlipayKey.test())).toMatchObject({ code: 'badSignature' });
    expect(() => new AlipayGateway({ ...fake.config, privateKey: 'not a key' }, fake.gateway)).toThrow(/app private key/);
    const wrongApp = new AlipayGateway({ ...fake.config, appId: '2021000000000009' }, fake.gateway);
    expect(await gatewayError(wrongApp.test())).toMatchObject({ code: 'rejected', providerCode: 'isv.invalid-app-id' });
  });

  it('trade bill: the ZIP of GBK CSV files gives exact fen for payments and refunds', async () => {
    const small = input(29);
    const large = input(123456);
    await gateway.create('precreate', small);
    await gateway.create('precreate', large);
    fake.pay(small.outTradeNo);
    fake.pay(large.outTradeNo);
    await gateway.refund({
      outTradeNo: large.outTradeNo,
      outRefundNo: `${large.outTradeNo}R`,
      amount: 1010,
      total: 123456,
      reason: '退款',
      notifyUrl: receiver.url,
    });
    const today = chinaTime(new Date()).slice(0, 10);
    const lines = await gateway.tradeBill(today);
    const ours = lines.filter((line) => line.outTradeNo === small.outTradeNo || line.outTradeNo === large.outTradeNo);
    expect(ours.map(({ time: _time, ...rest }) => rest)).toEqual([
      {
        outTradeNo: small.outTradeNo,
        providerTradeNo: fake.trades.get(small.outTradeNo)!.tradeNo,
        kind: 'payment',
        amount: 29,
        outRefundNo: undefined,
      },
      {
        outTradeNo: large.outTradeNo,
        providerTradeNo: fake.trades.get(large.outTradeNo)!.tradeNo,
        kind: 'payment',
        amount: 123456,
        outRefundNo: undefined,
      },
      {
        outTradeNo: large.outTradeNo,
        providerTradeNo: fake.trades.get(large.outTradeNo)!.tradeNo,
        kind: 'refund',
        amount: 1010,
        outRefundNo: `${large.outTradeNo}R`,
      },
    ]);
    for (const line of ours) expect(Math.abs(line.time.getTime() - Date.now())).toBeLessThan(120_000);
    expect(await gateway.tradeBill('2020-01-01')).toEqual([]);
  });

  it('an unreachable or silent gateway is unreachable, quickly', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    let started = Date.now();
    expect(await gatewayError(new AlipayGateway(fake.config, `http://127.0.0.1:${port}/gateway.do`).query(tradeNo()))).toMatchObject({
      code: 'unreachable',
    });
    expect(Date.now() - started).toBeLessThan(2000);

    const silent = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      started = Date.now();
      const slow = new AlipayGateway(fake.config, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/gateway.do`, { timeoutMs: 300 });
      expect(await gatewayError(slow.test())).toMatchObject({ code: 'unreachable' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
