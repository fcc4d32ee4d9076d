/** 统计 > 网站统计: the screen's resource (menu path), its API and the figures' shapes (server: `/cms/stat...`). */
export const SITE_STAT_RESOURCE = 'cms/stat/site';
/** The visit log is `GET /cms/stat` (ChestnutCMS's path), not `<api>/list`. */
export const SITE_STAT_API = 'cms/stat';

export interface Trend {
  days: string[];
  pv: number[];
  uv: number[];
  visits: number[];
  total: { pv: number; uv: number; visits: number };
}

/** One row of a ranking: content id, referrer host ('' direct), client type or entry path. */
export interface StatRow {
  key: string;
  title?: string;
  pv: number;
  uv: number;
}

export const CLIENT_TYPES = ['desktop', 'phone', 'pad'] as const;

export type RangePreset = '7' | '30' | 'custom';

/** `YYYY-MM-DD` of a local date. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days to today (local time), both ends included. */
export function lastDaysRange(days: number, now = new Date()): { beginDate: string; endDate: string } {
  const begin = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { beginDate: localDay(begin), endDate: localDay(now) };
}

/** Views per visitor, two decimals ('0' without visitors). */
export function viewsPerVisitor(pv: number, uv: number): string {
  return uv ? (pv / uv).toFixed(2) : '0';
}

/** The label of a referrer host: '' is a direct visit. */
export const sourceLabel = (host: string, direct: string): string => host || direct;
