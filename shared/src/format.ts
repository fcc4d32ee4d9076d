const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The product's date format `{y}-{m}-{d} {h}:{i}:{s}` in local time. Accepts a Date, an ISO string, or a number
 * (10 digits = seconds, else milliseconds); empty or invalid input gives ''.
 */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(String(value).length === 10 ? value * 1000 : value) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
