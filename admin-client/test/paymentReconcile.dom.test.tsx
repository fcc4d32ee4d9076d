// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../src/providers/dataProvider';
import { PaymentReconcileScreen } from '../src/screens/check/payment/PaymentReconcileScreen';
import { PaymentTradeScreen } from '../src/screens/check/payment/PaymentTradeScreen';
import { yesterdayInChina } from '../src/screens/check/payment/payment';
import { bodyText, button, container, render, type, useAdminHarness, waitFor } from './support/adminHarness';
import { seen, serve, usePaymentServer } from './support/paymentServer';
import { parseUrl } from './testServer';

useAdminHarness();
usePaymentServer();

const RECONCILER = ['payment:reconcile:list', 'payment:reconcile:exec', 'payment:reconcile:resolve'];

const run = {
  reconcileId: '5',
  channel: 'alipay',
  billDate: '2026-11-24',
  status: 'done',
  billCount: 12,
  localCount: 11,
  diffCount: 1,
  openCount: 1,
  message: '',
  createTime: '2026-11-25T02:30:00Z',
};
const diff = {
  diffId: '7',
  reconcileId: '5',
  channel: 'alipay',
  billDate: '2026-11-24',
  kind: 'missingLocal',
  tradeKind: 'payment',
  outTradeNo: 'P20261124000077',
  outRefundNo: '',
  orderNo: '',
  localAmount: null,
  remoteAmount: 2990,
  status: 'open',
  resolution: '',
  resolvedBy: '',
  resolvedTime: null as string | null,
  createTime: '2026-11-25T02:30:00Z',
};

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const dialogButton = (text: string) => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('payment reconciliation screen', () => {
  it('lists runs and differences in words, resolves one with a required note and runs a day', async () => {
    let current = { ...diff };
    serve(({ method, path, body }) => {
      if (method === 'GET' && path === '/payment/reconcile/list') return { data: { rows: [run], total: 1 } };
      if (method === 'GET' && path === '/payment/reconcile/diff/list') return { data: { rows: [current], total: 1 } };
      if (method === 'PUT' && path === '/payment/reconcile/diff/7/resolve') {
        current = {
          ...current,
          status: 'resolved',
          resolution: (body as { resolution: string }).resolution,
          resolvedBy: 'admin',
          resolvedTime: '2026-11-25T03:00:00Z',
        };
        return { data: current };
      }
      if (method === 'POST' && path === '/payment/reconcile') return { data: { ...run, reconcileId: '6', ...(body as object) } };
      return undefined;
    });
    render(<PaymentReconcileScreen />, dataProvider, RECONCILER);
    await waitFor(() => bodyText().includes('P20261124000077'));
    expect(bodyText()).toContain('支付方有本地无');
    expect(bodyText()).toContain('¥29.90');
    expect(bodyText()).toContain('支付宝');
    expect(bodyText()).toContain('2026-11-24');

    (await waitFor(() => button('处理'))).click();
    await waitFor(() => dialog());
    expect(dialog()!.textContent).toContain('支付方有本地无：P20261124000077，本地 -，支付方 ¥29.90');
    const confirm = dialogButton('处理');
    expect(confirm.disabled).toBe(true);
    type(dialog()!.querySelector('textarea')!, '   ');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confirm.disabled).toBe(true);
    type(dialog()!.querySelector('textarea')!, ' 已补单 ');
    await waitFor(() => !confirm.disabled);
    confirm.click();
    await waitFor(() => seen('PUT', '/payment/reconcile/diff/7/resolve').length === 1);
    expect(JSON.parse(seen('PUT', '/payment/reconcile/diff/7/resolve')[0].body)).toEqual({ resolution: '已补单' });
    await waitFor(() => !dialog());
    await waitFor(() => bodyText().includes('已处理'));
    expect(bodyText()).toContain('已补单 (admin');
    expect(button('处理')).toBeUndefined();

    button('执行对账')!.click();
    await waitFor(() => dialog());
    expect(dialog()!.querySelector<HTMLInputElement>('input[name="billDate"]')!.value).toBe(yesterdayInChina());
    dialogButton('执行对账').click();
    await waitFor(() => seen('POST', '/payment/reconcile').length === 1);
    expect(JSON.parse(seen('POST', '/payment/reconcile')[0].body)).toEqual({ channel: 'wechat', billDate: yesterdayInChina() });
    await waitFor(() => !dialog());
    await waitFor(() => seen('GET', '/payment/reconcile/list').length >= 3);
  });

  it('hides 执行对账 and 处理 without their permissions', async () => {
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/payment/reconcile/list') return { data: { rows: [run], total: 1 } };
      if (method === 'GET' && path === '/payment/reconcile/diff/list') return { data: { rows: [diff], total: 1 } };
      return undefined;
    });
    render(<PaymentReconcileScreen />, dataProvider, ['payment:reconcile:list']);
    await waitFor(() => bodyText().includes('P20261124000077'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(button('处理')).toBeUndefined();
    expect(button('执行对账')).toBeUndefined();
  });
});

describe('payment records screen', () => {
  it('sends the filters of the payments tab and links the order number to the order page', async () => {
    serve(({ method, path }) => {
      if (method === 'GET' && path === '/payment/trade/list') {
        return {
          data: {
            rows: [
              {
                tradeId: '3',
                outTradeNo: 'P20261125000003',
                orderId: '42',
                orderNo: 'CK20261125ABC',
                channel: 'alipay',
                method: 'page',
                amount: 1990,
                status: 'paid',
                providerTradeNo: '2026112522001',
                payer: '',
                expireTime: null,
                paidTime: '2026-11-25T02:01:00Z',
                closedTime: null,
                createTime: '2026-11-25T02:00:00Z',
              },
            ],
            total: 1,
          },
        };
      }
      if (method === 'GET' && path === '/payment/notify/list') return { data: { rows: [], total: 0 } };
      return undefined;
    });
    render(<PaymentTradeScreen />, dataProvider, ['payment:trade:list', 'check:order:query']);
    await waitFor(() => bodyText().includes('P20261125000003'));
    expect(bodyText()).toContain('¥19.90');
    expect(bodyText()).toContain('电脑网站支付');
    expect(bodyText()).toContain('已支付');
    const link = await waitFor(() => [...container.querySelectorAll('a')].find((a) => a.textContent === 'CK20261125ABC'));
    expect(link.getAttribute('href')).toBe('/check/order-detail/index/42');

    type(container.querySelector<HTMLInputElement>('input[name="orderNo"]')!, 'CK2026');
    type(container.querySelector<HTMLInputElement>('input[name="beginTime"]')!, '2026-11-01');
    button('搜索')!.click();
    await waitFor(() => seen('GET', '/payment/trade/list').length === 2);
    expect(parseUrl(seen('GET', '/payment/trade/list')[1]).query).toEqual({
      pageNum: '1',
      pageSize: '20',
      orderNo: 'CK2026',
      'params[beginTime]': '2026-11-01',
    });

    // 导出 downloads the filtered list (the server's refusal comes back as its envelope).
    button('导出')!.click();
    await waitFor(() => seen('POST', '/payment/trade/list').length === 1);
    const exported = seen('POST', '/payment/trade/list')[0];
    expect(exported.headers['cc-export']).toBe('1');
    expect(Object.fromEntries(new URLSearchParams(exported.body))).toEqual({ orderNo: 'CK2026', 'params[beginTime]': '2026-11-01' });

    [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === '通知日志')!.click();
    await waitFor(() => seen('GET', '/payment/notify/list').length === 1);
    await waitFor(() => bodyText().includes('暂无记录'));
  });
});
