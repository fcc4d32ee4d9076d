import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Card, CardContent, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '@zhiwen/shared';
import type { ReactNode } from 'react';
import { Button, Title, useTranslate } from 'react-admin';
import { useApiData } from '../../../components/useApiData';
import { bytes, formatDuration, percent } from './format';

/** Figures of one process, as `GET /monitor/server` and `/monitor/server/instances` send them. */
export interface ProcessFigures {
  cpu: { model: string; cores: number; usagePercent: number };
  load: [number, number, number];
  memory: { totalBytes: number; usedBytes: number; freeBytes: number; usagePercent: number };
  disk: { path: string; totalBytes: number; usedBytes: number; freeBytes: number; usagePercent: number } | null;
  heap: { usedBytes: number; totalBytes: number; rssBytes: number };
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number };
  uptime: { processSeconds: number; osSeconds: number };
  nodeVersion: string;
  platform: string;
  pool: { total: number; idle: number; waiting: number } | null;
}

export interface InstanceRow {
  instanceId: string;
  hostName: string;
  pid: number;
  role: 'api' | 'worker';
  runsJobs: boolean;
  startTime: string;
  lastSeen: string;
  current: boolean;
  figures: ProcessFigures;
}

export interface ServerReport {
  instance: InstanceRow;
  database: { version: string; name: string; sizeBytes: number } | null;
  queue: { queued: number; active: number; byName: Array<{ name: string; queued: number; active: number }> } | null;
}

/** Instances report every 15 s; the screen follows at the same pace. */
const REFRESH_MS = 15_000;

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <TableRow>
      <TableCell component="th" sx={{ color: 'text.secondary', width: '45%', border: 0, py: 0.5 }}>
        {label}
      </TableCell>
      <TableCell sx={{ border: 0, py: 0.5 }} data-testid={testId}>
        {value}
      </TableCell>
    </TableRow>
  );
}

function Panel({ title, usage, children, testId }: { title: string; usage?: number; children: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {usage !== undefined ? (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, usage)}
            color={usage >= 90 ? 'error' : usage >= 70 ? 'warning' : 'primary'}
            sx={{ mb: 1 }}
          />
        ) : null}
        <Table size="small">
          <TableBody>{children}</TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** 服务监控: this process, its machine, the database and the queue, then every running instance (API and workers). */
export function ServerMonitorScreen() {
  const translate = useTranslate();
  const report = useApiData<ServerReport>('/monitor/server', {}, { poll: { everyMs: REFRESH_MS } });
  const instances = useApiData<InstanceRow[]>('/monitor/server/instances', {}, { poll: { everyMs: REFRESH_MS } });
  const reload = () => {
    report.reload();
    instances.reload();
  };

  const error = report.error ?? instances.error;
  const data = report.data;
  const f = data?.instance.figures;
  const tr = (key: string, options?: Record<string, unknown>) => translate(`app.serverMonitor.${key}`, options);
  const na = tr('unavailable');

  return (
    <Box sx={{ mt: 2 }} data-testid="server-monitor">
      <Title title={translate('app.serverMonitor.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Button label="app.serverMonitor.refresh" onClick={reload}>
          <RefreshIcon />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {tr('auto')}
        </Typography>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {tr('load_failed', { error: error.message })}
        </Alert>
      ) : null}
      {f && data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
          <Panel title={tr('cpu')} usage={f.cpu.usagePercent} testId="server-cpu">
            <Figure label={tr('model')} value={f.cpu.model || '-'} />
            <Figure label={tr('cores')} value={f.cpu.cores} />
            <Figure label={tr('usage')} value={percent(f.cpu.usagePercent)} testId="server-cpu-usage" />
            <Figure label={tr('load')} value={f.load.join(' / ')} />
          </Panel>
          <Panel title={tr('memory')} usage={f.memory.usagePercent} testId="server-memory">
            <Figure label={tr('total')} value={bytes(f.memory.totalBytes)} />
            <Figure label={tr('used')} value={`${bytes(f.memory.usedBytes)} (${percent(f.memory.usagePercent)})`} testId="server-memory-used" />
            <Figure label={tr('free')} value={bytes(f.memory.freeBytes)} />
          </Panel>
          <Panel title={tr('disk')} usage={f.disk?.usagePercent} testId="server-disk">
            {f.disk ? (
              <>
                <Figure label={tr('path')} value={f.disk.path} />
                <Figure label={tr('total')} value={bytes(f.disk.totalBytes)} />
                <Figure label={tr('used')} value={`${bytes(f.disk.usedBytes)} (${percent(f.disk.usagePercent)})`} />
                <Figure label={tr('free')} value={bytes(f.disk.freeBytes)} testId="server-disk-free" />
              </>
            ) : (
              <Figure label={tr('path')} value={na} />
            )}
          </Panel>
          <Panel title={tr('process')} testId="server-process">
            <Figure label={tr('heap')} value={`${bytes(f.heap.usedBytes)} / ${bytes(f.heap.totalBytes)}`} testId="server-heap" />
            <Figure label={tr('rss')} value={bytes(f.heap.rssBytes)} />
            <Figure label={tr('event_loop')} value={`${f.eventLoop.p50Ms} / ${f.eventLoop.p99Ms} ms`} testId="server-event-loop" />
            <Figure label={tr('uptime_process')} value={formatDuration(f.uptime.processSeconds, translate)} testId="server-uptime" />
            <Figure label={tr('uptime_os')} value={formatDuration(f.uptime.osSeconds, translate)} />
            <Figure label={tr('node')} value={f.nodeVersion} />
            <Figure label={tr('platform')} value={f.platform} />
          </Panel>
          <Panel title={tr('database')} testId="server-database">
            <Figure label={tr('pg_version')} value={data.database?.version ?? na} />
            <Figure label={tr('db_name')} value={data.database?.name ?? na} />
            <Figure label={tr('db_size')} value={data.database ? bytes(data.database.sizeBytes) : na} testId="server-db-size" />
            <Figure label={tr('pool')} value={f.pool ? `${f.pool.total} / ${f.pool.idle} / ${f.pool.waiting}` : na} testId="server-pool" />
          </Panel>
          <Panel title={tr('queue')} testId="server-queue">
            {data.queue ? (
              <>
                <Figure label={tr('queued')} value={data.queue.queued} testId="server-queued" />
                <Figure label={tr('active')} value={data.queue.active} testId="server-active" />
                {data.queue.byName.length ? (
                  data.queue.byName
                    .slice(0, 8)
                    .map((q) => <Figure key={q.name} label={q.name} value={`${tr('queued')} ${q.queued} · ${tr('active')} ${q.active}`} />)
                ) : (
                  <Figure label={tr('job_name')} value={tr('no_jobs')} />
                )}
              </>
            ) : (
              <Figure label={tr('queued')} value={na} />
            )}
          </Panel>
        </Box>
      ) : null}
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {tr('instances')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="server-instances">
              <TableHead>
                <TableRow>
                  <TableCell>{tr('host')}</TableCell>
                  <TableCell>{tr('pid')}</TableCell>
                  <TableCell>{tr('role')}</TableCell>
                  <TableCell>{tr('runs_jobs')}</TableCell>
                  <TableCell>{tr('cpu')}</TableCell>
                  <TableCell>{tr('load')}</TableCell>
                  <TableCell>{tr('memory')}</TableCell>
                  <TableCell>{tr('heap')}</TableCell>
                  <TableCell>{tr('rss')}</TableCell>
                  <TableCell>{tr('event_loop')}</TableCell>
                  <TableCell>{tr('uptime_process')}</TableCell>
                  <TableCell>{tr('node')}</TableCell>
                  <TableCell>{tr('last_seen')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(instances.data ?? []).map((r) => (
                  <TableRow key={r.instanceId} data-testid={`instance-${r.pid}-${r.role}`}>
                    <TableCell>
                      {r.hostName} {r.current ? <Chip size="small" color="primary" label={tr('this_instance')} /> : null}
                    </TableCell>
                    <TableCell>{r.pid}</TableCell>
                    <TableCell>{tr(r.role === 'worker' ? 'role_worker' : 'role_api')}</TableCell>
                    <TableCell>{tr(r.runsJobs ? 'yes' : 'no')}</TableCell>
                    <TableCell>{percent(r.figures.cpu?.usagePercent)}</TableCell>
                    <TableCell>{r.figures.load?.join(' / ') ?? '-'}</TableCell>
                    <TableCell>{percent(r.figures.memory?.usagePercent)}</TableCell>
                    <TableCell>{r.figures.heap ? `${bytes(r.figures.heap.usedBytes)} / ${bytes(r.figures.heap.totalBytes)}` : '-'}</TableCell>
                    <TableCell>{bytes(r.figures.heap?.rssBytes)}</TableCell>
                    <TableCell>{r.figures.eventLoop ? `${r.figures.eventLoop.p50Ms} / ${r.figures.eventLoop.p99Ms} ms` : '-'}</TableCell>
                    <TableCell>{r.figures.uptime ? formatDuration(r.figures.uptime.processSeconds, translate) : '-'}</TableCell>
                    <TableCell>{r.figures.nodeVersion ?? '-'}</TableCell>
                    <TableCell>{formatDateTime(r.lastSeen)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
