import AddIcon from '@mui/icons-material/Add';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button as MuiButton,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link as MuiLink,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { formatDateTime } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import {
  Button,
  Datagrid,
  DeleteButton,
  FunctionField,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  useGetOne,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { ScreenList } from '../../../components/ScreenList';
import { StatusSwitch } from '../../../components/StatusSwitch';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useDict } from '../../../components/useDict';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';

/** The job log's screen path (hidden menu 调度日志), whose API is `/monitor/jobLog`. */
export const JOB_LOG_RESOURCE = 'monitor/joblog';
/** One job's log, as RuoYi's `/monitor/job-log/index/:jobId`. */
export const JOB_LOG_ROUTE = 'monitor/job-log/index/:jobId';

/** A parameter of a job handler, as `GET /monitor/job/handlers` answers it. */
export interface JobParamView {
  name: string;
  label: string;
  type: 'string' | 'integer' | 'boolean' | 'enum';
  required: boolean;
  default?: string | number | boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  options?: string[];
}
export interface JobHandlerView {
  name: string;
  description: string;
  params: JobParamView[];
}
export interface JobRow {
  jobId?: string;
  jobName: string;
  jobGroup: string;
  handler: string;
  params: Record<string, unknown>;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  status: string;
  remark: string;
}
interface CronNext {
  valid: boolean;
  message?: string;
  nextTimes: string[];
}

const STATUS = [
  { id: '0', name: 'app.job.status_0' },
  { id: '1', name: 'app.job.status_1' },
];
const MISFIRE = ['0', '1', '2', '3'];
const LOG_STATUS = [
  { id: '0', name: 'app.job.log_status_0' },
  { id: '1', name: 'app.job.log_status_1' },
];
const TRIGGERS = [
  { id: 'schedule', name: 'app.job.trigger_schedule' },
  { id: 'manual', name: 'app.job.trigger_manual' },
  { id: 'misfire', name: 'app.job.trigger_misfire' },
];
const EMPTY_JOB: JobRow = {
  jobName: '',
  jobGroup: 'DEFAULT',
  handler: '',
  params: {},
  cronExpression: '',
  misfirePolicy: '0',
  concurrent: '1',
  status: '1',
  remark: '',
};
/** How long the cron field rests before its preview is asked for. */
export const CRON_PREVIEW_DELAY_MS = 300;

/** The next five runs of the expression being typed, or the server's message saying what is wrong. */
export function CronPreview({ cron }: { cron: string }) {
  const translate = useTranslate();
  const [settled, setSettled] = useState(cron);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(cron.trim()), CRON_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cron]);
  const { data } = useApiData<CronNext>(settled ? '/monitor/job/cron/next' : undefined, { cron: settled });
  if (!settled || !data) return null;
  if (!data.valid)
    return (
      <Alert severity="error" data-testid="cron-preview-error" sx={{ py: 0 }}>
        {data.message}
      </Alert>
    );
  return (
    <Box data-testid="cron-preview">
      <Typography variant="caption" color="text.secondary">
        {translate('app.job.next_runs')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, fontSize: 13 }}>
        {data.nextTimes.map((time) => (
          <li key={time}>{formatDateTime(time)}</li>
        ))}
      </Box>
    </Box>
  );
}

/** One parameter of the chosen handler, as its schema says (number, switch, choice or text). */
function ParamInput({ spec, value, onChange }: { spec: JobParamView; value: unknown; onChange: (value: unknown) => void }) {
  const translate = useTranslate();
  if (spec.type === 'boolean')
    return (
      <FormControlLabel
        control={<Checkbox name={`params.${spec.name}`} checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
        label={spec.label}
      />
    );
  const helper =
    spec.type === 'integer'
      ? translate('app.job.param_range', { min: spec.min, max: spec.max })
      : spec.required
        ? translate('app.job.param_required')
        : undefined;
  if (spec.type === 'enum')
    return (
      <MuiTextField
        select
        size="small"
        label={spec.label}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value || undefined)}
        slotProps={{ select: { native: true }, htmlInput: { name: `params.${spec.name}` }, inputLabel: { shrink: true } }}
      >
        <option value="" />
        {spec.options?.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </MuiTextField>
    );
  return (
    <MuiTextField
      size="small"
      label={spec.label}
      required={spec.required}
      helperText={helper}
      type={spec.type === 'integer' ? 'number' : 'text'}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => {
        const text = e.target.value;
        // An integer goes to the server as a number; an empty field means "not given" (the default applies).
        if (text === '') onChange(undefined);
        else onChange(spec.type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text);
      }}
      slotProps={{ htmlInput: { name: `params.${spec.name}`, maxLength: spec.maxLength }, inputLabel: { shrink: true } }}
    />
  );
}

/** The add/edit dialog: the handler picked from the registry shows its parameter fields; the cron field previews. */
export function JobDialog({ job, onClose, onSaved }: { job?: JobRow; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const { data: handlers = [] } = useApiData<JobHandlerView[]>('/monitor/job/handlers');
  const groups = useDict('sys_job_group');
  const [form, setForm] = useState<JobRow>(() => ({ ...EMPTY_JOB, ...job, params: { ...(job?.params ?? {}) } }));
  const [error, setError] = useState<string>();
  const { run, busy } = useApiCall();
  const handler = handlers.find((h) => h.name === form.handler);
  const set = <K extends keyof JobRow>(key: K, value: JobRow[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = async () => {
    setError(undefined);
    // Only the chosen handler's parameters are sent; values left empty take the handler's defaults.
    const params = Object.fromEntries(Object.entries(form.params).filter(([k, v]) => v !== undefined && handler?.params.some((p) => p.name === k)));
    const body = { ...form, params };
    const ok = await run(async () => {
      try {
        return await (job?.jobId ? httpClient.put('/monitor/job', body) : httpClient.post('/monitor/job', body));
      } catch (e) {
        setError((e as Error).message);
        throw e;
      }
    });
    if (ok) onSaved();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(job?.jobId ? 'app.job.edit_title' : 'app.job.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MuiTextField
            size="small"
            required
            label={translate('app.job.jobName')}
            value={form.jobName}
            onChange={(e) => set('jobName', e.target.value)}
            slotProps={{ htmlInput: { name: 'jobName', maxLength: 64 } }}
          />
          <MuiTextField
            select
            size="small"
            label={translate('app.job.jobGroup')}
            value={form.jobGroup}
            onChange={(e) => set('jobGroup', e.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { name: 'jobGroup' }, inputLabel: { shrink: true } }}
          >
            {[
              ...groups.map((g) => ({ id: String(g.id), name: g.name })),
              ...(groups.some((g) => String(g.id) === form.jobGroup) ? [] : [{ id: form.jobGroup, name: form.jobGroup }]),
            ].map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </MuiTextField>
          <MuiTextField
            select
            size="small"
            required
            label={translate('app.job.handler')}
            value={form.handler}
            onChange={(e) => setForm((f) => ({ ...f, handler: e.target.value, params: {} }))}
            helperText={handler?.description}
            slotProps={{ select: { native: true }, htmlInput: { name: 'handler' }, inputLabel: { shrink: true } }}
          >
            <option value="">{translate('app.job.pick_handler')}</option>
            {handlers.map((h) => (
              <option key={h.name} value={h.name}>
                {h.name}
              </option>
            ))}
          </MuiTextField>
          {handler?.params.length ? (
            <Stack spacing={1.5} sx={{ pl: 2, borderLeft: 2, borderColor: 'divider' }} data-testid="job-params">
              {handler.params.map((spec) => (
                <ParamInput
                  key={spec.name}
                  spec={spec}
                  value={form.params[spec.name] ?? (job?.jobId ? undefined : spec.default)}
                  onChange={(v) => setForm((f) => ({ ...f, params: { ...f.params, [spec.name]: v } }))}
                />
              ))}
            </Stack>
          ) : null}
          <MuiTextField
            size="small"
            required
            label={translate('app.job.cronExpression')}
            value={form.cronExpression}
            onChange={(e) => set('cronExpression', e.target.value)}
            helperText={translate('app.job.cron_hint')}
            slotProps={{ htmlInput: { name: 'cronExpression', maxLength: 255 } }}
          />
          <CronPreview cron={form.cronExpression} />
          <MuiTextField
            select
            size="small"
            label={translate('app.job.misfirePolicy')}
            value={form.misfirePolicy}
            onChange={(e) => set('misfirePolicy', e.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { name: 'misfirePolicy' }, inputLabel: { shrink: true } }}
          >
            {MISFIRE.map((m) => (
              <option key={m} value={m}>
                {translate(`app.job.misfire_${m}`)}
              </option>
            ))}
          </MuiTextField>
          <FormControlLabel
            control={
              <Checkbox name="concurrent" checked={form.concurrent === '0'} onChange={(e) => set('concurrent', e.target.checked ? '0' : '1')} />
            }
            label={translate('app.job.concurrent_allowed')}
          />
          <FormControlLabel
            control={<Checkbox name="status" checked={form.status === '0'} onChange={(e) => set('status', e.target.checked ? '0' : '1')} />}
            label={translate('app.job.enabled')}
          />
          <MuiTextField
            size="small"
            multiline
            label={translate('app.job.remark')}
            value={form.remark}
            onChange={(e) => set('remark', e.target.value)}
            slotProps={{ htmlInput: { name: 'remark', maxLength: 500 } }}
          />
          {error ? (
            <Alert severity="error" data-testid="job-save-error">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton
          variant="contained"
          disabled={busy || !form.jobName.trim() || !form.handler || !form.cronExpression.trim()}
          onClick={() => void save()}
        >
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Row actions: edit (dialog), run once, the job's log. */
function JobRowActions({ onEdit }: { onEdit: (job: JobRow) => void }) {
  const record = useRecordContext();
  const canEdit = useHasPermission('monitor:job:edit');
  const canLog = useHasPermission('monitor:joblog:list');
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {canEdit ? (
        <Button label="ra.action.edit" onClick={() => onEdit(record as unknown as JobRow)}>
          <EditIcon />
        </Button>
      ) : null}
      <CallButton
        label="app.job.run_once"
        icon={<PlayArrowIcon />}
        method="PUT"
        url="/monitor/job/run"
        body={(r) => ({ jobId: r.jobId })}
        permission="monitor:job:changeStatus"
        confirmTitle="app.job.run_title"
        confirmContent="app.job.run_content"
        confirmOptions={(r) => ({ name: r?.jobName })}
        successMessage="app.job.run_started"
      />
      {canLog ? (
        <Button label="app.job.log" component={Link} to={`/monitor/job-log/index/${String(record.jobId)}`}>
          <ListAltIcon />
        </Button>
      ) : null}
    </Stack>
  );
}

/** 定时任务: list with filters, enable switch, add/edit dialog, run once, delete, export, link to the log. */
export function JobList() {
  const groups = useDict('sys_job_group');
  const canAdd = useHasPermission('monitor:job:add');
  const refresh = useRefresh();
  const [editing, setEditing] = useState<JobRow | null>(null);
  const filters = [
    <TextInput key="jobName" source="jobName" label="app.job.jobName" alwaysOn />,
    <SelectInput key="jobGroup" source="jobGroup" label="app.job.jobGroup" choices={groups} translateChoice={false} alwaysOn />,
    <SelectInput key="status" source="status" label="app.job.status" choices={STATUS} alwaysOn />,
    <TextInput key="handler" source="handler" label="app.job.handler" />,
  ];
  return (
    <>
      <ScreenList
        filters={filters}
        sort={{ field: 'jobId', order: 'ASC' }}
        creatable={false}
        extraActions={
          canAdd ? (
            <Button label="ra.action.create" onClick={() => setEditing({ ...EMPTY_JOB })}>
              <AddIcon />
            </Button>
          ) : null
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="jobId" label="app.job.jobId" />
          <TextField source="jobName" label="app.job.jobName" />
          <DictField source="jobGroup" label="app.job.jobGroup" choices={groups} translateChoice={false} sortable={false} />
          <FunctionField
            label="app.job.handler"
            render={(r: RaRecord) => `${r.handler}${Object.keys(r.params ?? {}).length ? ` ${JSON.stringify(r.params)}` : ''}`}
          />
          <TextField source="cronExpression" label="app.job.cronExpression" sortable={false} />
          <FunctionField
            label="app.job.status"
            render={() => <StatusSwitch url="/monitor/job/changeStatus" idField="jobId" permission="monitor:job:changeStatus" />}
          />
          <DateTimeField source="nextFireTime" label="app.job.nextFireTime" sortBy="nextFireTime" />
          <JobRowActions onEdit={(job) => setEditing(job)} />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      </ScreenList>
      {editing ? (
        <JobDialog
          job={editing.jobId ? editing : undefined}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

function LogBlock({ label, value }: { label: string; value: string }) {
  const translate = useTranslate();
  if (!value) return null;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2">{translate(label)}</Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          maxHeight: 320,
          overflow: 'auto',
          fontSize: 12,
        }}
      >
        {value}
      </Box>
    </Box>
  );
}

/** An expanded log row: its parameters, message and error (GET /monitor/jobLog/{id}). */
function JobLogDetail() {
  const record = useRecordContext();
  const { data } = useGetOne(JOB_LOG_RESOURCE, { id: record?.id ?? '' }, { enabled: record?.id !== undefined });
  const entry = { ...record, ...data };
  return (
    <Box sx={{ py: 1 }} data-testid="job-log-detail">
      <LogBlock label="app.job.params" value={JSON.stringify(entry.params ?? {}, null, 2)} />
      <LogBlock label="app.job.jobMessage" value={entry.jobMessage ?? ''} />
      <LogBlock label="app.job.exceptionInfo" value={entry.exceptionInfo ?? ''} />
    </Box>
  );
}

/** The log list, of every job or (with `jobId`) of one. */
function JobLogGrid({ jobId }: { jobId?: string }) {
  const groups = useDict('sys_job_group');
  const filters = [
    <TextInput key="jobName" source="jobName" label="app.job.jobName" alwaysOn />,
    <SelectInput key="jobGroup" source="jobGroup" label="app.job.jobGroup" choices={groups} translateChoice={false} alwaysOn />,
    <SelectInput key="status" source="status" label="app.job.log_status" choices={LOG_STATUS} alwaysOn />,
  ];
  return (
    <ScreenList
      resource={JOB_LOG_RESOURCE}
      filter={jobId ? { jobId } : undefined}
      filters={filters}
      disableSyncWithLocation={!!jobId}
      storeKey={jobId ? false : undefined}
      sort={{ field: 'startTime', order: 'DESC' }}
      creatable={false}
      extraActions={
        <CallButton
          label="app.job.clean"
          icon={<DeleteSweepIcon />}
          color="error"
          method="DELETE"
          url="/monitor/jobLog/clean"
          permission="monitor:joblog:remove"
          confirmTitle="app.job.clean_title"
          confirmContent="app.job.clean_content"
          successMessage="app.job.cleaned"
        />
      }
    >
      <Datagrid rowClick="expand" expand={<JobLogDetail />} bulkActionButtons={false}>
        <TextField source="jobLogId" label="app.job.jobLogId" />
        <TextField source="jobName" label="app.job.jobName" sortable={false} />
        <DictField source="jobGroup" label="app.job.jobGroup" choices={groups} translateChoice={false} sortable={false} />
        <TextField source="handler" label="app.job.handler" sortable={false} />
        <DictField source="triggerType" label="app.job.trigger" choices={TRIGGERS} sortable={false} />
        <DictField source="status" label="app.job.log_status" choices={LOG_STATUS} sortable={false} />
        <TextField source="jobMessage" label="app.job.jobMessage" sortable={false} />
        <DateTimeField source="startTime" label="app.job.startTime" sortBy="startTime" />
        <DateTimeField source="endTime" label="app.job.endTime" sortable={false} />
        <NumberField source="durationMs" label="app.job.durationMs" />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

/** 调度日志 (hidden menu screen): every job's runs. */
export function JobLogList() {
  return <JobLogGrid />;
}

/** One job's runs (/monitor/job-log/index/:jobId), headed by the job's name with a way back. */
export function JobLogPage() {
  const { jobId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: job } = useGetOne('monitor/job', { id: jobId }, { enabled: /^\d+$/.test(jobId) });
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        <MuiLink component="button" onClick={() => navigate('/monitor/job')}>
          {translate('app.job.back')}
        </MuiLink>
        {job ? ` / ${job.jobName}` : ''}
      </Typography>
      <JobLogGrid jobId={jobId} />
    </>
  );
}
