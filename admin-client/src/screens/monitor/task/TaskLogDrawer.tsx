import { Box, Drawer, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import { Button, Confirm, useTranslate } from 'react-admin';
import { PagePagination } from '../../../components/PagePagination';
import { StateChip } from '../../../components/StateChip';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { formatDuration, RUN_STATUS, type ScheduledTaskLogRow } from './task';

const PAGE_SIZE = 20;

/** The last runs of one task (start, end, duration, outcome, error), newest first, with 清空. */
export function TaskLogDrawer({ taskName, onClose }: { taskName?: string; onClose: () => void }) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [taskName]);
  const { data, reload } = useApiData<{ rows: ScheduledTaskLogRow[]; total: number }>(taskName ? '/monitor/task/logs' : undefined, {
    taskName,
    pageNum: page,
    pageSize: PAGE_SIZE,
  });
  const canClear = useHasPermission('monitor:task:remove');
  const { run } = useApiCall({ refresh: false });
  const [confirming, setConfirming] = useState(false);
  const clear = async () => {
    setConfirming(false);
    if (await run(() => httpClient.delete('/monitor/task/logs', { params: { taskName } }), 'app.sched_task.logs_cleared')) reload();
  };
  return (
    <Drawer anchor="right" open={!!taskName} onClose={onClose}>
      <Box sx={{ width: { xs: '100vw', md: 760 }, p: 2 }} role="region" aria-label={translate('app.sched_task.logs')}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {translate('app.sched_task.logs_title', { name: taskName ?? '' })}
          </Typography>
          {canClear ? <Button label="app.sched_task.logs_clear" color="error" onClick={() => setConfirming(true)} disabled={!data?.total} /> : null}
          <Button label="ra.action.refresh" onClick={reload} />
        </Box>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.sched_task.startTime')}</TableCell>
              <TableCell>{translate('app.sched_task.endTime')}</TableCell>
              <TableCell>{translate('app.sched_task.duration')}</TableCell>
              <TableCell>{translate('app.sched_task.result')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.rows ?? []).map((log) => (
              <TableRow key={log.logId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(log.startTime)}
                  {log.manual ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate('app.sched_task.manual')}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{log.endTime ? formatDateTime(log.endTime) : '-'}</TableCell>
                <TableCell>{formatDuration(log.durationMs)}</TableCell>
                <TableCell>
                  <StateChip choices={RUN_STATUS} state={log.status ?? 'running'} errorMessage={log.message ?? undefined} />
                </TableCell>
              </TableRow>
            ))}
            {data && !data.rows.length ? (
              <TableRow>
                <TableCell colSpan={4}>{translate('app.sched_task.no_logs')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        <PagePagination total={data?.total ?? 0} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
      </Box>
      <Confirm
        isOpen={confirming}
        title="app.sched_task.logs_clear"
        content="app.sched_task.logs_clear_content"
        translateOptions={{ name: taskName ?? '' }}
        onConfirm={() => void clear()}
        onClose={() => setConfirming(false)}
      />
    </Drawer>
  );
}
