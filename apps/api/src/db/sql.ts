import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** A Date as a timestamptz literal parameter. */
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Raw rows of a statement (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Waits for, then holds until the transaction ends, the advisory lock named
 * `key`: the statements after it see what a previous holder committed (a count
 * then checked against a limit cannot be passed by two transactions at once).
 */
export async function lockUntilCommit(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
