/** PostgreSQL error of a query, unwrapped from drizzle's DrizzleQueryError. */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** True for a unique violation (23505), optionally of one named constraint/index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (e?.code !== '23505') return false;
  return (
    !constraint ||
    e.constraint === constraint ||
    (err instanceof Error && err.message.includes(constraint))
  );
}

export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}
