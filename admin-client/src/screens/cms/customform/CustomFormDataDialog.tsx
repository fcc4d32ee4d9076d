import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { formatDateTime, type PageResult } from '@zhiwen/shared';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { saveBlob } from '../../../components/download';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { PagePagination } from '../../../components/PagePagination';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { httpClient } from '../../../providers/httpClient';
import { showValue, type CustomForm, type FormDataRow, type FormField } from './customform';

const PAGE_SIZE = 10;
/** Fields shown as columns of the table (all of them are in the detail and the export). */
const COLUMNS = 5;

/** One row with every field. */
function DetailDialog({ row, fields, onClose }: { row: FormDataRow; fields: FormField[]; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="customform-detail-title">
      <DialogTitle id="customform-detail-title">{translate('app.customform.detail_title', { id: row.dataId })}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {fields.map((f) => (
              <TableRow key={f.fieldId}>
                <TableCell sx={{ width: 140, fontWeight: 500 }}>{f.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{showValue(f, row.values[f.code])}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 500 }}>{translate('app.customform.submitTime')}</TableCell>
              <TableCell>{formatDateTime(new Date(row.createTime))}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell sx={{ fontWeight: 500 }}>{translate('app.customform.ip')}</TableCell>
              <TableCell>{row.ip || row.createBy}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell sx={{ fontWeight: 500 }}>{translate('app.customform.member')}</TableCell>
              <TableCell>{row.memberId ?? ''}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 表单数据: the submitted rows of a form, filtered by time, with detail, delete and the .xlsx export. */
export function CustomFormDataDialog({ form, onClose }: { form: CustomForm; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [beginTime, setBeginTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [shown, setShown] = useState<FormDataRow | null>(null);
  const [removing, setRemoving] = useState<FormDataRow | null>(null);
  const filter = { formId: form.formId, ...(beginTime ? { beginTime } : {}), ...(endTime ? { endTime } : {}) };
  const { data: fields = [] } = useApiData<FormField[]>('/cms/customform/field', { formId: form.formId });
  const { data, reload } = useApiData<PageResult<FormDataRow>>(
    '/cms/customform/data',
    { ...filter, pageNum: page, pageSize: PAGE_SIZE },
    { notifyErrors: true },
  );
  const { run, busy } = useApiCall({ refresh: false });
  const columns = fields.slice(0, COLUMNS);
  const exportRows = async () => {
    try {
      const { blob, fileName } = await httpClient.download('/cms/customform/data/export', filter, {}, 'GET');
      saveBlob(blob, fileName);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const remove = async () => {
    if (!removing) return;
    const ok = await run(() => httpClient.request('/cms/customform/data', { method: 'DELETE', data: [removing.dataId] }), 'ra.notification.deleted');
    setRemoving(null);
    if (ok) reload();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="customform-data-title">
      <DialogTitle id="customform-data-title">{translate('app.customform.data_title', { name: form.name })}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            type="date"
            label={translate('app.customform.beginTime')}
            value={beginTime}
            onChange={(e) => {
              setBeginTime(e.target.value);
              setPage(1);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={translate('app.customform.endTime')}
            value={endTime}
            onChange={(e) => {
              setEndTime(e.target.value);
              setPage(1);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<DownloadIcon />} onClick={() => void exportRows()}>
            {translate('app.customform.export')}
          </Button>
        </Stack>
        <Table size="small" aria-label={translate('app.customform.data')}>
          <TableHead>
            <TableRow>
              {columns.map((f) => (
                <TableCell key={f.fieldId}>{f.name}</TableCell>
              ))}
              <TableCell>{translate('app.customform.submitTime')}</TableCell>
              <TableCell>{translate('app.customform.ip')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.rows ?? []).map((row) => (
              <TableRow key={row.dataId} data-testid="customform-data-row">
                {columns.map((f) => (
                  <TableCell key={f.fieldId} sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {showValue(f, row.values[f.code])}
                  </TableCell>
                ))}
                <TableCell>{formatDateTime(new Date(row.createTime))}</TableCell>
                <TableCell>{row.ip}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={translate('app.customform.view')} onClick={() => setShown(row)}>
                    <VisibilityIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={translate('ra.action.delete')} disabled={busy} onClick={() => setRemoving(row)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {data && !data.rows.length ? <EmptyTableRow colSpan={columns.length + 3} /> : null}
          </TableBody>
        </Table>
        <PagePagination total={data?.total ?? 0} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        {shown ? <DetailDialog row={shown} fields={fields} onClose={() => setShown(null)} /> : null}
        <Confirm
          isOpen={!!removing}
          loading={busy}
          title="app.customform.delete_data_title"
          content="app.customform.delete_data_confirm"
          translateOptions={{ id: removing?.dataId ?? '' }}
          onConfirm={() => void remove()}
          onClose={() => setRemoving(null)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
