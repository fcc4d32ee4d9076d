/**
 * Errors that say the database cannot be reached right now (stopped, restarting, unreachable), not that a statement
 * was wrong: the request may succeed in a moment, so they answer 503 rather than 500.
 */

/** Network errors of the connection to the database (refused while it is down, reset when it stops under us). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away or not taking connections: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);

/** Messages of node-postgres and its pool that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /^Connection (?:is )?closed/i,
];

/**
 * True when `error`, or an error it wraps (TypeORM's driverError, an AggregateError of a connect to several addresses),
 * is of that kind. A `cause` is not followed: a failed fetch to a third party wraps its ECONNREFUSED there.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))) return true;
  const inner = [e.driverError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((x) => x !== error && isDatabaseUnavailable(x, depth + 1));
}
