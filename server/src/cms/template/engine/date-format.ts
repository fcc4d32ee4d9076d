/** Default pattern of `date_format`. */
export const DEFAULT_DATE_PATTERN = 'yyyy-MM-dd HH:mm:ss';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const WEEKDAYS_SHORT = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const TOKEN = /'([^']*)'|y{4}|y{2}|M{1,2}|d{1,2}|H{1,2}|h{1,2}|m{1,2}|s{1,2}|S{3}|E{4}|E|a/g;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall-clock fields of `date`, as `Intl` gives them (the exact but slow way: a few µs a call). */
function partsByIntl(date: Date, timeZone: string | undefined): Parts {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(key, formatter);
  }
  const get: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) get[part.type] = part.value;
  return {
    year: Number(get.year),
    month: Number(get.month),
    day: Number(get.day),
    hour: Number(get.hour) % 24,
    minute: Number(get.minute),
    second: Number(get.second),
    millisecond: date.getMilliseconds(),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get.weekday),
  };
}

/** How far the zone's wall clock is ahead of UTC at `time` (ms), from `Intl`. */
function offsetByIntl(time: number, timeZone: string | undefined): number {
  const p = partsByIntl(new Date(time), timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(p.year, p.month - 1, p.day);
  wall.setUTCHours(p.hour, p.minute, p.second, 0);
  return wall.getTime() - (time - new Date(time).getUTCMilliseconds());
}

/**
 * Offsets of zones by quarter hour of UTC time, where the offset is the same at both ends of the quarter (a zone
 * changes its offset at most once in a quarter hour, so then it holds throughout); `null` where it changes inside.
 * Publishing formats a date per list item and page; `Intl` per date was 5% of a whole-site run.
 */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number | null>();

function partsIn(date: Date, timeZone: string | undefined): Parts {
  const time = date.getTime();
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  const key = `${timeZone ?? ''}\u0000${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    const atStart = offsetByIntl(start, timeZone);
    offset = atStart === offsetByIntl(start + QUARTER_HOUR_MS - 1000, timeZone) ? atStart : null;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  if (offset === null) return partsByIntl(date, timeZone);
  const wall = new Date(time + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: date.getMilliseconds(),
    weekday: wall.getUTCDay(),
  };
}

/** A Date from a Date, an ISO string or epoch milliseconds; null when it is none of them. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string' && value.trim()) {
    if (value.trim() === 'now') return new Date();
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Formats a date with a Java-style pattern as ChestnutCMS templates do: yyyy yy MM M dd d HH H hh h mm m ss s SSS
 * E (周一) EEEE (星期一) a (上午/下午), text in single quotes kept. Empty values give ''.
 */
export function formatDate(value: unknown, pattern: string = DEFAULT_DATE_PATTERN, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsIn(date, timeZone);
  return String(pattern)
    .slice(0, 200)
    .replace(TOKEN, (token: string, quoted?: string) => {
      if (quoted !== undefined) return quoted === '' ? "'" : quoted;
      switch (token) {
        case 'yyyy':
          return String(p.year);
        case 'yy':
          return pad(p.year % 100);
        case 'MM':
          return pad(p.month);
        case 'M':
          return String(p.month);
        case 'dd':
          return pad(p.day);
        case 'd':
          return String(p.day);
        case 'HH':
          return pad(p.hour);
        case 'H':
          return String(p.hour);
        case 'hh':
          return pad(p.hour % 12 || 12);
        case 'h':
          return String(p.hour % 12 || 12);
        case 'mm':
          return pad(p.minute);
        case 'm':
          return String(p.minute);
        case 'ss':
          return pad(p.second);
        case 's':
          return String(p.second);
        case 'SSS':
          return pad(p.millisecond, 3);
        case 'EEEE':
          return WEEKDAYS[p.weekday] ?? '';
        case 'E':
          return WEEKDAYS_SHORT[p.weekday] ?? '';
        case 'a':
          return p.hour < 12 ? '上午' : '下午';
        default:
          return token;
      }
    });
}
