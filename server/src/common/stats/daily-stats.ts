/**
 * Counts per day over the last days, for the back-office dashboard: a window of calendar days in the server's time
 * zone, one grouped query per figure, and the answer zero-filled so every day has a value.
 */

/** Days the dashboard looks back, today included. */
export const DASHBOARD_DAYS = 30;

/** The time zone days begin in: the server process's (the one pg-boss schedules use), UTC when unknown. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Calendar days ending today, in one time zone. */
export interface DayWindow {
  timeZone: string;
  /** `YYYY-MM-DD`, oldest first; the last one is today. */
  days: string[];
}

/** One figure of the window: a value per day (zero-filled), today's and the window's total. */
export interface DailyFigure {
  today: number;
  total: number;
  series: number[];
}

/** A figure with nothing in it (0 every day). */
export function emptyFigure(window: DayWindow): DailyFigure {
  return { today: 0, total: 0, series: window.days.map(() => 0) };
}

/** The calendar day of `date` in `timeZone`, `YYYY-MM-DD`. */
export function dayIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The `count` days ending with today (in `timeZone`), oldest first. */
export function lastDays(count = DASHBOARD_DAYS, now = new Date(), timeZone = serverTimeZone()): DayWindow {
  const [y, m, d] = dayIn(now, timeZone).split('-').map(Number);
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) days.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  return { timeZone, days };
}

/** The day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Something that runs parameterized SQL (a DataSource or an EntityManager). */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * What one grouped query counts. Every string is SQL written in code, never caller input; values go in `params`,
 * referenced as `$4`, `$5`... ($1 is the time zone, $2 and $3 the window's first day and the day after its last).
 */
export interface DailyQuery<K extends string> {
  /** The timestamptz column that places a row on a day; the window is a range on it, so an index on it is used. */
  time: string;
  /** The FROM clause (a table and its alias). */
  from: string;
  /** Further conditions (ANDed). */
  where?: string;
  /** The figures: name -> aggregate expression (`count(*)`, `sum(fee)`...). */
  values: Record<K, string>;
  params?: unknown[];
}

/**
 * Runs one `GROUP BY day` query over the window and answers each figure zero-filled, one value per day of the window.
 * Days are cut in the window's time zone: `[first day 00:00, day after the last 00:00)` local time.
 */
export async function dailyFigures<K extends string>(runner: SqlRunner, window: DayWindow, query: DailyQuery<K>): Promise<Record<K, DailyFigure>> {
  const names = Object.keys(query.values) as K[];
  const aggregates = names.map((name, i) => `${query.values[name]} AS v${i}`).join(', ');
  const sql =
    `SELECT to_char((${query.time} AT TIME ZONE $1::text)::date, 'YYYY-MM-DD') AS day, ${aggregates} FROM ${query.from}` +
    ` WHERE ${query.time} >= ($2::date::timestamp AT TIME ZONE $1::text) AND ${query.time} < ($3::date::timestamp AT TIME ZONE $1::text)` +
    (query.where ? ` AND (${query.where})` : '') +
    ' GROUP BY 1';
  const first = window.days[0];
  const end = nextDay(window.days[window.days.length - 1]);
  const rows = (await runner.query(sql, [window.timeZone, first, end, ...(query.params ?? [])])) as Array<Record<string, string | number | null>>;
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const result = {} as Record<K, DailyFigure>;
  names.forEach((name, i) => {
    const series = window.days.map((day) => Number(byDay.get(day)?.[`v${i}`] ?? 0));
    result[name] = { today: series[series.length - 1] ?? 0, total: series.reduce((a, b) => a + b, 0), series };
  });
  return result;
}
