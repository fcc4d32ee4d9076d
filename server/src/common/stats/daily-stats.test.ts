import { describe, expect, it } from 'vitest';
import { dailyFigures, dayIn, emptyFigure, lastDays, type SqlRunner } from './daily-stats';

describe('days of the dashboard window', () => {
  it('cuts days in the given time zone, today last, across a month end', () => {
    const now = new Date('2026-03-01T16:30:00Z'); // already 2 March in Shanghai, still 1 March in UTC
    expect(dayIn(now, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(dayIn(now, 'UTC')).toBe('2026-03-01');
    const shanghai = lastDays(30, now, 'Asia/Shanghai');
    expect(shanghai.days).toHaveLength(30);
    expect(shanghai.days[0]).toBe('2026-02-01');
    expect(shanghai.days[29]).toBe('2026-03-02');
    expect(lastDays(3, now, 'UTC')).toEqual({ timeZone: 'UTC', days: ['2026-02-27', '2026-02-28', '2026-03-01'] });
    expect(emptyFigure(lastDays(3, now, 'UTC'))).toEqual({ today: 0, total: 0, series: [0, 0, 0] });
  });

  it('asks one grouped query with the window as parameters and zero-fills the answer', async () => {
    const calls: Array<{ sql: string; params: unknown[] }> = [];
    const runner: SqlRunner = {
      query: async (sql, params = []) => {
        calls.push({ sql, params });
        return [
          { day: '2026-02-28', v0: '2', v1: '150' },
          { day: '2026-03-01', v0: 1, v1: null },
        ];
      },
    };
    const window = lastDays(3, new Date('2026-03-01T12:00:00Z'), 'UTC');
    const figures = await dailyFigures(runner, window, {
      time: 'o.create_time',
      from: 'check_order o',
      where: 'o.member_id = $4',
      params: ['7'],
      values: { n: 'count(*)', fee: 'sum(o.total_fee)' },
    });
    expect(figures).toEqual({ n: { today: 1, total: 3, series: [0, 2, 1] }, fee: { today: 0, total: 150, series: [0, 150, 0] } });
    expect(calls).toHaveLength(1);
    expect(calls[0].params).toEqual(['UTC', '2026-02-27', '2026-03-02', '7']);
    expect(calls[0].sql).toContain('GROUP BY 1');
    expect(calls[0].sql).toContain('o.create_time >= ($2::date::timestamp AT TIME ZONE $1::text)');
    expect(calls[0].sql).toContain('AND (o.member_id = $4)');
  });
});
