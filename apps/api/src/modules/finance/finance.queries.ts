/**
 * Read model: what the finance module reads from other domains — the
 * workspace's Pix charges for the charges report, the team for `assign_id`,
 * and the payer's username for the label of a booked Pix charge.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { charges } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { workspaceMembers } from '../../db/schema/workspaces';

export type ChargeBucket = 'pending' | 'paid' | 'expired';

/**
 * The workspace's charges in `currency` by status: a pending charge past its
 * expiry counts as expired (the renewal job marks it later); cancelled
 * charges count nowhere.
 */
export async function chargeTotalsByStatus(
  db: DbOrTx,
  workspaceId: string,
  currency: string,
  now: Date,
): Promise<{ bucket: ChargeBucket; count: number; totalCents: number }[]> {
  const bucket = sql<ChargeBucket>`case
      when ${charges.status} = 'pending' and ${charges.expiresAt} <= ${now} then 'expired'
      else ${charges.status} end`;
  return db
    .select({
      bucket,
      count: sql<number>`count(*)`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(${charges.valueCents}), 0)`.mapWith(Number),
    })
    .from(charges)
    .where(
      and(
        eq(charges.workspaceId, workspaceId),
        eq(charges.currency, currency),
        ne(charges.status, 'cancelled'),
      ),
    )
    .groupBy(sql`1`);
}

/** The users among `userIds` who belong to the workspace's team (owner or member). */
export async function teamMembersAmong(
  db: DbOrTx,
  workspaceId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.userId, [...userIds]),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export async function usernameOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username ?? null;
}
