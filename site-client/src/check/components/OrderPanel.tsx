import { formatDateTime } from '@zhiwen/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../app/messages';
import { showToast } from '../../app/toast/toastStore';
import { fetchReportHtml, payOrder, resumeOrder, type MemberOrderDto } from '../api';
import { count, money } from '../format';
import { statusLabel } from '../labels';
import { canResume, hasHtmlReport, paymentArrived, RUNNING_STATUSES } from '../rules';
import { OrderProgress } from './OrderProgress';
import { OrderRatios } from './OrderRatios';
import { OrderRefunds, PaymentExpired, PaymentPanel } from './PaymentPanel';
import { ReportDownloads } from './ReportDownloads';
import { ReportFrame } from './ReportFrame';

interface OrderPanelProps {
  order: MemberOrderDto;
  /** The answer of pay/resume: the page follows it from there. */
  onChange: (order: MemberOrderDto) => void;
  /** Starts a new order (offered when this one closed unpaid). */
  onNew?: () => void;
}

/** One order on its product page: summary, payment, progress, figures, the report and its downloads. */
export function OrderPanel({ order, onChange, onNew }: OrderPanelProps) {
  const [busy, setBusy] = useState(false);
  const running = RUNNING_STATUSES.includes(order.status);
  const loadReport = useCallback((signal: AbortSignal) => fetchReportHtml(order.orderNo, signal), [order.orderNo]);

  const act = async (action: 'pay' | 'resume') => {
    setBusy(true);
    try {
      const next = await (action === 'pay' ? payOrder(order.orderNo) : resumeOrder(order.orderNo));
      if (action === 'resume') showToast('success', t('check.resumed'));
      onChange(next);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  // An online payment seen arriving (the order left `created` while a trade was open): say so once.
  const before = useRef(order);
  useEffect(() => {
    const previous = before.current;
    before.current = order;
    if (paymentArrived(previous, order)) showToast('success', t('check.payment.success'));
  }, [order]);

  const payButton = (
    <div className="check-pay">
      <button type="button" className="button" data-testid="check-pay" disabled={busy} onClick={() => void act('pay')}>
        {busy ? t('check.paying') : order.totalFee > 0 ? t('check.pay', { fee: money(order.totalFee) }) : t('check.payFree')}
      </button>
    </div>
  );

  return (
    <section className="panel check-order" aria-labelledby="check-order-title" data-order-no={order.orderNo}>
      <div className="check-order-head">
        <h2 id="check-order-title">{t('check.orderTitle')}</h2>
        <span className={`check-status status-${order.status}`} data-testid="check-status" data-status={order.status} role="status">
          {t(statusLabel(order))}
        </span>
      </div>
      <dl className="check-facts">
        <div>
          <dt>{t('check.orderNo')}</dt>
          <dd data-testid="check-order-no">{order.orderNo}</dd>
        </div>
        <div>
          <dt>{t('check.paper')}</dt>
          <dd>{order.title}</dd>
        </div>
        <div>
          <dt>{t('check.charCount')}</dt>
          <dd data-testid="check-char-count">{t('check.charCountValue', { count: count(order.charCount) })}</dd>
        </div>
        <div>
          <dt>{t('check.fee')}</dt>
          <dd data-testid="check-fee">{money(order.totalFee)}</dd>
        </div>
        <div>
          <dt>{t('check.createTime')}</dt>
          <dd>{formatDateTime(order.createTime)}</dd>
        </div>
      </dl>

      {order.reused && <p className="auth-note">{t('check.reused')}</p>}

      {/* A free order starts at once; a priced one is paid online when a channel is enabled, else as before. */}
      {order.status === 'created' &&
        !order.awaitingConfirmation &&
        (order.totalFee > 0 ? <PaymentPanel order={order} onChange={onChange} onNew={onNew} fallback={payButton} /> : payButton)}
      {order.status === 'created' && order.awaitingConfirmation && (
        <p className="check-waiting" role="status">
          {t('check.awaitingConfirmation')}
        </p>
      )}

      {order.status === 'cancelled' && order.payDeadline && <PaymentExpired onNew={onNew} />}

      {running && <OrderProgress order={order} />}

      {order.status === 'failed' && (
        <div className="ai-error" role="alert">
          <strong>{t('check.failedTitle')}</strong>
          <p>{order.errorMessage || t('check.failedDefault')}</p>
          {order.rewrite && order.rewrite.failed > 0 && <p>{t('check.rewrite.failedParagraphs', { failed: order.rewrite.failed })}</p>}
        </div>
      )}
      {canResume(order) && (
        <button type="button" className="button" data-testid="check-resume" disabled={busy} onClick={() => void act('resume')}>
          {t('check.resume')}
        </button>
      )}

      <OrderRefunds order={order} />

      {order.status === 'done' && (
        <>
          <h3>{t('check.resultTitle')}</h3>
          <OrderRatios order={order} />
          <ReportDownloads order={order} />
          {hasHtmlReport(order) && (
            <div className="check-report">
              <h3>{t('check.reportTitle')}</h3>
              <ReportFrame load={loadReport} title={t('check.reportFrameTitle', { title: order.title })} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
