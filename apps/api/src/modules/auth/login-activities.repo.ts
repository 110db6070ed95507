import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginActivities } from '../../db/schema/users';

export type LoginActivityRow = typeof loginActivities.$inferSelect;

export type NewLoginActivity = typeof loginActivities.$inferInsert;

/** The user's sign-ins, newest first. */
export async function listLoginActivities(
  db: DbOrTx,
  userId: string,
  opts: { limit: number; offset: number },
): Promise<{ rows: LoginActivityRow[]; total: number }> {
  const rows = await db
    .select()
    .from(loginActivities)
    .where(eq(loginActivities.userId, userId))
    .orderBy(desc(loginActivities.createdAt), desc(loginActivities.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [totals] = await db
    .select({ total: count() })
    .from(loginActivities)
    .where(eq(loginActivities.userId, userId));
  return { rows, total: Number(totals?.total ?? 0) };
}
