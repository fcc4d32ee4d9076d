/**
 * Sizes as people read them: 512 B, 1.5 KB, 2 MB, 120 MB, 1.2 GB (one decimal under 100, none from 100). The API sends
 * bigint sizes as strings; '' or a value that is not a size gives ''.
 */
export function formatSize(size: number | string): string {
  const bytes = Number(size);
  if (size === '' || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
