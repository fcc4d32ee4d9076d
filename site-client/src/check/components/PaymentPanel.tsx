import { formatDateTime } from '@zhiwen/shared';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { t, type MessageKey } from '../../app/messages';
import { showToast } from '../../app/toast/toastStore';
import {
  fetchOrder,
  fetchPaymentMethods,
  payOrder,
  type MemberOrderDto,
  type OrderRefund,
  type PayChannel,
  type PaymentMethodsDto,
  type PayMethod,
} from '../api';
import { money } from '../format';
import { choosePayMethod, countdownText, isQrMethod, msLeft, payDevice, payOptions, secondaryPayMethod, type PayDevice } from '../rules';

/** WeChat's in-app browser bridge (only inside WeChat). */
export interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, callback: (result: { err_msg?: string }) => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinBridge;
  }
}

const CHANNEL_LABELS: Record<PayChannel, MessageKey> = { wechat: 'check.payment.wechat', alipay: 'check.payment.alipay' };
const SCAN_HINTS: Record<PayChannel, MessageKey> = { wechat: 'check.payment.scan.wechat', alipay: 'check.payment.scan.alipay' };
const REFUND_LABELS: Record<OrderRefund['status'], MessageKey> = {
  processing: 'check.refund.status.processing',
  success: 'check.refund.status.success',
  failed: 'check.refund.status.failed',
  closed: 'check.refund.status.closed',
};

/** What the panel needs of the browser; tests give their own. */
export interface PaymentEnv {
  device: PayDevice;
  /** The order page, where a redirect payment brings the member back. */
  returnUrl: string;
  /** Sends the browser to a provider's checkout page. */
  go: (url: string) => void;
  /** WeChat's bridge once it is there (inside WeChat). */
  bridge: () => WeixinBridge | undefined;
  /** Calls back once WeChat's bridge is ready (it may arrive after the page). */
  whenBridgeReady: (callback: () => void) => void;
}

function browserEnv(): PaymentEnv {
  const hasWindow = typeof window !== 'undefined';
  const userAgent = typeof navigator !== 'undefined' ? navigator.userAgent : '';
  const narrowTouch =
    hasWindow &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(max-width: 768px)').matches &&
    ('ontouchstart' in window || (typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0));
  return {
    device: payDevice(userAgent, narrowTouch),
    // The order page itself (its ?order= names the order); a #fragment means nothing to the provider.
    returnUrl: hasWindow ? `${window.location.origin}${window.location.pathname}${window.location.search}` : '',
    go: (url) => window.location.assign(url),
    bridge: () => (hasWindow ? window.WeixinJSBridge : undefined),
    whenBridgeReady: (callback) => {
      if (typeof document !== 'undefined') document.addEventListener('WeixinJSBridgeReady', callback, { once: true });
    },
  };
}

/**
 * The panel's calls, apart from React so tests can drive them: pick a channel (its method chosen by device), pick a
 * given method (Alipay's desktop page), ask whether the payment arrived, call WeChat's JSAPI.
 */
export function paymentActions(
  order: Pick<MemberOrderDto, 'orderNo'>,
  offered: PaymentMethodsDto['channels'],
  env: PaymentEnv,
  onChange: (order: MemberOrderDto) => void,
  setBusy: (busy: string | null) => void,
) {
  const refresh = async (quiet = false) => {
    setBusy('refresh');
    try {
      const next = await fetchOrder(order.orderNo);
      onChange(next);
      if (!quiet && next.status === 'created') showToast('info', t('check.payment.notYet'));
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  const jsapi = (params: Record<string, string>) => {
    const call = () => {
      const bridge = env.bridge();
      if (!bridge) return false;
      bridge.invoke('getBrandWCPayRequest', params, (result) => {
        const outcome = result.err_msg ?? '';
        if (outcome.endsWith(':ok')) void refresh(true);
        else if (outcome.endsWith(':cancel')) showToast('info', t('check.payment.userCancelled'));
        else showToast('error', t('check.payment.jsapiFailed'));
      });
      return true;
    };
    if (!call()) env.whenBridgeReady(() => void call());
  };

  const start = async (channel: PayChannel, method: PayMethod) => {
    setBusy(`${channel}:${method}`);
    try {
      // Redirect methods bring the member back to this order; QR and JSAPI stay on the page.
      const redirect = !isQrMethod(method) && method !== 'jsapi';
      const next = await payOrder(order.orderNo, { channel, method, ...(redirect && env.returnUrl ? { returnUrl: env.returnUrl } : {}) });
      onChange(next);
      const payment = next.payment;
      if (next.status !== 'created' || payment?.status !== 'pending') return;
      if (payment.method === 'jsapi' && payment.jsapi) jsapi(payment.jsapi);
      else if (payment.payUrl && !isQrMethod(payment.method)) env.go(payment.payUrl);
    } catch {
      // shown by the client (method not enabled, order expired...)
    } finally {
      setBusy(null);
    }
  };

  const pick = (channel: PayChannel) => {
    const method = choosePayMethod(channel, offered, env.device);
    return method ? start(channel, method) : Promise.resolve();
  };

  return { pick, start, refresh, jsapi };
}

export type PaymentActions = ReturnType<typeof paymentActions>;

export interface PaymentViewProps {
  order: MemberOrderDto;
  /** null while loading. */
  methods: PaymentMethodsDto | null;
  device: PayDevice;
  now: number;
  busy: string | null;
  actions: Pick<PaymentActions, 'pick' | 'start' | 'refresh' | 'jsapi'>;
  onNew?: () => void;
  /** The pay button of the old way, shown when no online channel is enabled. */
  fallback: ReactNode;
}

/** The order closed unpaid: say so and offer a new order. */
export function PaymentExpired({ onNew }: { onNew?: () => void }) {
  return (
    <div className="pay-expired" role="alert" data-testid="pay-expired">
      <strong>{t('check.payment.expired')}</strong>
      <p>{t('check.payment.expiredHint')}</p>
      {onNew && (
        <button type="button" className="button" data-testid="pay-new-order" onClick={onNew}>
          {t('check.payment.newOrder')}
        </button>
      )}
    </div>
  );
}

/** What the member sees of an unpaid priced order: methods, QR or redirect, countdown, "我已支付". */
export function PaymentView({ order, methods, device, now, busy, actions, onNew, fallback }: PaymentViewProps) {
  const payment = order.payment?.status === 'pending' ? order.payment : null;
  if (!payment && methods === null) {
    return (
      <p className="page-loading" role="status">
        {t('check.payment.loading')}
      </p>
    );
  }
  const offered = methods?.channels ?? [];
  if (!payment && offered.length === 0) return <>{fallback}</>;

  const left = msLeft(order.payDeadline, now);
  if (left === 0) return <PaymentExpired onNew={onNew} />;

  const options = payOptions(offered, device);
  const secondary = payment ? secondaryPayMethod(payment.channel, payment.method, offered, device) : null;
  const channelName = payment ? t(CHANNEL_LABELS[payment.channel]) : '';
  return (
    <div className="pay-panel" data-testid="pay-panel">
      <div className="pay-summary">
        <span>
          {t('check.payment.amount')} <strong className="pay-amount">{money(order.totalFee)}</strong>
        </span>
        {left !== null && (
          <span className="pay-countdown">
            {t('check.payment.countdown')}{' '}
            <strong data-testid="pay-countdown" role="timer">
              {countdownText(left)}
            </strong>
          </span>
        )}
      </div>

      <h3 className="pay-title">{t('check.payment.choose')}</h3>
      {options.length === 0 && !payment && <p className="check-waiting">{t('check.payment.noneHere')}</p>}
      <div className="pay-methods" role="group" aria-label={t('check.payment.choose')}>
        {options.map(({ channel }) => (
          <button
            key={channel}
            type="button"
            className={`pay-method pay-method-${channel}${payment?.channel === channel ? ' active' : ''}`}
            data-testid={`pay-method-${channel}`}
            aria-pressed={payment?.channel === channel}
            disabled={busy !== null}
            onClick={() => void actions.pick(channel)}
          >
            <span className="pay-method-logo" aria-hidden="true">
              {channel === 'wechat' ? '微' : '支'}
            </span>
            {t(CHANNEL_LABELS[channel])}
          </button>
        ))}
      </div>
      {busy && busy !== 'refresh' && (
        <p className="page-loading" role="status">
          {t('check.payment.starting')}
        </p>
      )}

      {payment && isQrMethod(payment.method) && (
        <figure className={`pay-qr pay-qr-${payment.channel}`} data-testid="pay-qr">
          {payment.qrImage && <img src={payment.qrImage} alt={t('check.payment.qrAlt', { channel: channelName })} width={200} height={200} />}
          <figcaption>
            <strong>{money(order.totalFee)}</strong>
            <span>{t(SCAN_HINTS[payment.channel])}</span>
          </figcaption>
        </figure>
      )}
      {payment && secondary && (
        <button
          type="button"
          className="pay-secondary"
          data-testid="pay-alipay-page"
          disabled={busy !== null}
          onClick={() => void actions.start(payment.channel, secondary)}
        >
          {t('check.payment.pagePay')}
        </button>
      )}
      {payment && !isQrMethod(payment.method) && payment.method !== 'jsapi' && payment.payUrl && (
        <div className="pay-redirect">
          <a className="button" href={payment.payUrl} data-testid="pay-url-link" rel="noopener noreferrer">
            {t('check.payment.goPay', { channel: channelName })}
          </a>
          <p className="auth-note">{t('check.payment.redirectHint')}</p>
        </div>
      )}
      {payment && payment.method === 'jsapi' && (
        <div className="pay-redirect">
          <p className="auth-note">{t('check.payment.jsapiHint')}</p>
          {payment.jsapi && (
            <button type="button" className="button button-outline" onClick={() => actions.jsapi(payment.jsapi!)}>
              {t('check.payment.jsapiRetry')}
            </button>
          )}
        </div>
      )}
      {payment && (
        <button
          type="button"
          className="button pay-refresh"
          data-testid="pay-refresh"
          disabled={busy !== null}
          onClick={() => void actions.refresh()}
        >
          {busy === 'refresh' ? t('check.payment.querying') : t('check.payment.paid')}
        </button>
      )}
    </div>
  );
}

/** Ticks once a second while `active` (the countdown). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

interface PaymentPanelProps {
  order: MemberOrderDto;
  onChange: (order: MemberOrderDto) => void;
  onNew?: () => void;
  fallback: ReactNode;
}

/** Online payment of a priced order: loads the enabled channels; without any, the old pay button (`fallback`) stays. */
export function PaymentPanel({ order, onChange, onNew, fallback }: PaymentPanelProps) {
  const [methods, setMethods] = useState<PaymentMethodsDto | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const env = useMemo(browserEnv, []);
  const now = useNow(Boolean(order.payDeadline));

  useEffect(() => {
    const abort = new AbortController();
    fetchPaymentMethods(abort.signal).then(setMethods, () => {
      // Unreadable: the old way (the client showed why, unless the page left).
      if (!abort.signal.aborted) setMethods({ channels: [], timeoutMinutes: 0 });
    });
    return () => abort.abort();
  }, []);

  // The order number is all the calls need of the order (a new answer every poll would rebuild them).
  const { orderNo } = order;
  const actions = useMemo(() => paymentActions({ orderNo }, methods?.channels ?? [], env, onChange, setBusy), [orderNo, methods, env, onChange]);

  // At the deadline the server cancels the order: read it once more so the page shows that.
  const expired = msLeft(order.payDeadline, now) === 0;
  const askedAtExpiry = useRef(false);
  const { refresh } = actions;
  useEffect(() => {
    if (!expired || askedAtExpiry.current) return;
    askedAtExpiry.current = true;
    void refresh(true);
  }, [expired, refresh]);

  return (
    <PaymentView order={order} methods={methods} device={env.device} now={now} busy={busy} actions={actions} onNew={onNew} fallback={fallback} />
  );
}

/** The refunds of an order (amount, state, time) and their total. */
export function OrderRefunds({ order }: { order: Pick<MemberOrderDto, 'refunds' | 'refundedFee'> }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <div className="check-refunds" data-testid="check-refunds">
      <h3>{t('check.refund.title')}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('check.refund.amount')}</th>
            <th scope="col">{t('check.refund.status')}</th>
            <th scope="col">{t('check.refund.time')}</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund, index) => (
            <tr key={`${refund.createTime}-${index}`} data-status={refund.status}>
              <td>{money(refund.amount)}</td>
              <td className={`refund-${refund.status}`}>{t(REFUND_LABELS[refund.status] ?? 'check.refund.status.processing')}</td>
              <td>{formatDateTime(refund.successTime ?? refund.createTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="check-refund-total">{t('check.refund.total', { fee: money(order.refundedFee ?? 0) })}</p>
    </div>
  );
}
