import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type Row } from '../../test/helpers/api';
import { memberTokenOf } from '../../test/helpers/member';
import { operLogRows } from '../../test/helpers/oper-log';
import { startFakeRobots, startFakeSmtp, type FakeRobots, type FakeSmtp } from '../../test/helpers/fake-robots';
import { startFakeWechatPay, type FakeWechatPay } from '../../test/helpers/fake-wechatpay';
import { solveCaptcha, TEST_ADMIN_PASSWORD, tokenOf } from '../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { loadConfig } from '../common/config/app-config';
import { appEvents } from '../common/events/app-events';
import { FILE_STORAGE, type FileStorage } from '../storage/storage';

let t: TestApp;
let ds: DataSource;
let robots: FakeRobots;
let smtp: FakeSmtp;
let wechat: FakeWechatPay;
let admin: string;

const staff = api(() => t, { token: () => admin });

beforeAll(async () => {
  [robots, smtp, wechat] = await Promise.all([startFakeRobots(), startFakeSmtp(), startFakeWechatPay()]);
  t = await startTestApp({
    env: { TRUST_PROXY: 'true' },
    config: {
      payment: { wechatPayApiBase: wechat.url, alipayGateway: 'http://127.0.0.1:9/gateway.do' },
      pusher: { wecomBases: [robots.url], dingtalkBases: [robots.url], feishuBases: [robots.url], retryLimit: 2, retryDelaySeconds: 1 },
    },
  });
  ds = t.app.get(DataSource);
  admin = await tokenOf(t.app);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([robots?.close(), smtp?.close(), wechat?.close()]);
});

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

async function addChannel(body: Row): Promise<Row> {
  const res = await staff.post('/cms/pusher/channel', { enabled: true, events: [], ...body });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

/** The delivery rows of an event for a channel once none is waiting any more. */
async function settled(where: string, params: unknown[], count = 1, timeoutMs = 20_000): Promise<Row[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await ds.query(`SELECT * FROM pusher_delivery WHERE ${where} ORDER BY delivery_id`, params)) as Row[];
    if ((rows.length >= count && rows.every((r) => r.status === 'success' || r.status === 'failed')) || Date.now() > end) return rows;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('channels (消息推送配置)', () => {
  it('keeps a robot webhook and signing secret sealed, answers only that they are set, and keeps them out of the operation log', async () => {
    const token = `tok-${unique()}`;
    const secret = `SEC${unique()}secret`;
    const channel = await addChannel({
      name: `钉钉-${unique()}`,
      channelType: 'dingtalk',
      webhookUrl: robots.webhookOf('dingtalk', token),
      signSecret: secret,
      events: ['order.paid'],
    });
    expect(channel).toMatchObject({
      channelType: 'dingtalk',
      events: ['order.paid'],
      secretsSet: { webhookUrl: true, signSecret: true, smtpPassword: false },
    });
    expect(channel.webhookHost).toBe(new URL(robots.url).host);
    const answers = [channel, (await staff.get(`/cms/pusher/channel/${channel.channelId}`)).body, (await staff.get('/cms/pusher/channel/list')).body];
    for (const answer of answers) {
      expect(JSON.stringify(answer)).not.toContain(token);
      expect(JSON.stringify(answer)).not.toContain(secret);
    }
    const [stored] = await ds.query(`SELECT secrets::text AS s FROM pusher_channel WHERE channel_id = $1`, [channel.channelId]);
    expect(stored.s).not.toContain(token);
    expect(stored.s).not.toContain(secret);
    const logs = await operLogRows(t, `SELECT oper_param, json_result FROM sys_oper_log WHERE title = '消息推送配置'`);
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(token);
    expect(JSON.stringify(logs)).not.toContain(secret);
  });

  it('keeps stored secrets when the edit leaves them empty, and drops the signing secret when told (null)', async () => {
    const token = `tok-${unique()}`;
    robots.addRobot('feishu', token);
    const channel = await addChannel({
      name: `飞书-${unique()}`,
      channelType: 'feishu',
      webhookUrl: robots.webhookOf('feishu', token),
      signSecret: 'old-secret',
    });
    const kept = await staff.put(`/cms/pusher/channel/${channel.channelId}`, {
      name: channel.name,
      channelType: 'feishu',
      events: ['publish.failed'],
      webhookUrl: '',
      signSecret: '',
    });
    expect(kept.body.data).toMatchObject({ events: ['publish.failed'], secretsSet: { webhookUrl: true, signSecret: true } });
    const dropped = await staff.put(`/cms/pusher/channel/${channel.channelId}`, {
      name: channel.name,
      channelType: 'feishu',
      events: [],
      signSecret: null,
    });
    expect(dropped.body.data.secretsSet).toEqual({ webhookUrl: true, signSecret: false, smtpPassword: false });
    // Unsigned now, and the fake robot takes unsigned messages: the kept URL still reaches it.
    const sent = await staff.post(`/cms/pusher/channel/${channel.channelId}/test`);
    expect(sent.body.code, sent.body.msg).toBe(200);
    expect(robots.received.at(-1)).toMatchObject({ robot: 'feishu', token });
  });

  it('refuses a webhook off the robot’s host, a malformed one, a missing one and incomplete email settings, naming what is wrong', async () => {
    const cases: Array<[Row, string]> = [
      [
        { channelType: 'wecom', webhookUrl: 'https://evil.example.com/cgi-bin/webhook/send?key=abc' },
        `企业微信机器人 Webhook 地址必须是官方地址（${new URL(robots.url).host}）`,
      ],
      [
        { channelType: 'wecom', webhookUrl: `http://user:pw@${new URL(robots.url).host}/cgi-bin/webhook/send?key=abc` },
        '企业微信机器人 Webhook 地址必须是官方地址',
      ],
      [
        { channelType: 'dingtalk', webhookUrl: `${robots.url}/robot/send` },
        '钉钉机器人 Webhook 地址格式不正确，应形如 https://oapi.dingtalk.com/robot/send?access_token=…',
      ],
      [{ channelType: 'feishu', webhookUrl: 'not a url' }, '飞书机器人 Webhook 地址格式不正确'],
      [{ channelType: 'wecom' }, '请填写Webhook 地址'],
      [{ channelType: 'email', smtpHost: 'smtp.example.com', smtpPort: 465, mailFrom: 'a@example.com' }, '请填写收件人'],
      [
        { channelType: 'email', smtpHost: 'smtp.example.com', smtpPort: 465, mailFrom: 'a@example.com', mailTo: ['ops@example.com', 'nobody'] },
        '收件人“nobody”不是有效的邮箱地址',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await staff.post('/cms/pusher/channel', { name: `bad-${unique()}`, events: [], ...body });
      expect(res.body.code).toBe(500);
      expect(res.body.msg).toContain(message);
    }
    const bad = await staff.post('/cms/pusher/channel', {
      name: `bad-${unique()}`,
      channelType: 'wecom',
      events: ['nope'],
      webhookUrl: robots.webhookOf('wecom', 'k'),
    });
    expect(bad.body.code).toBe(500);
    const name = `dup-${unique()}`;
    await addChannel({ name, channelType: 'wecom', webhookUrl: robots.webhookOf('wecom', 'k') });
    const dup = await staff.post('/cms/pusher/channel', { name, channelType: 'wecom', webhookUrl: robots.webhookOf('wecom', 'k'), events: [] });
    expect(dup.body.msg).toBe(`推送通道名称“${name}”已存在`);
  });

  it('allows only the robots’ official hosts unless the environment says otherwise', () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' });
    expect(config.pusher).toMatchObject({
      wecomBases: ['https://qyapi.weixin.qq.com'],
      dingtalkBases: ['https://oapi.dingtalk.com'],
      feishuBases: ['https://open.feishu.cn', 'https://open.larksuite.com'],
    });
    expect(
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp', PUSHER_FEISHU_BASE: 'http://127.0.0.1:9/' }).pusher.feishuBases,
    ).toEqual(['http://127.0.0.1:9']);
  });
});

describe('test send (测试发送)', () => {
  it('sends through each robot in its own format with a valid signature, and by email through SMTP', async () => {
    const wecom = `wc-${unique()}`;
    const ding = `dt-${unique()}`;
    const feishu = `fs-${unique()}`;
    robots.addRobot('wecom', wecom);
    robots.addRobot('dingtalk', ding, 'SECding-secret');
    robots.addRobot('feishu', feishu, 'feishu-secret');
    const channels = [
      await addChannel({ name: `企微-${unique()}`, channelType: 'wecom', webhookUrl: robots.webhookOf('wecom', wecom) }),
      await addChannel({
        name: `钉钉-${unique()}`,
        channelType: 'dingtalk',
        webhookUrl: robots.webhookOf('dingtalk', ding),
        signSecret: 'SECding-secret',
      }),
      await addChannel({
        name: `飞书-${unique()}`,
        channelType: 'feishu',
        webhookUrl: robots.webhookOf('feishu', feishu),
        signSecret: 'feishu-secret',
      }),
    ];
    for (const channel of channels) {
      const res = await staff.post(`/cms/pusher/channel/${channel.channelId}/test`);
      expect(res.body.code, res.body.msg).toBe(200);
      expect(res.body.data.response).toMatch(/"(errcode|code)":0/);
    }
    const got = robots.received.filter((m) => [wecom, ding, feishu].includes(m.token));
    expect(got.map((m) => m.robot)).toEqual(['wecom', 'dingtalk', 'feishu']);
    expect(got[0].body).toMatchObject({ msgtype: 'markdown' });
    expect(got[1].body).toMatchObject({ msgtype: 'markdown', markdown: { title: '测试发送' } });
    expect(got[2].body).toMatchObject({ msg_type: 'text' });
    for (const [i, m] of got.entries()) expect(m.text).toContain(`这是来自“${channels[i].name}”的测试消息`);

    const email = await addChannel({
      name: `邮件-${unique()}`,
      channelType: 'email',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecure: false,
      smtpUser: smtp.user,
      smtpPassword: smtp.password,
      mailFrom: '知文 <noreply@example.com>',
      mailTo: ['ops@example.com', 'boss@example.com'],
    });
    expect(email.secretsSet.smtpPassword).toBe(true);
    expect(JSON.stringify(email)).not.toContain(smtp.password);
    const mailed = await staff.post(`/cms/pusher/channel/${email.channelId}/test`);
    expect(mailed.body.code, mailed.body.msg).toBe(200);
    expect(mailed.body.data.response).toContain('250');
    expect(smtp.received.at(-1)).toMatchObject({
      from: 'noreply@example.com',
      to: ['ops@example.com', 'boss@example.com'],
      user: smtp.user,
      subject: '测试发送',
    });
    expect(smtp.received.at(-1)!.text).toContain(`这是来自“${email.name}”的测试消息`);
  });

  it('reports a refused signature (DingTalk and Feishu) and a refused SMTP login as a failed, logged test', async () => {
    const ding = `dt-${unique()}`;
    const feishu = `fs-${unique()}`;
    robots.addRobot('dingtalk', ding, 'SECright');
    robots.addRobot('feishu', feishu, 'right');
    const d = await addChannel({
      name: `钉钉错签-${unique()}`,
      channelType: 'dingtalk',
      webhookUrl: robots.webhookOf('dingtalk', ding),
      signSecret: 'SECwrong',
    });
    const f = await addChannel({
      name: `飞书错签-${unique()}`,
      channelType: 'feishu',
      webhookUrl: robots.webhookOf('feishu', feishu),
      signSecret: 'wrong',
    });
    const m = await addChannel({
      name: `邮件错密-${unique()}`,
      channelType: 'email',
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpUser: smtp.user,
      smtpPassword: 'bad',
      mailFrom: 'a@example.com',
      mailTo: ['b@example.com'],
    });
    const dres = await staff.post(`/cms/pusher/channel/${d.channelId}/test`);
    expect(dres.body.msg).toContain('测试发送失败：对方拒绝：310000 sign not match');
    const fres = await staff.post(`/cms/pusher/channel/${f.channelId}/test`);
    expect(fres.body.msg).toContain('测试发送失败：对方拒绝：19021 sign match fail');
    const mres = await staff.post(`/cms/pusher/channel/${m.channelId}/test`);
    expect(mres.body.msg).toContain('测试发送失败：对方拒绝：535');
    expect(robots.refused.filter((r) => r.token === ding || r.token === feishu)).toHaveLength(2);
    const log = (await staff.get(`/cms/pusher/log/list?channelId=${d.channelId}`)).body.data;
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ event: 'test', status: 'failed', attempts: 1 });
    expect(log.rows[0].response).toContain('310000');
    expect(JSON.stringify(log)).not.toContain('SECwrong');
  });
});

describe('events → deliveries', () => {
  beforeEach(async () => {
    // Each case subscribes its own channels: the ones of earlier cases stop listening.
    await ds.query(`UPDATE pusher_channel SET enabled = false`);
  });

  it('pushes an event only to the enabled channels subscribed to it, once each', async () => {
    const [a, b, c] = [`a-${unique()}`, `b-${unique()}`, `c-${unique()}`];
    robots.addRobot('wecom', a);
    robots.addRobot('dingtalk', b);
    robots.addRobot('feishu', c);
    const paid = await addChannel({
      name: `收款-${unique()}`,
      channelType: 'wecom',
      webhookUrl: robots.webhookOf('wecom', a),
      events: ['order.paid', 'refund.requested'],
    });
    const failed = await addChannel({
      name: `检测-${unique()}`,
      channelType: 'dingtalk',
      webhookUrl: robots.webhookOf('dingtalk', b),
      events: ['check.failed'],
    });
    const off = await addChannel({
      name: `停用-${unique()}`,
      channelType: 'feishu',
      webhookUrl: robots.webhookOf('feishu', c),
      events: ['order.paid'],
    });
    await staff.put(`/cms/pusher/channel/${off.channelId}/status`, { enabled: false });

    appEvents.emit('order.paid', { orderId: '987654321', channel: 'wechat', amount: 990 });
    const rows = await settled('channel_id = ANY($1::bigint[])', [[paid.channelId, failed.channelId, off.channelId]]);
    expect(rows.map((r) => [r.channel_id, r.event, r.status, r.attempts])).toEqual([[paid.channelId, 'order.paid', 'success', 1]]);
    const got = robots.received.filter((m) => [a, b, c].includes(m.token));
    expect(got).toHaveLength(1);
    expect(got[0].token).toBe(a);
    expect(got[0].text).toContain('**订单已支付**');
    expect(got[0].text).toContain('金额：¥9.90');

    appEvents.emit('check.failed', { orderId: '987654321' });
    const after = await settled('channel_id = $1', [failed.channelId]);
    expect(after.map((r) => [r.event, r.status])).toEqual([['check.failed', 'success']]);
    expect(robots.received.filter((m) => m.token === b)).toHaveLength(1);

    const log = (await staff.get(`/cms/pusher/log/list?event=order.paid&channelId=${paid.channelId}`)).body.data;
    expect(log.total).toBe(1);
    expect(log.rows[0]).toMatchObject({ channelName: paid.name, channelType: 'wecom', title: '订单已支付', status: 'success' });
  });

  it('tells of a real check order that failed, with its number, title and reason', async () => {
    const key = `f-${unique()}`;
    robots.addRobot('dingtalk', key, 'SECcheck');
    const ch = await addChannel({
      name: `检测失败-${unique()}`,
      channelType: 'dingtalk',
      webhookUrl: robots.webhookOf('dingtalk', key),
      signSecret: 'SECcheck',
      events: ['check.failed'],
    });
    await ds.query(`UPDATE check_product SET price = 500, price_mode = 'fixed', status = '0' WHERE path_url = '/sbzpb'`);
    const [{ product_id }] = await ds.query(`SELECT product_id FROM check_product WHERE path_url = '/sbzpb'`);
    const member = await memberTokenOf(t.app, 'pusher_member');
    const placed = await api(() => t, { base: '/prod-api/check' })
      .as(member)
      .post('/orders')
      .field('productId', String(product_id))
      .field('title', '推送测试论文')
      .attach('file', Buffer.from('论文研究内容分析。'.repeat(200)), '论文.txt');
    expect(placed.body.code, placed.body.msg).toBe(200);
    const [row] = await ds.query(`SELECT order_id, order_no, file_key FROM check_order WHERE order_no = $1`, [placed.body.data.orderNo]);
    // The paper goes missing: the paid check fails.
    await t.app.get<FileStorage>(FILE_STORAGE).delete(row.file_key);
    const paid = await staff.put(`/check/order/${row.order_id}/confirmPayment`, { reason: '银行转账' });
    expect(paid.body.code, paid.body.msg).toBe(200);
    const [delivery] = await settled('channel_id = $1', [ch.channelId], 1, 60_000);
    expect(delivery).toMatchObject({ event: 'check.failed', status: 'success', title: '检测失败' });
    const got = robots.received.filter((m) => m.token === key);
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain(`订单号：${row.order_no}`);
    expect(got[0].text).toContain('论文标题：推送测试论文');
    // The check task's reason in words, not its message key.
    expect(got[0].text).toMatch(/原因：\S+/);
    expect(got[0].text).not.toMatch(/原因：[a-z]+\.[\w.]+$/m);
  }, 90_000);

  it('tells of an order paid online and of its refund, from the real payment flow (WeChat Pay fake)', async () => {
    const key = `pay-${unique()}`;
    robots.addRobot('feishu', key, 'pay-secret');
    const ch = await addChannel({
      name: `支付-${unique()}`,
      channelType: 'feishu',
      webhookUrl: robots.webhookOf('feishu', key),
      signSecret: 'pay-secret',
      events: ['order.paid', 'refund.requested'],
    });
    // WeChat Pay posts its notification over HTTP: the app listens on a loopback port.
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    const apiBase = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}/prod-api`;
    const c = wechat.config;
    const settings = {
      enabled: true,
      methods: ['native'],
      notifyBaseUrl: apiBase,
      props: {
        mchId: c.mchId,
        appId: c.appId,
        serialNo: c.serialNo,
        platformPublicKeyId: c.platformPublicKeyId,
        platformPublicKey: c.platformPublicKey,
      },
      secrets: { privateKey: c.privateKey, apiV3Key: c.apiV3Key },
    };
    expect((await staff.put('/payment/config/wechat', settings)).body.code).toBe(200);
    await ds.query(`UPDATE check_product SET price = 990, price_mode = 'fixed', status = '0' WHERE path_url = '/bkysb'`);
    const [{ product_id }] = await ds.query(`SELECT product_id FROM check_product WHERE path_url = '/bkysb'`);
    const member = await memberTokenOf(t.app, 'pusher_payer');
    const shop = api(() => t, { base: '/prod-api/check', token: member });
    const placed = await shop
      .post('/orders')
      .field('productId', String(product_id))
      .field('title', '支付推送论文')
      .attach('file', Buffer.from('支付推送研究内容。'.repeat(200)), '论文.txt');
    expect(placed.body.code, placed.body.msg).toBe(200);
    const orderNo = placed.body.data.orderNo as string;
    expect((await shop.post(`/orders/${orderNo}/pay`, { channel: 'wechat', method: 'native' })).body.code).toBe(200);
    const [trade] = await ds.query(`SELECT out_trade_no, order_id FROM pay_trade WHERE order_no = $1`, [orderNo]);
    wechat.pay(trade.out_trade_no);
    expect((await wechat.notifyPayment(trade.out_trade_no)).status).toBe(200);
    const [paid] = await settled('channel_id = $1', [ch.channelId], 1, 30_000);
    expect(paid).toMatchObject({ event: 'order.paid', status: 'success' });
    expect(paid.content).toContain(`订单号：${orderNo}`);
    expect(paid.content).toContain('金额：¥9.90');
    expect(paid.content).toContain('支付方式：微信支付');

    const refund = await staff.put(`/check/order/${trade.order_id}/refund`, { reason: '用户申请', amount: 300 });
    expect(refund.body.code, refund.body.msg).toBe(200);
    const rows = await settled('channel_id = $1', [ch.channelId], 2, 30_000);
    expect(rows[1]).toMatchObject({ event: 'refund.requested', status: 'success' });
    expect(rows[1].content).toContain('金额：¥3.00');
    expect(rows[1].content).toContain('原因：用户申请');
    expect(rows[1].content).toContain('操作人：admin');
    expect(robots.received.filter((m) => m.token === key)).toHaveLength(2);
  }, 90_000);

  it('pushes one message for a publish task however often its failed job is retried', async () => {
    const key = `p-${unique()}`;
    robots.addRobot('wecom', key);
    const ch = await addChannel({
      name: `发布-${unique()}`,
      channelType: 'wecom',
      webhookUrl: robots.webhookOf('wecom', key),
      events: ['publish.failed'],
    });
    appEvents.emit('publish.failed', { taskId: '424242', error: 'disk full' });
    appEvents.emit('publish.failed', { taskId: '424242', error: 'disk full' });
    const rows = await settled('channel_id = $1', [ch.channelId]);
    await new Promise((r) => setTimeout(r, 500));
    expect((await ds.query(`SELECT count(*)::int AS n FROM pusher_delivery WHERE channel_id = $1`, [ch.channelId]))[0].n).toBe(1);
    expect(rows[0].content).toContain('错误：disk full');
  });

  it('tells of a staff sign-in from an address the user never signed in from, not of the next one from there', async () => {
    const key = `s-${unique()}`;
    robots.addRobot('wecom', key);
    const ch = await addChannel({
      name: `登录-${unique()}`,
      channelType: 'wecom',
      webhookUrl: robots.webhookOf('wecom', key),
      events: ['staff.newAddress'],
    });
    const signIn = async (ip: string) => {
      const captcha = await solveCaptcha(t.app);
      const res = await request(t.server)
        .post('/prod-api/login')
        .set('X-Forwarded-For', ip)
        .send({ username: 'admin', password: TEST_ADMIN_PASSWORD, ...captcha });
      expect(res.body.code, res.body.msg).toBe(200);
    };
    await signIn('203.0.113.77');
    const rows = await settled('channel_id = $1', [ch.channelId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].content).toContain('IP 地址：203.0.113.77');
    await signIn('203.0.113.77');
    await new Promise((r) => setTimeout(r, 1000));
    expect((await ds.query(`SELECT count(*)::int AS n FROM pusher_delivery WHERE channel_id = $1`, [ch.channelId]))[0].n).toBe(1);
  });

  it('retries a failing robot with back-off until it answers, and gives up after the retry limit', async () => {
    const key = `r-${unique()}`;
    robots.addRobot('wecom', key);
    const ch = await addChannel({
      name: `重试-${unique()}`,
      channelType: 'wecom',
      webhookUrl: robots.webhookOf('wecom', key),
      events: ['refund.requested'],
    });
    robots.failNext(2);
    appEvents.emit('refund.requested', { orderId: '1', refundId: '1', amount: 100, reason: '重复', actor: 'admin', surplus: false });
    const [ok] = await settled('channel_id = $1', [ch.channelId], 1, 30_000);
    expect(ok).toMatchObject({ status: 'success', attempts: 3 });
    expect(robots.received.filter((m) => m.token === key)).toHaveLength(1);

    robots.failNext(100);
    appEvents.emit('refund.requested', { orderId: '1', refundId: '2', amount: 100, reason: '重复', actor: 'admin', surplus: false });
    const rows = await settled('channel_id = $1', [ch.channelId], 2, 30_000);
    robots.failNext(0);
    expect(rows[1]).toMatchObject({ status: 'failed', attempts: 3, error: 'HTTP 状态 500', response: 'upstream unavailable' });
  }, 60_000);
});
