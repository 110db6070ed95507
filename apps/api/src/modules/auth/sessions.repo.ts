import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { loginActivities, refreshTokens } from '../../db/schema/users';
import type { NewLoginActivity } from './login-activities.repo';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Inserts a refresh token (a renewed session, or a sign-in through signInSession). */
export async function insertRefreshToken(db: DbOrTx, input: typeof refreshTokens.$inferInsert) {
  const [row] = await db.insert(refreshTokens).values(input).returning();
  return row!;
}

/**
 * A sign-in's session: its refresh token and its login activity, in one transaction (both keyed
 * by time-ordered ids, db/ids.ts, so each sign-in's index entries land on the last page).
 */
export async function insertSignInSession(
  db: Db,
  token: typeof refreshTokens.$inferInsert,
  activity: Omit<NewLoginActivity, 'userId' | 'sessionId'>,
) {
  await db.transaction(async (tx) => {
    await tx.insert(refreshTokens).values(token);
    await tx.insert(loginActivities).values({
      ...activity,
      userId: token.userId,
      sessionId: token.familyId,
      createdAt: activity.createdAt ?? token.createdAt,
    });
  });
}

export async function findRefreshTokenByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshTokenRow | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a token used; returns false when another request used it first. */
export async function consumeRefreshToken(
  db: DbOrTx,
  id: string,
  replacedBy: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now, replacedBy })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: DbOrTx, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The device and the sign-in time of a session (its first refresh token). */
export async function sessionOrigin(
  db: DbOrTx,
  familyId: string,
): Promise<{ deviceId: string | null; startedAt: Date } | null> {
  const [row] = await db
    .select({ deviceId: refreshTokens.deviceId, startedAt: refreshTokens.createdAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId))
    .orderBy(asc(refreshTokens.createdAt))
    .limit(1);
  return row ?? null;
}

/** Revokes one session of the user; the number of tokens revoked (0: none was live). */
export async function revokeSession(db: DbOrTx, userId: string, familyId: string, now: Date) {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return rows.length;
}

/** Revokes every session of the user but `keep` (none when null); the sessions revoked. */
export async function revokeOtherSessions(
  db: DbOrTx,
  userId: string,
  keep: string | null,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(rows.map((r) => r.familyId)).size;
}
