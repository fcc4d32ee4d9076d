/** States of a check task: queued -> running -> done | failed (a crashed run goes back to queued). */
export const TASK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Files a task keeps in FILE_STORAGE under `check/tasks/{taskId}/`. */
export const REPORT_FILES = {
  json: { name: 'report.json', type: 'application/json' },
  html: { name: 'report.html', type: 'text/html; charset=utf-8' },
  full: { name: 'report-full.html', type: 'text/html; charset=utf-8' },
  pdf: { name: 'report.pdf', type: 'application/pdf' },
} as const;
export type ReportFileKind = keyof typeof REPORT_FILES;

export const CHECK_TASK_LIMITS = {
  /** Largest paper accepted (bytes). */
  maxFileBytes: 30 * 1024 * 1024,
  /** Runs of one task before it is given up (a crash or a fault each count one). */
  maxAttempts: 3,
  /** How often a running task refreshes its heartbeat, whatever the progress. */
  heartbeatMs: 10_000,
} as const;

/** The pg-boss queue of checks. */
export const CHECK_JOB = 'check.run';
