import { describe, expect, it } from 'vitest';
import { formatDate } from './date-format';

const WEEKDAYS_SHORT = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** The expected text of `yyyy-MM-dd HH:mm:ss.SSS E`, straight from Intl for that instant. */
function reference(time: number, timeZone: string): string {
  const get: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
  });
  for (const part of format.formatToParts(new Date(time))) get[part.type] = part.value;
  const weekday = WEEKDAYS_SHORT[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get.weekday)];
  const ms = String(new Date(time).getMilliseconds()).padStart(3, '0');
  return `${get.year.padStart(4, '0')}-${get.month}-${get.day} ${get.hour === '24' ? '00' : get.hour}:${get.minute}:${get.second}.${ms} ${weekday}`;
}

describe('date_format in a time zone', () => {
  it('gives the wall clock of the zone at every instant, across daylight-saving changes and old local mean times', () => {
    const zones = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns'];
    const instants: number[] = [];
    // Around the 2024 changes of New York (10 Mar, 3 Nov), London (31 Mar, 27 Oct) and Lord Howe (half an hour, 7 Apr).
    for (const iso of ['2024-03-10T07:00:00Z', '2024-11-03T06:00:00Z', '2024-03-31T01:00:00Z', '2024-10-27T01:00:00Z', '2024-04-06T15:00:00Z']) {
      const at = Date.parse(iso);
      for (const d of [-3_600_000, -1000, -1, 0, 1, 999, 1000, 1_800_000, 3_600_000]) instants.push(at + d);
    }
    // Shanghai's change from local mean time (1901) and its daylight saving of 1986-1991; a spread over 1900-2100.
    instants.push(Date.parse('1900-12-31T15:54:16Z'), Date.parse('1900-12-31T15:54:17Z'), Date.parse('1900-12-31T15:54:18Z'));
    instants.push(Date.parse('1986-05-03T18:00:00Z'), Date.parse('1986-09-13T16:59:59Z'), Date.parse('1986-09-13T17:00:00Z'));
    let seed = 7;
    for (let i = 0; i < 400; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      instants.push(Date.parse('1900-01-01T00:00:00Z') + (seed / 2 ** 31) * 200 * 365.25 * 86_400_000);
    }
    for (const zone of zones)
      for (const time of instants) {
        // Twice: the second reads what the first kept.
        for (let twice = 0; twice < 2; twice++)
          expect(formatDate(new Date(time), 'yyyy-MM-dd HH:mm:ss.SSS E', zone), `${zone} ${new Date(time).toISOString()}`).toBe(
            reference(time, zone),
          );
      }
  });
});
