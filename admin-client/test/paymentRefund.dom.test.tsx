// @vitest-environment jsdom
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { OrderDetailPage } from '../src/screens/check/order/OrderDetailPage';
import { formatFen, parseYuan, refundAmountProblem, yesterdayInChina } from '../src/screens/check/payment/payment';
import { bodyText, button, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve, usePaymentServer } from './support/paymentServer';

useAdminHarness();
usePaymentServer();

const STAFF = ['check:order:list', 'check:order:query', 'check:order:refund'];

const trade = {
  tradeId: '3',
  outTradeNo: 'P20261125000003',
  orderId: '42',
  orderNo: 'CK20261125ABC',
  channel: 'wechat',
  method: 'native',
  amount: 1990,
  status: 'paid',
  providerTradeNo: '4200001234',
  payer: 'o-openid',
  expireTime: '2026-11-25T02:30:00Z',
  paidTime: '2026-11-25T02:01:00Z',
  closedTime: null,
  createTime: '2026-11-25T02:00:00Z',
};
const firstRefund = {
  refundId: '8',
  outRefundNo: 'R20261125000008',
  tradeId: '3',
  outTradeNo: 'P20261125000003',
  orderId: '42',
  orderNo: 'CK20261125ABC',
  channel: 'wechat',
  amount: 490,
  reason: '少检了一章',
  status: 'success',
  providerRefundId: '5000001',
  message: '',
  successTime: '2026-11-25T03:00:00Z',
  createBy: 'admin',
  createTime: '2026-11-25T02:59:00Z',
};

/** The order as the detail route answers it: paid online, 4.90 of 19.90 refunded. */
function orderWith(refunds: (typeof firstRefund)[]) {
  const refundedFee = refunds.reduce((sum, r) => sum + r.amount, 0);
  return {
    orderId: '42',
    orderNo: 'CK20261125ABC',
    title: '论文',
    author: '张三',
    productId: '1',
    checkType: 'bkysb',
    totalFee: 1990,
    charCount: 12000,
    status: 'paid',
    payProvider: 'wechat',
    payTime: '2026-11-25T02:01:00Z',
    fileName: 'paper.docx',
    memberId: '9',
    tid: null,
    remark: '',
    createTime: '2026-11-25T02:00:00Z',
    updateTime: '2026-11-25T02:01:00Z',
    progress: 0,
    stage: '',
    errorMessage: '',
    log: [],
    payments: [trade],
    refunds,
    refundedFee,
    refundable: 1990 - refundedFee,
  };
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const dialogButton = (text: string) => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === text)!;
const amountBox = () => dialog()!.querySelector<HTMLInputElement>('input[name="amount"]')!;

describe('order page: payments and the refund dialog', () => {
  it('lists payments and refunds, checks the amount, sends exact fen with the reason and reads the order again', async () => {
    let refunds = [firstRefund];
    let settled = false;
    serve(({ method, path, body }) => {
      if (method === 'GET' && path === '/check/order/42') {
        if (settled) refunds = refunds.map((r) => ({ ...r, status: 'success' }));
        return { data: orderWith(refunds) };
      }
      if (method === 'PUT' && path === '/check/order/42/refund') {
        const { amount, reason } = body as { amount: number; reason: string };
        refunds = [
          ...refunds,
          { ...firstRefund, refundId: '9', outRefundNo: 'R20261125000009', amount, reason, status: 'processing', successTime: '' },
        ];
        return { data: orderWith(refunds) };
      }
      return undefined;
    });
    render(
      <Routes>
        <Route path="/check/order-detail/index/:orderId" element={<OrderDetailPage />} />
      </Routes>,
      dataProvider,
      STAFF,
      '/check/order-detail/index/42',
    );
    await waitFor(() => bodyText().includes('P20261125000003'));
    expect(bodyText()).toContain('已退金额¥4.90');
    expect(bodyText()).toContain('可退金额¥15.00');
    expect(bodyText()).toContain('R20261125000008');
    expect(bodyText()).toContain('少检了一章');
    expect(bodyText()).toContain('扫码支付');
    expect(bodyText()).toContain('微信支付');

    (await waitFor(() => button('退款'))).click();
    await waitFor(() => dialog());
    expect(bodyText()).toContain('原路退回');
    // The whole refundable sum by default; nothing is sent without a reason.
    expect(amountBox().value).toBe('15.00');
    const confirm = dialogButton('退款');
    expect(confirm.disabled).toBe(true);
    type(dialog()!.querySelector('textarea')!, '  重复下单 ');
    await waitFor(() => !confirm.disabled);

    type(amountBox(), '15.01');
    await waitFor(() => bodyText().includes('退款金额不能超过可退金额 15.00 元'));
    expect(confirm.disabled).toBe(true);
    type(amountBox(), '0');
    await waitFor(() => bodyText().includes('退款金额须大于 0'));
    expect(confirm.disabled).toBe(true);
    type(amountBox(), '1.234');
    await waitFor(() => bodyText().includes('请输入金额，最多两位小数'));
    expect(confirm.disabled).toBe(true);
    // 0.29 * 100 is 28.999... in floating point: the amount is read as decimal text.
    type(amountBox(), '0.29');
    await waitFor(() => !confirm.disabled);
    confirm.click();

    await waitFor(() => seen('PUT', '/check/order/42/refund').length === 1);
    expect(JSON.parse(seen('PUT', '/check/order/42/refund')[0].body)).toEqual({ reason: '重复下单', amount: 29 });
    await waitFor(() => !dialog());
    await waitFor(() => bodyText().includes('R20261125000009'));
    expect(seen('GET', '/check/order/42').length).toBeGreaterThanOrEqual(2);
    expect(bodyText()).toContain('可退金额¥14.71');
    expect(bodyText()).toContain('退款中');

    // While the refund waits for the provider the page keeps reading the order, so its outcome shows by itself.
    settled = true;
    await waitFor(() => !bodyText().includes('退款中'));
  });

  it('offers no refund once nothing is left to refund', async () => {
    const full = { ...firstRefund, amount: 1990 };
    serve(({ method, path }) => (method === 'GET' && path === '/check/order/42' ? { data: orderWith([full]) } : undefined));
    render(
      <Routes>
        <Route path="/check/order-detail/index/:orderId" element={<OrderDetailPage />} />
      </Routes>,
      dataProvider,
      STAFF,
      '/check/order-detail/index/42',
    );
    await waitFor(() => bodyText().includes('可退金额¥0.00'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(button('退款')).toBeUndefined();
  });
});

describe('order page: refund of an order not paid online', () => {
  it('refunds a manually paid order whole with the reason only', async () => {
    const manual = { ...orderWith([]), payProvider: 'manual', payments: [], refundable: 0, status: 'failed' };
    let status = manual.status;
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/check/order/42') return { data: { ...manual, status } };
      if (method === 'PUT' && path === '/check/order/42/refund') {
        status = 'refunded';
        return { data: { ...manual, status } };
      }
      return undefined;
    });
    render(
      <Routes>
        <Route path="/check/order-detail/index/:orderId" element={<OrderDetailPage />} />
      </Routes>,
      dataProvider,
      STAFF,
      '/check/order-detail/index/42',
    );
    (await waitFor(() => button('退款'))).click();
    await waitFor(() => dialog());
    expect(dialog()!.querySelector('input[name="amount"]')).toBeNull();
    expect(bodyText()).toContain('款项需另行退回');
    expect(bodyText()).not.toContain('可退金额');
    type(dialog()!.querySelector('textarea')!, '线下已退');
    await waitFor(() => !dialogButton('退款').disabled);
    dialogButton('退款').click();
    await waitFor(() => seen('PUT', '/check/order/42/refund').length === 1);
    expect(JSON.parse(seen('PUT', '/check/order/42/refund')[0].body)).toEqual({ reason: '线下已退' });
    // The dialog (whose question also says 已退款) closes, and the page reads the order again and shows its new status.
    await waitFor(() => !dialog());
    await waitFor(() => bodyText().includes('已退款'));
    expect(seen('GET', '/check/order/42').length).toBeGreaterThanOrEqual(2);
  });
});

describe('money helpers', () => {
  it('reads yuan text as exact fen and checks the refundable bound', () => {
    expect(parseYuan('0.29')).toBe(29);
    expect(parseYuan('19.99')).toBe(1999);
    expect(parseYuan(' 15 ')).toBe(1500);
    expect(parseYuan('0.1')).toBe(10);
    for (const bad of ['', '-1', '1.234', '1e3', '1,5', '.5', 'abc']) expect(parseYuan(bad), bad).toBeNull();
    expect(refundAmountProblem('15.00', 1500)).toBeUndefined();
    expect(refundAmountProblem('15.01', 1500)).toBe('app.payment.refund_amount_too_much');
    expect(refundAmountProblem('0.00', 1500)).toBe('app.payment.refund_amount_positive');
    expect(formatFen(1990)).toBe('¥19.90');
    expect(formatFen(null)).toBe('');
  });

  it('defaults the bill date to yesterday in China time', () => {
    expect(yesterdayInChina(new Date('2026-11-25T15:59:00Z'))).toBe('2026-11-24');
    expect(yesterdayInChina(new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-25');
  });
});
