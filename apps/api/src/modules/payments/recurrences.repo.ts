import { and, asc, desc, eq, inArray, isNull, lt, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pixRecurrences, pixRecurringCharges } from '../../db/schema/payments';
import type { RecurrenceStatus, RecurringChargeStatus } from '../../db/schema/payments';

export type RecurringChargeRow = typeof pixRecurringCharges.$inferSelect;
export type PixRecurrenceRow = typeof pixRecurrences.$inferSelect;

export async function insertRecurrence(db: DbOrTx, input: typeof pixRecurrences.$inferInsert) {
  const [row] = await db.insert(pixRecurrences).values(input).returning();
  return row!;
}

export async function findRecurrenceByFirstCharge(db: DbOrTx, chargeId: string) {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(eq(pixRecurrences.firstChargeId, chargeId))
    .limit(1);
  return row ?? null;
}

export async function findRecurrenceById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(pixRecurrences).where(eq(pixRecurrences.id, id)).limit(1);
  return row ?? null;
}

export async function findRecurrenceByIdRec(db: DbOrTx, idRec: string) {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(eq(pixRecurrences.idRec, idRec))
    .limit(1);
  return row ?? null;
}

/** The subscription's newest recurrence (the live one, if any). */
export async function findLatestRecurrence(db: DbOrTx, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(eq(pixRecurrences.subscriptionId, subscriptionId))
    .orderBy(desc(pixRecurrences.createdAt))
    .limit(1);
  return row ?? null;
}

/** The payer's live (CRIADA or APROVADA) recurrence with a workspace, if any. */
export async function findLiveRecurrenceOfPayer(db: DbOrTx, workspaceId: string, payerId: string) {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(
      and(
        eq(pixRecurrences.workspaceId, workspaceId),
        eq(pixRecurrences.payerId, payerId),
        inArray(pixRecurrences.status, ['CRIADA', 'APROVADA']),
      ),
    )
    .orderBy(desc(pixRecurrences.createdAt))
    .limit(1);
  return row ?? null;
}

/** Live recurrences (CRIADA, APROVADA) of a connection or of a payer, after `afterId`: one batch. */
export async function listLiveRecurrences(
  db: DbOrTx,
  by: { connectionId: string } | { payerId: string },
  afterId: string | null,
  limit: number,
) {
  return db
    .select()
    .from(pixRecurrences)
    .where(
      and(
        'connectionId' in by
          ? eq(pixRecurrences.connectionId, by.connectionId)
          : eq(pixRecurrences.payerId, by.payerId),
        inArray(pixRecurrences.status, ['CRIADA', 'APROVADA']),
        afterId ? gt(pixRecurrences.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(pixRecurrences.id))
    .limit(limit);
}

/** Moves a recurrence to `status` when it is not there yet; answers the row when it moved. */
export async function setRecurrenceStatus(
  db: DbOrTx,
  id: string,
  input: { status: RecurrenceStatus; cancelledBy?: string; now: Date },
) {
  const [row] = await db
    .update(pixRecurrences)
    .set({
      status: input.status,
      updatedAt: input.now,
      ...(input.cancelledBy ? { cancelledBy: input.cancelledBy } : {}),
    })
    .where(
      and(
        eq(pixRecurrences.id, id),
        sql`${pixRecurrences.status} <> ${input.status}`,
        // an ended authorization does not come back
        inArray(pixRecurrences.status, ['CRIADA', 'APROVADA']),
      ),
    )
    .returning();
  return row ?? null;
}

/** Claims the debit of one period: false when another sweep already did. */
export async function claimRecurringCharge(
  db: DbOrTx,
  input: { recurrenceId: string; periodEnd: Date; valueCents: number; dueDate: string; now: Date },
) {
  const rows = await db
    .insert(pixRecurringCharges)
    .values({
      recurrenceId: input.recurrenceId,
      periodEnd: input.periodEnd,
      status: 'AGENDANDO',
      valueCents: input.valueCents,
      dueDate: input.dueDate,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({
      target: [pixRecurringCharges.recurrenceId, pixRecurringCharges.periodEnd],
    })
    .returning();
  return rows[0] ?? null;
}

/**
 * Takes the debit claims whose call to the PSP ended without an answer (still
 * AGENDANDO with no txid, untouched since `staleBefore`) for period ends still
 * ahead: the PSP may hold the debit. Taking one moves its updated_at, so one
 * sweep at a time retries it. Bounded by `limit`.
 */
export async function takeUnansweredDebitClaims(
  db: DbOrTx,
  now: Date,
  staleBefore: Date,
  limit: number,
) {
  const stale = db
    .select({ id: pixRecurringCharges.id })
    .from(pixRecurringCharges)
    .where(
      and(
        eq(pixRecurringCharges.status, 'AGENDANDO'),
        lt(pixRecurringCharges.updatedAt, staleBefore),
        gt(pixRecurringCharges.periodEnd, now),
        isNull(pixRecurringCharges.txid),
      ),
    )
    .orderBy(asc(pixRecurringCharges.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(pixRecurringCharges)
    .set({ updatedAt: now })
    .where(inArray(pixRecurringCharges.id, stale))
    .returning();
}

export async function dropRecurringChargeClaim(db: DbOrTx, id: string) {
  await db
    .delete(pixRecurringCharges)
    .where(and(eq(pixRecurringCharges.id, id), eq(pixRecurringCharges.status, 'AGENDANDO')));
}

export async function setRecurringChargeScheduled(
  db: DbOrTx,
  id: string,
  input: { txid: string; status: RecurringChargeStatus; now: Date },
) {
  await db
    .update(pixRecurringCharges)
    .set({ txid: input.txid, status: input.status, updatedAt: input.now })
    .where(and(eq(pixRecurringCharges.id, id), isNull(pixRecurringCharges.txid)));
}

/** The debit claim of a recurrence whose POST /cobr got no answer (its txid unknown to us). */
export async function findUnansweredClaimOf(db: DbOrTx, idRec: string) {
  const [row] = await db
    .select({ charge: pixRecurringCharges, recurrence: pixRecurrences })
    .from(pixRecurringCharges)
    .innerJoin(pixRecurrences, eq(pixRecurrences.id, pixRecurringCharges.recurrenceId))
    .where(
      and(
        eq(pixRecurrences.idRec, idRec),
        eq(pixRecurringCharges.status, 'AGENDANDO'),
        isNull(pixRecurringCharges.txid),
      ),
    )
    .orderBy(asc(pixRecurringCharges.periodEnd))
    .limit(1);
  return row ?? null;
}

export async function findRecurringChargeByTxid(db: DbOrTx, txid: string) {
  const [row] = await db
    .select({ charge: pixRecurringCharges, recurrence: pixRecurrences })
    .from(pixRecurringCharges)
    .innerJoin(pixRecurrences, eq(pixRecurrences.id, pixRecurringCharges.recurrenceId))
    .where(eq(pixRecurringCharges.txid, txid))
    .limit(1);
  return row ?? null;
}

/**
 * Ends a debit once: it moves to `status` only from a state still open, so of
 * any number of deliveries one gets the row back.
 */
export async function closeRecurringCharge(
  db: DbOrTx,
  id: string,
  input: { status: RecurringChargeStatus; now: Date; chargeId?: string },
) {
  const [row] = await db
    .update(pixRecurringCharges)
    .set({ status: input.status, updatedAt: input.now, chargeId: input.chargeId })
    .where(
      and(
        eq(pixRecurringCharges.id, id),
        inArray(pixRecurringCharges.status, ['AGENDANDO', 'CRIADA', 'ATIVA']),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setFallbackCharge(db: DbOrTx, id: string, chargeId: string) {
  await db
    .update(pixRecurringCharges)
    .set({ fallbackChargeId: chargeId })
    .where(eq(pixRecurringCharges.id, id));
}
