/** Keys whose values never reach the log: passwords, tokens, keys and the like. */
export const SECRET_KEY = /pass(word)?|pwd|secret|token|apiKey|authorization|credential/i;
export const MASK = '******';
/** Longest text kept in a log column holding JSON or an error. */
export const LOG_TEXT_MAX = 2000;

const MAX_DEPTH = 20;
/** Bounds the work spent on a huge payload; what is left out is cut by truncation anyway. */
const MAX_NODES = 5000;

/** A copy of `value` fit for JSON where every property named like a secret, at any depth, reads "******". */
export function maskSecrets(value: unknown): unknown {
  const seen = new WeakSet<object>();
  let budget = MAX_NODES;
  const walk = (v: unknown, depth: number): unknown => {
    if (--budget < 0) return '…';
    if (v === null || v === undefined) return v;
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (typeof v !== 'object') return v;
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) return `[binary ${v.byteLength} bytes]`;
    if (depth >= MAX_DEPTH) return '…';
    if (seen.has(v)) return '[Circular]';
    seen.add(v);
    try {
      const toJSON = (v as { toJSON?: () => unknown }).toJSON;
      if (typeof toJSON === 'function') return walk(toJSON.call(v), depth + 1);
      if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(v)) {
        out[key] = SECRET_KEY.test(key) ? MASK : walk(item, depth + 1);
      }
      return out;
    } finally {
      seen.delete(v);
    }
  };
  return walk(value, 0);
}

/** `text` cut to at most `max` characters. */
export function truncate(text: string, max: number = LOG_TEXT_MAX): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** Masked JSON of `value`, cut to the log column size; '' for nothing. */
export function maskedJson(value: unknown, max: number = LOG_TEXT_MAX): string {
  if (value === undefined) return '';
  try {
    return truncate(JSON.stringify(maskSecrets(value)) ?? '', max);
  } catch {
    return '';
  }
}
