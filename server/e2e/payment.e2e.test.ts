import { readFileSync } from 'node:fs';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAlipay, type FakeAlipay } from '../test/helpers/fake-alipay';
import { startFakeWechatPay, type FakeWechatPay } from '../test/helpers/fake-wechatpay';
import { apiLogin, captchaResponse, launchBrowser, screenshot, solveCaptcha } from './browser';
import { apiCaller, E2E_ADMIN_PASSWORD, ownDatabase, type Row, type ServerProcess, startFreshProduct } from './helpers';

/**
 * Online payment of a check order in a real browser: the product is started with WeChat Pay and Alipay pointed at
 * the loopback fakes (which speak the real protocols and sign their answers and notifications), staff enable both
 * channels through the API, and a member pays a ¥9.90 AIGC check by WeChat QR, by Alipay QR after switching from
 * WeChat, and on a phone through the Alipay checkout page and its return to the order; then a lost notification, the
 * desktop Alipay page, refunds the member sees, and an order closed unpaid at its deadline. The database is one of its
 * own on the PostgreSQL server (DATABASE_URL, else 127.0.0.1:5432), so the test can move an order's creation time.
 */

const database = ownDatabase('payment');
const dbUrl = database.url;

const PRICE = 990;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: ServerProcess | undefined;
let wechat: FakeWechatPay;
let alipay: FakeAlipay;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let base: string;
let adminToken: string;
let db: Client | undefined;
/** The order the first test pays by WeChat (refunded later). */
let wechatOrderNo = '';

const admin = <T = Row>(method: string, url: string, body?: unknown) => apiCaller(base, adminToken)<T>(method, url, body);
const pathOf = (p: Page) => new URL(p.url()).pathname;

/** A paper of its own per order (the same file twice could be answered from the earlier check). */
async function paperDocx(title: string, body: string): Promise<Buffer> {
  const doc = new Document({
    sections: [{ children: [new Paragraph({ text: title, heading: HeadingLevel.TITLE }), new Paragraph(body), new Paragraph(`${body}${title}`)] }],
  });
  return Packer.toBuffer(doc);
}

/** The payment trades of an order, newest first, as staff see them. */
async function tradesOf(orderNo: string): Promise<Row[]> {
  return (await admin<{ rows: Row[] }>('GET', `/payment/trade/list?pageSize=20&orderNo=${orderNo}`)).rows;
}

/** Orders a check on the /aigc product page; answers the order number once the payment panel shows. */
async function placeOrder(p: Page, title: string, body: string): Promise<string> {
  await p.goto(`${base}/aigc`);
  await p.getByTestId('check-title').fill(title);
  await p.getByTestId('check-author').fill('王五');
  await p.getByTestId('check-file').setInputFiles({
    name: `${title}.docx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await paperDocx(title, body),
  });
  await p.getByTestId('check-submit').click();
  await expect.poll(() => p.getByTestId('pay-panel').isVisible(), { timeout: 20_000 }).toBe(true);
  expect(await p.getByTestId('check-fee').innerText()).toBe('¥9.90');
  expect(await p.getByTestId('check-status').getAttribute('data-status')).toBe('created');
  const orderNo = (await p.getByTestId('check-order-no').innerText()).trim();
  expect(orderNo).toMatch(/^CK\d{8}[0-9A-F]{16}$/);
  return orderNo;
}

/** Clicks a channel's button and answers the `payment` the server gave the page (what the QR encodes). */
async function pick(p: Page, channel: 'wechat' | 'alipay'): Promise<Row> {
  const answer = p.waitForResponse((r) => r.request().method() === 'POST' && /\/prod-api\/check\/orders\/[^/]+\/pay$/.test(r.url()));
  await p.getByTestId(`pay-method-${channel}`).click();
  const json = await (await answer).json();
  expect(json.code, json.msg).toBe(200);
  return json.data.payment as Row;
}

/** The QR of `channel` is on the page with the amount and a running countdown. */
async function expectQr(p: Page, channel: 'wechat' | 'alipay'): Promise<void> {
  const qr = p.getByTestId('pay-qr');
  await expect.poll(() => qr.getAttribute('class'), { timeout: 15_000 }).toContain(`pay-qr-${channel}`);
  const img = qr.locator('img');
  expect(await img.isVisible()).toBe(true);
  expect(await img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  // The image really drew (a broken data URL has no natural size).
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await qr.innerText()).toContain('¥9.90');
  expect(await p.getByTestId('pay-panel').innerText()).toContain('¥9.90');
  const first = await p.getByTestId('pay-countdown').innerText();
  // The default timeout is 30 minutes: the countdown starts just under it.
  expect(first).toMatch(/^(29|30):\d{2}$/);
  await expect.poll(() => p.getByTestId('pay-countdown').innerText(), { timeout: 5_000 }).not.toBe(first);
}

/** Once paid, the page by itself (no reload) shows the check running, then the finished report. */
async function followToReport(p: Page, title: string): Promise<void> {
  await expect.poll(() => p.getByTestId('check-status').getAttribute('data-status'), { timeout: 20_000 }).not.toBe('created');
  expect(await p.getByTestId('pay-panel').count()).toBe(0);
  await expect.poll(() => p.getByTestId('check-status').getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
  const frame = p.frameLocator('[data-testid="check-report-frame"]');
  await expect.poll(() => frame.getByText(title).first().isVisible(), { timeout: 20_000 }).toBe(true);
}

/** Marks the page so a reload (which would forget the mark) is noticed. */
async function markPage(p: Page): Promise<void> {
  await p.evaluate(() => ((window as unknown as { paymentE2eMark?: boolean }).paymentE2eMark = true));
}
const stillSamePage = (p: Page) => p.evaluate(() => (window as unknown as { paymentE2eMark?: boolean }).paymentE2eMark === true);

beforeAll(async () => {
  wechat = await startFakeWechatPay();
  alipay = await startFakeAlipay();
  await database.create();
  ({ server, base } = await startFreshProduct('payment', { DATABASE_URL: dbUrl, WECHATPAY_API_BASE: wechat.url, ALIPAY_GATEWAY: alipay.gateway }));
  db = new Client({ connectionString: dbUrl });
  await db.connect();
  browser = await launchBrowser();
  adminToken = await apiLogin(base, 'admin', E2E_ADMIN_PASSWORD);

  // Staff enable both channels with the fakes' merchant settings; the providers notify the app itself.
  const notifyBaseUrl = `${base}/prod-api`;
  const { privateKey: wechatKey, apiV3Key, ...wechatProps } = wechat.config;
  await admin('PUT', '/payment/config/wechat', {
    enabled: true,
    methods: ['native', 'h5'],
    notifyBaseUrl,
    props: wechatProps,
    secrets: { privateKey: wechatKey, apiV3Key },
  });
  const { privateKey: alipayKey, ...alipayProps } = alipay.config;
  await admin('PUT', '/payment/config/alipay', {
    enabled: true,
    methods: ['precreate', 'page', 'wap'],
    notifyBaseUrl,
    props: alipayProps,
    secrets: { privateKey: alipayKey },
  });
  const configs = await admin<Row[]>('GET', '/payment/config');
  for (const channel of ['wechat', 'alipay']) {
    const saved = configs.find((c) => c.channel === channel)!;
    expect(saved.enabled).toBe(true);
    expect(saved.secretsSet.privateKey).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('PRIVATE KEY');
    expect(await admin('POST', `/payment/config/${channel}/test`)).toEqual({ ok: true });
  }

  // The AIGC check costs ¥9.90 a paper.
  const { rows } = await admin<{ rows: Row[] }>('GET', '/check/product/list?pageSize=50');
  const product = rows.find((p) => p.pathUrl === '/aigc')!;
  await admin('PUT', '/check/product', { ...product, price: PRICE, priceMode: 'fixed' });

  context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await wechat?.close();
  await alipay?.close();
  await db?.end();
  await database.drop();
});

describe('online payment of a check on the public site', () => {
  it('a member pays by WeChat QR; the page moves on by itself to the report, which downloads', async () => {
    const captcha = captchaResponse(page);
    await page.goto(`${base}/register`);
    await page.getByLabel('账号', { exact: true }).fill('pay_e2e1');
    await page.getByLabel('密码', { exact: true }).fill('Member2026');
    await page.getByLabel('确认密码', { exact: true }).fill('Member2026');
    await solveCaptcha(base, page, captcha);
    await page.getByRole('main').getByRole('button', { name: '注册', exact: true }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/memberIndex');

    // The site offers both channels.
    const methods = await (await fetch(`${base}/prod-api/check/payment/methods`)).json();
    expect(methods.data.channels.map((c: Row) => c.channel).sort()).toEqual(['alipay', 'wechat']);

    const title = '微信支付检测论文一';
    const orderNo = await placeOrder(page, title, '本文讨论城市公共交通票价改革对通勤行为的影响，并基于问卷数据提出分时定价建议。');
    wechatOrderNo = orderNo;
    expect(await page.getByTestId('pay-method-wechat').innerText()).toContain('微信支付');
    expect(await page.getByTestId('pay-method-alipay').innerText()).toContain('支付宝');
    await screenshot(page, 'site-pay-choose');

    const payment = await pick(page, 'wechat');
    expect(payment).toMatchObject({ channel: 'wechat', method: 'native', status: 'pending', payUrl: '' });
    expect(payment.codeUrl).toMatch(/^weixin:\/\//);
    await expectQr(page, 'wechat');
    expect(await page.getByTestId('pay-method-wechat').getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'site-pay-wechat-qr');

    const [trade] = await tradesOf(orderNo);
    expect(trade).toMatchObject({ channel: 'wechat', method: 'native', status: 'pending', amount: PRICE });
    expect(wechat.trades.get(trade.outTradeNo)?.state).toBe('NOTPAY');

    // The member scans and pays; WeChat notifies the app.
    await markPage(page);
    wechat.pay(trade.outTradeNo);
    const notified = await wechat.notifyPayment(trade.outTradeNo);
    expect(notified.status).toBeLessThan(300);
    const logs = await admin<{ rows: Row[] }>('GET', `/payment/notify/list?outTradeNo=${trade.outTradeNo}`);
    expect(logs.rows.map((r) => [r.channel, r.kind, r.outcome])).toEqual([['wechat', 'payment', 'accepted']]);
    await expect.poll(() => page.getByText('支付成功').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await followToReport(page, title);
    expect(await stillSamePage(page)).toBe(true);
    await screenshot(page, 'site-pay-wechat-report');

    const download = page.waitForEvent('download');
    await page.getByTestId('check-download-pdf').click();
    const pdf = readFileSync((await (await download).path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);

    const [paid] = await tradesOf(orderNo);
    expect(paid).toMatchObject({ outTradeNo: trade.outTradeNo, status: 'paid', amount: PRICE });
    expect(paid.providerTradeNo).toBe(wechat.trades.get(trade.outTradeNo)!.transactionId);
  });

  it('switching to 支付宝 closes the WeChat trade and shows an Alipay QR; scanning it pays and the check runs', async () => {
    const title = '支付宝扫码检测论文二';
    const orderNo = await placeOrder(page, title, '本文以三个乡镇为样本，分析农村电商物流末端配送的成本结构，并比较共同配送与自建网点两种模式。');

    await pick(page, 'wechat');
    await expectQr(page, 'wechat');
    const [wechatTrade] = await tradesOf(orderNo);

    const payment = await pick(page, 'alipay');
    expect(payment).toMatchObject({ channel: 'alipay', method: 'precreate', status: 'pending' });
    await expectQr(page, 'alipay');
    expect(await page.getByTestId('pay-method-alipay').getAttribute('aria-pressed')).toBe('true');
    // On a desktop Alipay's own checkout page is offered too.
    expect(await page.getByTestId('pay-alipay-page').isVisible()).toBe(true);
    await screenshot(page, 'site-pay-alipay-qr');

    // The WeChat trade was closed at WeChat before the Alipay one was made.
    expect(wechat.trades.get(wechatTrade.outTradeNo)?.state).toBe('CLOSED');
    const trades = await tradesOf(orderNo);
    expect(trades.find((t) => t.outTradeNo === wechatTrade.outTradeNo)?.status).toBe('closed');
    const alipayTrade = trades.find((t) => t.channel === 'alipay')!;
    expect(alipayTrade).toMatchObject({ method: 'precreate', status: 'pending', amount: PRICE });

    // The QR holds the fake's scan address: opening it is the member paying with the Alipay app.
    expect(payment.codeUrl).toBe(`${alipay.baseUrl}/fake/scan?out_trade_no=${encodeURIComponent(alipayTrade.outTradeNo)}`);
    await markPage(page);
    const scan = await fetch(payment.codeUrl);
    expect(scan.status).toBe(200);
    expect(await scan.text()).toContain('已支付');
    expect(alipay.notifications.at(-1)).toMatchObject({ outTradeNo: alipayTrade.outTradeNo, status: 200, body: 'success' });

    await followToReport(page, title);
    expect(await stillSamePage(page)).toBe(true);
    const after = await tradesOf(orderNo);
    expect(after.find((t) => t.outTradeNo === alipayTrade.outTradeNo)?.status).toBe('paid');
    expect(after.filter((t) => t.status === 'paid')).toHaveLength(1);
  });

  it('on a phone, 支付宝 goes to the Alipay checkout page and paying there returns to the order with the check running', async () => {
    const phone = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      userAgent: PHONE_UA,
      isMobile: true,
      hasTouch: true,
      storageState: await context.storageState(),
    });
    try {
      const p = await phone.newPage();
      const title = '手机支付宝检测论文三';
      const orderNo = await placeOrder(p, title, '本文梳理高校图书馆座位预约系统的使用数据，讨论占座现象的成因与信用积分管理办法的效果。');
      await screenshot(p, 'site-pay-phone-choose');

      await p.getByTestId('pay-method-alipay').click();
      // The page sends the browser to Alipay's wap checkout (the fake's gateway page).
      await expect.poll(() => p.url(), { timeout: 20_000 }).toContain(alipay.gateway);
      await expect.poll(() => p.locator('#fake-alipay-pay').isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await p.locator('#fake-alipay-amount').innerText()).toBe('¥9.90');
      const [trade] = await tradesOf(orderNo);
      expect(trade).toMatchObject({ channel: 'alipay', method: 'wap', status: 'pending', amount: PRICE });
      expect(alipay.trades.get(trade.outTradeNo)?.returnUrl).toBe(`${base}/aigc?order=${orderNo}`);
      await screenshot(p, 'site-pay-phone-alipay-cashier');

      await p.locator('#fake-alipay-pay').click();
      // Back on the order page (with Alipay's return parameters), which shows the check under way.
      await expect.poll(() => pathOf(p), { timeout: 20_000 }).toBe('/aigc');
      expect(new URL(p.url()).searchParams.get('order')).toBe(orderNo);
      expect(new URL(p.url()).searchParams.get('out_trade_no')).toBe(trade.outTradeNo);
      await expect
        .poll(() => p.getByTestId('check-status').getAttribute('data-status'), { timeout: 20_000 })
        .toMatch(/^(paid|queued|checking|done)$/);
      expect(await p.getByTestId('pay-panel').count()).toBe(0);
      await screenshot(p, 'site-pay-phone-returned');
      await expect.poll(() => p.getByTestId('check-status').getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
      expect((await tradesOf(orderNo))[0]).toMatchObject({ outTradeNo: trade.outTradeNo, status: 'paid' });
    } finally {
      await phone.close();
    }
  });

  it('a lost notification does not hold the member up: 我已支付 says not yet, then the page sees the payment by itself', async () => {
    const title = '通知丢失检测论文四';
    const orderNo = await placeOrder(page, title, '本文对比两座城市共享单车停放管理办法，讨论电子围栏与信用分两种约束方式的执行成本与效果。');
    await pick(page, 'wechat');
    await expectQr(page, 'wechat');
    const [trade] = await tradesOf(orderNo);

    // Not paid yet: the member's 我已支付 asks and is told to wait.
    await page.getByTestId('pay-refresh').click();
    await expect.poll(() => page.getByText('暂未收到支付结果').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('check-status').getAttribute('data-status')).toBe('created');

    // Paid at WeChat, but the notification never comes: the order's polling asks WeChat (at most every 5 s).
    await markPage(page);
    wechat.pay(trade.outTradeNo);
    await followToReport(page, title);
    expect(await stillSamePage(page)).toBe(true);
    expect((await admin<{ total: number }>('GET', `/payment/notify/list?outTradeNo=${trade.outTradeNo}`)).total).toBe(0);
    expect((await tradesOf(orderNo))[0]).toMatchObject({ outTradeNo: trade.outTradeNo, status: 'paid' });
  });

  it('on a desktop, 电脑网站支付 goes to the Alipay checkout page and returns to the order once paid; the old QR paid too is refunded', async () => {
    const title = '电脑网站支付检测论文五';
    const orderNo = await placeOrder(page, title, '本文调查社区养老服务站的利用率，分析服务半径、收费标准与老年人健康状况对使用意愿的影响。');
    const qr = await pick(page, 'alipay');
    await expectQr(page, 'alipay');
    const [qrTrade] = await tradesOf(orderNo);

    await page.getByTestId('pay-alipay-page').click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain(alipay.gateway);
    await expect.poll(() => page.locator('#fake-alipay-pay').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('#fake-alipay-amount').innerText()).toBe('¥9.90');
    const trades = await tradesOf(orderNo);
    const pageTrade = trades.find((t) => t.method === 'page')!;
    expect(pageTrade).toMatchObject({ channel: 'alipay', status: 'pending', amount: PRICE });
    // The QR trade was closed at Alipay first.
    expect(trades.find((t) => t.outTradeNo === qrTrade.outTradeNo)?.status).toBe('closed');
    // (Alipay knows a precreate trade only once scanned, so the close it was sent may have found nothing there.)
    expect(alipay.calls.some((c) => c.method === 'alipay.trade.close' && c.biz.out_trade_no === qrTrade.outTradeNo)).toBe(true);
    expect(alipay.trades.get(pageTrade.outTradeNo)?.returnUrl).toBe(`${base}/aigc?order=${orderNo}`);

    await page.locator('#fake-alipay-pay').click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/aigc');
    expect(new URL(page.url()).searchParams.get('order')).toBe(orderNo);
    await followToReport(page, title);
    expect((await tradesOf(orderNo)).filter((t) => t.status === 'paid').map((t) => t.outTradeNo)).toEqual([pageTrade.outTradeNo]);

    // The QR shown before is still payable at Alipay (it never knew that trade): paying it as well is sent back in full.
    const late = await fetch(qr.codeUrl);
    expect(late.status).toBe(200);
    const refundsOf = async () =>
      (await admin<{ rows: Row[] }>('GET', `/payment/refund/list?orderNo=${orderNo}`)).rows.map((r) => [r.outTradeNo, r.amount, r.status]);
    await expect.poll(refundsOf, { timeout: 15_000 }).toEqual([[qrTrade.outTradeNo, PRICE, 'success']]);
    expect([...alipay.refunds.values()].filter((r) => r.outTradeNo === qrTrade.outTradeNo).map((r) => r.refundAmount)).toEqual(['9.90']);
    expect((await tradesOf(orderNo)).find((t) => t.outTradeNo === qrTrade.outTradeNo)?.status).toBe('paid');
    expect(await page.getByTestId('check-status').getAttribute('data-status')).toBe('done');
  });

  it("refunds made by staff show on the member's order: a partial one, then the rest", async () => {
    const { rows } = await admin<{ rows: Row[] }>('GET', `/check/order/list?orderNo=${wechatOrderNo}`);
    const orderId = rows[0].orderId;
    const partial = await admin('PUT', `/check/order/${orderId}/refund`, { reason: '部分退款（测试）', amount: 300 });
    expect(partial.status).toBe('done');
    expect(partial.refundable).toBe(PRICE - 300);
    expect([...wechat.refunds.values()].map((r) => [r.amount, r.total, r.status])).toEqual([[300, PRICE, 'SUCCESS']]);

    await page.goto(`${base}/aigc?order=${wechatOrderNo}`);
    const refunds = page.getByTestId('check-refunds');
    await expect.poll(() => refunds.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await refunds.locator('tbody tr').count()).toBe(1);
    expect(await refunds.locator('tbody tr').first().getAttribute('data-status')).toBe('success');
    expect(await refunds.innerText()).toContain('¥3.00');
    expect(await refunds.innerText()).toContain('已退款合计 ¥3.00');
    expect(await page.getByTestId('check-status').getAttribute('data-status')).toBe('done');
    await screenshot(page, 'site-pay-refund-partial');

    // The rest (no amount: all still refundable). The check was finished, so the order keeps its report.
    const rest = await admin('PUT', `/check/order/${orderId}/refund`, { reason: '全额退款（测试）' });
    expect(rest.refundable).toBe(0);
    expect(rest.refundedFee).toBe(PRICE);
    expect([...wechat.refunds.values()].map((r) => r.amount).sort((a, b) => a - b)).toEqual([300, PRICE - 300]);
    await page.reload();
    await expect.poll(() => page.getByTestId('check-refunds').locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('check-refunds').innerText()).toContain('已退款合计 ¥9.90');
    await screenshot(page, 'site-pay-refund-full');
  });

  it('an order left unpaid closes at its deadline: the WeChat trade is closed, the page says so and offers a new order', async () => {
    const title = '超时关闭检测论文六';
    const orderNo = await placeOrder(page, title, '本文分析县域中学教师流动的影响因素，讨论住房补贴与职称评审倾斜政策的作用。');
    await pick(page, 'wechat');
    await expectQr(page, 'wechat');
    const [trade] = await tradesOf(orderNo);

    // The order was placed 29 min 45 s ago as far as the server knows: 15 s of the 30-minute window are left.
    await db!.query(`UPDATE check_order SET create_time = now() - interval '29 minutes 45 seconds' WHERE order_no = $1`, [orderNo]);
    await expect.poll(() => page.getByTestId('pay-countdown').innerText(), { timeout: 10_000 }).toMatch(/^00:[01]\d$/);
    await screenshot(page, 'site-pay-countdown-ending');
    await expect.poll(() => page.getByTestId('check-status').getAttribute('data-status'), { timeout: 40_000 }).toBe('cancelled');
    expect(await page.getByTestId('pay-expired').innerText()).toContain('订单已超时关闭');
    expect(await page.getByTestId('pay-panel').count()).toBe(0);
    expect(wechat.trades.get(trade.outTradeNo)?.state).toBe('CLOSED');
    expect((await tradesOf(orderNo))[0]).toMatchObject({ outTradeNo: trade.outTradeNo, status: 'closed' });
    await screenshot(page, 'site-pay-expired');

    // A payment is no longer possible; the member starts over.
    await page.getByTestId('pay-new-order').click();
    await expect.poll(() => page.getByTestId('check-title').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).searchParams.get('order')).toBeNull();
  });
});
