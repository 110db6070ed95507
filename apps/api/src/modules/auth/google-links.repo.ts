import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { googleLinkRequests } from '../../db/schema/users';

/** The account's link flow in progress: a new one replaces it (and any expired ones go). */
export async function replaceGoogleLinkRequest(
  db: DbOrTx,
  input: typeof googleLinkRequests.$inferInsert,
) {
  await db.transaction(async (tx) => {
    await tx.delete(googleLinkRequests).where(eq(googleLinkRequests.userId, input.userId));
    await tx.insert(googleLinkRequests).values(input);
  });
}

/** Takes the request once (deleting it); null when unknown, used already or expired. */
export async function consumeGoogleLinkRequest(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .delete(googleLinkRequests)
    .where(eq(googleLinkRequests.id, id))
    .returning();
  return row && row.expiresAt > now ? row : null;
}
