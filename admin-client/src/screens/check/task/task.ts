/** States of a check, with the colour of their chip. */
export const TASK_STATUS = [
  { id: 'queued', name: 'app.check_task.status_queued', color: 'default' },
  { id: 'running', name: 'app.check_task.status_running', color: 'info' },
  { id: 'done', name: 'app.check_task.status_done', color: 'success' },
  { id: 'failed', name: 'app.check_task.status_failed', color: 'error' },
] as const;

/** Library kinds a check can search. */
export const TASK_LIBRARY_KINDS = ['reference', 'cms', 'self'] as const;

/** What the server takes: a paper as .docx, .pdf or .txt (it judges the content), up to 30 MB. */
export const PAPER_ACCEPT = '.docx,.pdf,.txt';
export const MAX_PAPER_MB = 30;

/** Reports of a finished check. */
export const REPORT_KINDS = ['html', 'full', 'pdf'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** 0.1234 -> "12.3%"; no value -> "-". */
export function percent(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '-';
}
