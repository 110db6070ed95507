import { and, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { ChargeKind } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import { charges, pixNotifications } from '../../db/schema/payments';

export type ChargeRow = typeof charges.$inferSelect;

/**
 * The payer's pending charge for the same thing: a subscription charge by its plan, a one-off
 * sale by its kind and item (charges_one_pending_uq, charges_one_pending_item_uq).
 */
export async function findPendingCharge(
  db: DbOrTx,
  payerId: string,
  of: { planId: string } | { kind: ChargeKind; itemId: string },
) {
  const same =
    'planId' in of
      ? eq(charges.planId, of.planId)
      : and(eq(charges.kind, of.kind), eq(charges.itemId, of.itemId));
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.payerId, payerId), same, eq(charges.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/** Deleting a post or a message: its open charges can no longer be paid (cancelled). */
export async function cancelItemCharges(tx: DbOrTx, kind: ChargeKind, itemId: string) {
  await tx
    .update(charges)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(charges.kind, kind),
        eq(charges.itemId, itemId),
        inArray(charges.status, ['pending', 'expired']),
      ),
    );
}

/** Workspaces' open charges can no longer be paid (cancelled): their BR Codes name an old key. */
export async function cancelOpenChargesOfWorkspaces(tx: DbOrTx, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return;
  await tx
    .update(charges)
    .set({ status: 'cancelled' })
    .where(
      and(
        inArray(charges.workspaceId, workspaceIds),
        inArray(charges.status, ['pending', 'expired']),
      ),
    );
}

/** The payer's newest pending, unexpired charge of a kind with a workspace. */
export async function findOpenChargeForWorkspace(
  db: DbOrTx,
  input: { payerId: string; workspaceId: string; kind: ChargeKind; now: Date },
) {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.payerId, input.payerId),
        eq(charges.workspaceId, input.workspaceId),
        eq(charges.kind, input.kind),
        eq(charges.status, 'pending'),
        gt(charges.expiresAt, input.now),
      ),
    )
    .orderBy(desc(charges.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertCharge(db: DbOrTx, input: typeof charges.$inferInsert) {
  const [row] = await db.insert(charges).values(input).returning();
  return row!;
}

/** pending -> expired, only if still pending (frees the one-pending-per-plan slot). */
export async function expireCharge(db: DbOrTx, chargeId: string) {
  await db
    .update(charges)
    .set({ status: 'expired' })
    .where(and(eq(charges.id, chargeId), eq(charges.status, 'pending')));
}

export async function expireOverdueCharges(db: DbOrTx, now: Date) {
  const rows = await db
    .update(charges)
    .set({ status: 'expired' })
    .where(and(eq(charges.status, 'pending'), lte(charges.expiresAt, now)))
    .returning({ id: charges.id });
  return rows.length;
}

export async function findChargeById(db: DbOrTx, chargeId: string) {
  const [row] = await db.select().from(charges).where(eq(charges.id, chargeId)).limit(1);
  return row ?? null;
}

export async function findChargeByTxid(db: DbOrTx, txid: string) {
  const [row] = await db.select().from(charges).where(eq(charges.txid, txid)).limit(1);
  return row ?? null;
}

/**
 * The one conditional step that makes a charge paid: only a pending (or an
 * expired but still payable) charge moves, so of any number of concurrent
 * confirmations exactly one gets a row back.
 */
export async function markChargePaid(
  db: DbOrTx,
  input: { chargeId: string; now: Date; confirmedBy?: string; endToEndId?: string },
) {
  const [row] = await db
    .update(charges)
    .set({
      status: 'paid',
      paidAt: input.now,
      confirmedBy: input.confirmedBy ?? null,
      endToEndId: input.endToEndId ?? null,
    })
    .where(and(eq(charges.id, input.chargeId), inArray(charges.status, ['pending', 'expired'])))
    .returning();
  return row ?? null;
}

/** Records a notification once: false when this endToEndId was already received. */
export async function insertNotification(
  db: DbOrTx,
  input: typeof pixNotifications.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(pixNotifications)
    .values(input)
    .onConflictDoNothing({ target: pixNotifications.endToEndId })
    .returning({ id: pixNotifications.endToEndId });
  return rows.length > 0;
}

export async function settleNotification(
  db: DbOrTx,
  endToEndId: string,
  outcome: { outcome: 'applied' | 'ignored'; reason: string | null; chargeId: string | null },
) {
  await db.update(pixNotifications).set(outcome).where(eq(pixNotifications.endToEndId, endToEndId));
}

/** Account deletion: the payer's open charges are cancelled; answers the ids of the paid ones. */
export async function closeChargesOfPayer(tx: DbOrTx, payerId: string): Promise<string[]> {
  await tx
    .update(charges)
    .set({ status: 'cancelled' })
    .where(and(eq(charges.payerId, payerId), inArray(charges.status, ['pending', 'expired'])));
  const paid = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.payerId, payerId), eq(charges.status, 'paid')));
  return paid.map((r) => r.id);
}

/** Marks a payment to review resolved, once; false when it already was (a concurrent click). */
export async function resolveNotification(
  db: DbOrTx,
  input: { endToEndId: string; userId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(pixNotifications)
    .set({ resolvedAt: input.now, resolvedBy: input.userId })
    .where(
      and(eq(pixNotifications.endToEndId, input.endToEndId), isNull(pixNotifications.resolvedAt)),
    )
    .returning({ id: pixNotifications.endToEndId });
  return rows.length === 1;
}

/** A payment that arrived without an open charge (a Pix Automático debit): recorded as paid, once per txid. */
export async function insertPaidCharge(db: DbOrTx, input: typeof charges.$inferInsert) {
  const [row] = await db
    .insert(charges)
    .values({ ...input, status: 'paid' })
    .onConflictDoNothing({ target: charges.txid })
    .returning();
  return row ?? null;
}

export async function setChargePaymentSpecs(db: DbOrTx, chargeId: string, paymentSpecs: string) {
  await db.update(charges).set({ paymentSpecs }).where(eq(charges.id, chargeId));
}

/** A connection's pending charges, oldest first, after `after` (the reconciliation's batches). */
export async function listPendingChargesOfConnection(
  db: DbOrTx,
  connectionId: string,
  since: Date,
  limit: number,
) {
  return db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.connectionId, connectionId),
        eq(charges.status, 'pending'),
        gt(charges.createdAt, since),
      ),
    )
    .orderBy(charges.createdAt)
    .limit(limit);
}

export async function findNotification(db: DbOrTx, endToEndId: string) {
  const [row] = await db
    .select()
    .from(pixNotifications)
    .where(eq(pixNotifications.endToEndId, endToEndId))
    .limit(1);
  return row ?? null;
}
