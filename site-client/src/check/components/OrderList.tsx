import { formatDateTime, type CheckKind } from '@zhiwen/shared';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { t } from '../../app/messages';
import { listOrders, type MemberOrderDto, type OrderStatus } from '../api';
import { count, money } from '../format';
import { statusLabel } from '../labels';
import { orderLink } from '../rules';
import { OrderRatios } from './OrderRatios';
import { ReportDownloads } from './ReportDownloads';
import '../check.css';

const PAGE_SIZE = 10;

interface OrderListProps {
  kind?: CheckKind;
  status?: OrderStatus;
  /** The order-number search box (/report, /aireport). */
  searchable?: boolean;
  empty: string;
}

/** The member's own orders, newest first, paged: status, figures, downloads and a link to follow each. */
export function OrderList({ kind, status, searchable = false, empty }: OrderListProps) {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [orderNo, setOrderNo] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: MemberOrderDto[]; total: number } | null>(null);

  const load = useCallback(
    async (pageNum: number) => {
      try {
        setData(await listOrders({ pageNum, pageSize: PAGE_SIZE, orderNo: orderNo || undefined, kind, status }));
      } catch {
        setData((current) => current ?? { rows: [], total: 0 }); // the client showed the failure
      }
    },
    [orderNo, kind, status],
  );

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setOrderNo(typed.trim());
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <div className="check-order-list">
      {searchable && (
        <form className="ai-search" role="search" onSubmit={search}>
          <label htmlFor={searchId}>{t('check.orderNo')}</label>
          <input
            id={searchId}
            type="search"
            name="orderNo"
            value={typed}
            maxLength={40}
            placeholder={t('check.searchPlaceholder')}
            data-testid="check-search"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="button button-small">
            {t('check.search')}
          </button>
        </form>
      )}
      {!data ? (
        <p className="page-loading" role="status">
          {t('check.listLoading')}
        </p>
      ) : !data.rows.length ? (
        <p className="empty-state">{orderNo ? t('check.listNoMatch', { orderNo }) : empty}</p>
      ) : (
        <ul className="record-list check-records">
          {data.rows.map((order) => (
            <li key={order.orderNo} data-testid="check-order-row" data-order-no={order.orderNo}>
              <div className="check-record-main">
                <strong>
                  {order.title}
                  {order.unread && <span className="check-unread">{t('check.new')}</span>}
                </strong>
                <span>
                  {t('check.orderNo')} {order.orderNo} · {order.productName} · {t('check.charCountValue', { count: count(order.charCount) })} ·{' '}
                  {money(order.totalFee)} · {formatDateTime(order.createTime)}
                </span>
                {order.status === 'done' && <OrderRatios order={order} compact />}
                {order.status === 'failed' && order.errorMessage && <span className="check-record-error">{order.errorMessage}</span>}
              </div>
              <div className="check-record-side">
                <span className={`check-status status-${order.status}`} data-status={order.status}>
                  {t(statusLabel(order))}
                </span>
                <ReportDownloads order={order} small />
                <Link
                  to={orderLink(order)}
                  className="button button-small button-outline"
                  aria-label={t('check.openOrder', { orderNo: order.orderNo })}
                >
                  {order.status === 'done' ? t('check.open') : t('check.follow')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <div className="pager">
          <button type="button" className="button button-small button-outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('check.prev')}
          </button>
          <span>{t('check.page', { page, pages, total: data.total })}</span>
          <button type="button" className="button button-small button-outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('check.next')}
          </button>
        </div>
      )}
    </div>
  );
}
