// Small helpers for hand-written SQL: literal LIKE patterns and unique-constraint violations.

/** True when a database error is a unique-constraint violation (PostgreSQL 23505), e.g. two concurrent inserts of one key. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.code === '23505' || e?.driverError?.code === '23505';
}

/** The unique index or constraint a unique violation names (e.g. `uq_sys_user_name`); undefined for any other error. */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const e = error as { constraint?: string; driverError?: { constraint?: string } };
  return e.constraint ?? e.driverError?.constraint ?? '';
}

/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE pattern (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Runs a write whose uniqueness the database decides: a violation of one of the named unique indexes becomes the
 * error that index's entry makes (the localized "already taken" message); anything else is thrown as it was.
 */
export async function withUniqueMessages<T>(write: () => Promise<T>, byIndex: Record<string, () => Error>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const make = byIndex[uniqueViolationOf(err) ?? ''];
    throw make ? make() : err;
  }
}
