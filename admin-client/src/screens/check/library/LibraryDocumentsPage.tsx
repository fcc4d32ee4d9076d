import RefreshIcon from '@mui/icons-material/Refresh';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Dialog, DialogActions, DialogContent, DialogTitle, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  BulkDeleteButton,
  Button,
  Datagrid,
  DeleteButton,
  FunctionField,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  useGetOne,
  useListContext,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { ScreenList } from '../../../components/ScreenList';
import { StateChip } from '../../../components/StateChip';
import { useApiCall } from '../../../components/useApiCall';
import { useListPolling } from '../../../components/useListPolling';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { DOCUMENT_RESOURCE, DOCUMENT_STATUS, MAX_UPLOAD_MB, UPLOAD_ACCEPT } from './library';

const filters = [
  <TextInput key="title" source="title" label="app.check_document.docTitle" alwaysOn />,
  <SelectInput key="status" source="status" label="app.check_document.status" choices={[...DOCUMENT_STATUS]} alwaysOn />,
];

/** The indexing state as a chip, and why it failed. */
const StatusChip = ({ record }: { record: RaRecord }) => (
  <StateChip choices={DOCUMENT_STATUS} state={record.status} errorMessage={record.errorMessage} />
);

/** 重新索引 of one row. */
function ReindexButton() {
  return (
    <CallButton
      label="app.check_document.reindex"
      icon={<RefreshIcon />}
      method="PUT"
      url="/check/document/reindex"
      body={(doc) => ({ docIds: [doc.docId] })}
      permission="check:document:edit"
    />
  );
}

function BulkActions() {
  const { selectedIds, onUnselectItems } = useListContext();
  return (
    <>
      <CallButton
        label="app.check_document.reindex_selected"
        icon={<RefreshIcon />}
        method="PUT"
        url="/check/document/reindex"
        body={() => ({ docIds: selectedIds })}
        permission="check:document:edit"
        onSuccess={() => onUnselectItems()}
      />
      <BulkDeleteButton mutationMode="pessimistic" />
    </>
  );
}

/** The documents table; read again while any of its rows waits for indexing. */
function DocumentGrid() {
  const translate = useTranslate();
  useListPolling((d) => d.status === 'pending' || d.status === 'indexing');
  return (
    <Datagrid
      rowClick={false}
      bulkActionButtons={<BulkActions />}
      empty={
        <Typography variant="body2" sx={{ p: 2 }}>
          {translate('app.check_document.none')}
        </Typography>
      }
    >
      <TextField source="title" label="app.check_document.docTitle" />
      <TextField source="origin" label="app.check_document.origin" sortable={false} />
      <NumberField source="charCount" label="app.check_document.charCount" />
      <NumberField source="fingerprintCount" label="app.check_document.fingerprintCount" sortable={false} />
      <FunctionField label="app.check_document.status" sortBy="status" render={(r: RaRecord) => <StatusChip record={r} />} />
      <DateTimeField source="indexedTime" label="app.check_document.indexedTime" />
      <DateTimeField source="createTime" label="app.check_document.createTime" />
      <ReindexButton />
      <DeleteButton mutationMode="pessimistic" redirect={false} />
    </Datagrid>
  );
}

/** 上传文档: one file, or a zip of many; the server answers at once and indexes in the background. */
function UploadDialog({ libraryId, onClose }: { libraryId: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const { run, busy } = useApiCall();
  const submit = async () => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_MB * 1024 * 1024) {
      notify('app.check_document.too_large', { type: 'error', messageArgs: { max: MAX_UPLOAD_MB } });
      return;
    }
    const form = new FormData();
    form.append('libraryId', libraryId);
    form.append('file', file);
    if (await run(() => httpClient.post('/check/document/upload', form))) onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.check_document.upload_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.check_document.upload_help', { max: MAX_UPLOAD_MB })}
        </Typography>
        <Button label="app.check_document.choose_file" variant="outlined" component="label">
          <>
            <UploadFileIcon />
            <input
              hidden
              type="file"
              accept={UPLOAD_ACCEPT}
              aria-label={translate('app.check_document.choose_file')}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </>
        </Button>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {file ? file.name : translate('app.check_document.no_file')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.check_document.upload" variant="contained" disabled={!file || busy} onClick={() => void submit()} />
      </DialogActions>
    </Dialog>
  );
}

/**
 * 比对库文档 (/check/library-document/index/:libraryId): the documents of one library with their indexing state and
 * failure reason, upload (reference libraries), re-index and delete.
 */
export function LibraryDocumentsPage() {
  const { libraryId = '' } = useParams();
  const translate = useTranslate();
  const { data: library } = useGetOne('check/library', { id: libraryId }, { enabled: /^\d+$/.test(libraryId) });
  const canUpload = useHasPermission('check:document:add');
  const [uploading, setUploading] = useState(false);
  if (!library) return null;
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        <MuiLink component={Link} to="/check/library">
          {translate('app.check_document.back')}
        </MuiLink>
        {' / '}
        {library.libraryName} ({library.libraryCode})
      </Typography>
      <ScreenList
        resource={DOCUMENT_RESOURCE}
        filter={{ libraryId }}
        filters={filters}
        disableSyncWithLocation
        storeKey={false}
        title={library.libraryName}
        sort={{ field: 'docId', order: 'DESC' }}
        creatable={false}
        empty={false}
        extraActions={
          canUpload && library.libraryKind === 'reference' ? (
            <Button label="app.check_document.upload" onClick={() => setUploading(true)}>
              <UploadFileIcon />
            </Button>
          ) : null
        }
      >
        <DocumentGrid />
      </ScreenList>
      {uploading ? <UploadDialog libraryId={libraryId} onClose={() => setUploading(false)} /> : null}
    </>
  );
}
