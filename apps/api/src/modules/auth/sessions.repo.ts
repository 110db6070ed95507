import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginActivities, refreshTokens } from '../../db/schema/users';
import { sessionsRevoked } from '../../read-models/sessions';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * Inserts a refresh token; with `loginActivity`, the sign-in's login
 * activity in the same statement (one round trip, one commit).
 */
export async function insertRefreshToken(
  db: DbOrTx,
  input: typeof refreshTokens.$inferInsert,
  loginActivity?: typeof loginActivities.$inferInsert,
) {
  if (!loginActivity) {
    const [row] = await db.insert(refreshTokens).values(input).returning();
    return row!;
  }
  const activity = db
    .$with('activity')
    .as(db.insert(loginActivities).values(loginActivity).returning({ id: loginActivities.id }));
  const [row] = await db.with(activity).insert(refreshTokens).values(input).returning();
  return row!;
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

/*
 * Every revoking statement tells the session check (read-models/sessions.ts) before and after
 * it runs; a caller inside a transaction calls sessionsRevoked() again after the commit.
 */
export async function revokeFamily(db: DbOrTx, familyId: string, now: Date) {
  sessionsRevoked();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  sessionsRevoked();
}

export async function revokeAllForUser(db: DbOrTx, userId: string, now: Date) {
  sessionsRevoked();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  sessionsRevoked();
}

/** Whether `deviceId` ever got a session of the user (a successful sign-in from it). */
export async function isKnownDevice(db: DbOrTx, userId: string, deviceId: string) {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.deviceId, deviceId)))
    .limit(1);
  return rows.length === 1;
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
