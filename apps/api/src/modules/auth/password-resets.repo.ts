import { and, desc, eq, gt, isNull, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets } from '../../db/schema/users';

export async function insertPasswordReset(
  db: DbOrTx,
  input: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  await db.insert(passwordResets).values(input);
}

/** Spends every unused link of the user (a newer link, or a completed reset, replaces them). */
export async function invalidateUnusedResets(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Spends the user's live links but the newest `keep`: a new request adds one, so a few stay
 * usable (someone else asking for links cannot cancel the one the owner is about to open).
 */
export async function keepNewestResets(db: DbOrTx, userId: string, keep: number, now: Date) {
  const newest = db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(keep);
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        notInArray(passwordResets.id, newest),
      ),
    );
}

/** The user of an unused, unexpired link, or null. */
export async function findUsableReset(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Marks the link used if it is unused and unexpired; returns its user, or null.
 * One UPDATE, so two requests with the same link cannot both win.
 */
export async function consumePasswordReset(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Forgets every link of the user (account deletion). */
export async function deletePasswordResetsOf(db: DbOrTx, userId: string) {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
