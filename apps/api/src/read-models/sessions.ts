/**
 * Read model: is a session (a refresh-token family) still open? Asked by the
 * auth plugin on every authenticated request, so a sign-out, a password reset,
 * a 2FA change or a detected refresh-token reuse ends the access tokens of the
 * session at once, on every process, not when they expire. One lookup on the
 * partial index refresh_tokens_live_family_idx (family_id where revoked_at is null).
 */
import { and, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginActivities, refreshTokens } from '../db/schema/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function isSessionLive(db: DbOrTx, sessionId: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return rows.length === 1;
}

/** When the session signed in: its first refresh token (rotations keep the family). */
export async function sessionStartedAt(db: DbOrTx, sessionId: string): Promise<Date | null> {
  if (!UUID.test(sessionId)) return null;
  const [row] = await db
    .select({ at: min(refreshTokens.createdAt) })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, sessionId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * The user's live sessions: refresh-token families with an unrevoked, unexpired token, with the
 * device of the sign-in that started each (login_activities.session_id), newest use first.
 */
export async function listLiveSessions(db: DbOrTx, userId: string, now: Date) {
  const live = await db
    .select({
      id: refreshTokens.familyId,
      lastUsedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .groupBy(refreshTokens.familyId);
  if (live.length === 0) return [];
  const activities = await db
    .select()
    .from(loginActivities)
    .where(
      and(
        eq(loginActivities.userId, userId),
        inArray(
          loginActivities.sessionId,
          live.map((s) => s.id),
        ),
      ),
    );
  const bySession = new Map(activities.map((a) => [a.sessionId, a]));
  return live
    .map((s) => ({ ...s, activity: bySession.get(s.id) ?? null }))
    .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());
}

/**
 * Which of `sessionIds` are still open, in one statement per thousand (the event streams'
 * keep-alive tick asks for all of its streams at once).
 */
export async function openSessions(db: DbOrTx, sessionIds: string[]): Promise<Set<string>> {
  const ids = sessionIds.filter((id) => UUID.test(id));
  const open = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectDistinct({ id: refreshTokens.familyId })
      .from(refreshTokens)
      .where(
        and(
          inArray(refreshTokens.familyId, ids.slice(i, i + 1000)),
          isNull(refreshTokens.revokedAt),
        ),
      );
    for (const r of rows) open.add(r.id);
  }
  return open;
}
