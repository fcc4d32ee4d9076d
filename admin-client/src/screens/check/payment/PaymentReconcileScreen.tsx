import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Title, useTranslate } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';
import { StateChip } from '../../../components/StateChip';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { ChannelName, OrderLink, PagedList, type Column, type FilterDef } from './PaymentLists';
import {
  CHANNEL_CHOICES,
  choicesOf,
  DIFF_KINDS,
  DIFF_STATUS,
  formatFen,
  PAY_CHANNELS,
  RECONCILE_STATUS,
  RESOLUTION_MAX,
  yesterdayInChina,
  type PayChannel,
} from './payment';

/** A reconciliation run (`GET /payment/reconcile/list` rows). */
interface ReconcileRow {
  reconcileId: string;
  channel: string;
  billDate: string;
  status: string;
  billCount: number;
  localCount: number;
  diffCount: number;
  openCount: number;
  message: string;
  createTime: string;
}

/** A difference between a provider's bill and our records (`GET /payment/reconcile/diff/list` rows). */
export interface DiffRow {
  diffId: string;
  reconcileId: string;
  channel: string;
  billDate: string;
  kind: string;
  tradeKind: string;
  outTradeNo: string;
  outRefundNo: string;
  orderNo: string;
  localAmount: number | null;
  remoteAmount: number | null;
  status: string;
  resolution: string;
  resolvedBy: string;
  resolvedTime: string | null;
  createTime: string;
}

const KIND_CHOICES = choicesOf(DIFF_KINDS, 'app.payment_reconcile.kind_');

const RUN_FILTERS: FilterDef[] = [
  { name: 'channel', label: 'app.payment.channel', kind: 'select', choices: CHANNEL_CHOICES },
  { name: 'status', label: 'app.payment.status', kind: 'select', choices: RECONCILE_STATUS },
];

const DIFF_FILTERS: FilterDef[] = [
  { name: 'channel', label: 'app.payment.channel', kind: 'select', choices: CHANNEL_CHOICES },
  { name: 'billDate', label: 'app.payment_reconcile.billDate', kind: 'date' },
  { name: 'status', label: 'app.payment.status', kind: 'select', choices: DIFF_STATUS },
  { name: 'kind', label: 'app.payment_reconcile.kind', kind: 'select', choices: KIND_CHOICES },
];

function Words({ text }: { text: string }) {
  const translate = useTranslate();
  return <>{translate(text)}</>;
}

const RUN_COLUMNS: Column<ReconcileRow>[] = [
  { key: 'billDate', label: 'app.payment_reconcile.billDate', render: (r) => r.billDate, nowrap: true },
  { key: 'channel', label: 'app.payment.channel', render: (r) => <ChannelName channel={r.channel} />, nowrap: true },
  {
    key: 'status',
    label: 'app.payment.status',
    render: (r) => (
      <StateChip choices={RECONCILE_STATUS} state={r.status} errorMessage={r.status === 'failed' ? r.message || undefined : undefined} />
    ),
  },
  { key: 'billCount', label: 'app.payment_reconcile.billCount', render: (r) => r.billCount },
  { key: 'localCount', label: 'app.payment_reconcile.localCount', render: (r) => r.localCount },
  { key: 'diffCount', label: 'app.payment_reconcile.diffCount', render: (r) => r.diffCount },
  { key: 'openCount', label: 'app.payment_reconcile.openCount', render: (r) => r.openCount },
  { key: 'createTime', label: 'app.payment_reconcile.runTime', render: (r) => formatDateTime(r.createTime) || '-', nowrap: true },
];

/** 处理: asks the note that closes a difference, then `PUT /payment/reconcile/diff/{diffId}/resolve`. */
export function ResolveDialog({ diff, onClose, onResolved }: { diff: DiffRow; onClose: () => void; onResolved: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useApiCall({ refresh: false });
  const [resolution, setResolution] = useState('');
  const text = resolution.trim();
  const submit = async () => {
    if (!text) return;
    const done = await run(
      () => httpClient.put(`/payment/reconcile/diff/${encodeURIComponent(String(diff.diffId))}/resolve`, { resolution: text }),
      'app.payment_reconcile.resolved',
    );
    if (done) onResolved();
  };
  const kind = KIND_CHOICES.find((k) => k.id === diff.kind);
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.payment_reconcile.resolve_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {translate('app.payment_reconcile.resolve_summary', {
              kind: kind ? translate(kind.name) : diff.kind,
              no: diff.outRefundNo || diff.outTradeNo || '-',
              local: formatFen(diff.localAmount) || '-',
              remote: formatFen(diff.remoteAmount) || '-',
            })}
          </Typography>
          <TextField
            name="resolution"
            label={translate('app.payment_reconcile.resolution')}
            value={resolution}
            onChange={(e) => setResolution(e.target.value)}
            required
            multiline
            minRows={3}
            autoFocus
            slotProps={{ htmlInput: { maxLength: RESOLUTION_MAX } }}
            helperText={translate('app.payment_reconcile.resolution_help')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.payment_reconcile.resolve" variant="contained" disabled={!text || busy} onClick={() => void submit()} />
      </DialogActions>
    </Dialog>
  );
}

/** 执行对账: one channel and one bill day (yesterday, China time, unless changed), `POST /payment/reconcile`. */
function RunDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useApiCall({ refresh: false });
  const [channel, setChannel] = useState<PayChannel>('wechat');
  const [billDate, setBillDate] = useState(yesterdayInChina);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(billDate);
  const submit = async () => {
    if (valid && (await run(() => httpClient.post('/payment/reconcile', { channel, billDate }), 'app.payment_reconcile.run_started'))) onDone();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.payment_reconcile.run')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            name="channel"
            label={translate('app.payment.channel')}
            value={channel}
            onChange={(e) => setChannel(e.target.value as PayChannel)}
          >
            {PAY_CHANNELS.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(`app.payment.channel_${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            name="billDate"
            label={translate('app.payment_reconcile.billDate')}
            value={billDate}
            onChange={(e) => setBillDate(e.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
            helperText={translate('app.payment_reconcile.billDate_help')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.payment_reconcile.run" variant="contained" disabled={!valid || busy} onClick={() => void submit()} />
      </DialogActions>
    </Dialog>
  );
}

/** 支付对账: the runs (with 执行对账) and the differences they found (with 处理). */
export function PaymentReconcileScreen() {
  const translate = useTranslate();
  const canRun = useHasPermission('payment:reconcile:exec');
  const canResolve = useHasPermission('payment:reconcile:resolve');
  const [running, setRunning] = useState(false);
  const [resolving, setResolving] = useState<DiffRow | null>(null);
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  const diffColumns: Column<DiffRow>[] = [
    { key: 'billDate', label: 'app.payment_reconcile.billDate', render: (r) => r.billDate, nowrap: true },
    { key: 'channel', label: 'app.payment.channel', render: (r) => <ChannelName channel={r.channel} />, nowrap: true },
    {
      key: 'kind',
      label: 'app.payment_reconcile.kind',
      render: (r) => <Words text={KIND_CHOICES.find((k) => k.id === r.kind)?.name ?? r.kind} />,
      nowrap: true,
    },
    {
      key: 'tradeKind',
      label: 'app.payment_reconcile.tradeKind',
      render: (r) => <Words text={`app.payment.kind_${r.tradeKind || 'unknown'}`} />,
      nowrap: true,
    },
    { key: 'outTradeNo', label: 'app.payment.outTradeNo', render: (r) => r.outTradeNo || '-' },
    { key: 'outRefundNo', label: 'app.payment.outRefundNo', render: (r) => r.outRefundNo || '-' },
    { key: 'orderNo', label: 'app.payment.orderNo', render: (r) => <OrderLink orderNo={r.orderNo} /> },
    { key: 'localAmount', label: 'app.payment_reconcile.localAmount', render: (r) => formatFen(r.localAmount) || '-', nowrap: true },
    { key: 'remoteAmount', label: 'app.payment_reconcile.remoteAmount', render: (r) => formatFen(r.remoteAmount) || '-', nowrap: true },
    { key: 'status', label: 'app.payment.status', render: (r) => <StateChip choices={DIFF_STATUS} state={r.status} /> },
    {
      key: 'resolution',
      label: 'app.payment_reconcile.resolution',
      render: (r) =>
        r.status === 'resolved' ? (
          `${r.resolution || '-'}${r.resolvedBy ? ` (${r.resolvedBy}, ${formatDateTime(r.resolvedTime)})` : ''}`
        ) : canResolve ? (
          <Button label="app.payment_reconcile.resolve" onClick={() => setResolving(r)}>
            <TaskAltIcon />
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.payment_reconcile.title')} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }} spacing={2}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
              {translate('app.payment_reconcile.runs')}
            </Typography>
            {canRun ? (
              <Button label="app.payment_reconcile.run" variant="contained" onClick={() => setRunning(true)}>
                <PlayArrowIcon />
              </Button>
            ) : null}
          </Stack>
          <PagedList<ReconcileRow>
            url="/payment/reconcile/list"
            filters={RUN_FILTERS}
            columns={RUN_COLUMNS}
            rowKey={(r) => String(r.reconcileId)}
            label="app.payment_reconcile.runs"
            refreshKey={version}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {translate('app.payment_reconcile.diffs')}
          </Typography>
          <PagedList<DiffRow>
            url="/payment/reconcile/diff/list"
            filters={DIFF_FILTERS}
            columns={diffColumns}
            rowKey={(r) => String(r.diffId)}
            label="app.payment_reconcile.diffs"
            refreshKey={version}
          />
        </CardContent>
      </Card>
      {running ? (
        <RunDialog
          onClose={() => setRunning(false)}
          onDone={() => {
            setRunning(false);
            changed();
          }}
        />
      ) : null}
      {resolving ? (
        <ResolveDialog
          diff={resolving}
          onClose={() => setResolving(null)}
          onResolved={() => {
            setResolving(null);
            changed();
          }}
        />
      ) : null}
    </Stack>
  );
}
