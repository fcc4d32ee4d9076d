import { formatSize } from '../../../components/formatSize';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A duration in seconds as people read it: "3 天 4 小时", "2 小时 5 分", "4 分 10 秒". */
export function formatDuration(seconds: number, translate: Translate): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return translate('app.serverMonitor.days', { d, h });
  if (h > 0) return translate('app.serverMonitor.hours', { h, m });
  return translate('app.serverMonitor.minutes', { m, s: s % 60 });
}

/** Bytes as 1.5 GB; '-' for a missing figure. */
export const bytes = (n: number | null | undefined) => (n === null || n === undefined ? '-' : formatSize(n));

export const percent = (n: number | null | undefined) => (n === null || n === undefined ? '-' : `${n}%`);
