import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailChanges } from '../../db/schema/account';
import { loginActivities, passwordResets, refreshTokens, users } from '../../db/schema/users';

export type AccountUserRow = typeof users.$inferSelect;

export async function findAccountUser(db: DbOrTx, id: string): Promise<AccountUserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function isEmailUsed(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export async function updateAccountUser(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<AccountUserRow | null> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row ?? null;
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

export async function insertAuditActivity(
  db: DbOrTx,
  input: typeof loginActivities.$inferInsert,
): Promise<void> {
  await db.insert(loginActivities).values(input);
}

// ---- e-mail changes ----------------------------------------------------------------

export async function replaceEmailChange(
  db: DbOrTx,
  input: typeof emailChanges.$inferInsert & { userId: string },
  now: Date,
) {
  // only the newest link works
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, input.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(input);
}

/** Spends the link once; null when unknown, used or expired. */
export async function consumeEmailChange(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Forgets the person's pending links (e-mail change, password reset) on deletion. */
export async function deletePendingLinks(db: DbOrTx, userId: string) {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
