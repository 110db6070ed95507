import { and, asc, count, desc, eq, gt, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginActivities, refreshTokens } from '../../db/schema/users';

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

/**
 * Deletes up to `limit` of the oldest entries created before `before` (but never the entry of
 * a session that is still live: the sessions list names its device); answers how many.
 */
export async function deleteLoginActivitiesBefore(
  db: DbOrTx,
  before: Date,
  now: Date,
  limit: number,
): Promise<number> {
  const oldest = db
    .select({ id: loginActivities.id })
    .from(loginActivities)
    .where(
      and(
        lt(loginActivities.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, loginActivities.sessionId),
                isNull(refreshTokens.revokedAt),
                gt(refreshTokens.expiresAt, now),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(loginActivities.createdAt))
    .limit(limit);
  const rows = await db
    .delete(loginActivities)
    .where(inArray(loginActivities.id, oldest))
    .returning({ id: loginActivities.id });
  return rows.length;
}

/** A renewed session keeps its sign-in's entry (the sessions list names its device from it). */
export async function moveLoginActivity(db: DbOrTx, fromSession: string, toSession: string) {
  await db
    .update(loginActivities)
    .set({ sessionId: toSession })
    .where(eq(loginActivities.sessionId, fromSession));
}

/** An entry of the person's own request (data export, account deletion) in the access log. */
export async function insertLoginActivity(db: DbOrTx, input: NewLoginActivity): Promise<void> {
  await db.insert(loginActivities).values(input);
}
