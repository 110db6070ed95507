import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentAttachments, contentPurchases, contents } from '../../db/schema/content';
import { mediaPendingSql } from './feed.queries';

/** A post as sold: its workspace and price (null: free), or null when there is no such post. */
export async function findPostForSale(db: DbOrTx, contentId: string) {
  const [row] = await db
    .select({
      id: contents.id,
      workspaceId: contents.workspaceId,
      priceCents: contents.priceCents,
      // a video still processing (or failed): not shown to fans, so not sold
      mediaPending: sql<boolean>`${mediaPendingSql(sql`${contents.id}`)}`,
      // a scheduled post (issue 35): shown to the team only until it is published
      scheduled: sql<boolean>`${contents.publishAt} is not null`,
    })
    .from(contents)
    .where(eq(contents.id, contentId))
    .limit(1);
  return row ?? null;
}

/** The post of the workspace a file (or poster) belongs to, with its price, or null. */
export async function findPostOfFile(
  db: DbOrTx,
  workspaceId: string,
  filePath: string,
  opts: { readyOnly?: boolean } = {},
) {
  const [row] = await db
    .select({ id: contents.id, priceCents: contents.priceCents, publishAt: contents.publishAt })
    .from(contentAttachments)
    .innerJoin(contents, eq(contents.id, contentAttachments.contentId))
    .where(
      and(
        eq(contentAttachments.filePath, filePath),
        eq(contents.workspaceId, workspaceId),
        // an old image the backfill could not re-encode goes to its owner alone
        ...(opts.readyOnly ? [eq(contentAttachments.status, 'ready')] : []),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function hasPurchased(db: DbOrTx, contentId: string, buyerId: string) {
  const [row] = await db
    .select({ id: contentPurchases.contentId })
    .from(contentPurchases)
    .where(and(eq(contentPurchases.contentId, contentId), eq(contentPurchases.buyerId, buyerId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The paid charge's purchase, once: a second charge paid for a post already bought (two
 * charges opened and both paid) adds nothing. Null when the post is gone.
 */
export async function insertPurchase(
  tx: DbOrTx,
  input: { contentId: string; buyerId: string; chargeId: string; priceCents: number; now: Date },
) {
  const post = await findPostForSale(tx, input.contentId);
  if (!post) return null;
  const rows = await tx
    .insert(contentPurchases)
    .values({
      contentId: input.contentId,
      buyerId: input.buyerId,
      workspaceId: post.workspaceId,
      chargeId: input.chargeId,
      priceCents: input.priceCents,
      purchasedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: contentPurchases.contentId });
  return rows.length > 0;
}

/** A refunded purchase: the buyer loses the post again. */
export async function deletePurchaseOfCharge(tx: DbOrTx, chargeId: string) {
  await tx.delete(contentPurchases).where(eq(contentPurchases.chargeId, chargeId));
}
