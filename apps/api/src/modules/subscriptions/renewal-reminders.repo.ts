import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { renewalReminders } from '../../db/schema/subscriptions';

export type RenewalReminderRow = typeof renewalReminders.$inferSelect;

/** Writes the reminder of one subscription period into the outbox (once per period). */
export async function enqueueReminder(
  db: DbOrTx,
  input: { subscriptionId: string; periodEnd: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(renewalReminders)
    .values({
      subscriptionId: input.subscriptionId,
      periodEnd: input.periodEnd,
      nextAttemptAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: renewalReminders.id });
  return rows.length === 1;
}

/**
 * Claims up to `limit` reminders to send now: pending ones whose time has come,
 * and ones claimed before whose lease ran out (the process died while sending).
 * SKIP LOCKED: concurrent sweeps never claim the same row.
 */
export async function claimDueReminders(
  db: DbOrTx,
  input: { now: Date; leaseUntil: Date; limit: number },
): Promise<RenewalReminderRow[]> {
  const due = db
    .select({ id: renewalReminders.id })
    .from(renewalReminders)
    .where(
      or(
        and(eq(renewalReminders.status, 'pending'), lte(renewalReminders.nextAttemptAt, input.now)),
        and(eq(renewalReminders.status, 'sending'), lt(renewalReminders.claimedUntil, input.now)),
      ),
    )
    .orderBy(asc(renewalReminders.nextAttemptAt))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db
    .update(renewalReminders)
    .set({
      status: 'sending',
      claimedUntil: input.leaseUntil,
      attempts: sql`${renewalReminders.attempts} + 1`,
    })
    .where(inArray(renewalReminders.id, due))
    .returning();
}

export async function setReminderCharge(db: DbOrTx, id: string, chargeId: string) {
  await db.update(renewalReminders).set({ chargeId }).where(eq(renewalReminders.id, id));
}

/** The claimed reminder went out (or has nothing to send: skipped). */
export async function finishReminder(
  db: DbOrTx,
  id: string,
  outcome: { status: 'sent' | 'skipped' | 'failed'; now: Date; error?: string },
) {
  await db
    .update(renewalReminders)
    .set({
      status: outcome.status,
      claimedUntil: null,
      ...(outcome.status === 'sent' ? { sentAt: outcome.now } : {}),
      ...(outcome.error !== undefined ? { lastError: outcome.error } : {}),
    })
    .where(and(eq(renewalReminders.id, id), eq(renewalReminders.status, 'sending')));
}

/** Sending failed: back to pending, tried again at `nextAttemptAt`. */
export async function retryReminder(
  db: DbOrTx,
  id: string,
  input: { nextAttemptAt: Date; error: string },
) {
  await db
    .update(renewalReminders)
    .set({
      status: 'pending',
      claimedUntil: null,
      nextAttemptAt: input.nextAttemptAt,
      lastError: input.error,
    })
    .where(and(eq(renewalReminders.id, id), eq(renewalReminders.status, 'sending')));
}
