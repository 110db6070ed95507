import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chargeDigests, charges } from '../../db/schema/payments';

/**
 * Pix waiting for their owner (issue 34): charges no PSP confirms ('manual') that are still
 * pending and payable. The rows of charges_waiting_idx (all workspaces) or of
 * charges_workspace_status_idx (one).
 */
const waiting = (now: Date) =>
  and(eq(charges.status, 'pending'), eq(charges.provider, 'manual'), gt(charges.expiresAt, now));

/** How many of the workspace's charges wait, counting at most `cap`. */
export async function countWaitingCharges(
  db: DbOrTx,
  workspaceId: string,
  now: Date,
  cap: number,
): Promise<number> {
  const rows = await db
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.workspaceId, workspaceId), waiting(now)))
    .limit(cap);
  return rows.length;
}

/**
 * Workspaces due a digest: a waiting charge opened after their last digest, and that digest at
 * least `gapMs` old (or none). At most `limit`.
 */
export async function listDigestsDue(db: DbOrTx, now: Date, gapMs: number, limit: number) {
  const rows = await db
    .selectDistinct({ workspaceId: charges.workspaceId })
    .from(charges)
    .leftJoin(chargeDigests, eq(chargeDigests.workspaceId, charges.workspaceId))
    .where(
      and(
        waiting(now),
        or(
          isNull(chargeDigests.sentAt),
          and(
            lte(chargeDigests.sentAt, new Date(now.getTime() - gapMs)),
            gt(charges.createdAt, chargeDigests.sentAt),
          ),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.workspaceId);
}

/** Takes the workspace's digest slot for `now` unless one was sent less than `gapMs` ago. */
export async function claimDigest(
  db: DbOrTx,
  workspaceId: string,
  now: Date,
  gapMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(chargeDigests)
    .values({ workspaceId, sentAt: now })
    .onConflictDoUpdate({
      target: chargeDigests.workspaceId,
      set: { sentAt: now },
      setWhere: lte(chargeDigests.sentAt, new Date(now.getTime() - gapMs)),
    })
    .returning({ workspaceId: chargeDigests.workspaceId });
  return rows.length > 0;
}
