import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { timeOrderedId } from '../../db/ids';
import { loginActivities, refreshTokens } from '../../db/schema/users';
import { sessionsRevoked } from '../../read-models/sessions';
import type { NewLoginActivity } from './login-activities.repo';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Inserts a refresh token (a renewed session, or a sign-in through signInSession). */
export async function insertRefreshToken(db: DbOrTx, input: typeof refreshTokens.$inferInsert) {
  const [row] = await db.insert(refreshTokens).values(input).returning();
  return row!;
}

const p = (name: string) => sql.placeholder(name);
const signInStatement = preparedStatement((db) => {
  const activity = db.$with('activity').as(
    db
      .insert(loginActivities)
      .values({
        id: p('activityId'),
        userId: p('userId'),
        ip: p('ip'),
        deviceType: p('deviceType'),
        deviceName: p('deviceName'),
        browser: p('browser'),
        country: p('country'),
        state: p('state'),
        city: p('city'),
        method: p('method'),
        sessionId: p('familyId'),
        createdAt: p('activityAt'),
      })
      .returning({ id: loginActivities.id }),
  );
  return db
    .with(activity)
    .insert(refreshTokens)
    .values({
      id: p('tokenId'),
      userId: p('userId'),
      familyId: p('familyId'),
      tokenHash: p('tokenHash'),
      expiresAt: p('expiresAt'),
      deviceId: p('deviceId'),
      createdAt: p('createdAt'),
    })
    .prepare('sign_in_session');
});

/**
 * A sign-in's session: its refresh token and its login activity in one prepared statement (one
 * round trip, one commit).
 */
export async function insertSignInSession(
  db: Db,
  token: {
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    deviceId: string | null;
    createdAt: Date;
  },
  activity: Omit<NewLoginActivity, 'userId' | 'sessionId'>,
) {
  // a prepared statement takes no column defaults: the ids are passed (db/ids.ts)
  await signInStatement(db).execute({
    ...token,
    tokenId: timeOrderedId(),
    activityId: timeOrderedId(),
    ip: activity.ip,
    deviceType: activity.deviceType,
    deviceName: activity.deviceName ?? null,
    browser: activity.browser ?? null,
    country: activity.country ?? null,
    state: activity.state ?? null,
    city: activity.city ?? null,
    method: activity.method ?? 'password',
    activityAt: activity.createdAt ?? token.createdAt,
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
