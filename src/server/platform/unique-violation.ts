/** Telling a unique-constraint violation from other database errors. */

/** True for a unique-constraint violation (PostgreSQL 23505), also when Drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
