/**
 * Read model: is a session (a refresh-token family) still open? Asked by the
 * auth plugin on every authenticated request, so a sign-out, a password reset,
 * a 2FA change or a detected refresh-token reuse ends the access tokens of the
 * session at once, not when they expire. One lookup on the partial index
 * refresh_tokens_live_family_idx (family_id where revoked_at is null), its
 * "still open" answers kept briefly per process (createSessionCheck).
 */
import { and, eq, inArray, isNull, min } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { refreshTokens } from '../db/schema/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/*
 * Every revocation in this process (sign-out, password reset, 2FA change, refresh-token reuse,
 * "end the other sessions", account deletion) bumps this counter, which forgets every cached
 * answer of every checker at once: revocations are rare, lookups are per request.
 */
let revocations = 0;

/**
 * Called by every statement that revokes sessions, right after it (and, when it ran inside a
 * transaction, again after the commit): no answer read before it is reused.
 */
export function sessionsRevoked(): void {
  revocations++;
}

/**
 * The per-request session check (plugins/auth.ts) with a short memory: a "still open" answer
 * is reused for `ttlMs` by this process (0: the database is asked every time), so a client's
 * burst of requests (a page's /me, feed and recommendations) costs one lookup, not one each.
 * A revocation in this process forgets every answer at once (`sessionsRevoked`); one in
 * another process sharing the database is seen within `ttlMs`. Closed sessions are not
 * remembered, and a lookup that overlapped a revocation is not kept. Bounded: a full memory
 * starts over.
 */
export function createSessionCheck(db: DbOrTx, ttlMs: number, max = 10_000) {
  const live = new Map<string, { until: number; generation: number }>();
  return async (sessionId: string): Promise<boolean> => {
    if (ttlMs <= 0) return isSessionLive(db, sessionId);
    const now = performance.now();
    const hit = live.get(sessionId);
    if (hit && hit.generation === revocations && hit.until > now) return true;
    const generation = revocations;
    const ok = await isSessionLive(db, sessionId);
    if (!ok || generation !== revocations) {
      live.delete(sessionId);
      return ok;
    }
    if (live.size >= max) live.clear();
    live.set(sessionId, { until: now + ttlMs, generation });
    return true;
  };
}

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
