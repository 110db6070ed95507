import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailChanges } from '../../db/schema/account';

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

/** Forgets the person's pending e-mail changes (account deletion). */
export async function deleteEmailChangesOf(db: DbOrTx, userId: string) {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}
