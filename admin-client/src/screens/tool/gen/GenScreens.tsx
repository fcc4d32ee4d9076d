import CodeIcon from '@mui/icons-material/Code';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import SyncIcon from '@mui/icons-material/Sync';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Box,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField as MuiTextField,
} from '@mui/material';
import { useState } from 'react';
import { Button, Datagrid, DeleteButton, TextField, TextInput, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { PageResult } from '@zhiwen/shared';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { saveBlob } from '../../../components/download';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { genEditPath } from './gen';

const filters = [
  <TextInput key="tableName" source="tableName" label="app.gen.tableName" alwaysOn />,
  <TextInput key="tableComment" source="tableComment" label="app.gen.tableComment" alwaysOn />,
];

/** 导入表: tables of the database not imported yet, several chosen at once. */
function ImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const { data } = useApiData<PageResult<{ tableName: string; tableComment: string }>>('/tool/gen/db/list', {
    pageSize: 100,
    tableName: name || undefined,
  });
  const { run, busy } = useApiCall({ refresh: false });
  const toggle = (table: string) => setChosen((c) => (c.includes(table) ? c.filter((t) => t !== table) : [...c, table]));
  const save = async () => {
    if (await run(() => httpClient.post(`/tool/gen/importTable?tables=${chosen.map(encodeURIComponent).join(',')}`), 'app.gen.imported')) {
      refresh();
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('app.gen.import_title')}</DialogTitle>
      <DialogContent>
        <MuiTextField
          size="small"
          name="dbTableName"
          label={translate('app.gen.tableName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          sx={{ mt: 1 }}
        />
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('app.gen.tableName')}</TableCell>
              <TableCell>{translate('app.gen.tableComment')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.rows ?? []).map((r) => (
              <TableRow key={r.tableName} hover onClick={() => toggle(r.tableName)}>
                <TableCell padding="checkbox">
                  <Checkbox name={`table_${r.tableName}`} checked={chosen.includes(r.tableName)} />
                </TableCell>
                <TableCell>{r.tableName}</TableCell>
                <TableCell>{r.tableComment}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={busy || !chosen.length} onClick={() => void save()}>
          {translate('app.gen.import')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** 预览: every generated file, one tab each. */
function PreviewDialog({ tableId, onClose }: { tableId: string; onClose: () => void }) {
  const translate = useTranslate();
  const { data, error } = useApiData<Record<string, string>>(`/tool/gen/preview/${tableId}`, {}, { notifyErrors: true });
  const [tab, setTab] = useState(0);
  const files = Object.entries(data ?? {});
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{translate('app.gen.preview_title')}</DialogTitle>
      <DialogContent>
        {error ? error.message : null}
        <Tabs value={Math.min(tab, Math.max(files.length - 1, 0))} onChange={(_, v: number) => setTab(v)} variant="scrollable">
          {files.map(([name]) => (
            <Tab key={name} label={name.split('/').pop()} title={name} />
          ))}
        </Tabs>
        {files[tab] ? (
          <Box component="pre" sx={{ fontSize: 12, overflow: 'auto', maxHeight: '60vh', bgcolor: 'action.hover', p: 1 }}>
            {files[tab][1]}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function RowActions({ onPreview }: { onPreview: (tableId: string) => void }) {
  const record = useRecordContext();
  const notify = useNotify();
  const canPreview = useHasPermission('tool:gen:preview');
  const canEdit = useHasPermission('tool:gen:edit');
  const canCode = useHasPermission('tool:gen:code');
  if (!record) return null;
  const download = () =>
    httpClient
      .download(`/tool/gen/download/${String(record.tableId)}`, undefined, undefined, 'GET')
      .then(({ blob }) => saveBlob(blob, `${String(record.tableName)}.zip`))
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {canPreview ? (
        <Button label="app.gen.preview" onClick={() => onPreview(String(record.tableId))}>
          <CodeIcon />
        </Button>
      ) : null}
      {canEdit ? (
        <Button label="ra.action.edit" component={Link} to={genEditPath(String(record.tableId))}>
          <EditIcon />
        </Button>
      ) : null}
      <CallButton
        label="app.gen.sync"
        icon={<SyncIcon />}
        method="GET"
        url={(r) => `/tool/gen/synchDb/${String(r.tableName)}`}
        permission="tool:gen:edit"
        confirmTitle="app.gen.sync"
        confirmContent="app.gen.sync_content"
        confirmOptions={(r) => ({ name: r?.tableName })}
        successMessage="app.gen.synced"
      />
      {canCode ? (
        <Button label="app.gen.download" onClick={() => void download()}>
          <DownloadIcon />
        </Button>
      ) : null}
      <DeleteButton mutationMode="pessimistic" />
    </Stack>
  );
}

/** 代码生成: the imported tables; import, preview, edit, sync, download and delete them. */
export function GenList() {
  const [importing, setImporting] = useState(false);
  const [preview, setPreview] = useState<string>();
  const canImport = useHasPermission('tool:gen:import');
  return (
    <>
      <ScreenList
        filters={filters}
        creatable={false}
        exportable={false}
        // With no table imported yet the toolbar (and its import button) must still show.
        empty={false}
        extraActions={
          canImport ? (
            <Button label="app.gen.import" onClick={() => setImporting(true)}>
              <UploadIcon />
            </Button>
          ) : null
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="tableName" label="app.gen.tableName" />
          <TextField source="tableComment" label="app.gen.tableComment" />
          <TextField source="className" label="app.gen.className" />
          <DateTimeField source="createTime" label="app.gen.createTime" />
          <RowActions onPreview={setPreview} />
        </Datagrid>
      </ScreenList>
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
      {preview ? <PreviewDialog tableId={preview} onClose={() => setPreview(undefined)} /> : null}
    </>
  );
}
