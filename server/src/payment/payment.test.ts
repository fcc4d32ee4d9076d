import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPEAT_SUBMIT_WINDOW_MS } from '@zhiwen/shared';
import { api, type Row } from '../../test/helpers/api';
import { startFakeAlipay, type FakeAlipay } from '../../test/helpers/fake-alipay';
import { startFakeWechatPay, type FakeWechatPay } from '../../test/helpers/fake-wechatpay';
import { memberTokenOf } from '../../test/helpers/member';
import { tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { PaymentReconcileService, chinaYesterday } from './payment-reconcile.service';
import { PaymentService } from './payment.service';

let t: TestApp;
let ds: DataSource;
let wechat: FakeWechatPay;
let alipay: FakeAlipay;
let admin: string;
let member: string;
let apiBase: string;
const PRICE = 990;

const shop = api(() => t, { base: '/prod-api/check' });
const staff = api(() => t, { base: '/prod-api' });

beforeAll(async () => {
  [wechat, alipay] = await Promise.all([startFakeWechatPay(), startFakeAlipay()]);
  t = await startTestApp({ config: { payment: { wechatPayApiBase: wechat.url, alipayGateway: alipay.gateway } } });
  ds = t.app.get(DataSource);
  // Providers post notifications over HTTP: the app listens on a loopback port.
  await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}/prod-api`;
  admin = await tokenOf(t.app);
  member = await memberTokenOf(t.app, 'payer_one');
  await ds.query(`UPDATE check_product SET price = $1, price_mode = 'fixed', status = '0' WHERE path_url = '/bkysb'`, [PRICE]);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([wechat?.close(), alipay?.close()]);
});

const wechatSettings = (overrides: Row = {}) => ({
  enabled: true,
  methods: ['native', 'h5'],
  notifyBaseUrl: apiBase,
  props: {
    mchId: wechat.config.mchId,
    appId: wechat.config.appId,
    serialNo: wechat.config.serialNo,
    platformPublicKeyId: wechat.config.platformPublicKeyId,
    platformPublicKey: wechat.config.platformPublicKey,
  },
  secrets: { privateKey: wechat.config.privateKey, apiV3Key: wechat.config.apiV3Key },
  ...overrides,
});
const alipaySettings = (overrides: Row = {}) => ({
  enabled: true,
  methods: ['precreate', 'page', 'wap'],
  notifyBaseUrl: apiBase,
  props: { appId: alipay.config.appId, sellerId: alipay.config.sellerId, alipayPublicKey: alipay.config.alipayPublicKey },
  secrets: { privateKey: alipay.config.privateKey },
  ...overrides,
});

async function productId(): Promise<string> {
  const [{ product_id }] = await ds.query(`SELECT product_id FROM check_product WHERE path_url = '/bkysb'`);
  return String(product_id);
}

let seed = 0;
/** A priced order of a fresh paper (papers differ, so no earlier report is reused). */
async function placeOrder(token = member): Promise<Row> {
  seed++;
  const text = `第${seed}篇论文。${'研究内容与方法分析。'.repeat(200)}`;
  const res = await shop
    .as(token)
    .post('/orders')
    .field('productId', await productId())
    .field('title', `支付测试${seed}`)
    .attach('file', Buffer.from(text), '论文.txt');
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

/** The same request twice within the window is refused as a double submit (a double click); tests wait it out. */
const pastRepeatWindow = () => new Promise((r) => setTimeout(r, REPEAT_SUBMIT_WINDOW_MS + 50));
const pay = (orderNo: string, body: Row, token = member) => shop.as(token).post(`/orders/${orderNo}/pay`).send(body);
const memberOrder = async (orderNo: string, token = member) => (await shop.as(token).get(`/orders/${orderNo}`)).body.data as Row;
const orderRow = async (orderNo: string) => (await ds.query(`SELECT * FROM check_order WHERE order_no = $1`, [orderNo]))[0] as Row;
const tradesOf = async (orderNo: string) => (await ds.query(`SELECT * FROM pay_trade WHERE order_no = $1 ORDER BY trade_id`, [orderNo])) as Row[];
const logOf = async (orderNo: string) =>
  (await ds.query(
    `SELECT l.from_status, l.to_status, l.actor, l.reason FROM check_order_log l JOIN check_order o USING (order_id) WHERE o.order_no = $1 ORDER BY l.log_id`,
    [orderNo],
  )) as Array<{ from_status: string; to_status: string; actor: string; reason: string }>;
const notifyLog = async (outTradeNo: string) =>
  (await ds.query(`SELECT outcome, message FROM pay_notify_log WHERE out_trade_no = $1 ORDER BY log_id`, [outTradeNo])) as Row[];

async function waitFor(orderNo: string, done: (o: Row) => boolean): Promise<Row> {
  const end = Date.now() + 60_000;
  for (;;) {
    const o = await memberOrder(orderNo);
    if (done(o) || Date.now() > end) return o;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Posts a prepared notification as the provider does. */
async function post(channel: 'wechat' | 'alipay', headers: Record<string, string>, body: string) {
  const res = await fetch(`${apiBase}/payment/notify/${channel}`, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
}

describe('payment settings (支付配置)', () => {
  it('refuses to enable a channel with fields missing, naming them, and changes nothing', async () => {
    const res = await staff
      .as(admin)
      .put('/payment/config/wechat')
      .send(wechatSettings({ props: { mchId: wechat.config.mchId }, secrets: {} }));
    expect(res.body.code).not.toBe(200);
    expect(res.body.msg).toContain('AppID');
    expect(res.body.msg).toContain('APIv3 密钥');
    const list = (await staff.as(admin).get('/payment/config')).body.data as Row[];
    expect(list.find((c) => c.channel === 'wechat')).toMatchObject({ enabled: false, secretsSet: { privateKey: false, apiV3Key: false } });
  });

  it('refuses a private key that is not a PEM key, and a method of the other channel', async () => {
    const bad = await staff
      .as(admin)
      .put('/payment/config/alipay')
      .send(alipaySettings({ secrets: { privateKey: 'not a key' } }));
    expect(bad.body.msg).toBe('私钥不是有效的 PEM 私钥');
    const foreign = await staff
      .as(admin)
      .put('/payment/config/alipay')
      .send(alipaySettings({ methods: ['native'] }));
    expect(foreign.body.msg).toBe('支付宝不支持支付方式 native');
  });

  it('keeps secrets sealed: never answered, a blank one keeps the stored one, and the test call proves them', async () => {
    expect((await staff.as(admin).put('/payment/config/wechat').send(wechatSettings())).body.code).toBe(200);
    expect((await staff.as(admin).put('/payment/config/alipay').send(alipaySettings())).body.code).toBe(200);
    // Saved again with the secrets left blank: the stored ones stay.
    const again = await staff
      .as(admin)
      .put('/payment/config/wechat')
      .send(wechatSettings({ secrets: { privateKey: '', apiV3Key: '' } }));
    expect(again.body.data).toMatchObject({ enabled: true, secretsSet: { privateKey: true, apiV3Key: true } });
    const list = await staff.as(admin).get('/payment/config');
    const text = JSON.stringify(list.body);
    expect(text).not.toContain('PRIVATE KEY');
    expect(text).not.toContain(wechat.config.apiV3Key);
    const [{ secrets }] = await ds.query(`SELECT secrets FROM pay_channel_config WHERE channel = 'wechat'`);
    expect(JSON.stringify(secrets)).not.toContain('PRIVATE KEY');
    expect((await staff.as(admin).post('/payment/config/wechat/test')).body.data).toEqual({ ok: true });
    expect((await staff.as(admin).post('/payment/config/alipay/test')).body.data).toEqual({ ok: true });
  });

  it('says why the connection test failed when the provider answers with a bad signature', async () => {
    wechat.tamperAnswers = true;
    try {
      const res = await staff.as(admin).post('/payment/config/wechat/test');
      expect(res.body.msg).toBe('连接测试失败：支付服务的应答签名校验失败');
    } finally {
      wechat.tamperAnswers = false;
    }
  });

  it('offers the enabled channels and methods to the public site', async () => {
    const res = await request(t.server).get('/prod-api/check/payment/methods');
    expect(res.body.data).toEqual({
      channels: [
        { channel: 'wechat', methods: ['native', 'h5'] },
        { channel: 'alipay', methods: ['precreate', 'page', 'wap'] },
      ],
      timeoutMinutes: 30,
    });
  });
});

describe("the member's payment", () => {
  it('shows a WeChat QR code with the deadline, and the same one when asked again', async () => {
    const order = await placeOrder();
    expect(order).toMatchObject({ status: 'created', totalFee: PRICE, payProvider: '', awaitingConfirmation: false, payment: null });
    expect(new Date(order.payDeadline).getTime() - new Date(order.createTime).getTime()).toBe(30 * 60_000);
    expect((await pay(order.orderNo, {})).body.msg).toBe('请选择支付方式');
    const first = (await pay(order.orderNo, { channel: 'wechat', method: 'native' })).body.data;
    expect(first.payment).toMatchObject({ channel: 'wechat', method: 'native', status: 'pending' });
    expect(first.payment.codeUrl).toMatch(/^weixin:\/\//);
    expect(first.payment.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    await pastRepeatWindow();
    const again = (await pay(order.orderNo, { channel: 'wechat', method: 'native' })).body.data;
    expect(again.payment.codeUrl).toBe(first.payment.codeUrl);
    expect(await tradesOf(order.orderNo)).toHaveLength(1);
    const [trade] = await tradesOf(order.orderNo);
    expect(wechat.trades.get(trade.out_trade_no)?.body).toMatchObject({
      amount: { total: PRICE, currency: 'CNY' },
      notify_url: `${apiBase}/payment/notify/wechat`,
    });
  });

  it('pays inside WeChat with the member’s openid (JSAPI) and on a phone browser through H5 back to the order', async () => {
    expect(
      (
        await staff
          .as(admin)
          .put('/payment/config/wechat')
          .send(wechatSettings({ methods: ['native', 'h5', 'jsapi'], secrets: {} }))
      ).body.code,
    ).toBe(200);
    try {
      const order = await placeOrder();
      expect((await pay(order.orderNo, { channel: 'wechat', method: 'jsapi' })).body.msg).toBe('微信内支付需要先用微信登录本站');
      await ds.query(`UPDATE member_user SET wechat_openid = 'o-member-openid' WHERE user_name = 'payer_one'`);
      await pastRepeatWindow();
      const jsapi = (await pay(order.orderNo, { channel: 'wechat', method: 'jsapi' })).body.data;
      expect(jsapi.payment.jsapi).toMatchObject({ appId: wechat.config.appId, signType: 'RSA' });
      expect(jsapi.payment.jsapi.package).toMatch(/^prepay_id=/);
      const [trade] = await tradesOf(order.orderNo);
      expect(wechat.trades.get(trade.out_trade_no)?.body).toMatchObject({ payer: { openid: 'o-member-openid' } });

      const phone = await placeOrder();
      const back = `http://site.example/bkysb?order=${phone.orderNo}`;
      const h5 = (await pay(phone.orderNo, { channel: 'wechat', method: 'h5', returnUrl: back })).body.data;
      expect(h5.payment.payUrl).toContain(`redirect_url=${encodeURIComponent(back)}`);
    } finally {
      await staff
        .as(admin)
        .put('/payment/config/wechat')
        .send(wechatSettings({ secrets: {} }));
    }
  });

  it('refuses a method that is not enabled', async () => {
    const order = await placeOrder();
    const res = await pay(order.orderNo, { channel: 'wechat', method: 'jsapi' });
    expect(res.body.msg).toBe('未开通该支付方式：微信支付 微信内支付');
    expect(await tradesOf(order.orderNo)).toHaveLength(0);
  });

  it('moves the order to paid on the verified notification and runs the check to its report', async () => {
    const order = await placeOrder();
    await pay(order.orderNo, { channel: 'wechat', method: 'native' });
    const [trade] = await tradesOf(order.orderNo);
    wechat.pay(trade.out_trade_no, { payerOpenid: 'o-payer' });
    const ack = await wechat.notifyPayment(trade.out_trade_no);
    expect(ack.status).toBe(200);
    expect(JSON.parse(ack.body)).toMatchObject({ code: 'SUCCESS' });
    const done = await waitFor(order.orderNo, (o) => o.status === 'done');
    expect(done).toMatchObject({ status: 'done', payProvider: 'wechat' });
    expect(done.reports).toContain('html');
    const log = await logOf(order.orderNo);
    expect(log.find((l) => l.to_status === 'paid')).toMatchObject({ from_status: 'created', actor: 'system' });
    expect((await tradesOf(order.orderNo))[0]).toMatchObject({ status: 'paid', payer: 'o-payer' });
    expect(await notifyLog(trade.out_trade_no)).toEqual([{ outcome: 'accepted', message: '已处理' }]);
  });

  it('applies the same notification sent three times at once exactly once: one move, one check', async () => {
    const order = await placeOrder();
    await pay(order.orderNo, { channel: 'alipay', method: 'precreate' });
    const [trade] = await tradesOf(order.orderNo);
    alipay.pay(trade.out_trade_no);
    const note = alipay.notification(trade.out_trade_no);
    const answers = await Promise.all([1, 2, 3].map(() => post('alipay', { 'content-type': note.contentType }, note.body)));
    expect(answers.map((a) => a.body)).toEqual(['success', 'success', 'success']);
    const log = await logOf(order.orderNo);
    expect(log.filter((l) => l.to_status === 'paid')).toHaveLength(1);
    const row = await orderRow(order.orderNo);
    expect(row.tid).not.toBeNull();
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM check_task WHERE task_id = $1`, [row.tid]);
    expect(n).toBe(1);
    expect((await notifyLog(trade.out_trade_no)).map((l) => l.outcome).sort()).toEqual(['accepted', 'duplicate', 'duplicate']);
  });

  it('rejects and logs a notification with a bad signature or one that differs from the order, and the order stays unpaid', async () => {
    const order = await placeOrder();
    await pay(order.orderNo, { channel: 'wechat', method: 'native' });
    const [trade] = await tradesOf(order.orderNo);
    wechat.pay(trade.out_trade_no);
    const forged = await wechat.notifyPayment(trade.out_trade_no, { tamper: 'signature' });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    for (const tamper of ['amount', 'mchid', 'appid'] as const) {
      const res = await wechat.notifyPayment(trade.out_trade_no, { tamper });
      expect(res.status, tamper).toBeGreaterThanOrEqual(400);
    }
    expect((await orderRow(order.orderNo)).status).toBe('created');
    const log = await notifyLog(trade.out_trade_no);
    expect(log.map((l) => l.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(log.map((l) => l.message)).toEqual(['通知与订单不符：金额', '通知与订单不符：商户号', '通知与订单不符：应用 ID']);
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM pay_notify_log WHERE outcome = 'rejected' AND message = '支付服务的应答签名校验失败'`,
    );
    expect(n).toBe(1);
    for (const tamper of ['amount', 'app_id', 'seller_id', 'signature'] as const) {
      const other = await placeOrder();
      await pay(other.orderNo, { channel: 'alipay', method: 'precreate' });
      const [alipayTrade] = await tradesOf(other.orderNo);
      alipay.pay(alipayTrade.out_trade_no);
      expect((await alipay.notifyPayment(alipayTrade.out_trade_no, { tamper })).body, tamper).toBe('failure');
      expect((await orderRow(other.orderNo)).status, tamper).toBe('created');
    }
  });

  it('finds a payment whose notification never came: on the member’s next look, and by the follow-up', async () => {
    const polled = await placeOrder();
    await pay(polled.orderNo, { channel: 'wechat', method: 'native' });
    const [first] = await tradesOf(polled.orderNo);
    wechat.pay(first.out_trade_no);
    expect((await memberOrder(polled.orderNo)).status).not.toBe('created');

    const swept = await placeOrder();
    await pay(swept.orderNo, { channel: 'alipay', method: 'precreate' });
    const [second] = await tradesOf(swept.orderNo);
    alipay.pay(second.out_trade_no);
    await ds.query(
      `UPDATE pay_trade SET create_time = now() - interval '2 minutes', last_query_time = now() - interval '2 minutes' WHERE trade_id = $1`,
      [second.trade_id],
    );
    await t.app.get(PaymentService).sweep();
    expect((await orderRow(swept.orderNo)).status).not.toBe('created');
  });

  it('closes the first trade at its provider when the member switches method', async () => {
    const order = await placeOrder();
    await pay(order.orderNo, { channel: 'wechat', method: 'native' });
    const switched = (await pay(order.orderNo, { channel: 'alipay', method: 'precreate' })).body.data;
    expect(switched.payment).toMatchObject({ channel: 'alipay', method: 'precreate', status: 'pending' });
    expect(switched.payProvider).toBe('alipay');
    const [wechatTrade, alipayTrade] = await tradesOf(order.orderNo);
    expect(wechatTrade.status).toBe('closed');
    expect(wechat.trades.get(wechatTrade.out_trade_no)?.state).toBe('CLOSED');
    expect(alipayTrade.status).toBe('pending');
  });

  it('closes an unpaid order after the deadline, at the provider too, and then refuses to pay it', async () => {
    const order = await placeOrder();
    await pay(order.orderNo, { channel: 'wechat', method: 'native' });
    const [trade] = await tradesOf(order.orderNo);
    await ds.query(`UPDATE check_order SET create_time = now() - interval '31 minutes' WHERE order_no = $1`, [order.orderNo]);
    await ds.query(`UPDATE pay_trade SET expire_time = now() - interval '1 minute' WHERE trade_id = $1`, [trade.trade_id]);
    await t.app.get(PaymentService).sweep();
    expect(wechat.trades.get(trade.out_trade_no)?.state).toBe('CLOSED');
    const closed = await memberOrder(order.orderNo);
    expect(closed.status).toBe('cancelled');
    expect((await logOf(order.orderNo)).at(-1)).toMatchObject({ to_status: 'cancelled', actor: 'system', reason: '超时未支付，订单已关闭' });
    await pastRepeatWindow();
    expect((await pay(order.orderNo, { channel: 'wechat', method: 'native' })).body.msg).toBe('订单当前状态为“已取消”，不能支付');
  });

  it('takes a payment the provider reports while closing as paid', async () => {
    const order = await placeOrder();
    await pay(order.orderNo, { channel: 'wechat', method: 'native' });
    const [trade] = await tradesOf(order.orderNo);
    wechat.pay(trade.out_trade_no);
    await ds.query(`UPDATE check_order SET create_time = now() - interval '31 minutes' WHERE order_no = $1`, [order.orderNo]);
    await t.app.get(PaymentService).sweep();
    expect((await orderRow(order.orderNo)).status).not.toBe('cancelled');
    expect((await tradesOf(order.orderNo))[0].status).toBe('paid');
  });

  it('sends back in full a second payment of an order already paid', async () => {
    const order = await placeOrder();
    await pay(order.orderNo, { channel: 'alipay', method: 'precreate' });
    const [alipayTrade] = await tradesOf(order.orderNo);
    // The member scanned the Alipay code, then (before it was closed) also paid by WeChat.
    alipay.pay(alipayTrade.out_trade_no);
    await ds.query(`UPDATE pay_trade SET status = 'closed' WHERE trade_id = $1`, [alipayTrade.trade_id]);
    await pay(order.orderNo, { channel: 'wechat', method: 'native' });
    const wechatTrade = (await tradesOf(order.orderNo))[1];
    wechat.pay(wechatTrade.out_trade_no);
    expect((await wechat.notifyPayment(wechatTrade.out_trade_no)).status).toBe(200);
    expect((await alipay.notifyPayment(alipayTrade.out_trade_no)).body).toBe('success');
    const refunds = (await ds.query(`SELECT * FROM pay_refund WHERE order_id = $1`, [(await orderRow(order.orderNo)).order_id])) as Row[];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ channel: 'alipay', amount: PRICE, surplus: true, status: 'success' });
    expect((await logOf(order.orderNo)).filter((l) => l.to_status === 'paid')).toHaveLength(1);
    // The member sees the second payment come back.
    expect((await memberOrder(order.orderNo)).refunds).toEqual([
      expect.objectContaining({ amount: PRICE, status: 'success', reason: '订单已不在待支付状态（已由其他方式支付或已关闭），自动全额退款' }),
    ]);
  });
});

describe('refunds from the back office', () => {
  async function paidOrder(channel: 'wechat' | 'alipay'): Promise<{ orderNo: string; orderId: string; outTradeNo: string }> {
    const order = await placeOrder();
    await pay(order.orderNo, channel === 'wechat' ? { channel, method: 'native' } : { channel, method: 'precreate' });
    const [trade] = await tradesOf(order.orderNo);
    if (channel === 'wechat') {
      wechat.pay(trade.out_trade_no);
      await wechat.notifyPayment(trade.out_trade_no);
    } else {
      alipay.pay(trade.out_trade_no);
      await alipay.notifyPayment(trade.out_trade_no);
    }
    await waitFor(order.orderNo, (o) => ['done', 'failed'].includes(o.status));
    return { orderNo: order.orderNo, orderId: String((await orderRow(order.orderNo)).order_id), outTradeNo: trade.out_trade_no };
  }

  it('refunds part of a paid order through WeChat Pay, followed to its end by the notification, each step in the log', async () => {
    const { orderNo, orderId } = await paidOrder('wechat');
    wechat.refundMode = 'processing';
    try {
      const tooMuch = await staff
        .as(admin)
        .put(`/check/order/${orderId}/refund`)
        .send({ reason: '多退', amount: PRICE + 1 });
      expect(tooMuch.body.msg).toBe('退款金额超过可退金额 ¥9.90');
      const res = await staff.as(admin).put(`/check/order/${orderId}/refund`).send({ reason: '部分章节未检测', amount: 300 });
      expect(res.body.code, res.body.msg).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'done',
        refundable: PRICE - 300,
        refunds: [{ amount: 300, status: 'processing', reason: '部分章节未检测' }],
      });
      const [refund] = res.body.data.refunds as Row[];
      wechat.completeRefund(refund.outRefundNo, 'SUCCESS');
      expect((await wechat.notifyRefund(refund.outRefundNo)).status).toBe(200);
      const detail = (await staff.as(admin).get(`/check/order/${orderId}`)).body.data;
      expect(detail).toMatchObject({ status: 'done', refundedFee: 300, refundable: PRICE - 300 });
      expect(detail.refunds[0]).toMatchObject({ status: 'success' });
      const reasons = (await logOf(orderNo)).map((l) => l.reason);
      expect(reasons).toContain('退款 ¥3.00 已受理：部分章节未检测');
      expect(reasons).toContain('退款 ¥3.00 已到账');
      const mine = await memberOrder(orderNo);
      expect(mine).toMatchObject({ refundedFee: 300, refunds: [{ amount: 300, status: 'success', reason: '部分章节未检测' }] });
    } finally {
      wechat.refundMode = 'success';
    }
  });

  it('refunds all of a failed order through Alipay and moves it to refunded', async () => {
    const { orderNo, orderId, outTradeNo } = await paidOrder('alipay');
    // A check that failed is refunded in full (the machine allows failed -> refunded).
    await ds.query(`UPDATE check_order SET status = 'failed' WHERE order_id = $1`, [orderId]);
    const res = await staff.as(admin).put(`/check/order/${orderId}/refund`).send({ reason: '检测失败' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'refunded', refundedFee: PRICE, refundable: 0 });
    expect(alipay.refunds.size).toBeGreaterThan(0);
    expect([...alipay.refunds.values()].some((r) => r.outTradeNo === outTradeNo && r.refundAmount === '9.90')).toBe(true);
    expect((await logOf(orderNo)).at(-2)).toMatchObject({ from_status: 'failed', to_status: 'refunded', actor: 'admin' });
    const nothing = await staff.as(admin).put(`/check/order/${orderId}/refund`).send({ reason: '再退' });
    expect(nothing.body.code).not.toBe(200);
  });

  it('leaves the order as it was when the provider refuses the refund, and says why', async () => {
    const { orderId } = await paidOrder('wechat');
    wechat.tamperAnswers = true;
    try {
      const res = await staff.as(admin).put(`/check/order/${orderId}/refund`).send({ reason: '测试', amount: 100 });
      expect(res.body.msg).toBe('退款失败：支付服务的应答签名校验失败');
    } finally {
      wechat.tamperAnswers = false;
    }
    const detail = (await staff.as(admin).get(`/check/order/${orderId}`)).body.data;
    expect(detail.status).toBe('done');
    expect(detail.refunds[0]).toMatchObject({ status: 'failed', amount: 100 });
    expect(detail.refundable).toBe(PRICE);
  });
});

describe('reconciliation (支付对账)', () => {
  it("lists what the provider's bill and our records disagree on, and keeps resolved differences when run again", async () => {
    const day = chinaYesterday();
    const noon = new Date(`${day}T12:00:00+08:00`);
    // Matched: paid there and here.
    const matched = await placeOrder();
    await pay(matched.orderNo, { channel: 'wechat', method: 'native' });
    const [a] = await tradesOf(matched.orderNo);
    wechat.pay(a.out_trade_no, { at: noon });
    await wechat.notifyPayment(a.out_trade_no);
    await ds.query(`UPDATE pay_trade SET paid_time = $2 WHERE trade_id = $1`, [a.trade_id, noon]);
    // Paid there, still pending here.
    const missed = await placeOrder();
    await pay(missed.orderNo, { channel: 'wechat', method: 'native' });
    const [b] = await tradesOf(missed.orderNo);
    wechat.pay(b.out_trade_no, { at: noon });
    // Paid here, unknown there.
    await ds.query(
      `INSERT INTO pay_trade (out_trade_no, order_id, order_no, channel, method, amount, status, expire_time, paid_time)
       VALUES ('PGHOST0001', 1, 'CKGHOST', 'wechat', 'native', 500, 'paid', now(), $1)`,
      [noon],
    );
    const res = await staff.as(admin).post('/payment/reconcile').send({ channel: 'wechat', billDate: day });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ channel: 'wechat', billDate: day, status: 'done', diffCount: 2, openCount: 2 });
    const list = await staff.as(admin).get('/payment/reconcile/diff/list').query({ billDate: day, channel: 'wechat' });
    expect(list.body.code, list.body.msg).toBe(200);
    const diffs = list.body.data.rows as Row[];
    const byKind = Object.fromEntries(diffs.map((d) => [d.kind, d]));
    expect(byKind.missingLocal).toMatchObject({ outTradeNo: b.out_trade_no, orderNo: missed.orderNo, remoteAmount: PRICE, localAmount: null });
    expect(byKind.missingRemote).toMatchObject({ outTradeNo: 'PGHOST0001', localAmount: 500, remoteAmount: null });

    const resolved = await staff
      .as(admin)
      .put(`/payment/reconcile/diff/${byKind.missingRemote.diffId}/resolve`)
      .send({ resolution: '测试数据，已核实' });
    expect(resolved.body.data).toMatchObject({ status: 'resolved', resolution: '测试数据，已核实', resolvedBy: 'admin' });
    expect((await staff.as(admin).put(`/payment/reconcile/diff/${byKind.missingRemote.diffId}/resolve`).send({ resolution: '再次' })).body.msg).toBe(
      '该差异已处理',
    );

    await t.app.get(PaymentReconcileService).run('wechat', day, 'admin');
    const after = (await staff.as(admin).get('/payment/reconcile/diff/list').query({ billDate: day, channel: 'wechat' })).body.data.rows as Row[];
    expect(after.map((d) => `${d.kind}:${d.status}`).sort()).toEqual(['missingLocal:open', 'missingRemote:resolved']);
    const runs = (await staff.as(admin).get('/payment/reconcile/list')).body.data.rows as Row[];
    expect(runs.find((r) => r.channel === 'wechat' && r.billDate === day)).toMatchObject({ openCount: 1 });
  });

  it('refuses today and later, with a message', async () => {
    const today = chinaYesterday(new Date(Date.now() + 86_400_000));
    const res = await staff.as(admin).post('/payment/reconcile').send({ channel: 'alipay', billDate: today });
    expect(res.body.msg).toBe('只能对今天之前的日期对账');
  });
});
