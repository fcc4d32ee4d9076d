// @vitest-environment jsdom
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { httpClient } from '../src/providers/httpClient';
import { OrderDetailPage } from '../src/screens/check/order/OrderDetailPage';
import { ProductCreate } from '../src/screens/check/product/ProductScreens';
import { bodyText, button, buttons, input, render, type, useAdminHarness, waitFor } from './support/adminHarness';

useAdminHarness();

/** Opens a MUI select (by its hidden input's name) and picks the option whose text starts with `text`. */
async function choose(name: string, text: string) {
  const trigger = input(name)!.parentElement!.querySelector<HTMLElement>('[role="combobox"]')!;
  trigger.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  const option = await waitFor(() => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent?.startsWith(text)));
  option.click();
  await waitFor(() => !document.querySelector('[role="listbox"]'));
}

describe('check product form', () => {
  it('fills the path from the check type and sends the yuan price as fen', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...params.data, id: 1 } }));
    render(
      <ResourceContextProvider value="check/product">
        <ProductCreate />
      </ResourceContextProvider>,
      { create: create as unknown as DataProvider['create'], getList: async () => ({ data: [], total: 0 }) },
      ['check:product:list', 'check:product:add'],
    );
    await waitFor(() => input('productName'));
    type(input('productName')!, '本科检测');
    await choose('checkType', '本科预审版 (/bkysb)');
    await waitFor(() => input('pathUrl')!.value === '/bkysb');

    // A path typed by hand survives a change of type.
    type(input('pathUrl')!, '/mine');
    await choose('checkType', 'AIGC检测 (/aigc)');
    expect(input('pathUrl')!.value).toBe('/mine');

    await choose('priceMode', '按千字');
    type(input('price')!, '19.99');
    button('保存')!.click();
    await waitFor(() => create.mock.calls.length === 1);
    expect(create.mock.calls[0][1].data).toMatchObject({
      productName: '本科检测',
      checkType: 'aigc',
      pathUrl: '/mine',
      priceMode: 'per_thousand',
      price: 1999,
      status: '0',
      sort: 0,
    });
  });
});

describe('check order page', () => {
  const order = (extra: Record<string, unknown>) => ({
    id: '42',
    orderId: '42',
    orderNo: 'CK20250101ABC',
    title: '论文',
    author: '张三',
    productId: '1',
    checkType: 'bkysb',
    totalFee: 1990,
    charCount: 12000,
    status: 'created',
    payProvider: 'manual',
    payTime: null,
    fileName: 'paper.docx',
    memberId: '9',
    tid: null,
    remark: '',
    createTime: '2025-01-01T00:00:00Z',
    updateTime: '2025-01-01T00:00:00Z',
    progress: 0,
    stage: '',
    errorMessage: '',
    log: [{ logId: '1', fromStatus: '', toStatus: 'created', actor: 'member1', reason: '', createTime: '2025-01-01T00:00:00Z' }],
    ...extra,
  });
  const showPage = (record: Record<string, unknown>, permissions: string[]) =>
    render(
      <Routes>
        <Route path="/check/order-detail/index/:orderId" element={<OrderDetailPage />} />
      </Routes>,
      { getOne: (async () => ({ data: record })) as unknown as DataProvider['getOne'] },
      permissions,
      '/check/order-detail/index/42',
    );
  const STAFF = ['check:order:list', 'check:order:query', 'check:order:edit', 'check:order:refund', 'check:order:rerun', 'check:task:query'];

  it('shows the order, its log and the actions of an unpaid manual order; cancel needs a reason', async () => {
    const put = vi.spyOn(httpClient, 'put').mockResolvedValue({ code: 200, msg: '', data: null });
    showPage(order({}), STAFF);
    await waitFor(() => bodyText().includes('CK20250101ABC'));
    expect(bodyText()).toContain('19.90');
    expect(bodyText()).toContain('本科预审版');
    expect(bodyText()).toContain('member1');
    expect(button('确认收款')).toBeTruthy();
    expect(button('取消订单')).toBeTruthy();
    expect(button('退款')).toBeUndefined();
    expect(button('重新检测')).toBeUndefined();

    button('取消订单')!.click();
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[role="dialog"]'));
    const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === '取消订单')!;
    expect(confirm.disabled).toBe(true);
    type(dialog.querySelector('textarea')!, '  会员要求取消 ');
    await waitFor(() => !confirm.disabled);
    confirm.click();
    await waitFor(() => put.mock.calls.length === 1);
    expect(put.mock.calls[0]).toEqual(['/check/order/42/cancel', { reason: '会员要求取消' }]);
  });

  it('offers refund and re-run of a failed order by permission, with its error', async () => {
    const put = vi.spyOn(httpClient, 'put').mockResolvedValue({ code: 200, msg: '', data: null });
    showPage(order({ status: 'failed', errorMessage: '论文解析失败', payTime: '2025-01-01T00:01:00Z' }), ['check:order:query', 'check:order:rerun']);
    await waitFor(() => bodyText().includes('论文解析失败'));
    expect(button('退款')).toBeUndefined(); // no check:order:refund
    button('重新检测')!.click();
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[role="dialog"]'));
    expect(dialog.querySelector('textarea')).toBeNull(); // the route takes no reason
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === '重新检测')!.click();
    await waitFor(() => put.mock.calls.length === 1);
    expect(put.mock.calls[0]).toEqual(['/check/order/42/rerun', {}]);
  });

  it('offers the reports of a finished order to callers who may read check tasks', async () => {
    showPage(order({ status: 'done', tid: '5', payProvider: 'free', totalFee: 0, progress: 100 }), STAFF);
    await waitFor(() => button('全文对照'));
    expect(button('报告')).toBeTruthy();
    expect(button('PDF')).toBeTruthy();
    expect(buttons().some((b) => ['确认收款', '取消订单', '退款', '重新检测'].includes(b.textContent?.trim() ?? ''))).toBe(false);
  });
});
