import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptionPayments, subscriptions } from '../../db/schema/subscriptions';
import type { PlanType } from '../../db/schema/subscriptions';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Creates the subscription row for a first payment; null when one already exists. */
export async function insertSubscriptionIfAbsent(
  db: DbOrTx,
  input: {
    /** A chosen id (a Pix Automático contract names it before the row exists). */
    id?: string;
    workspaceId: string;
    subscriberId: string;
    planType: PlanType;
    start: Date;
    end: Date;
  },
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      ...(input.id ? { id: input.id } : {}),
      workspaceId: input.workspaceId,
      subscriberId: input.subscriberId,
      planType: input.planType,
      status: 'active',
      paidSince: input.start,
      currentPeriodEnd: input.end,
      createdAt: input.start,
      updatedAt: input.start,
    })
    .onConflictDoNothing({ target: [subscriptions.workspaceId, subscriptions.subscriberId] })
    .returning();
  return row ?? null;
}

/** Locks the subscription row for the rest of the transaction. */
export async function lockSubscription(db: DbOrTx, workspaceId: string, subscriberId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.subscriberId, subscriberId)),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateSubscriptionPeriod(
  db: DbOrTx,
  id: string,
  input: { planType: PlanType; paidSince: Date; end: Date; now: Date },
) {
  const [row] = await db
    .update(subscriptions)
    .set({
      planType: input.planType,
      status: 'active',
      paidSince: input.paidSince,
      currentPeriodEnd: input.end,
      updatedAt: input.now,
    })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

export async function insertSubscriptionPayment(
  db: DbOrTx,
  input: typeof subscriptionPayments.$inferInsert,
) {
  const [row] = await db.insert(subscriptionPayments).values(input).returning();
  return row!;
}

export async function expireEndedSubscriptions(db: DbOrTx, now: Date) {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
    .returning({ id: subscriptions.id });
  return rows.length;
}

/**
 * Claims the reminder of the subscription's current period: exactly one caller
 * gets true for a given period end, however many run at once. `periodEnd` is the
 * value read (a Date: milliseconds); the column may hold microseconds (a period
 * written by SQL), so the claim compares at the Date's precision and records the
 * column's own value — the one the due-reminders query compares it with.
 */
export async function claimReminder(db: DbOrTx, id: string, periodEnd: Date) {
  const rows = await db
    .update(subscriptions)
    .set({ renewalReminderFor: sql`${subscriptions.currentPeriodEnd}` })
    .where(
      and(
        eq(subscriptions.id, id),
        sql`date_trunc('milliseconds', ${subscriptions.currentPeriodEnd}) = ${periodEnd.toISOString()}::timestamptz`,
        sql`${subscriptions.renewalReminderFor} is distinct from ${subscriptions.currentPeriodEnd}`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Account deletion: the person's subscriptions end now (their paid periods stay recorded). */
export async function cancelSubscriptionsOf(tx: DbOrTx, subscriberId: string, now: Date) {
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', currentPeriodEnd: now, updatedAt: now })
    .where(
      and(eq(subscriptions.subscriberId, subscriberId), ne(subscriptions.status, 'cancelled')),
    );
}

/** The subscriber's subscription to a workspace, if any. */
export async function findSubscriptionOf(db: DbOrTx, workspaceId: string, subscriberId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.subscriberId, subscriberId)),
    )
    .limit(1);
  return row ?? null;
}

export async function findSubscriptionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}
