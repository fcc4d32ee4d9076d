import { Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useTranslate, type RaRecord } from 'react-admin';
import { useApiCall } from '../../../components/useApiCall';
import { httpClient } from '../../../providers/httpClient';
import { orderActionUrl } from '../order/order';
import { fenToYuan } from '../product/product';
import { isPaidOnline, parseYuan, REFUND_REASON_MAX, refundAmountProblem } from './payment';

/** The body of `PUT /check/order/{orderId}/refund`: the trimmed reason and, when the order has a refundable sum, the fen. */
export interface RefundBody {
  reason: string;
  amount?: number;
}

/**
 * 退款: the amount in yuan (default all that is still refundable; sent as exact fen, 0 < amount ≤ refundable) and the
 * reason (required). An order not paid online is refunded whole with the reason only (the server marks it refunded). `onClose` runs after a refund too; the page's data is refreshed by the call.
 */
export function RefundDialog({ order, onClose }: { order: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const { run, busy } = useApiCall();
  // Paid online: any part of what is left; otherwise the whole order, with no amount sent.
  const refundable = isPaidOnline(order) ? Number(order.refundable) || 0 : undefined;
  const [amount, setAmount] = useState(refundable === undefined ? '' : fenToYuan(refundable));
  const [reason, setReason] = useState('');
  const amountProblem = refundable === undefined ? undefined : refundAmountProblem(amount, refundable);
  const text = reason.trim();
  const ready = !!text && !amountProblem;
  const submit = async () => {
    if (!ready) return;
    const body: RefundBody = { reason: text };
    if (refundable !== undefined) body.amount = parseYuan(amount)!;
    if (await run(() => httpClient.put(orderActionUrl(order.orderId, 'refund'), body), 'app.check_order.done_refund')) onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.check_order.action_refund')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {translate(refundable !== undefined ? 'app.payment.refund_online' : 'app.check_order.confirm_refund', {
              orderNo: order.orderNo,
              fee: fenToYuan(order.totalFee),
            })}
          </Typography>
          {refundable !== undefined ? (
            <TextField
              name="amount"
              label={translate('app.payment.refund_amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
              error={!!amountProblem}
              helperText={translate(amountProblem ?? 'app.payment.refund_amount_help', { max: fenToYuan(refundable) })}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">¥</InputAdornment> },
              }}
            />
          ) : null}
          <TextField
            name="reason"
            label={translate('app.check_order.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            autoFocus
            slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
            helperText={translate('app.check_order.reason_help')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.check_order.action_refund" variant="contained" color="error" disabled={!ready || busy} onClick={() => void submit()} />
      </DialogActions>
    </Dialog>
  );
}
