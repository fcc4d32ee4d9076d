import ReplayIcon from '@mui/icons-material/Replay';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
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
  useNotify,
  useRecordContext,
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
import { ReportButton } from './ReportButton';
import { MAX_PAPER_MB, PAPER_ACCEPT, percent, REPORT_KINDS, TASK_LIBRARY_KINDS, TASK_STATUS, type ReportKind } from './task';

const filters = [
  <TextInput key="title" source="title" label="app.check_task.title" alwaysOn />,
  <SelectInput key="status" source="status" label="app.check_task.status" choices={[...TASK_STATUS]} alwaysOn />,
];

/** The state as a chip; a progress bar while waiting or running; why it failed. */
function TaskState({ record }: { record: RaRecord }) {
  const active = record.status === 'running' || record.status === 'queued';
  return (
    <StateChip choices={TASK_STATUS} state={record.status} errorMessage={record.errorMessage}>
      {active ? <LinearProgress variant="determinate" value={record.progress ?? 0} sx={{ mt: 0.5 }} aria-label={`${record.progress ?? 0}%`} /> : null}
    </StateChip>
  );
}

/** A report of the row, once its check is done. */
function TaskReportButton({ kind }: { kind: ReportKind }) {
  const record = useRecordContext();
  if (!record || record.status !== 'done') return null;
  return <ReportButton url={`/check/task/${record.taskId}/report/${kind}`} kind={kind} label={`app.check_task.report_${kind}`} />;
}

function RerunButton() {
  const record = useRecordContext();
  if (!record || record.status === 'queued' || record.status === 'running') return null;
  return (
    <CallButton
      label="app.check_task.rerun"
      icon={<ReplayIcon />}
      method="POST"
      url={`/check/task/${record.taskId}/rerun`}
      permission="check:task:add"
    />
  );
}

/** The checks table; read again while any row waits or runs. */
function TaskGrid() {
  const translate = useTranslate();
  useListPolling((d) => d.status === 'queued' || d.status === 'running');
  return (
    <Datagrid
      rowClick={false}
      bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}
      empty={
        <Typography variant="body2" sx={{ p: 2 }}>
          {translate('app.check_task.none')}
        </Typography>
      }
    >
      <TextField source="title" label="app.check_task.title" />
      <TextField source="fileName" label="app.check_task.fileName" sortable={false} />
      <FunctionField label="app.check_task.status" sortBy="status" render={(r: RaRecord) => <TaskState record={r} />} />
      <NumberField source="charCount" label="app.check_task.charCount" />
      <FunctionField label="app.check_task.totalRatio" render={(r: RaRecord) => percent(r.totalRatio)} />
      <FunctionField label="app.check_task.ratioExcludingCited" render={(r: RaRecord) => percent(r.ratioExcludingCited)} />
      <FunctionField label="app.check_task.aigcScore" render={(r: RaRecord) => percent(r.aigcScore)} />
      <DateTimeField source="createTime" label="app.check_task.createTime" />
      <DateTimeField source="finishTime" label="app.check_task.finishTime" />
      {REPORT_KINDS.map((kind) => (
        <TaskReportButton key={kind} kind={kind} />
      ))}
      <RerunButton />
      <DeleteButton mutationMode="pessimistic" redirect={false} />
    </Datagrid>
  );
}

/** 提交检测: the paper, its title and author, the libraries to search. The server answers at once and checks in the background. */
function SubmitDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { run, busy } = useApiCall();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [kinds, setKinds] = useState<string[]>([...TASK_LIBRARY_KINDS]);
  const submit = async () => {
    if (!file || !kinds.length) return;
    if (file.size > MAX_PAPER_MB * 1024 * 1024) {
      notify('app.check_task.too_large', { type: 'error', messageArgs: { max: MAX_PAPER_MB } });
      return;
    }
    const form = new FormData();
    form.append('file', file);
    if (title.trim()) form.append('title', title.trim());
    if (author.trim()) form.append('author', author.trim());
    form.append('libraryKinds', kinds.join(','));
    if (await run(() => httpClient.post('/check/task', form))) onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.check_task.submit_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.check_task.submit_help', { max: MAX_PAPER_MB })}
          </Typography>
          <Box>
            <Button label="app.check_task.choose_file" variant="outlined" component="label">
              <>
                <UploadFileIcon />
                <input
                  hidden
                  type="file"
                  accept={PAPER_ACCEPT}
                  aria-label={translate('app.check_task.choose_file')}
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </>
            </Button>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {file ? file.name : translate('app.check_task.no_file')}
            </Typography>
          </Box>
          <MuiTextField
            label={translate('app.check_task.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            helperText={translate('app.check_task.title_help')}
          />
          <MuiTextField
            label={translate('app.check_task.author')}
            value={author}
            onChange={(e) => setAuthor(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormGroup row aria-label={translate('app.check_task.libraries')}>
            {TASK_LIBRARY_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                label={translate(`app.check_library.kind_${kind}`)}
                control={
                  <Checkbox
                    checked={kinds.includes(kind)}
                    onChange={(e) => setKinds(e.target.checked ? [...kinds, kind] : kinds.filter((k) => k !== kind))}
                  />
                }
              />
            ))}
          </FormGroup>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <Button label="app.check_task.submit" variant="contained" disabled={!file || !kinds.length || busy} onClick={() => void submit()} />
      </DialogActions>
    </Dialog>
  );
}

/** 检测任务: papers checked against the comparison libraries, with live progress and their reports. */
export function TaskList() {
  const canSubmit = useHasPermission('check:task:add');
  const [submitting, setSubmitting] = useState(false);
  return (
    <>
      <ScreenList
        filters={filters}
        sort={{ field: 'taskId', order: 'DESC' }}
        creatable={false}
        empty={false}
        extraActions={
          canSubmit ? (
            <Button label="app.check_task.submit" onClick={() => setSubmitting(true)}>
              <UploadFileIcon />
            </Button>
          ) : null
        }
      >
        <TaskGrid />
      </ScreenList>
      {submitting ? <SubmitDialog onClose={() => setSubmitting(false)} /> : null}
    </>
  );
}
