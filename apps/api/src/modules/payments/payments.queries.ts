/**
 * The payments module's reads that join other domains' tables (accounts and
 * workspaces, for the payer's names): a workspace's charges with the payer's
 * names (the charge list and detail); payments to review — Pix money that
 * arrived for a workspace's charge but granted nothing (pix_notifications
 * ignored as amount_mismatch, already_paid or charge_not_payable), with the
 * charge and the payer's names; the workspace owner's contact (notices).
 */
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { charges, pixNotifications, pixRefunds } from '../../db/schema/payments';
import { PAYMENT_REVIEW_REASONS } from '@fa-clube/contract';
import type { ChargeKind } from '@fa-clube/contract';
import type { ChargeStatus } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';

/** Money that granted nothing, for the owner to refund or credit (the contract's list). */
export const REVIEW_REASONS = PAYMENT_REVIEW_REASONS;

const payerWorkspace = sql`(select w.label, w.username
    from ${workspaceMembers} m join ${workspaces} w on w.id = m.workspace_id
    where m.user_id = ${charges.payerId} and m.role = 'owner'
    order by m.created_at asc limit 1)`;

/** The PSP's notification that paid a charge (the lateral `pn`; none when the owner confirmed it). */
const paidBy = sql`(select n.end_to_end_id, n.connection_id from ${pixNotifications} n
    where n.charge_id = ${charges.id} and n.outcome = 'applied'
    order by n.received_at limit 1)`;

/** The payer's names: their own workspace's (the lateral `pw`), else their account's. */
const payerNames = {
  username: sql<string>`coalesce(pw.username, ${users.username})`,
  label: sql<string>`coalesce(pw.label, ${users.fullName})`,
};

const reviewColumns = {
  notification: pixNotifications,
  charge: charges,
  refund: pixRefunds,
  ...payerNames,
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

export async function listWorkspaceCharges(
  db: DbOrTx,
  input: {
    workspaceId: string;
    status?: ChargeStatus;
    kind?: ChargeKind | 'sale';
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(charges.workspaceId, input.workspaceId),
    input.status ? eq(charges.status, input.status) : undefined,
    input.kind === 'sale'
      ? ne(charges.kind, 'subscription')
      : input.kind
        ? eq(charges.kind, input.kind)
        : undefined,
  );
  const rows = await db
    .select({
      charge: charges,
      ...payerNames,
      paidEndToEndId: sql<string | null>`pn.end_to_end_id`,
      paidConnectionId: sql<string | null>`pn.connection_id`,
      refund: pixRefunds,
    })
    .from(charges)
    .innerJoin(users, eq(users.id, charges.payerId))
    .leftJoin(sql`lateral ${payerWorkspace} pw`, sql`true`)
    .leftJoin(sql`lateral ${paidBy} pn`, sql`true`)
    .leftJoin(pixRefunds, sql`${pixRefunds.endToEndId} = pn.end_to_end_id`)
    .where(where)
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ n: count() }).from(charges).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findChargeWithPayer(db: DbOrTx, workspaceId: string, chargeId: string) {
  const [row] = await db
    .select({ charge: charges, ...payerNames })
    .from(charges)
    .innerJoin(users, eq(users.id, charges.payerId))
    .leftJoin(sql`lateral ${payerWorkspace} pw`, sql`true`)
    .where(and(eq(charges.id, chargeId), eq(charges.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

/**
 * The workspace's newest charges that wait for its owner's confirmation (manual, pending,
 * unexpired), with the payer's names: the e-mail digest's lines (issue 34).
 */
export async function listWaitingCharges(
  db: DbOrTx,
  workspaceId: string,
  now: Date,
  limit: number,
) {
  return db
    .select({ charge: charges, ...payerNames })
    .from(charges)
    .innerJoin(users, eq(users.id, charges.payerId))
    .leftJoin(sql`lateral ${payerWorkspace} pw`, sql`true`)
    .where(
      and(
        eq(charges.workspaceId, workspaceId),
        eq(charges.status, 'pending'),
        eq(charges.provider, 'manual'),
        gt(charges.expiresAt, now),
      ),
    )
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(limit);
}
