/** What PostgreSQL said of a failed statement (pg's and PGlite's errors carry the same fields). */
export type SqlError = { code?: string; detail?: string; constraint?: string };

/** The error's SQLSTATE and details, or an empty record for an error that is not the database's. */
export function sqlErrorOf(err: unknown): SqlError {
  if (typeof err !== 'object' || err === null) return {};
  const { code, detail, constraint } = err as Record<string, unknown>;
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
  };
}

/** A unique index refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown): boolean => sqlErrorOf(err).code === '23505';
