import AddIcon from '@mui/icons-material/Add';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { PageResult } from '@zhiwen/shared';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { PagePagination, usePaging } from '../../../components/PagePagination';
import { RowActions } from '../../../components/RowActions';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { ConfirmDialog, FieldDialog, type DialogField, type FormValues } from '../../word/grouped/WordDialogs';
import { EXMODEL_KIND, XMODEL_KIND, type ModelKind, type ModelRow } from './exmodel';

const MODEL_FIELDS: DialogField[] = [
  { name: 'name', label: 'app.exmodel.name', required: true },
  { name: 'code', label: 'app.exmodel.code', required: true, helperText: 'app.exmodel.code_help' },
  { name: 'remark', label: 'app.exmodel.remark', type: 'multiline' },
];

/** A list of models (extension models of the current site, or metadata models) with add, edit, delete and their fields. */
function ModelScreen({ kind }: { kind: ModelKind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const can = {
    add: useHasPermission(`${kind.perm}:add`),
    edit: useHasPermission(`${kind.perm}:edit`),
    remove: useHasPermission(`${kind.perm}:remove`),
    fields: useHasPermission(`${kind.fieldPerm}:view`),
  };
  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, pageSize } = paging;
  const list = useApiData<PageResult<ModelRow>>(kind.api, { ...kind.listParams, query: query || undefined, pageNum: page, pageSize });
  const [dialog, setDialog] = useState<null | 'add' | ModelRow>(null);
  const [removing, setRemoving] = useState<ModelRow | null>(null);
  const call = async (run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await run();
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      list.reload();
      return true;
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return false;
    }
  };
  const initial: FormValues =
    dialog && dialog !== 'add' ? { name: dialog.name, code: dialog.code, remark: dialog.remark } : { name: '', code: '', remark: '' };
  const save = (v: FormValues) => {
    const body = { name: v.name.trim(), code: v.code.trim(), remark: v.remark ?? '' };
    return call(() =>
      dialog === 'add' ? httpClient.post(kind.api, body) : httpClient.put(kind.api, { ...body, modelId: (dialog as ModelRow).modelId }),
    );
  };
  const rows = list.data?.rows ?? [];
  return (
    <Paper sx={{ p: 1, mt: 1 }}>
      <Title title={translate(kind.title)} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          label={translate('app.exmodel.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            paging.reset();
          }}
        />
        {can.add && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog('add')}>
            {translate('app.exmodel.add')}
          </Button>
        )}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.exmodel.name')}</TableCell>
            <TableCell>{translate('app.exmodel.code')}</TableCell>
            <TableCell>{translate('app.exmodel.remark')}</TableCell>
            <TableCell>{translate('app.exmodel.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.modelId} hover>
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.code}</TableCell>
              <TableCell>{row.remark}</TableCell>
              <TableCell>
                {can.fields && (
                  <Button
                    size="small"
                    startIcon={<ListAltIcon />}
                    onClick={() => navigate(`${kind.fieldRoute}?modelId=${encodeURIComponent(row.modelId)}`)}
                  >
                    {translate('app.exmodel.fields')}
                  </Button>
                )}
                <RowActions
                  name={row.name}
                  onEdit={can.edit ? () => setDialog(row) : undefined}
                  onDelete={can.remove ? () => setRemoving(row) : undefined}
                />
              </TableCell>
            </TableRow>
          ))}
          {!rows.length && <EmptyTableRow colSpan={4} />}
        </TableBody>
      </Table>
      <PagePagination total={list.data?.total ?? 0} {...paging.pager} />
      <FieldDialog
        open={dialog !== null}
        title={dialog === 'add' ? 'app.exmodel.add_title' : 'app.exmodel.edit_title'}
        fields={MODEL_FIELDS}
        initial={initial}
        onClose={() => setDialog(null)}
        onSubmit={save}
      />
      <ConfirmDialog
        open={removing !== null}
        title={translate('app.exmodel.delete_title')}
        content={translate('app.exmodel.delete_confirm', { name: removing?.name ?? '' })}
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? call(() => httpClient.delete(kind.api, { data: [removing.modelId] })) : Promise.resolve(false))}
      />
    </Paper>
  );
}

/** 扩展模型: the current site's extension models. */
export function ExModelScreen() {
  return <ModelScreen kind={EXMODEL_KIND} />;
}

/** 元数据模型: metadata models. */
export function MetaModelScreen() {
  return <ModelScreen kind={XMODEL_KIND} />;
}
