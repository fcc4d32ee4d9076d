/** A scheduled task as `GET /monitor/task` answers it (server: monitor/task/scheduled-task.dto.ts). */
export interface ScheduledTaskRow {
  taskId: string;
  taskName: string;
  description: string;
  /** '0' normal, '1' paused. */
  status: string;
  triggerType: 'cron' | 'fixedRate';
  cronExpression: string;
  declaredCron: string;
  periodSeconds: number | null;
  initialDelaySeconds: number;
  nextRunTime: string | null;
  nextRuns: string[];
  lastRun: ScheduledTaskLogRow | null;
  updateBy?: string;
  updateTime?: string | null;
}

/** One run (`GET /monitor/task/logs` rows). */
export interface ScheduledTaskLogRow {
  logId: string;
  taskName: string;
  jobId: string | null;
  manual: boolean;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  /** '0' succeeded, '1' failed, null still running. */
  status: string | null;
  message: string | null;
}

export const TASK_STATUS = [
  { id: '0', name: 'app.sched_task.status_0', color: 'success' },
  { id: '1', name: 'app.sched_task.status_1', color: 'default' },
] as const;

export const RUN_STATUS = [
  { id: '0', name: 'app.sched_task.run_0', color: 'success' },
  { id: '1', name: 'app.sched_task.run_1', color: 'error' },
  { id: 'running', name: 'app.sched_task.run_running', color: 'info' },
] as const;

/** A run's duration in words: "850 ms", "12.4 s", "3 min 5 s". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
