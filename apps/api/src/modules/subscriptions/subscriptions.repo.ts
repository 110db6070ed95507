import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  charges,
  pixNotifications,
  pixSettings,
  plans,
  subscriptionPayments,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import type { ChargeStatus, PlanType } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type PixSettingsRow = typeof pixSettings.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

// ---- Pix settings ------------------------------------------------------------

export async function findPixSettings(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select()
    .from(pixSettings)
    .where(eq(pixSettings.workspaceId, workspaceId))
    .limit(1);
  return row ?? null;
}

export async function upsertPixSettings(
  db: DbOrTx,
  input: {
    workspaceId: string;
    key: string;
    keyType: string;
    name: string;
    city: string;
    now: Date;
  },
) {
  const values = {
    key: input.key,
    keyType: input.keyType,
    name: input.name,
    city: input.city,
    updatedAt: input.now,
  };
  const [row] = await db
    .insert(pixSettings)
    .values({ workspaceId: input.workspaceId, ...values })
    .onConflictDoUpdate({ target: pixSettings.workspaceId, set: values })
    .returning();
  return row!;
}

// ---- Plans -------------------------------------------------------------------

export async function upsertPlan(
  db: DbOrTx,
  input: {
    workspaceId: string;
    planType: PlanType;
    valueCents: number;
    discount: number;
    now: Date;
  },
) {
  const [row] = await db
    .insert(plans)
    .values({
      workspaceId: input.workspaceId,
      planType: input.planType,
      valueCents: input.valueCents,
      discount: input.discount,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [plans.workspaceId, plans.planType],
      set: { valueCents: input.valueCents, discount: input.discount, updatedAt: input.now },
    })
    .returning();
  return row!;
}

const PLAN_ORDER = sql`case ${plans.planType} when 'monthly' then 1 when 'quarterly' then 2 else 3 end`;

export async function listPlans(db: DbOrTx, workspaceId: string) {
  return db.select().from(plans).where(eq(plans.workspaceId, workspaceId)).orderBy(PLAN_ORDER);
}

export async function findPlan(db: DbOrTx, workspaceId: string, planType: PlanType) {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.workspaceId, workspaceId), eq(plans.planType, planType)))
    .limit(1);
  return row ?? null;
}

export async function findPlanById(db: DbOrTx, planId: string) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return row ?? null;
}

// ---- Charges -----------------------------------------------------------------

export async function findPendingCharge(db: DbOrTx, payerId: string, planId: string) {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(eq(charges.payerId, payerId), eq(charges.planId, planId), eq(charges.status, 'pending')),
    )
    .limit(1);
  return row ?? null;
}

/** The payer's newest pending, unexpired charge for a workspace. */
export async function findOpenChargeForWorkspace(
  db: DbOrTx,
  payerId: string,
  workspaceId: string,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.payerId, payerId),
        eq(charges.workspaceId, workspaceId),
        eq(charges.status, 'pending'),
        gt(charges.expiresAt, now),
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

/** The payer's own workspace (the first they own), joined laterally for labels and avatars. */
function ownWorkspaceOf(userId: SQLWrapper) {
  return sql`(select w.id, w.label, w.username, w.description, w.avatar_path
      from ${workspaceMembers} m join ${workspaces} w on w.id = m.workspace_id
      where m.user_id = ${userId} and m.role = 'owner'
      order by m.created_at asc limit 1)`;
}

/** Columns of the lateral `pw` (ownWorkspaceOf), falling back to the user's own fields. */
const payerWorkspace = {
  username: sql<string>`coalesce(pw.username, ${users.username})`,
  label: sql<string>`coalesce(pw.label, ${users.fullName})`,
  description: sql<string>`coalesce(pw.description, '')`,
  avatarPath: sql<string | null>`pw.avatar_path`,
};

export async function listWorkspaceCharges(
  db: DbOrTx,
  input: { workspaceId: string; status?: ChargeStatus; limit: number; offset: number },
) {
  const where = and(
    eq(charges.workspaceId, input.workspaceId),
    input.status ? eq(charges.status, input.status) : undefined,
  );
  const rows = await db
    .select({ charge: charges, username: payerWorkspace.username, label: payerWorkspace.label })
    .from(charges)
    .innerJoin(users, eq(users.id, charges.payerId))
    .leftJoin(sql`lateral ${ownWorkspaceOf(charges.payerId)} pw`, sql`true`)
    .where(where)
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ n: count() }).from(charges).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findChargeWithPayer(db: DbOrTx, workspaceId: string, chargeId: string) {
  const [row] = await db
    .select({ charge: charges, username: payerWorkspace.username, label: payerWorkspace.label })
    .from(charges)
    .innerJoin(users, eq(users.id, charges.payerId))
    .leftJoin(sql`lateral ${ownWorkspaceOf(charges.payerId)} pw`, sql`true`)
    .where(and(eq(charges.id, chargeId), eq(charges.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

/** The caller's pending, unexpired charges, with the creator's profile. */
export async function listPayerOpenCharges(db: DbOrTx, payerId: string, now: Date) {
  return db
    .select({ charge: charges, username: workspaces.username, label: workspaces.label })
    .from(charges)
    .innerJoin(workspaces, eq(workspaces.id, charges.workspaceId))
    .where(
      and(eq(charges.payerId, payerId), eq(charges.status, 'pending'), gt(charges.expiresAt, now)),
    )
    .orderBy(desc(charges.createdAt));
}

// ---- Webhook notifications ---------------------------------------------------

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

// ---- Subscriptions -----------------------------------------------------------

/** Creates the subscription row for a first payment; null when one already exists. */
export async function insertSubscriptionIfAbsent(
  db: DbOrTx,
  input: {
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
      workspaceId: input.workspaceId,
      subscriberId: input.subscriberId,
      planType: input.planType,
      status: 'active',
      currentPeriodStart: input.start,
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
  input: { planType: PlanType; start: Date; end: Date; now: Date },
) {
  const [row] = await db
    .update(subscriptions)
    .set({
      planType: input.planType,
      status: 'active',
      currentPeriodStart: input.start,
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

export async function findSubscription(db: DbOrTx, workspaceId: string, subscriberId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.subscriberId, subscriberId)),
    )
    .limit(1);
  return row ?? null;
}

/** The caller's subscriptions with the creator's profile, newest period end first. */
export async function listSubscriberSubscriptions(db: DbOrTx, subscriberId: string) {
  return db
    .select({ subscription: subscriptions, workspace: workspaces })
    .from(subscriptions)
    .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
    .where(eq(subscriptions.subscriberId, subscriberId))
    .orderBy(desc(subscriptions.currentPeriodEnd));
}

const activeAt = (workspaceId: string, now: Date) =>
  and(
    eq(subscriptions.workspaceId, workspaceId),
    eq(subscriptions.status, 'active'),
    gt(subscriptions.currentPeriodEnd, now),
  );

/** Active subscribers of a workspace with their own workspace's profile. */
export async function listActiveSubscribers(
  db: DbOrTx,
  input: { workspaceId: string; now: Date; limit: number; offset: number },
) {
  const where = activeAt(input.workspaceId, input.now);
  const rows = await db
    .select({
      id: subscriptions.id,
      planType: subscriptions.planType,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      ...payerWorkspace,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .leftJoin(sql`lateral ${ownWorkspaceOf(subscriptions.subscriberId)} pw`, sql`true`)
    .where(where)
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ n: count() }).from(subscriptions).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function expireEndedSubscriptions(db: DbOrTx, now: Date) {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
    .returning({ id: subscriptions.id });
  return rows.length;
}

/** Active subscriptions ending within (now, until] whose current period has no reminder yet. */
export async function findSubscriptionsDueForReminder(
  db: DbOrTx,
  now: Date,
  until: Date,
  limit: number,
) {
  return db
    .select({ subscription: subscriptions, email: users.email, fullName: users.fullName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, until),
        or(
          isNull(subscriptions.renewalReminderFor),
          ne(subscriptions.renewalReminderFor, subscriptions.currentPeriodEnd),
        ),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
}

/**
 * Claims the reminder of the subscription's current period: exactly one caller
 * gets true for a given period end, however many run at once.
 */
export async function claimReminder(db: DbOrTx, id: string, periodEnd: Date) {
  const rows = await db
    .update(subscriptions)
    .set({ renewalReminderFor: periodEnd })
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.currentPeriodEnd, periodEnd),
        or(
          isNull(subscriptions.renewalReminderFor),
          ne(subscriptions.renewalReminderFor, periodEnd),
        ),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Gives a claimed reminder back (the e-mail could not be sent); the next sweep retries. */
export async function releaseReminder(db: DbOrTx, id: string, periodEnd: Date) {
  await db
    .update(subscriptions)
    .set({ renewalReminderFor: null })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.renewalReminderFor, periodEnd)));
}
