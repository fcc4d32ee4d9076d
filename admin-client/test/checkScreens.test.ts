import { describe, expect, it, vi } from 'vitest';
import { CHECK_TYPE_CODES, CHECK_TYPES } from '@zhiwen/shared';
import zhCN from '../src/i18n/zh-CN';
import { FAILED_ORDERS_POLL_MS, failedCountOf, startFailedOrdersPoller } from '../src/layout/navbar/failedOrdersPoller';
import { pageTitleOf } from '../src/layout/usePageTitle';
import { hasPermission } from '../src/providers/authProvider';
import {
  availableOrderActions,
  isOrderActive,
  ORDER_ACTIONS,
  ORDER_STATUS,
  orderActionBody,
  orderActionUrl,
  orderDetailPath,
  orderListPath,
  orderReportKinds,
  orderReportUrl,
} from '../src/screens/check/order/order';
import {
  fenToYuan,
  pathUrlToFill,
  PATH_URL_FORMAT,
  priceInRange,
  priceParts,
  routeOfCheckType,
  yuanToFen,
} from '../src/screens/check/product/product';
import { DETAIL_PAGES, SCREEN_API_PATHS, SCREEN_PERMISSION_PATHS, screenByComponent } from '../src/screens/registry';

const ALL = () => true;

describe('check product price', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(fenToYuan(1990)).toBe('19.90');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(100_000_000)).toBe('1000000.00');
    expect(fenToYuan(-150)).toBe('-1.50');
    expect(fenToYuan('300')).toBe('3.00');
    expect(fenToYuan(null)).toBe('');
    expect(fenToYuan(undefined)).toBe('');
    expect(fenToYuan('')).toBe('');
  });

  it('sends yuan as whole fen, without floating-point leftovers', () => {
    expect(yuanToFen(19.99)).toBe(1999); // 19.99 * 100 = 1998.9999...
    expect(yuanToFen(0.07)).toBe(7); // 0.07 * 100 = 7.000...1
    expect(yuanToFen(1.005)).toBe(100); // more than 2 decimals: rounded to the fen
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen(0)).toBe(0);
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('  ')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(yuanToFen(null)).toBeNull();
    expect(yuanToFen(undefined)).toBeNull();
  });

  it('round-trips every fen amount of a realistic range', () => {
    for (let fen = 0; fen <= 20_000; fen += 7) expect(yuanToFen(Number(fenToYuan(fen)))).toBe(fen);
  });

  it('checks the range the server allows', () => {
    expect(priceInRange(0)).toBeUndefined();
    expect(priceInRange(100_000_000)).toBeUndefined();
    expect(priceInRange(null)).toBeUndefined(); // left to required()
    expect(priceInRange(-1)).toEqual({ message: 'app.check_product.price_range', args: { max: '1000000.00' } });
    expect(priceInRange(100_000_001)).toMatchObject({ message: 'app.check_product.price_range' });
  });

  it('labels the price by its mode', () => {
    expect(priceParts(1990, 'fixed')).toEqual({ amount: '19.90', unitKey: 'app.check_product.unit_fixed' });
    expect(priceParts(300, 'per_thousand')).toEqual({ amount: '3.00', unitKey: 'app.check_product.unit_per_thousand' });
    expect(priceParts(300, undefined).unitKey).toBe('app.check_product.unit_fixed');
  });
});

describe('check product path', () => {
  it('takes the type route only while the path is empty', () => {
    expect(pathUrlToFill('bkysb', '')).toBe('/bkysb');
    expect(pathUrlToFill('aigc', undefined)).toBe('/aigc');
    expect(pathUrlToFill('aigc', '  ')).toBe('/aigc');
    expect(pathUrlToFill('aigc', '/mine')).toBeUndefined();
    expect(pathUrlToFill('nope', '')).toBeUndefined();
    expect(pathUrlToFill(undefined, '')).toBeUndefined();
  });

  it('every type route passes the server’s path rule', () => {
    for (const code of CHECK_TYPE_CODES) {
      expect(routeOfCheckType(code)).toBe(CHECK_TYPES[code].route);
      expect(PATH_URL_FORMAT.test(CHECK_TYPES[code].route), code).toBe(true);
    }
    expect(PATH_URL_FORMAT.test('no-slash')).toBe(false);
    expect(PATH_URL_FORMAT.test('/Upper')).toBe(false);
    expect(routeOfCheckType('toString')).toBe('');
  });
});

describe('check order actions', () => {
  const order = (status: string, payProvider = 'manual') => ({ orderId: '7', status, payProvider, checkType: 'bkysb', tid: '3' });

  it('follow the server’s status machine', () => {
    const byStatus = Object.fromEntries(ORDER_STATUS.map((s) => [s.id, availableOrderActions(order(s.id), ALL)]));
    expect(byStatus).toEqual({
      created: ['confirmPayment', 'cancel'],
      paid: ['refund'],
      queued: ['refund'],
      checking: [],
      done: [],
      failed: ['refund', 'rerun'],
      cancelled: [],
      refunded: [],
    });
  });

  it('confirm a payment only of a manual one', () => {
    expect(availableOrderActions(order('created', 'free'), ALL)).toEqual(['cancel']);
    expect(availableOrderActions(order('created', ''), ALL)).toEqual(['cancel']);
  });

  it('show only the actions the caller holds', () => {
    const only =
      (...granted: string[]) =>
      (p: string) =>
        granted.includes(p);
    expect(availableOrderActions(order('failed'), only('check:order:refund'))).toEqual(['refund']);
    expect(availableOrderActions(order('failed'), only('check:order:rerun'))).toEqual(['rerun']);
    expect(availableOrderActions(order('created'), only('check:order:list', 'check:order:query'))).toEqual([]);
    expect(availableOrderActions(undefined, ALL)).toEqual([]);
  });

  it('send a reason where the server takes one, and require it for cancel and refund', () => {
    expect(orderActionBody('cancel', '  ')).toBeUndefined();
    expect(orderActionBody('refund', '')).toBeUndefined();
    expect(orderActionBody('refund', ' 重复下单 ')).toEqual({ reason: '重复下单' });
    expect(orderActionBody('confirmPayment', '')).toEqual({});
    expect(orderActionBody('confirmPayment', '转账 123')).toEqual({ reason: '转账 123' });
    expect(orderActionBody('rerun', 'ignored')).toEqual({});
    expect(ORDER_ACTIONS.cancel.reason).toBe('required');
  });

  it('call the staff routes', () => {
    expect(orderActionUrl('7', 'confirmPayment')).toBe('/check/order/7/confirmPayment');
    expect(orderActionUrl(7, 'rerun')).toBe('/check/order/7/rerun');
  });

  it('poll while an order waits for or is in its check', () => {
    expect(ORDER_STATUS.filter((s) => isOrderActive({ status: s.id })).map((s) => s.id)).toEqual(['queued', 'checking']);
    expect(isOrderActive(undefined)).toBe(false);
  });
});

describe('check order reports and pages', () => {
  it('offers the reports of the check type once the order is done', () => {
    expect(orderReportKinds({ status: 'done', tid: '3', checkType: 'bkysb' })).toEqual(['html', 'full', 'pdf']);
    expect(orderReportKinds({ status: 'done', tid: '3', checkType: 'aigc' })).toEqual(['html', 'pdf']);
    expect(orderReportKinds({ status: 'done', tid: '3', checkType: 'qwjc' })).toEqual(['html']);
    expect(orderReportKinds({ status: 'checking', tid: '3', checkType: 'bkysb' })).toEqual([]);
    expect(orderReportKinds({ status: 'done', tid: null, checkType: 'bkysb' })).toEqual([]);
    expect(orderReportUrl('3', 'pdf')).toBe('/check/task/3/report/pdf');
  });

  it('opens the failed orders through the list’s filter query', () => {
    const path = orderListPath('check/order', 'failed');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/check/order');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ status: 'failed' });
  });

  it('registers both screens and the order page', () => {
    expect(screenByComponent('check/product/index')).toMatchObject({ resource: 'check/product', primaryKey: 'productId' });
    expect(screenByComponent('check/product/index')?.create).toBeTruthy();
    expect(screenByComponent('check/product/index')?.edit).toBeTruthy();
    expect(screenByComponent('check/order/index')).toMatchObject({ resource: 'check/order', primaryKey: 'orderId' });
    expect(screenByComponent('check/order/index')?.create).toBeUndefined();
    for (const path of ['check/product', 'check/order']) {
      expect(SCREEN_API_PATHS[path]).toBeUndefined();
      expect(SCREEN_PERMISSION_PATHS[path]).toBeUndefined();
    }
    const page = DETAIL_PAGES.find((p) => `/${p.path.replace(':orderId', '42')}` === orderDetailPath('42'));
    expect(page).toMatchObject({ permission: 'check:order:query', titleKey: 'app.check_order.detail_title' });
    const translate = (key: string) => key;
    expect(pageTitleOf(orderDetailPath('42'), [], translate).title).toBe('app.check_order.detail_title');
  });

  it('shows the standard buttons by the seeded permission strings', () => {
    expect(hasPermission(['check:product:add'], 'check/product', 'create')).toBe(true);
    expect(hasPermission(['check:product:edit'], 'check/product', 'edit')).toBe(true);
    expect(hasPermission(['check:product:remove'], 'check/product', 'delete')).toBe(true);
    expect(hasPermission(['check:product:export'], 'check/product', 'export')).toBe(true);
    expect(hasPermission(['check:product:list'], 'check/product', 'delete')).toBe(false);
    expect(hasPermission(['check:order:export'], 'check/order', 'export')).toBe(true);
  });

  it('has a label for every check type, order status and action', () => {
    const app = zhCN.app as unknown as Record<string, Record<string, string>>;
    for (const code of CHECK_TYPE_CODES) expect(app.check_type[code], code).toBeTruthy();
    for (const s of ORDER_STATUS) expect(app.check_order[s.name.split('.').pop()!], s.id).toBeTruthy();
    for (const action of Object.keys(ORDER_ACTIONS)) {
      for (const prefix of ['action', 'confirm', 'done']) expect(app.check_order[`${prefix}_${action}`], `${prefix}_${action}`).toBeTruthy();
    }
  });
});

describe('failed orders notice', () => {
  const fakeTimers = () => {
    const timers: { fn: () => void; ms: number }[] = [];
    return {
      timers,
      setInterval: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      clearInterval: vi.fn(),
    };
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reads the count of the envelope', () => {
    expect(failedCountOf({ count: 3 })).toBe(3);
    expect(failedCountOf({ count: '2' })).toBe(2);
    expect(failedCountOf({ count: -1 })).toBe(0);
    expect(failedCountOf(null)).toBe(0);
    expect(failedCountOf(undefined)).toBe(0);
    expect(failedCountOf(5)).toBe(0);
  });

  it('asks at once, then every minute, keeping the last count when a request fails', async () => {
    const clock = fakeTimers();
    const counts: number[] = [];
    const answers: (() => Promise<number>)[] = [async () => 2, async () => Promise.reject(new Error('down')), async () => 0];
    const fetchCount = vi.fn(() => answers.shift()!());
    const stop = startFailedOrdersPoller({
      fetchCount,
      onCount: (n) => counts.push(n),
      setInterval: clock.setInterval,
      clearInterval: clock.clearInterval,
    });
    await flush();
    expect(counts).toEqual([2]);
    expect(clock.timers).toHaveLength(1);
    expect(clock.timers[0].ms).toBe(FAILED_ORDERS_POLL_MS);
    expect(FAILED_ORDERS_POLL_MS).toBe(60_000);
    clock.timers[0].fn();
    await flush();
    expect(counts).toEqual([2]);
    clock.timers[0].fn();
    await flush();
    expect(counts).toEqual([2, 0]);
    stop();
    expect(clock.clearInterval).toHaveBeenCalledTimes(1);
    clock.timers[0].fn();
    await flush();
    expect(fetchCount).toHaveBeenCalledTimes(3);
  });

  it('sends one request at a time, none from a background tab, and reports nothing after stopping', async () => {
    const clock = fakeTimers();
    let hidden = false;
    let release: (n: number) => void = () => undefined;
    const fetchCount = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const onCount = vi.fn();
    const stop = startFailedOrdersPoller({
      fetchCount,
      onCount,
      isHidden: () => hidden,
      setInterval: clock.setInterval,
      clearInterval: clock.clearInterval,
    });
    clock.timers[0].fn(); // the first request is still out
    expect(fetchCount).toHaveBeenCalledTimes(1);
    release(4);
    await flush();
    expect(onCount).toHaveBeenCalledWith(4);
    hidden = true;
    clock.timers[0].fn();
    expect(fetchCount).toHaveBeenCalledTimes(1);
    hidden = false;
    clock.timers[0].fn();
    expect(fetchCount).toHaveBeenCalledTimes(2);
    stop();
    release(9);
    await flush();
    expect(onCount).toHaveBeenCalledTimes(1);
  });
});
