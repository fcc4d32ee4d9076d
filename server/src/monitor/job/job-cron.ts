import { parseExpression } from 'cron-parser';

/** Why a cron expression was refused: a message key of job.messages.ts and its arguments. */
export interface CronProblem {
  key: string;
  args?: Record<string, string | number>;
}

/** Field names in the order of a six-field expression (seconds first), as message keys. */
const FIELDS = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
/** How far ahead a schedule is looked for: an expression that never fires in this time is refused. */
const HORIZON_YEARS = 5;

/**
 * Cron expressions as RuoYi writes them (Quartz: seconds first, `?` for "any" day) and the five-field Unix form.
 * cron-parser reads both; a seventh (year) field is not supported and is refused with its own message.
 */
export function parseCron(expression: string, currentDate: Date = new Date()) {
  return parseExpression(expression.trim(), { currentDate, endDate: new Date(currentDate.getTime() + HORIZON_YEARS * 366 * 86_400_000) });
}

/** The problem with `expression`, naming the field that is wrong and why, or undefined when it fires at some time. */
export function cronProblem(expression: string, now: Date = new Date()): CronProblem | undefined {
  const text = (expression ?? '').trim();
  if (!text) return { key: 'job.cron.empty' };
  const parts = text.split(/\s+/);
  if (parts.length === 7) return { key: 'job.cron.year' };
  if (parts.length < 5 || parts.length > 6) return { key: 'job.cron.fieldCount', args: { count: parts.length } };
  // Each field alone (the others "any") tells which one the library refuses.
  const six = parts.length === 6 ? parts : ['0', ...parts];
  for (let i = 0; i < 6; i++) {
    if (parts.length === 5 && i === 0) continue;
    const probe = six.map((p, j) => (j === i ? p : j === 0 ? '0' : '*'));
    try {
      parseExpression(probe.join(' '));
    } catch (e) {
      return fieldProblem(FIELDS[i], parts.length === 6 ? i + 1 : i, six[i], (e as Error).message);
    }
  }
  try {
    parseCron(text, now).next();
  } catch (e) {
    const message = (e as Error).message;
    if (/day of month/i.test(message)) return { key: 'job.cron.noSuchDay' };
    if (/out of the timespan range/i.test(message)) return { key: 'job.cron.never', args: { years: HORIZON_YEARS } };
    return { key: 'job.cron.invalid' };
  }
  return undefined;
}

function fieldProblem(field: (typeof FIELDS)[number], position: number, value: string, message: string): CronProblem {
  const args = { position, field: `job.cron.field.${field}`, value };
  const range = /expected range (\d+)-(\d+)/.exec(message);
  if (range) return { key: 'job.cron.range', args: { ...args, min: range[1], max: range[2] } };
  if (/Invalid characters/i.test(message)) return { key: 'job.cron.characters', args };
  return { key: 'job.cron.fieldInvalid', args };
}

/** The next `count` firing times after `after` (an expression already checked). */
export function nextRuns(expression: string, count: number, after: Date = new Date()): Date[] {
  const it = parseCron(expression, after);
  const out: Date[] = [];
  for (let i = 0; i < count; i++) {
    try {
      out.push(it.next().toDate());
    } catch {
      break; // past the horizon: fewer times than asked
    }
  }
  return out;
}

/** The first firing time after `after`, or null when none comes within the horizon. */
export function nextRun(expression: string, after: Date = new Date()): Date | null {
  return nextRuns(expression, 1, after)[0] ?? null;
}
