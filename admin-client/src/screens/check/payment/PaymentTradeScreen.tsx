import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';
import { StateChip } from '../../../components/StateChip';
import { ChannelName, PagedList, refundColumns, tradeColumns, type Column, type FilterDef } from './PaymentLists';
import { CHANNEL_CHOICES, choicesOf, NOTIFY_KINDS, NOTIFY_OUTCOME, REFUND_STATUS, TRADE_STATUS, type RefundRow, type TradeRow } from './payment';

const TABS = ['trades', 'refunds', 'notifies'] as const;
type TabKey = (typeof TABS)[number];

const channelFilter: FilterDef = { name: 'channel', label: 'app.payment.channel', kind: 'select', choices: CHANNEL_CHOICES };

const TRADE_FILTERS: FilterDef[] = [
  { name: 'orderNo', label: 'app.payment.orderNo', kind: 'text' },
  { name: 'outTradeNo', label: 'app.payment.outTradeNo', kind: 'text' },
  channelFilter,
  { name: 'status', label: 'app.payment.status', kind: 'select', choices: TRADE_STATUS },
  { name: 'beginTime', label: 'app.payment.beginTime', kind: 'date', nested: true },
  { name: 'endTime', label: 'app.payment.endTime', kind: 'date', nested: true },
];

const REFUND_FILTERS: FilterDef[] = [
  { name: 'orderNo', label: 'app.payment.orderNo', kind: 'text' },
  channelFilter,
  { name: 'status', label: 'app.payment.status', kind: 'select', choices: REFUND_STATUS },
];

const NOTIFY_FILTERS: FilterDef[] = [
  { name: 'outTradeNo', label: 'app.payment.outTradeNo', kind: 'text' },
  channelFilter,
  { name: 'outcome', label: 'app.payment.outcome', kind: 'select', choices: NOTIFY_OUTCOME },
];

/** A received notification (`GET /payment/notify/list` rows). */
interface NotifyRow {
  logId: string;
  channel: string;
  kind: string;
  notifyId: string;
  outTradeNo: string;
  outcome: string;
  message: string;
  ip: string;
  createTime: string;
}

const KIND_CHOICES = choicesOf(NOTIFY_KINDS, 'app.payment.kind_');

function KindName({ kind }: { kind: string }) {
  const translate = useTranslate();
  const choice = KIND_CHOICES.find((c) => c.id === kind);
  return <>{choice ? translate(choice.name) : kind || '-'}</>;
}

const NOTIFY_COLUMNS: Column<NotifyRow>[] = [
  { key: 'createTime', label: 'app.payment.notifyTime', render: (r) => formatDateTime(r.createTime) || '-', nowrap: true },
  { key: 'channel', label: 'app.payment.channel', render: (r) => <ChannelName channel={r.channel} />, nowrap: true },
  { key: 'kind', label: 'app.payment.kind', render: (r) => <KindName kind={r.kind} />, nowrap: true },
  { key: 'outTradeNo', label: 'app.payment.outTradeNo', render: (r) => r.outTradeNo || '-' },
  { key: 'notifyId', label: 'app.payment.notifyId', render: (r) => r.notifyId || '-' },
  { key: 'outcome', label: 'app.payment.outcome', render: (r) => <StateChip choices={NOTIFY_OUTCOME} state={r.outcome} /> },
  { key: 'message', label: 'app.payment.message', render: (r) => r.message || '-' },
  { key: 'ip', label: 'app.payment.ip', render: (r) => r.ip || '-', nowrap: true },
];

const TRADE_COLUMNS = tradeColumns(true);
const REFUND_COLUMNS = refundColumns(true);

/** 支付流水: payment attempts, refunds and the providers' notifications, each a filtered, paged list. */
export function PaymentTradeScreen() {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabKey>('trades');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.payment_trade.title')} />
      <CardContent>
        <Tabs value={tab} onChange={(_, value: TabKey) => setTab(value)} aria-label={translate('app.payment_trade.title')} variant="scrollable">
          {TABS.map((t) => (
            <Tab key={t} value={t} label={translate(`app.payment_trade.tab_${t}`)} />
          ))}
        </Tabs>
        <Box role="tabpanel" sx={{ pt: 2 }}>
          {tab === 'trades' ? (
            <PagedList<TradeRow>
              url="/payment/trade/list"
              filters={TRADE_FILTERS}
              columns={TRADE_COLUMNS}
              rowKey={(r) => String(r.tradeId)}
              label="app.payment_trade.tab_trades"
            />
          ) : null}
          {tab === 'refunds' ? (
            <PagedList<RefundRow>
              url="/payment/refund/list"
              filters={REFUND_FILTERS}
              columns={REFUND_COLUMNS}
              rowKey={(r) => String(r.refundId)}
              label="app.payment_trade.tab_refunds"
            />
          ) : null}
          {tab === 'notifies' ? (
            <PagedList<NotifyRow>
              url="/payment/notify/list"
              filters={NOTIFY_FILTERS}
              columns={NOTIFY_COLUMNS}
              rowKey={(r) => String(r.logId)}
              label="app.payment_trade.tab_notifies"
            />
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
