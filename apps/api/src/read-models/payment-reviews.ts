/**
 * Read model: payments to review — Pix money that arrived for a workspace's
 * charge but granted nothing (pix_notifications ignored as amount_mismatch,
 * already_paid or charge_not_payable), with the charge and the payer's names.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { charges, pixNotifications, pixRefunds } from '../db/schema/subscriptions';
import { users } from '../db/schema/users';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';

export const REVIEW_REASONS = [
  'amount_mismatch',
  'already_paid',
  'charge_not_payable',
  'age_verification_required',
] as const;

const payerWorkspace = sql`(select w.label, w.username
    from ${workspaceMembers} m join ${workspaces} w on w.id = m.workspace_id
    where m.user_id = ${charges.payerId} and m.role = 'owner'
    order by m.created_at asc limit 1)`;

const reviewColumns = {
  notification: pixNotifications,
  charge: charges,
  refund: pixRefunds,
  username: sql<string>`coalesce(pw.username, ${users.username})`,
  label: sql<string>`coalesce(pw.label, ${users.fullName})`,
};

const isReview = (workspaceId: string) =>
  and(
    eq(charges.workspaceId, workspaceId),
    eq(pixNotifications.outcome, 'ignored'),
    inArray(pixNotifications.reason, [...REVIEW_REASONS]),
  );

export async function listPaymentReviews(
  db: DbOrTx,
  input: { workspaceId: string; resolved: boolean; limit: number; offset: number },
) {
  const where = and(
    isReview(input.workspaceId),
    input.resolved ? isNotNull(pixNotifications.resolvedAt) : isNull(pixNotifications.resolvedAt),
  );
  const rows = await db
    .select(reviewColumns)
    .from(pixNotifications)
    .innerJoin(charges, eq(charges.id, pixNotifications.chargeId))
    .innerJoin(users, eq(users.id, charges.payerId))
    .leftJoin(pixRefunds, eq(pixRefunds.endToEndId, pixNotifications.endToEndId))
    .leftJoin(sql`lateral ${payerWorkspace} pw`, sql`true`)
    .where(where)
    .orderBy(desc(pixNotifications.receivedAt), desc(pixNotifications.endToEndId))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db
    .select({ n: count() })
    .from(pixNotifications)
    .innerJoin(charges, eq(charges.id, pixNotifications.chargeId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findPaymentReview(db: DbOrTx, workspaceId: string, endToEndId: string) {
  const [row] = await db
    .select(reviewColumns)
    .from(pixNotifications)
    .innerJoin(charges, eq(charges.id, pixNotifications.chargeId))
    .innerJoin(users, eq(users.id, charges.payerId))
    .leftJoin(pixRefunds, eq(pixRefunds.endToEndId, pixNotifications.endToEndId))
    .leftJoin(sql`lateral ${payerWorkspace} pw`, sql`true`)
    .where(and(isReview(workspaceId), eq(pixNotifications.endToEndId, endToEndId)))
    .limit(1);
  return row ?? null;
}
