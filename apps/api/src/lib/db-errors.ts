import { AcquireTimeoutError } from '../db/gate';

/** The error and its causes (drizzle wraps the driver's error in DrizzleQueryError). */
function* causes(err: unknown): Generator<unknown> {
  let e = err;
  for (let i = 0; e && i < 4; i++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** PostgreSQL error of a query, unwrapped from drizzle's DrizzleQueryError. */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  for (const e of causes(err)) {
    const found = e as { code?: unknown; constraint?: string };
    if (typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code))
      return found as { code: string; constraint?: string };
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

/** PostgreSQL cancelled the statement at statement_timeout (57014). */
export function isStatementTimeout(err: unknown): boolean {
  return pgError(err)?.code === '57014';
}

/** No connection became free within the acquire timeout (pg-pool, or PGlite's gate). */
export function isAcquireTimeout(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e instanceof AcquireTimeoutError) return true;
    if (
      e instanceof Error &&
      (e.message === 'timeout exceeded when trying to connect' ||
        e.message === 'Connection terminated due to connection timeout')
    )
      return true;
  }
  return false;
}

/** Network errors of a connection to PostgreSQL that is refused or cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTCONN',
  'EHOSTUNREACH',
]);
/** node-postgres' own messages for a connection that ended under it. */
const CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  // query_timeout (db/client.ts): no answer long past statement_timeout, the connection is cut
  'Query read timeout',
];

/**
 * PostgreSQL is unreachable or went away: connection refused or cut, the
 * server shutting down or starting up (57P01-57P03), connection exceptions
 * (class 08). Answered 503: the request may be retried once it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgError(err)?.code;
  if (code && (/^57P0[1-3]$/.test(code) || code.startsWith('08'))) return true;
  for (const e of causes(err)) {
    const errno = (e as { code?: unknown }).code;
    if (typeof errno === 'string' && CONNECTION_ERRNOS.has(errno)) return true;
    if (e instanceof Error && CONNECTION_MESSAGES.includes(e.message)) return true;
    // AggregateError of a connection to every address of a host name
    if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}

/** True for a foreign key violation (23503): a row still referenced, or a reference to nothing. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}
