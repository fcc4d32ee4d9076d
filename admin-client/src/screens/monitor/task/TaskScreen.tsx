import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Box,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateTime } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import { Button, Confirm, Title, useTranslate } from 'react-admin';
import { PagePagination } from '../../../components/PagePagination';
import { StateChip } from '../../../components/StateChip';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { TaskLogDrawer } from './TaskLogDrawer';
import { formatDuration, RUN_STATUS, TASK_STATUS, type ScheduledTaskRow } from './task';

const PAGE_SIZE = 20;

/** The trigger in words: its cron, or "every N s (first after M s)". */
function Trigger({ task }: { task: ScheduledTaskRow }) {
  const translate = useTranslate();
  if (task.triggerType === 'fixedRate')
    return <>{translate('app.sched_task.fixed_rate_text', { period: task.periodSeconds ?? 0, delay: task.initialDelaySeconds })}</>;
  return (
    <>
      <code>{task.cronExpression}</code>
      {task.cronExpression !== task.declaredCron ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('app.sched_task.declared', { cron: task.declaredCron })}
        </Typography>
      ) : null}
    </>
  );
}

/** 计划任务: the product's own periodic work, with enable/disable, run now, the trigger dialog and the log drawer. */
export function TaskScreen() {
  const translate = useTranslate();
  const [taskName, setTaskName] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, reload } = useApiData<{ rows: ScheduledTaskRow[]; total: number }>(
    '/monitor/task',
    { pageNum: page, pageSize: PAGE_SIZE, ...(taskName ? { taskName } : {}), ...(status ? { status } : {}) },
    { notifyErrors: true },
  );
  const canChange = useHasPermission('monitor:task:changeStatus');
  const canExec = useHasPermission('monitor:task:exec');
  const canEdit = useHasPermission('monitor:task:edit');
  const canLog = useHasPermission('monitor:task:log');
  const { run, busy } = useApiCall({ refresh: false });
  const [editing, setEditing] = useState<ScheduledTaskRow>();
  const [executing, setExecuting] = useState<ScheduledTaskRow>();
  const [logsOf, setLogsOf] = useState<string>();

  const toggle = async (task: ScheduledTaskRow) => {
    const action = task.status === '0' ? 'disable' : 'enable';
    if (await run(() => httpClient.put(`/monitor/task/${action}/${encodeURIComponent(task.taskId)}`), `app.sched_task.${action}d`)) reload();
  };
  const exec = async () => {
    const task = executing as ScheduledTaskRow;
    setExecuting(undefined);
    if (await run(() => httpClient.post(`/monitor/task/exec/${encodeURIComponent(task.taskId)}`), 'app.sched_task.executed'))
      // The run is queued: its log row shows up a moment later.
      setTimeout(reload, 1500);
  };

  return (
    <Card>
      <Title title="app.sched_task.title" />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label={translate('app.sched_task.taskName')}
            value={taskName}
            onChange={(e) => {
              setTaskName(e.target.value);
              setPage(1);
            }}
          />
          <TextField
            size="small"
            select
            label={translate('app.sched_task.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">{translate('app.sched_task.all')}</MenuItem>
            {TASK_STATUS.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {translate(s.name)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.sched_task.taskName')}</TableCell>
              <TableCell>{translate('app.sched_task.status')}</TableCell>
              <TableCell>{translate('app.sched_task.trigger')}</TableCell>
              <TableCell>{translate('app.sched_task.nextRunTime')}</TableCell>
              <TableCell>{translate('app.sched_task.lastRun')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.rows ?? []).map((task) => (
              <TableRow key={task.taskId} data-task={task.taskId}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {task.taskName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {task.description}
                  </Typography>
                </TableCell>
                <TableCell>
                  <FormControlLabel
                    control={
                      <Switch
                        size="small"
                        checked={task.status === '0'}
                        disabled={!canChange || busy}
                        onChange={() => void toggle(task)}
                        slotProps={{ input: { 'aria-label': translate('app.sched_task.toggle', { name: task.taskName }) } }}
                      />
                    }
                    label={translate(`app.sched_task.status_${task.status}`)}
                  />
                </TableCell>
                <TableCell>
                  <Trigger task={task} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{task.nextRunTime ? formatDateTime(task.nextRunTime) : '-'}</TableCell>
                <TableCell>
                  {task.lastRun ? (
                    <StateChip choices={RUN_STATUS} state={task.lastRun.status ?? 'running'} errorMessage={task.lastRun.message ?? undefined}>
                      <Typography variant="caption" component="div" sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(task.lastRun.startTime)} · {formatDuration(task.lastRun.durationMs)}
                      </Typography>
                    </StateChip>
                  ) : (
                    translate('app.sched_task.never')
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {canExec ? (
                    <Button label="app.sched_task.exec" onClick={() => setExecuting(task)} disabled={busy} startIcon={<PlayArrowIcon />} />
                  ) : null}
                  {canEdit ? <Button label="app.sched_task.edit" onClick={() => setEditing(task)} startIcon={<EditIcon />} /> : null}
                  {canLog ? <Button label="app.sched_task.logs" onClick={() => setLogsOf(task.taskName)} startIcon={<HistoryIcon />} /> : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <PagePagination total={data?.total ?? 0} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      </CardContent>
      <Confirm
        isOpen={!!executing}
        title="app.sched_task.exec_title"
        content="app.sched_task.exec_content"
        translateOptions={{ name: executing?.taskName ?? '' }}
        onConfirm={() => void exec()}
        onClose={() => setExecuting(undefined)}
      />
      {editing ? (
        <TriggerDialog
          task={editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) reload();
          }}
        />
      ) : null}
      <TaskLogDrawer taskName={logsOf} onClose={() => setLogsOf(undefined)} />
    </Card>
  );
}

/** Next firings of the cron being typed (the server checks it), or what is wrong with it; nothing for an empty one. */
function useCronPreview(cron: string | undefined): { runs?: string[]; error?: string } {
  const [answer, setAnswer] = useState<{ cron: string; runs?: string[]; error?: string }>();
  const text = cron?.trim() ?? '';
  useEffect(() => {
    if (!text) return;
    let live = true;
    const timer = setTimeout(() => {
      httpClient
        .get<string[]>('/monitor/task/cronPreview', { cron: text })
        .then((r) => live && setAnswer({ cron: text, runs: r.data }))
        .catch((e: Error) => live && setAnswer({ cron: text, error: e.message }));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  // An answer about an earlier text is not this one's.
  return answer && answer.cron === text ? answer : {};
}

/** 修改触发: a cron with its next five firings, or a fixed rate with period and initial delay. */
function TriggerDialog({ task, onClose }: { task: ScheduledTaskRow; onClose: (saved: boolean) => void }) {
  const translate = useTranslate();
  const [triggerType, setTriggerType] = useState(task.triggerType);
  const [cron, setCron] = useState(task.cronExpression);
  const [period, setPeriod] = useState(String(task.periodSeconds ?? 60));
  const [delay, setDelay] = useState(String(task.initialDelaySeconds ?? 0));
  const preview = useCronPreview(triggerType === 'cron' ? cron : undefined);
  const { run, busy } = useApiCall({ refresh: false });
  const periodValid = /^\d+$/.test(period) && Number(period) >= 1;
  const delayValid = /^\d+$/.test(delay);
  const valid = triggerType === 'cron' ? !!cron.trim() && !preview.error : periodValid && delayValid;

  const save = async () => {
    const body =
      triggerType === 'cron'
        ? { taskName: task.taskName, triggerType, cronExpression: cron.trim() }
        : { taskName: task.taskName, triggerType, periodSeconds: Number(period), initialDelaySeconds: Number(delay) };
    if (await run(() => httpClient.put('/monitor/task', body), 'app.sched_task.saved')) onClose(true);
  };

  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.sched_task.edit_title', { name: task.taskName })}</DialogTitle>
      <DialogContent>
        <RadioGroup row value={triggerType} onChange={(e) => setTriggerType(e.target.value as ScheduledTaskRow['triggerType'])}>
          <FormControlLabel value="cron" control={<Radio />} label={translate('app.sched_task.type_cron')} />
          <FormControlLabel value="fixedRate" control={<Radio />} label={translate('app.sched_task.type_fixedRate')} />
        </RadioGroup>
        {triggerType === 'cron' ? (
          <Box>
            <TextField
              fullWidth
              margin="dense"
              name="cronExpression"
              label={translate('app.sched_task.cron')}
              value={cron}
              onChange={(e) => setCron(e.target.value)}
              error={!!preview.error}
              helperText={preview.error ?? translate('app.sched_task.cron_help', { cron: task.declaredCron })}
            />
            {preview.runs ? (
              <Box data-testid="cron-preview" sx={{ mt: 1 }}>
                <Typography variant="subtitle2">{translate('app.sched_task.next_runs')}</Typography>
                {preview.runs.map((r) => (
                  <Typography key={r} variant="body2">
                    {formatDateTime(r)}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </Box>
        ) : (
          <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
            <TextField
              name="periodSeconds"
              type="number"
              label={translate('app.sched_task.period')}
              value={period}
              onChange={(e) => setPeriod(e.target.value)}
              error={!periodValid}
              slotProps={{ htmlInput: { min: 1 } }}
            />
            <TextField
              name="initialDelaySeconds"
              type="number"
              label={translate('app.sched_task.delay')}
              value={delay}
              onChange={(e) => setDelay(e.target.value)}
              error={!delayValid}
              slotProps={{ htmlInput: { min: 0 } }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={() => onClose(false)} />
        <Button label="ra.action.save" variant="contained" disabled={!valid || busy} onClick={() => void save()} />
      </DialogActions>
    </Dialog>
  );
}
