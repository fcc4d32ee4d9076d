import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatDateTime } from '@zhiwen/shared';
import { useState } from 'react';
import { Button, Confirm, Title, useTranslate } from 'react-admin';
import { PagePagination } from '../../../components/PagePagination';
import { StateChip, type StateChoice } from '../../../components/StateChip';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';

/** A queue job as `GET /async/task` answers it (server: monitor/async/async-task.dto.ts). */
export interface AsyncTaskRow {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  progress: number | null;
  progressMessage: string | null;
  retryCount: number;
  retryLimit: number;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  error: string | null;
  archived: boolean;
}

export const JOB_STATES: StateChoice[] = [
  { id: 'created', name: 'app.async_task.state_created', color: 'default' },
  { id: 'retry', name: 'app.async_task.state_retry', color: 'warning' },
  { id: 'active', name: 'app.async_task.state_active', color: 'info' },
  { id: 'completed', name: 'app.async_task.state_completed', color: 'success' },
  { id: 'cancelled', name: 'app.async_task.state_cancelled', color: 'secondary' },
  { id: 'failed', name: 'app.async_task.state_failed', color: 'error' },
];

/** Known job types in words (others show their queue name). */
const TYPE_NAMES: Record<string, string> = {
  'cms.publish': 'app.async_task.type_cms_publish',
  'check.run': 'app.async_task.type_check_run',
  'check.rewrite': 'app.async_task.type_check_rewrite',
  'check.library.index': 'app.async_task.type_check_library_index',
  'check.library.rebuild': 'app.async_task.type_check_library_rebuild',
  'pusher.deliver': 'app.async_task.type_pusher_deliver',
  'monitor-job-run': 'app.async_task.type_monitor_job_run',
};

const UNFINISHED = ['created', 'retry', 'active'];
const PAGE_SIZE = 20;
/** How long after an answer the list is read again while a job is queued or running. */
export const ASYNC_REFRESH_MS = 2000;

type Action = 'stop' | 'retry' | 'remove';

/** 异步任务: the queue's jobs by type and state, with progress, stop, retry and remove; live while any job is unfinished. */
export function AsyncTaskScreen() {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, reload } = useApiData<{ rows: AsyncTaskRow[]; total: number }>(
    '/async/task',
    { pageNum: page, pageSize: PAGE_SIZE, ...(name ? { name } : {}), ...(status ? { status } : {}) },
    { notifyErrors: true, poll: { everyMs: ASYNC_REFRESH_MS, while: (answer) => answer.rows.some((r) => UNFINISHED.includes(r.state)) } },
  );
  const can = {
    stop: useHasPermission('monitor:async:stop'),
    retry: useHasPermission('monitor:async:retry'),
    remove: useHasPermission('monitor:async:remove'),
  };
  const { run, busy } = useApiCall({ refresh: false });
  const [pending, setPending] = useState<{ action: Action; row: AsyncTaskRow }>();

  const perform = async () => {
    const { action, row } = pending as { action: Action; row: AsyncTaskRow };
    setPending(undefined);
    const body = { taskIds: [row.id] };
    const call = () =>
      action === 'remove' ? httpClient.delete('/async/task/remove', { data: body }) : httpClient.put(`/async/task/${action}`, body);
    if (await run(call, `app.async_task.${action}_done`)) reload();
  };
  const typeName = (n: string) => (TYPE_NAMES[n] ? translate(TYPE_NAMES[n]) : n);

  return (
    <Card>
      <Title title="app.async_task.title" />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label={translate('app.async_task.type')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setPage(1);
            }}
          />
          <TextField
            size="small"
            select
            label={translate('app.async_task.state')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">{translate('app.async_task.all')}</MenuItem>
            {JOB_STATES.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {translate(s.name)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <Button label="ra.action.refresh" onClick={reload} />
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.async_task.type')}</TableCell>
              <TableCell>{translate('app.async_task.state')}</TableCell>
              <TableCell>{translate('app.async_task.createdOn')}</TableCell>
              <TableCell>{translate('app.async_task.startedOn')}</TableCell>
              <TableCell>{translate('app.async_task.completedOn')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.rows ?? []).map((row) => (
              <TableRow key={row.id} data-job={row.id}>
                <TableCell>
                  <Typography variant="body2">{typeName(row.name)}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {row.id}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StateChip choices={JOB_STATES} state={row.state} errorMessage={row.error ?? undefined}>
                    {row.progress !== null && row.state !== 'completed' ? (
                      <Box sx={{ mt: 0.5 }}>
                        <LinearProgress variant="determinate" value={row.progress} aria-label={translate('app.async_task.progress')} />
                        <Typography variant="caption">
                          {row.progress}%{row.progressMessage ? ` · ${row.progressMessage}` : ''}
                        </Typography>
                      </Box>
                    ) : null}
                    {row.retryCount ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {translate('app.async_task.retries', { count: row.retryCount, limit: row.retryLimit })}
                      </Typography>
                    ) : null}
                  </StateChip>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdOn)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.startedOn ? formatDateTime(row.startedOn) : '-'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.completedOn ? formatDateTime(row.completedOn) : '-'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {can.stop && UNFINISHED.includes(row.state) && !row.archived ? (
                    <Button
                      label="app.async_task.stop"
                      color="warning"
                      disabled={busy}
                      onClick={() => setPending({ action: 'stop', row })}
                      startIcon={<StopIcon />}
                    />
                  ) : null}
                  {can.retry && row.state === 'failed' && !row.archived ? (
                    <Button
                      label="app.async_task.retry"
                      disabled={busy}
                      onClick={() => setPending({ action: 'retry', row })}
                      startIcon={<ReplayIcon />}
                    />
                  ) : null}
                  {can.remove && !UNFINISHED.includes(row.state) ? (
                    <Button
                      label="ra.action.delete"
                      color="error"
                      disabled={busy}
                      onClick={() => setPending({ action: 'remove', row })}
                      startIcon={<DeleteIcon />}
                    />
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {data && !data.rows.length ? (
              <TableRow>
                <TableCell colSpan={6}>{translate('app.async_task.none')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        <PagePagination total={data?.total ?? 0} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      </CardContent>
      <Confirm
        isOpen={!!pending}
        title={`app.async_task.${pending?.action ?? 'stop'}_title`}
        content={`app.async_task.${pending?.action ?? 'stop'}_content`}
        translateOptions={{ name: pending ? typeName(pending.row.name) : '', id: pending?.row.id ?? '' }}
        onConfirm={() => void perform()}
        onClose={() => setPending(undefined)}
      />
    </Card>
  );
}
