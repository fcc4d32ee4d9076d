// Small helpers for hand-written SQL: literal LIKE patterns and unique-constraint violations.

/** True when a database error is a unique-constraint violation (PostgreSQL 23505), e.g. two concurrent inserts of one key. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.code === '23505' || e?.driverError?.code === '23505';
}

/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE pattern (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
