import { CHECK_TYPE_CODES, CHECK_TYPES, PRICE_MODES, type PriceMode } from '@zhiwen/shared';

/** Check types as choices, labelled in the UI language (the shared table only has the seed's Chinese names). */
export const CHECK_TYPE_CHOICES = CHECK_TYPE_CODES.map((id) => ({ id, name: `app.check_type.${id}` }));

/** The public route a check type sells on (`/bkysb`); '' for an unknown type. */
export const routeOfCheckType = (checkType: unknown): string =>
  typeof checkType === 'string' && Object.hasOwn(CHECK_TYPES, checkType) ? CHECK_TYPES[checkType as keyof typeof CHECK_TYPES].route : '';

/**
 * The path to put in the form when the check type changes: the type's route, but only while the field is empty
 * (a path staff typed is theirs to keep). undefined = leave the field alone.
 */
export function pathUrlToFill(checkType: unknown, currentPath: unknown): string | undefined {
  const route = routeOfCheckType(checkType);
  const empty = currentPath === undefined || currentPath === null || String(currentPath).trim() === '';
  return route && empty ? route : undefined;
}

/** Same rule as the server (`check.product.pathFormat`), so the form says it before saving. */
export const PATH_URL_FORMAT = /^\/[a-z0-9_-]{1,60}$/;

export const PRICE_MODE_CHOICES = PRICE_MODES.map((id) => ({ id, name: `app.check_product.priceMode_${id}` }));

/** Product status: 0 on sale, 1 off sale; with the colour of its chip. */
export const PRODUCT_STATUS = [
  { id: '0', name: 'app.check_product.status_0', color: 'success' },
  { id: '1', name: 'app.check_product.status_1', color: 'default' },
] as const;

/** The server's largest price (fen). */
export const MAX_PRICE_FEN = 100_000_000;

/**
 * Fen (integer, as stored) -> yuan text with 2 decimals: 1990 -> "19.90". Integer arithmetic, so no float rounding
 * shows; anything not a finite number -> ''.
 */
export function fenToYuan(fen: unknown): string {
  const value = typeof fen === 'string' && fen.trim() !== '' ? Number(fen) : fen;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const whole = Math.round(value);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Yuan as typed (number or text) -> integer fen for the server: 19.99 -> 1999 (rounded to the fen, since 19.99 * 100
 * is 1998.999... in floating point). Empty or not a number -> null, which the required rule reports.
 */
export function yuanToFen(yuan: unknown): number | null {
  if (yuan === undefined || yuan === null) return null;
  const value = typeof yuan === 'string' ? (yuan.trim() === '' ? NaN : Number(yuan)) : yuan;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.round(value * 100);
}

/** Validator of the price field (its form value is fen): within 0 .. MAX_PRICE_FEN. */
export function priceInRange(fen: unknown) {
  if (fen === undefined || fen === null || fen === '') return undefined;
  return typeof fen === 'number' && fen >= 0 && fen <= MAX_PRICE_FEN
    ? undefined
    : { message: 'app.check_product.price_range', args: { max: fenToYuan(MAX_PRICE_FEN) } };
}

/** "19.90/篇" or "3.00/千字": the amount in yuan and the i18n key of its unit. */
export function priceParts(price: unknown, priceMode: unknown): { amount: string; unitKey: string } {
  const mode: PriceMode = priceMode === 'per_thousand' ? 'per_thousand' : 'fixed';
  return { amount: fenToYuan(price), unitKey: `app.check_product.unit_${mode}` };
}
