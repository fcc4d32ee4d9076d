import { describe, expect, it } from 'vitest';
import { lastDaysRange, localDay, sourceLabel, viewsPerVisitor } from '../src/screens/stat/site/siteStat';

describe('网站统计 helpers', () => {
  it('answers the last 7 or 30 days to today, both ends included, across a month end', () => {
    const now = new Date(2026, 2, 3, 23, 30); // 3 March, late evening
    expect(lastDaysRange(7, now)).toEqual({ beginDate: '2026-02-25', endDate: '2026-03-03' });
    expect(lastDaysRange(30, now)).toEqual({ beginDate: '2026-02-02', endDate: '2026-03-03' });
    expect(localDay(new Date(2026, 0, 9))).toBe('2026-01-09');
  });

  it('shows views per visitor with two decimals, and a direct visit by name', () => {
    expect(viewsPerVisitor(3, 2)).toBe('1.50');
    expect(viewsPerVisitor(0, 0)).toBe('0');
    expect(sourceLabel('', '直接访问')).toBe('直接访问');
    expect(sourceLabel('www.baidu.com', '直接访问')).toBe('www.baidu.com');
  });
});
