/** One figure of `GET /dashboard`: a value per day of the window (oldest first), today's and the window's total. */
export interface DailyFigure {
  today: number;
  total: number;
  series: number[];
}

/** `GET /dashboard`: only the sections the caller's permissions allow are present. */
export interface DashboardData {
  timeZone: string;
  days: string[];
  checkOrders?: { orders: DailyFigure; revenue: DailyFigure; finished: DailyFigure; failed: DailyFigure };
  ai?: { generations: DailyFigure; tokens: DailyFigure };
  members?: { registered: DailyFigure };
  content?: { published: DailyFigure };
}

export type SectionKey = 'orders' | 'ai' | 'members' | 'content';

/** A stat card: today's value and the 30-day total of one figure; `money` values are fen. */
export interface StatCard {
  key: string;
  /** Message key of its label. */
  label: string;
  today: number;
  total: number;
  money?: boolean;
}

export interface ChartSeries {
  key: string;
  label: string;
  /** One value per day; money already in yuan. */
  data: number[];
}

export interface ChartSpec {
  key: string;
  title: string;
  kind: 'line' | 'bar';
  series: ChartSeries[];
  money?: boolean;
}

export interface DashboardSection {
  key: SectionKey;
  title: string;
  cards: StatCard[];
  charts: ChartSpec[];
}

const M = 'app.dashboard.';

/** Fen -> yuan as a number (for charts). */
export const yuan = (fen: number): number => Math.round(fen) / 100;

/** Fen -> `1,234.50`. */
export function formatYuan(fen: number): string {
  return yuan(fen).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** `2026-11-25` -> `11-25`, the x-axis label of a day. */
export const dayLabel = (day: string): string => day.slice(5);

const card = (key: string, figure: DailyFigure, money = false): StatCard => ({
  key,
  label: `${M}${key}`,
  today: figure.today,
  total: figure.total,
  ...(money && { money }),
});
const series = (key: string, data: number[]): ChartSeries => ({ key, label: `${M}${key}`, data });

/**
 * The sections to show, in a fixed order, each only when the answer has it (the server leaves out what the caller
 * may not see): its cards and its charts.
 */
export function sectionsOf(data: DashboardData | undefined): DashboardSection[] {
  if (!data) return [];
  const sections: DashboardSection[] = [];
  const o = data.checkOrders;
  if (o) {
    sections.push({
      key: 'orders',
      title: `${M}section_orders`,
      cards: [card('orders', o.orders), card('revenue', o.revenue, true), card('finished', o.finished), card('failed', o.failed)],
      charts: [
        { key: 'orders', title: `${M}chart_orders`, kind: 'bar', series: [series('orders', o.orders.series)] },
        { key: 'revenue', title: `${M}chart_revenue`, kind: 'line', money: true, series: [series('revenue', o.revenue.series.map(yuan))] },
        { key: 'checks', title: `${M}chart_checks`, kind: 'bar', series: [series('finished', o.finished.series), series('failed', o.failed.series)] },
      ],
    });
  }
  if (data.ai) {
    sections.push({
      key: 'ai',
      title: `${M}section_ai`,
      cards: [card('generations', data.ai.generations), card('tokens', data.ai.tokens)],
      charts: [{ key: 'ai', title: `${M}chart_ai`, kind: 'line', series: [series('generations', data.ai.generations.series)] }],
    });
  }
  if (data.members) {
    sections.push({
      key: 'members',
      title: `${M}section_members`,
      cards: [card('registered', data.members.registered)],
      charts: [{ key: 'members', title: `${M}chart_members`, kind: 'bar', series: [series('registered', data.members.registered.series)] }],
    });
  }
  if (data.content) {
    sections.push({
      key: 'content',
      title: `${M}section_content`,
      cards: [card('published', data.content.published)],
      charts: [{ key: 'content', title: `${M}chart_content`, kind: 'line', series: [series('published', data.content.published.series)] }],
    });
  }
  return sections;
}
