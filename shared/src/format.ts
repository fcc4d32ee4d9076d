const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The product's date format `{y}-{m}-{d} {h}:{i}:{s}` in local time. Accepts a Date, an ISO string, or a number
 * (10 digits = seconds, else milliseconds); empty or invalid input gives ''.
 */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date =
    value instanceof Date ? value : typeof value === 'number' ? new Date(String(value).length === 10 ? value * 1000 : value) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

// Control characters are exactly what a file name must not carry, with the characters Windows refuses.
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f]/g;

/** `text` made fit for a file name: refused characters become spaces, runs of space one, at most `maxChars` characters. */
export function fileNameTitle(text: string, maxChars: number): string {
  return [...text.replace(UNSAFE_FILE_NAME_CHARS, ' ').replace(/\s+/g, ' ').trim()].slice(0, maxChars).join('');
}
