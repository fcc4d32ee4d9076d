import VisibilityIcon from '@mui/icons-material/Visibility';
import { LinearProgress, Typography } from '@mui/material';
import { Link } from 'react-router';
import {
  Button,
  Datagrid,
  FunctionField,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { ScreenList } from '../../../components/ScreenList';
import { StateChip } from '../../../components/StateChip';
import { useListPolling } from '../../../components/useListPolling';
import { useHasPermission } from '../../../components/usePermission';
import { CHECK_TYPE_CHOICES, fenToYuan } from '../product/product';
import { isAwaitingConfirmation, isOrderActive, ORDER_STATUS, orderDetailPath, PAY_PROVIDERS } from './order';

const filters = [
  <TextInput key="orderNo" source="orderNo" label="app.check_order.orderNo" alwaysOn />,
  <TextInput key="title" source="title" label="app.check_order.title" alwaysOn />,
  <SelectInput key="status" source="status" label="app.check_order.status" choices={[...ORDER_STATUS]} alwaysOn />,
  <SelectInput key="checkType" source="checkType" label="app.check_order.checkType" choices={CHECK_TYPE_CHOICES} />,
  <TextInput key="memberId" source="memberId" label="app.check_order.memberId" />,
];

/** The status as a chip; under it a progress bar while checking, or that staff must confirm the payment. */
export function OrderState({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const progress = typeof record.progress === 'number' ? record.progress : undefined;
  return (
    <StateChip choices={ORDER_STATUS} state={record.status} errorMessage={record.errorMessage || undefined}>
      {isOrderActive(record) && progress !== undefined ? (
        <LinearProgress variant="determinate" value={progress} sx={{ mt: 0.5 }} aria-label={`${progress}%`} />
      ) : null}
      {isAwaitingConfirmation(record) ? (
        <Typography variant="caption" color="warning.main" component="div" sx={{ mt: 0.5 }}>
          {translate('app.check_order.awaiting_confirmation')}
        </Typography>
      ) : null}
    </StateChip>
  );
}

/** 详情: the order page, for callers who may read one order. */
function DetailButton() {
  const record = useRecordContext();
  const allowed = useHasPermission('check:order:query');
  if (!allowed || !record) return null;
  return (
    <Button component={Link} label="app.check_order.detail" to={orderDetailPath(record.orderId)} onClick={(e) => e.stopPropagation()}>
      <VisibilityIcon />
    </Button>
  );
}

/** The orders table; read again while any row waits for or is in its check. */
function OrderGrid() {
  const translate = useTranslate();
  const canQuery = useHasPermission('check:order:query');
  useListPolling(isOrderActive);
  return (
    <Datagrid
      rowClick={canQuery ? (_id, _resource, record) => orderDetailPath(record.orderId) : false}
      bulkActionButtons={false}
      empty={
        <Typography variant="body2" sx={{ p: 2 }}>
          {translate('app.check_order.none')}
        </Typography>
      }
    >
      <TextField source="orderNo" label="app.check_order.orderNo" sortable={false} />
      <TextField source="title" label="app.check_order.title" sortable={false} />
      <TextField source="author" label="app.check_order.author" sortable={false} />
      <DictField source="checkType" label="app.check_order.checkType" choices={CHECK_TYPE_CHOICES} sortable={false} />
      <NumberField source="charCount" label="app.check_order.charCount" />
      <FunctionField label="app.check_order.totalFee" sortBy="totalFee" render={(r: RaRecord) => fenToYuan(r.totalFee)} />
      <FunctionField label="app.check_order.status" sortBy="status" render={(r: RaRecord) => <OrderState record={r} />} />
      <DictField source="payProvider" label="app.check_order.payProvider" choices={PAY_PROVIDERS} sortable={false} />
      <TextField source="memberId" label="app.check_order.memberId" sortable={false} />
      <DateTimeField source="createTime" label="app.check_order.createTime" />
      <DetailButton />
    </Datagrid>
  );
}

/** 检测订单: every member's check orders, newest first; the order page holds the staff actions. */
export function OrderList() {
  return (
    <ScreenList filters={filters} sort={{ field: 'orderId', order: 'DESC' }} creatable={false} empty={false}>
      <OrderGrid />
    </ScreenList>
  );
}
