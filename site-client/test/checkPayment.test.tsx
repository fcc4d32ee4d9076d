import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { toastStore } from '../src/app/toast/toastStore';
import { sessionStore } from '../src/auth/session';
import type { MemberOrderDto, OrderPayment, PaymentMethodsDto } from '../src/check/api';
import { fetchPaymentMethods } from '../src/check/api';
import { OrderPanel } from '../src/check/components/OrderPanel';
import { paymentActions, PaymentView, type PaymentEnv, type WeixinBridge } from '../src/check/components/PaymentPanel';
import {
  choosePayMethod,
  countdownText,
  msLeft,
  PAYMENT_POLL_MS,
  payDevice,
  paymentArrived,
  payOptions,
  pollDelay,
  secondaryPayMethod,
  type PayDevice,
} from '../src/check/rules';
import { freshBrowser, text } from './helpers';

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN',
};

const ALL: PaymentMethodsDto['channels'] = [
  { channel: 'wechat', methods: ['native', 'h5', 'jsapi'] },
  { channel: 'alipay', methods: ['precreate', 'page', 'wap'] },
];

describe('payment method by device', () => {
  it('tells WeChat’s browser, phones and desktops apart', () => {
    expect(payDevice(UA.chrome)).toBe('desktop');
    expect(payDevice(UA.mac)).toBe('desktop');
    expect(payDevice(UA.iphone)).toBe('mobile');
    expect(payDevice(UA.android)).toBe('mobile');
    expect(payDevice(UA.wechat)).toBe('wechat');
    // A small touch screen whose UA claims a desktop (iPadOS, "request desktop site") is a phone for paying.
    expect(payDevice(UA.mac, true)).toBe('mobile');
  });

  it('pays by QR on a desktop, by redirect on a phone and by JSAPI inside WeChat', () => {
    const pick = (device: PayDevice) => [choosePayMethod('wechat', ALL, device), choosePayMethod('alipay', ALL, device)];
    expect(pick('desktop')).toEqual(['native', 'precreate']);
    expect(pick('mobile')).toEqual(['h5', 'wap']);
    expect(pick('wechat')).toEqual(['jsapi', 'precreate']);
  });

  it('offers only methods the server lists, falling back to a QR or Alipay’s page', () => {
    const some: PaymentMethodsDto['channels'] = [
      { channel: 'wechat', methods: ['native'] },
      { channel: 'alipay', methods: ['page'] },
    ];
    expect(choosePayMethod('wechat', some, 'mobile')).toBe('native');
    expect(choosePayMethod('wechat', some, 'wechat')).toBe('native');
    expect(choosePayMethod('alipay', some, 'desktop')).toBe('page');
    expect(choosePayMethod('alipay', some, 'mobile')).toBeNull(); // the desktop page is no way to pay on a phone
    expect(choosePayMethod('wechat', [{ channel: 'wechat', methods: ['h5', 'jsapi'] }], 'desktop')).toBeNull();
    expect(choosePayMethod('alipay', [{ channel: 'wechat', methods: ['native'] }], 'desktop')).toBeNull();
    expect(payOptions(some, 'mobile')).toEqual([{ channel: 'wechat', method: 'native' }]);
    expect(payOptions(ALL, 'desktop')).toEqual([
      { channel: 'wechat', method: 'native' },
      { channel: 'alipay', method: 'precreate' },
    ]);
    expect(payOptions([], 'desktop')).toEqual([]);
  });

  it('adds Alipay’s desktop page next to its QR when listed', () => {
    expect(secondaryPayMethod('alipay', 'precreate', ALL, 'desktop')).toBe('page');
    expect(secondaryPayMethod('alipay', 'precreate', [{ channel: 'alipay', methods: ['precreate'] }], 'desktop')).toBeNull();
    expect(secondaryPayMethod('alipay', 'precreate', ALL, 'mobile')).toBeNull();
    expect(secondaryPayMethod('wechat', 'native', ALL, 'desktop')).toBeNull();
  });

  it('counts down to the deadline as mm:ss and stops at zero', () => {
    const now = Date.parse('2026-01-01T08:00:00Z');
    expect(msLeft('2026-01-01T08:30:00Z', now)).toBe(30 * 60_000);
    expect(msLeft('2026-01-01T07:59:00Z', now)).toBe(0);
    expect(msLeft(null, now)).toBeNull();
    expect(msLeft('not a date', now)).toBeNull();
    expect(countdownText(30 * 60_000)).toBe('30:00');
    expect(countdownText(65_000)).toBe('01:05');
    expect(countdownText(500)).toBe('00:01'); // rounded up: 00:00 means the time is up
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(90 * 60_000)).toBe('90:00');
  });
});

describe('following an order while it is paid online', () => {
  const base = { status: 'created', awaitingConfirmation: false } as const;
  const pending = { status: 'pending' } as OrderPayment;
  it('polls every 2 s while a trade is pending, and as before otherwise', () => {
    expect(PAYMENT_POLL_MS).toBe(2000);
    expect(pollDelay({ ...base, payment: pending })).toBe(2000);
    expect(pollDelay({ ...base, payment: { ...pending, status: 'closed' } })).toBeNull();
    expect(pollDelay({ ...base, payment: null })).toBeNull();
    expect(pollDelay(base)).toBeNull();
    expect(pollDelay({ ...base, awaitingConfirmation: true, payment: null })).toBe(5000);
    // Paid: the check runs, followed as before.
    expect(pollDelay({ status: 'paid', awaitingConfirmation: false, payment: { ...pending, status: 'paid' } })).toBe(1500);
    expect(pollDelay({ status: 'cancelled', awaitingConfirmation: false, payment: { ...pending, status: 'closed' } })).toBeNull();
  });

  it('says 支付成功 only when the followed order leaves `created` for its check with a trade open', () => {
    const open = { orderNo: 'A', status: 'created', payment: pending } as const;
    expect(paymentArrived(open, { orderNo: 'A', status: 'paid', payment: { ...pending, status: 'paid' } })).toBe(true);
    expect(paymentArrived(open, { orderNo: 'A', status: 'queued', payment: null })).toBe(true);
    expect(paymentArrived(open, { orderNo: 'A', status: 'cancelled', payment: null })).toBe(false);
    expect(paymentArrived(open, { orderNo: 'B', status: 'paid', payment: null })).toBe(false);
    expect(paymentArrived(open, { orderNo: 'A', status: 'created', payment: pending })).toBe(false);
    // A free order or a manual payment (no trade) starts as before, without the toast.
    expect(paymentArrived({ orderNo: 'A', status: 'created', payment: null }, { orderNo: 'A', status: 'paid', payment: null })).toBe(false);
  });
});

const NOW = Date.parse('2026-03-01T10:00:00Z');
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

function anOrder(bits: Partial<MemberOrderDto> = {}): MemberOrderDto {
  return {
    orderNo: 'CK202603010001',
    title: '论文',
    author: '',
    productId: '1',
    productName: 'AIGC检测',
    checkType: 'aigc',
    kind: 'aigc',
    totalFee: 990,
    charCount: 12000,
    status: 'created',
    payProvider: '',
    awaitingConfirmation: false,
    payTime: null,
    fileName: 'a.docx',
    createTime: '2026-03-01T09:55:00Z',
    updateTime: '2026-03-01T09:55:00Z',
    progress: 0,
    stage: '',
    result: null,
    rewrite: null,
    reports: [],
    errorMessage: '',
    reused: false,
    unread: false,
    payDeadline: '2026-03-01T10:25:00Z',
    payment: null,
    refundedFee: 0,
    refunds: [],
    ...bits,
  };
}

/**
 * The member routes of the payment contract (docs/payments.md), as the server answers them: one order, a trade per
 * pay call (another method closes the earlier), the envelope `{code,msg,data}`.
 */
let orders = 0;
function fakeServer(channels: PaymentMethodsDto['channels']) {
  // A new order each time: the client refuses the same pay call twice within a second, as a double click would send it.
  let order = anOrder({ orderNo: `CK20260301${String(++orders).padStart(4, '0')}` });
  const calls: { method: string; path: string; body: unknown; auth: string | undefined }[] = [];
  const envelope = (data: unknown, code = 200, msg = '操作成功') => new Response(JSON.stringify({ code, msg, data }), { status: 200 });
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://site.test').pathname.replace(/^\/prod-api/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : undefined;
    calls.push({ method: init.method ?? 'GET', path, body, auth: (init.headers as Record<string, string>).Authorization });
    if (path === '/check/payment/methods') return envelope({ channels, timeoutMinutes: 30 });
    if (path === `/check/orders/${order.orderNo}` && init.method === 'GET') return envelope(order);
    if (path === `/check/orders/${order.orderNo}/pay` && body) {
      const listed = channels.find((c) => c.channel === body.channel)?.methods ?? [];
      if (!listed.includes(body.method)) return envelope(null, 500, '该支付方式未开启');
      const qr = body.method === 'native' || body.method === 'precreate';
      const payment: OrderPayment = {
        channel: body.channel as OrderPayment['channel'],
        method: body.method,
        status: 'pending',
        codeUrl: qr ? `weixin://wxpay/${body.method}` : '',
        qrImage: qr ? QR : '',
        payUrl: qr || body.method === 'jsapi' ? '' : `https://pay.example/${body.method}?return=${encodeURIComponent(body.returnUrl ?? '')}`,
        jsapi:
          body.method === 'jsapi' ? { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p1', signType: 'RSA', paySign: 's' } : null,
        expireTime: order.payDeadline!,
      };
      order = { ...order, payment };
      return envelope(order);
    }
    return envelope(null, 404, '不存在');
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    payCalls: () => calls.filter((c) => c.path.endsWith('/pay')).map((c) => c.body),
    get order() {
      return order;
    },
    /** The provider reported the payment: the order moves on. */
    paid() {
      order = { ...order, status: 'paid', payment: { ...order.payment!, status: 'paid' }, payTime: '2026-03-01T10:01:00Z' };
    },
  };
}

function fakeEnv(device: PayDevice, bridge?: WeixinBridge) {
  const went: string[] = [];
  const env: PaymentEnv = {
    device,
    returnUrl: 'https://www.zhiwen.example/aigc?order=CK202603010001',
    go: (url) => went.push(url),
    bridge: () => bridge,
    whenBridgeReady: () => undefined,
  };
  return { env, went };
}

/** The panel as the member sees it, its actions wired to a fake server; `render` gives its HTML now. */
function panel(server: ReturnType<typeof fakeServer>, channels: PaymentMethodsDto['channels'], device: PayDevice, bridge?: WeixinBridge) {
  const { env, went } = fakeEnv(device, bridge);
  let order = server.order;
  const busy: (string | null)[] = [];
  const actions = paymentActions(
    order,
    channels,
    env,
    (next) => (order = next),
    (b) => busy.push(b),
  );
  const render = (now = NOW) =>
    renderToString(
      <PaymentView
        order={order}
        methods={{ channels, timeoutMinutes: 30 }}
        device={device}
        now={now}
        busy={null}
        actions={actions}
        onNew={() => undefined}
        fallback={<button data-testid="check-pay">old</button>}
      />,
    );
  return { actions, render, went, busy, order: () => order };
}

const testIds = (html: string) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);
const toastTexts = () => toastStore.snapshot().map((toast) => toast.text);

beforeEach(() => {
  freshBrowser();
  sessionStore.startSession('member-token');
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.endSession();
});

describe('the payment panel', () => {
  it('reads the enabled channels without the member’s token', async () => {
    const server = fakeServer(ALL);
    expect(await fetchPaymentMethods()).toEqual({ channels: ALL, timeoutMinutes: 30 });
    expect(server.calls[0]).toMatchObject({ method: 'GET', path: '/check/payment/methods', auth: undefined });
  });

  it('offers WeChat Pay and Alipay with the amount and the countdown, before any trade', () => {
    const server = fakeServer(ALL);
    const { render } = panel(server, ALL, 'desktop');
    const html = render();
    const page = text(html);
    expect(testIds(html)).toEqual(expect.arrayContaining(['pay-method-wechat', 'pay-method-alipay', 'pay-countdown']));
    expect(testIds(html)).not.toContain('pay-qr');
    expect(testIds(html)).not.toContain('check-pay');
    for (const part of ['选择支付方式', '微信支付', '支付宝', '应付金额', '¥9.90', '剩余支付时间', '25:00']) expect(page).toContain(part);
    expect(html).toMatch(/data-testid="pay-countdown"[^>]*>25:00</);
    expect(render(NOW + 61_500)).toMatch(/data-testid="pay-countdown"[^>]*>23:59</);
  });

  it('on a desktop shows the WeChat QR, then switches to Alipay’s QR with the right body, and to its desktop page', async () => {
    const server = fakeServer(ALL);
    const { actions, render, went, busy } = panel(server, ALL, 'desktop');
    await actions.pick('wechat');
    expect(server.payCalls()).toEqual([{ channel: 'wechat', method: 'native' }]);
    expect(busy).toEqual(['wechat:native', null]);
    let html = render();
    expect(testIds(html)).toEqual(expect.arrayContaining(['pay-qr', 'pay-refresh', 'pay-countdown']));
    expect(html).toMatch(/<img[^>]*src="data:image\/svg\+xml;base64,PHN2Zy8\+"[^>]*alt="微信支付付款二维码"/);
    expect(html).toMatch(/data-testid="pay-method-wechat"[^>]*aria-pressed="true"/);
    expect(text(html)).toContain('请使用微信扫码支付');
    expect(text(html)).toContain('我已支付');
    expect(testIds(html)).not.toContain('pay-alipay-page');

    await actions.pick('alipay');
    expect(server.payCalls()[1]).toEqual({ channel: 'alipay', method: 'precreate' });
    html = render();
    expect(html).toMatch(/alt="支付宝付款二维码"/);
    expect(text(html)).toContain('请使用支付宝扫码支付');
    expect(html).toMatch(/data-testid="pay-method-alipay"[^>]*aria-pressed="true"/);
    expect(text(html)).toContain('电脑网站支付');
    expect(went).toEqual([]); // a QR stays on the page

    await actions.start('alipay', 'page');
    expect(server.payCalls()[2]).toEqual({ channel: 'alipay', method: 'page', returnUrl: 'https://www.zhiwen.example/aigc?order=CK202603010001' });
    expect(went).toEqual([server.order.payment!.payUrl]);
    html = render();
    expect(html).toMatch(/<a[^>]*href="https:\/\/pay\.example\/page\?[^"]*"[^>]*data-testid="pay-url-link"/);
    expect(testIds(html)).not.toContain('pay-qr');
  });

  it('on a phone sends the browser to WeChat H5 or Alipay WAP with the order page to come back to', async () => {
    const server = fakeServer(ALL);
    const { actions, render, went } = panel(server, ALL, 'mobile');
    await actions.pick('wechat');
    const back = 'https://www.zhiwen.example/aigc?order=CK202603010001';
    expect(server.payCalls()).toEqual([{ channel: 'wechat', method: 'h5', returnUrl: back }]);
    expect(went).toEqual([`https://pay.example/h5?return=${encodeURIComponent(back)}`]);
    await actions.pick('alipay');
    expect(server.payCalls()[1]).toEqual({ channel: 'alipay', method: 'wap', returnUrl: back });
    expect(went[1]).toContain('https://pay.example/wap');
    const html = render();
    expect(testIds(html)).toEqual(expect.arrayContaining(['pay-url-link', 'pay-refresh']));
    expect(text(html)).toContain('前往支付宝付款');
  });

  it('inside WeChat calls getBrandWCPayRequest with the server’s parameters and reads the order when it succeeded', async () => {
    const server = fakeServer(ALL);
    const invoked: { name: string; params: Record<string, string> }[] = [];
    const bridge: WeixinBridge = {
      invoke(name, params, callback) {
        invoked.push({ name, params });
        server.paid();
        callback({ err_msg: 'get_brand_wcpay_request:ok' });
      },
    };
    const { actions, order } = panel(server, ALL, 'wechat', bridge);
    await actions.pick('wechat');
    expect(server.payCalls()).toEqual([{ channel: 'wechat', method: 'jsapi' }]);
    expect(invoked).toEqual([{ name: 'getBrandWCPayRequest', params: server.order.payment!.jsapi }]);
    await vi.waitFor(() => expect(order().status).toBe('paid'));
  });

  it('says when the member closed WeChat’s payment sheet', async () => {
    const server = fakeServer(ALL);
    const bridge: WeixinBridge = { invoke: (_name, _params, callback) => callback({ err_msg: 'get_brand_wcpay_request:cancel' }) };
    const { actions } = panel(server, ALL, 'wechat', bridge);
    await actions.pick('wechat');
    expect(toastTexts()).toContain('已取消支付');
  });

  it('“我已支付” reads the order again: still unpaid says so, paid moves on', async () => {
    const server = fakeServer(ALL);
    const { actions, order } = panel(server, ALL, 'desktop');
    await actions.pick('wechat');
    await actions.refresh();
    expect(server.calls.at(-1)).toMatchObject({ method: 'GET', path: `/check/orders/${server.order.orderNo}`, auth: 'Bearer member-token' });
    expect(toastTexts()).toContain('暂未收到支付结果，完成支付后请稍候，页面会自动更新。');
    server.paid();
    await actions.refresh();
    expect(order().status).toBe('paid');
  });

  it('offers only what the server lists, and refuses nothing it did not list', async () => {
    const only: PaymentMethodsDto['channels'] = [{ channel: 'alipay', methods: ['precreate'] }];
    const server = fakeServer(only);
    const { actions, render } = panel(server, only, 'desktop');
    const html = render();
    expect(testIds(html)).toContain('pay-method-alipay');
    expect(testIds(html)).not.toContain('pay-method-wechat');
    await actions.pick('wechat'); // not offered here: nothing is sent
    expect(server.payCalls()).toEqual([]);
  });

  it('at the deadline says the order closed and offers a new one', async () => {
    const server = fakeServer(ALL);
    const { actions, render } = panel(server, ALL, 'desktop');
    await actions.pick('wechat');
    const html = render(Date.parse('2026-03-01T10:25:00Z'));
    expect(text(html)).toContain('订单已超时关闭');
    expect(testIds(html)).toContain('pay-new-order');
    expect(testIds(html)).not.toContain('pay-qr');
    expect(testIds(html)).not.toContain('pay-method-wechat');
  });

  it('without online channels keeps the old pay button', () => {
    const server = fakeServer([]);
    const html = panel(server, [], 'desktop').render();
    expect(testIds(html)).toEqual(['check-pay']);
  });
});

describe('the order panel', () => {
  const render = (order: MemberOrderDto) => renderToString(<OrderPanel order={order} onChange={() => undefined} onNew={() => undefined} />);

  it('keeps the old button for a free order and the staff text for a manual payment', () => {
    const free = render(anOrder({ totalFee: 0, payDeadline: null }));
    expect(testIds(free)).toContain('check-pay');
    expect(text(free)).toContain('免费开始检测');
    const manual = render(anOrder({ awaitingConfirmation: true, payDeadline: null }));
    expect(text(manual)).toContain('等待工作人员确认收款');
    expect(testIds(manual)).not.toContain('check-pay');
  });

  it('loads the methods of a priced order before offering any', () => {
    const html = render(anOrder());
    expect(text(html)).toContain('正在加载支付方式');
  });

  it('shows a pending QR at once (a reload), before the methods are read', () => {
    const payment: OrderPayment = {
      channel: 'wechat',
      method: 'native',
      status: 'pending',
      codeUrl: 'weixin://wxpay/x',
      qrImage: QR,
      payUrl: '',
      jsapi: null,
      expireTime: '2026-03-01T10:25:00Z',
    };
    const html = render(anOrder({ payment }));
    expect(testIds(html)).toEqual(expect.arrayContaining(['pay-qr', 'pay-countdown', 'pay-refresh']));
  });

  it('says a cancelled order closed unpaid and offers a new one', () => {
    const html = render(anOrder({ status: 'cancelled' }));
    expect(text(html)).toContain('订单已超时关闭');
    expect(testIds(html)).toContain('pay-new-order');
  });

  it('lists the refunds with their state and the refunded total', () => {
    const html = render(
      anOrder({
        status: 'refunded',
        refundedFee: 990,
        refunds: [
          { amount: 300, status: 'success', reason: '部分退款', createTime: '2026-03-02T10:00:00Z', successTime: '2026-03-02T10:01:00Z' },
          { amount: 690, status: 'processing', reason: '其余', createTime: '2026-03-03T10:00:00Z', successTime: null },
          { amount: 100, status: 'failed', reason: '试', createTime: '2026-03-03T09:00:00Z', successTime: null },
        ],
      }),
    );
    const page = text(html);
    expect(testIds(html)).toContain('check-refunds');
    for (const part of ['退款记录', '¥3.00', '已退款', '¥6.90', '退款中', '¥1.00', '退款失败', '已退款合计 ¥9.90']) expect(page).toContain(part);
    expect(render(anOrder({ status: 'done', refunds: [] }))).not.toContain('check-refunds');
  });
});
