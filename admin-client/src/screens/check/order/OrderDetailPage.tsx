import CancelIcon from '@mui/icons-material/Cancel';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import PaidIcon from '@mui/icons-material/Paid';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, useGetOne, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { hasPermissionString, type StaffPermissions } from '../../../providers/authProvider';
import { httpClient } from '../../../providers/httpClient';
import { fenToYuan } from '../product/product';
import { refundColumns, RowsTable, tradeColumns } from '../payment/PaymentLists';
import { formatFen, hasRefundInProgress, isPaidOnline, type RefundRow, type TradeRow } from '../payment/payment';
import { RefundDialog } from '../payment/RefundDialog';
import { ReportButton } from '../task/ReportButton';
import { percent } from '../task/task';
import {
  availableOrderActions,
  isOrderActive,
  ORDER_ACTIONS,
  ORDER_STAGES,
  ORDER_STATUS,
  orderActionBody,
  orderActionUrl,
  orderReportKinds,
  orderReportUrl,
  PAY_PROVIDERS,
  type OrderAction,
} from './order';
import { OrderState } from './OrderScreens';

/** The screen's resource: `GET /check/order/{orderId}` through the data provider (primary key orderId). */
const ORDER_RESOURCE = 'check/order';
/** How often the page reads the order again while it is being checked. */
const ACTIVE_POLL_MS = 3000;

const ACTION_ICONS: Record<OrderAction, ReactElement> = {
  confirmPayment: <PaidIcon />,
  cancel: <CancelIcon />,
  refund: <MoneyOffIcon />,
  rerun: <ReplayIcon />,
};

/** One labelled value of the order. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
        {children === '' || children === null || children === undefined ? '-' : children}
      </Typography>
    </Box>
  );
}

/** Confirms an action, asking for its reason where the server takes one (required for cancel and refund). */
function ActionDialog({ order, action, onClose }: { order: RaRecord; action: OrderAction; onClose: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useApiCall();
  const [reason, setReason] = useState('');
  const mode = ORDER_ACTIONS[action].reason;
  const body = orderActionBody(action, reason);
  const submit = async () => {
    if (!body) return;
    if (await run(() => httpClient.put(orderActionUrl(order.orderId, action), body), `app.check_order.done_${action}`)) onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(`app.check_order.action_${action}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {translate(`app.check_order.confirm_${action}`, { orderNo: order.orderNo, fee: fenToYuan(order.totalFee) })}
          </Typography>
          {mode === 'none' ? null : (
            <MuiTextField
              label={translate(mode === 'required' ? 'app.check_order.reason' : 'app.check_order.reason_optional')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required={mode === 'required'}
              multiline
              minRows={2}
              autoFocus
              slotProps={{ htmlInput: { maxLength: 500 } }}
              helperText={mode === 'required' ? translate('app.check_order.reason_help') : undefined}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button
          label={`app.check_order.action_${action}`}
          variant="contained"
          color={action === 'cancel' || action === 'refund' ? 'error' : 'primary'}
          disabled={!body || busy}
          onClick={() => void submit()}
        />
      </DialogActions>
    </Dialog>
  );
}

const PAYMENT_COLUMNS = tradeColumns(false);
const REFUND_COLUMNS = refundColumns(false);

/** 支付: the order's payment attempts and refunds, with what is refunded and still refundable (online payment). */
function PaymentSection({ order }: { order: RaRecord }) {
  const translate = useTranslate();
  const payments: TradeRow[] = Array.isArray(order.payments) ? order.payments : [];
  const refunds: RefundRow[] = Array.isArray(order.refunds) ? order.refunds : [];
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {translate('app.payment.section')}
        </Typography>
        <Stack direction="row" spacing={4} sx={{ mb: 1 }}>
          <Item label="app.payment.refundedFee">{formatFen(order.refundedFee ?? 0)}</Item>
          {isPaidOnline(order) ? <Item label="app.payment.refundable">{formatFen(order.refundable ?? 0)}</Item> : null}
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {translate('app.payment.payments')}
        </Typography>
        <RowsTable rows={payments} columns={PAYMENT_COLUMNS} rowKey={(r) => String(r.tradeId)} label="app.payment.payments" />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.payment.refunds')}
        </Typography>
        <RowsTable rows={refunds} columns={REFUND_COLUMNS} rowKey={(r) => String(r.refundId)} label="app.payment.refunds" />
      </CardContent>
    </Card>
  );
}

/** The status changes of the order, oldest first. */
function LogTable({ log }: { log: RaRecord[] }) {
  const translate = useTranslate();
  const statusName = (status: string) => {
    const choice = ORDER_STATUS.find((s) => s.id === status);
    return choice ? translate(choice.name) : status || '-';
  };
  if (!log.length) return <Typography variant="body2">{translate('app.check_order.log_none')}</Typography>;
  return (
    <Table size="small" aria-label={translate('app.check_order.log_title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.check_order.log_from')}</TableCell>
          <TableCell>{translate('app.check_order.log_to')}</TableCell>
          <TableCell>{translate('app.check_order.log_actor')}</TableCell>
          <TableCell>{translate('app.check_order.log_reason')}</TableCell>
          <TableCell>{translate('app.check_order.log_time')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {log.map((row) => (
          <TableRow key={row.logId}>
            <TableCell>{row.fromStatus ? statusName(row.fromStatus) : translate('app.check_order.log_new')}</TableCell>
            <TableCell>{statusName(row.toStatus)}</TableCell>
            <TableCell>{row.actor || '-'}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{row.reason || '-'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createTime)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * 检测订单详情 (/check/order-detail/index/:orderId): every field of one order, its progress or why it failed, its
 * status log, the reports once done, and the staff actions its state allows. Read again while it is being checked.
 */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const translate = useTranslate();
  const { permissions } = usePermissions<StaffPermissions>();
  const canReadReports = useHasPermission('check:task:query');
  const [action, setAction] = useState<OrderAction | null>(null);
  const { data: order, error } = useGetOne(
    ORDER_RESOURCE,
    { id: orderId },
    {
      enabled: /^\d+$/.test(orderId),
      // Also while a refund waits for its provider, so its outcome shows without a reload.
      refetchInterval: (query) => {
        const data = query.state.data as RaRecord | undefined;
        return isOrderActive(data) || hasRefundInProgress(data) ? ACTIVE_POLL_MS : false;
      },
    },
  );
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {(error as Error).message}
      </Alert>
    );
  if (!order) return null;

  const actions = availableOrderActions(order, (p) => hasPermissionString(permissions?.permissions, p));
  const reports = canReadReports ? orderReportKinds(order) : [];
  const provider = PAY_PROVIDERS.find((p) => p.id === order.payProvider);
  const progress = typeof order.progress === 'number' ? order.progress : undefined;
  const log: RaRecord[] = Array.isArray(order.log) ? order.log : [];
  const stageName = (stage: string) => ((ORDER_STAGES as readonly string[]).includes(stage) ? translate(`app.check_order.stage_${stage}`) : stage);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2">
        <MuiLink component={Link} to="/check/order">
          {translate('app.check_order.back')}
        </MuiLink>
        {' / '}
        {order.orderNo}
      </Typography>

      {actions.length ? (
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
          {actions.map((a) => (
            <Button
              key={a}
              label={`app.check_order.action_${a}`}
              variant="outlined"
              color={a === 'cancel' || a === 'refund' ? 'error' : 'primary'}
              onClick={() => setAction(a)}
            >
              {ACTION_ICONS[a]}
            </Button>
          ))}
        </Stack>
      ) : null}

      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
            <Item label="app.check_order.orderNo">{order.orderNo}</Item>
            <Item label="app.check_order.status">
              {/* Progress and error have their own places below. */}
              <OrderState record={{ ...order, errorMessage: undefined, progress: undefined }} />
            </Item>
            <Item label="app.check_order.title">{order.title}</Item>
            <Item label="app.check_order.author">{order.author}</Item>
            <Item label="app.check_order.checkType">
              {order.checkType ? translate(`app.check_type.${order.checkType}`, { _: order.checkType }) : ''}
            </Item>
            <Item label="app.check_order.productId">{order.productId}</Item>
            <Item label="app.check_order.charCount">{typeof order.charCount === 'number' ? order.charCount.toLocaleString() : ''}</Item>
            <Item label="app.check_order.totalFee">{fenToYuan(order.totalFee)}</Item>
            <Item label="app.check_order.payProvider">{provider ? translate(provider.name) : order.payProvider}</Item>
            <Item label="app.check_order.payTime">{formatDateTime(order.payTime)}</Item>
            <Item label="app.check_order.memberId">{order.memberId}</Item>
            <Item label="app.check_order.fileName">{order.fileName}</Item>
            <Item label="app.check_order.tid">{order.tid}</Item>
            <Item label="app.check_order.createTime">{formatDateTime(order.createTime)}</Item>
            <Item label="app.check_order.updateTime">{formatDateTime(order.updateTime)}</Item>
            <Item label="app.check_order.remark">{order.remark}</Item>
            {order.reusedOrderId ? <Item label="app.check_order.reusedOrderId">{order.reusedOrderId}</Item> : null}
          </Box>

          {order.result ? (
            <Box sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}>
              <Item label="app.check_order.totalRatio">{percent(order.result.totalRatio)}</Item>
              <Item label="app.check_order.ratioExcludingCited">{percent(order.result.ratioExcludingCited)}</Item>
              <Item label="app.check_order.ratioExcludingSelf">{percent(order.result.ratioExcludingSelf)}</Item>
              <Item label="app.check_order.largestSourceRatio">{percent(order.result.largestSourceRatio)}</Item>
              <Item label="app.check_order.aigcScore">{percent(order.result.aigcScore)}</Item>
            </Box>
          ) : null}

          {order.rewrite ? (
            <Box sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
              <Item label="app.check_order.rewrite_paragraphs">
                {translate('app.check_order.rewrite_counts', {
                  done: order.rewrite.rewritten,
                  failed: order.rewrite.failed,
                  total: order.rewrite.paragraphs,
                })}
              </Item>
              <Item label="app.check_order.rewrite_before">{percent(order.rewrite.before)}</Item>
              <Item label="app.check_order.rewrite_after">{percent(order.rewrite.after)}</Item>
            </Box>
          ) : null}

          {progress !== undefined && (isOrderActive(order) || order.status === 'done') ? (
            <Box sx={{ mt: 2, maxWidth: 480 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('app.check_order.progress')}: {progress}%{order.stage ? ` (${stageName(order.stage)})` : ''}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label={`${progress}%`} />
            </Box>
          ) : null}

          {order.errorMessage ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translate('app.check_order.errorMessage')}: {order.errorMessage}
            </Alert>
          ) : null}

          {reports.length ? (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {translate('app.check_order.reports')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {reports.map((kind) => (
                  <ReportButton
                    key={kind}
                    url={orderReportUrl(order.tid, kind)}
                    kind={kind}
                    label={`app.check_order.report_${kind}`}
                    variant="outlined"
                  />
                ))}
              </Stack>
            </Box>
          ) : null}
        </CardContent>
      </Card>

      {/* Orders never paid online (free, manual) have nothing to show here. */}
      {order.payments?.length || order.refunds?.length ? <PaymentSection order={order} /> : null}

      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {translate('app.check_order.log_title')}
          </Typography>
          <LogTable log={log} />
        </CardContent>
      </Card>

      {action === 'refund' ? <RefundDialog order={order} onClose={() => setAction(null)} /> : null}
      {action && action !== 'refund' ? <ActionDialog order={order} action={action} onClose={() => setAction(null)} /> : null}
    </Box>
  );
}
