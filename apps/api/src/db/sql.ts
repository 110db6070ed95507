import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** A Date as a timestamptz literal parameter. */
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Raw rows of a statement (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
