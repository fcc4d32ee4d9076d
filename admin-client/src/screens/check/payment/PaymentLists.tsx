import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Link as MuiLink, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, useNotify, useTranslate } from 'react-admin';
import { EXPORT_HEADER, formatDateTime, PAGING, type PageResult } from '@zhiwen/shared';
import { saveBlob } from '../../../components/download';
import { PagePagination } from '../../../components/PagePagination';
import { StateChip } from '../../../components/StateChip';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { orderDetailPath } from '../order/order';
import { formatFen, REFUND_STATUS, TRADE_STATUS, type RefundRow, type TradeRow } from './payment';

/** A column of a table: its heading (an i18n key) and how a row shows in it. */
export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  nowrap?: boolean;
}

/** Rows under their headings; `empty` (an i18n key) when there are none. */
export function RowsTable<T>({
  rows,
  columns,
  rowKey,
  label,
  empty = 'app.payment.none',
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  label: string;
  empty?: string;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} sx={{ whiteSpace: 'nowrap' }}>
                {translate(c.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.key} sx={c.nowrap ? { whiteSpace: 'nowrap' } : { wordBreak: 'break-all' }}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length ? null : (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography variant="body2">{translate(empty)}</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A filter of a paged list: a text box, a choice or a date; `nested` puts it in the query's `params[...]`. */
export interface FilterDef {
  name: string;
  label: string;
  kind: 'text' | 'select' | 'date';
  choices?: readonly { id: string; name: string }[];
  nested?: boolean;
}

/** The list query of the applied filters: blanks left out, `nested` ones under `params`. */
export function listQuery(filters: readonly FilterDef[], values: Record<string, string>, pageNum: number, pageSize: number) {
  const query: Record<string, unknown> = { pageNum, pageSize };
  const nested: Record<string, string> = {};
  for (const f of filters) {
    const value = (values[f.name] ?? '').trim();
    if (!value) continue;
    if (f.nested) nested[f.name] = value;
    else query[f.name] = value;
  }
  if (Object.keys(nested).length) query.params = nested;
  return query;
}

/** The filter boxes of a list, applied by 搜索 (or Enter) and cleared by 重置; `children` go after the buttons. */
function FilterBar({
  filters,
  onApply,
  children,
}: {
  filters: readonly FilterDef[];
  onApply: (values: Record<string, string>) => void;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<Record<string, string>>({});
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      {filters.map((f) => (
        <TextField
          key={f.name}
          size="small"
          name={f.name}
          label={translate(f.label)}
          value={draft[f.name] ?? ''}
          onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
          select={f.kind === 'select'}
          type={f.kind === 'date' ? 'date' : 'text'}
          sx={{ minWidth: f.kind === 'text' ? 180 : 140 }}
          slotProps={f.kind === 'date' ? { inputLabel: { shrink: true } } : undefined}
        >
          {f.kind === 'select'
            ? [
                <MenuItem key="" value="">
                  {translate('app.payment.all')}
                </MenuItem>,
                ...(f.choices ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {translate(c.name)}
                  </MenuItem>
                )),
              ]
            : null}
        </TextField>
      ))}
      <Button label="ra.action.search" variant="contained" type="submit">
        <SearchIcon />
      </Button>
      <Button
        label="ra.action.reset"
        onClick={() => {
          setDraft({});
          onApply({});
        }}
      />
      {children}
    </Stack>
  );
}

/**
 * A filtered, paged server list (`{rows,total}`) shown as a table. `refreshKey` reads it again when it changes (after
 * an action elsewhere on the screen).
 */
export function PagedList<T>({
  url,
  filters,
  columns,
  rowKey,
  label,
  refreshKey = 0,
}: {
  url: string;
  filters: readonly FilterDef[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  label: string;
  refreshKey?: number;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGING.defaultPageSize);
  const notify = useNotify();
  const { data, reload } = useApiData<PageResult<T>>(url, listQuery(filters, values, page, pageSize), { notifyErrors: true });
  // The list with the applied filters as the server's .xlsx (`POST <list>` + `cc-export: 1`), as ServerExportButton does.
  const exportList = async () => {
    const { pageNum: _pageNum, pageSize: _pageSize, ...query } = listQuery(filters, values, 1, pageSize);
    try {
      const { blob, fileName } = await httpClient.download(url, query, { [EXPORT_HEADER]: '1' });
      saveBlob(blob, fileName);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  useEffect(() => {
    if (refreshKey) reload();
  }, [refreshKey, reload]);
  return (
    <Box>
      <FilterBar
        filters={filters}
        onApply={(v) => {
          setValues(v);
          setPage(1);
        }}
      >
        <Button label="ra.action.export" onClick={() => void exportList()}>
          <DownloadIcon />
        </Button>
      </FilterBar>
      <RowsTable rows={data?.rows ?? []} columns={columns} rowKey={rowKey} label={label} />
      <PagePagination
        total={data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        pageSizes={[...PAGING.pageSizeOptions]}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Box>
  );
}

/** A channel's name in words (another value as is). */
export function ChannelName({ channel }: { channel: string }) {
  const translate = useTranslate();
  return <>{channel ? translate(`app.payment.channel_${channel}`, { _: channel }) : '-'}</>;
}

/** A method's name in words (another value as is). */
export function MethodName({ method }: { method: string }) {
  const translate = useTranslate();
  return <>{method ? translate(`app.payment.method_${method}`, { _: method }) : '-'}</>;
}

/** The order number, linked to the order page for callers who may open it. */
export function OrderLink({ orderId, orderNo }: { orderId?: string | number | null; orderNo?: string | null }) {
  const canOpen = useHasPermission('check:order:query');
  if (!orderNo) return <>-</>;
  if (!canOpen || !orderId) return <>{orderNo}</>;
  return (
    <MuiLink component={Link} to={orderDetailPath(orderId)}>
      {orderNo}
    </MuiLink>
  );
}

const time = (value: string | null | undefined) => formatDateTime(value) || '-';

/** The columns of payment attempts; `withOrder` adds the order number (the list screen, not the order page). */
export function tradeColumns(withOrder: boolean): Column<TradeRow>[] {
  return [
    { key: 'outTradeNo', label: 'app.payment.outTradeNo', render: (r) => r.outTradeNo, nowrap: true },
    ...(withOrder
      ? [{ key: 'orderNo', label: 'app.payment.orderNo', render: (r: TradeRow) => <OrderLink orderId={r.orderId} orderNo={r.orderNo} /> }]
      : []),
    { key: 'channel', label: 'app.payment.channel', render: (r) => <ChannelName channel={r.channel} />, nowrap: true },
    { key: 'method', label: 'app.payment.method', render: (r) => <MethodName method={r.method} />, nowrap: true },
    { key: 'amount', label: 'app.payment.amount', render: (r) => formatFen(r.amount), nowrap: true },
    {
      key: 'status',
      label: 'app.payment.status',
      render: (r) => <StateChip choices={TRADE_STATUS} state={r.status} errorMessage={r.message || undefined} />,
    },
    { key: 'providerTradeNo', label: 'app.payment.providerTradeNo', render: (r) => r.providerTradeNo || '-' },
    { key: 'payer', label: 'app.payment.payer', render: (r) => r.payer || '-' },
    { key: 'createTime', label: 'app.payment.createTime', render: (r) => time(r.createTime), nowrap: true },
    { key: 'paidTime', label: 'app.payment.paidTime', render: (r) => time(r.paidTime), nowrap: true },
    { key: 'closedTime', label: 'app.payment.closedTime', render: (r) => time(r.closedTime), nowrap: true },
  ];
}

/** The columns of refunds; `withOrder` adds the order number. */
export function refundColumns(withOrder: boolean): Column<RefundRow>[] {
  return [
    { key: 'outRefundNo', label: 'app.payment.outRefundNo', render: (r) => r.outRefundNo, nowrap: true },
    ...(withOrder
      ? [{ key: 'orderNo', label: 'app.payment.orderNo', render: (r: RefundRow) => <OrderLink orderId={r.orderId} orderNo={r.orderNo} /> }]
      : []),
    { key: 'channel', label: 'app.payment.channel', render: (r) => <ChannelName channel={r.channel} />, nowrap: true },
    { key: 'amount', label: 'app.payment.amount', render: (r) => formatFen(r.amount), nowrap: true },
    { key: 'reason', label: 'app.payment.reason', render: (r) => r.reason || '-' },
    {
      key: 'status',
      label: 'app.payment.status',
      render: (r) => <StateChip choices={REFUND_STATUS} state={r.status} errorMessage={r.status === 'failed' ? r.message || undefined : undefined} />,
    },
    { key: 'providerRefundId', label: 'app.payment.providerRefundId', render: (r) => r.providerRefundId || '-' },
    { key: 'createBy', label: 'app.payment.createBy', render: (r) => r.createBy || '-' },
    { key: 'createTime', label: 'app.payment.createTime', render: (r) => time(r.createTime), nowrap: true },
    { key: 'successTime', label: 'app.payment.successTime', render: (r) => time(r.successTime), nowrap: true },
  ];
}
