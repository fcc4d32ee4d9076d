import { describe, expect, it } from 'vitest';
import { dayLabel, formatYuan, sectionsOf, yuan, type DailyFigure, type DashboardData } from '../src/pages/dashboard/dashboardData';

const fig = (series: number[]): DailyFigure => ({ today: series[series.length - 1], total: series.reduce((a, b) => a + b, 0), series });
const days = ['2026-11-23', '2026-11-24', '2026-11-25'];

describe('dashboard figures', () => {
  it('maps every section the answer has to cards and charts, revenue in yuan', () => {
    const data: DashboardData = {
      timeZone: 'Asia/Shanghai',
      days,
      checkOrders: { orders: fig([1, 0, 2]), revenue: fig([0, 1550, 990]), finished: fig([0, 1, 1]), failed: fig([1, 0, 0]) },
      ai: { generations: fig([3, 0, 0]), tokens: fig([300, 0, 0]) },
      members: { registered: fig([0, 0, 4]) },
      content: { published: fig([0, 2, 0]) },
    };
    const sections = sectionsOf(data);
    expect(sections.map((s) => s.key)).toEqual(['orders', 'ai', 'members', 'content']);
    const orders = sections[0];
    expect(orders.cards.map((c) => [c.key, c.today, c.total, c.money ?? false])).toEqual([
      ['orders', 2, 3, false],
      ['revenue', 990, 2540, true],
      ['finished', 1, 2, false],
      ['failed', 0, 1, false],
    ]);
    expect(orders.charts.map((c) => [c.key, c.kind])).toEqual([
      ['orders', 'bar'],
      ['revenue', 'line'],
      ['checks', 'bar'],
    ]);
    expect(orders.charts[1].series[0].data).toEqual([0, 15.5, 9.9]);
    expect(orders.charts[2].series.map((s) => s.label)).toEqual(['app.dashboard.finished', 'app.dashboard.failed']);
    expect(sections[2].cards[0]).toEqual({ key: 'registered', label: 'app.dashboard.registered', today: 4, total: 4 });
  });

  it('leaves out the sections the server did not send', () => {
    expect(sectionsOf({ timeZone: 'UTC', days, members: { registered: fig([0, 0, 1]) } }).map((s) => s.key)).toEqual(['members']);
    expect(sectionsOf({ timeZone: 'UTC', days })).toEqual([]);
    expect(sectionsOf(undefined)).toEqual([]);
  });

  it('formats money and day labels', () => {
    expect(yuan(1999)).toBe(19.99);
    expect(formatYuan(123456789)).toBe('1,234,567.89');
    expect(formatYuan(0)).toBe('0.00');
    expect(dayLabel('2026-11-25')).toBe('11-25');
  });
});
