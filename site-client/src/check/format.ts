import type { PriceMode } from '@zhiwen/shared';
import { t } from '../app/messages';

/** Fen as yuan with two decimals: 1250 -> "12.50". */
export function yuan(fen: number): string {
  const value = Number.isFinite(fen) ? Math.round(fen) : 0;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  // Integer arithmetic: no floating-point "0.1 + 0.2" surprises on prices.
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "¥12.50". */
export const money = (fen: number): string => `¥${yuan(fen)}`;

/** A product's price: "¥x.xx/篇" or "¥x.xx/千字". */
export function priceLabel(price: number, mode: PriceMode): string {
  return t(mode === 'per_thousand' ? 'check.price.perThousand' : 'check.price.fixed', { yuan: yuan(price) });
}

/** A ratio in [0, 1] as the reports print it ("12.3%"); unknown as "—". */
export function percent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  return `${(Math.min(1, Math.max(0, ratio)) * 100).toFixed(1)}%`;
}

/** "12,345". */
export const count = (value: number): string => Math.round(value).toLocaleString('en-US');
