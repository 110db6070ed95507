/**
 * The subscriptions module's reads that join other domains' tables:
 * subscriptions and their charges with the people and profiles around them
 * (the subscriber's account and own workspace, the creator's profile), for
 * 'Minhas assinaturas', the subscriber list and the reminders, and the Pix
 * Automático periods its renewal sweep asks the payments module to debit.
 */
import { and, asc, count, desc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptionPayments, subscriptions } from '../../db/schema/subscriptions';
import {
  charges,
  pixConnections,
  pixRecurrences,
  pixRecurringCharges,
} from '../../db/schema/payments';
import type { RecurrenceStatus } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { activeSubscription } from '../../read-models/active-subscription';

/** The status of the subscription's newest Pix Automático authorization (null: none). */
const recurrenceStatus = sql<RecurrenceStatus | null>`(select r.status from ${pixRecurrences} r
  where r.subscription_id = ${subscriptions.id} order by r.created_at desc limit 1)`;

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

/** The caller's pending, unexpired charges, with the creator's profile, newest first. */
export async function listPayerOpenCharges(db: DbOrTx, payerId: string, now: Date, limit: number) {
  return db
    .select({ charge: charges, username: workspaces.username, label: workspaces.label })
    .from(charges)
    .innerJoin(workspaces, eq(workspaces.id, charges.workspaceId))
    .where(
      and(
        eq(charges.payerId, payerId),
        eq(charges.status, 'pending'),
        gt(charges.expiresAt, now),
        isNull(workspaces.deletedAt),
      ),
    )
    .orderBy(desc(charges.createdAt))
    .limit(limit);
}

/** One page of the caller's subscriptions with the creator's profile, newest period end first. */
export async function listSubscriberSubscriptions(
  db: DbOrTx,
  input: { subscriberId: string; limit: number; offset: number },
) {
  const where = and(
    eq(subscriptions.subscriberId, input.subscriberId),
    isNull(workspaces.deletedAt),
  );
  const rows = await db
    .select({ subscription: subscriptions, workspace: workspaces, recurrenceStatus })
    .from(subscriptions)
    .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
    .where(where)
    .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db
    .select({ n: count() })
    .from(subscriptions)
    .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The caller's paid periods with the creator's profile, newest first. */
export async function listPayerPayments(db: DbOrTx, payerId: string, limit: number) {
  return db
    .select({
      charge: charges,
      periodStart: subscriptionPayments.periodStart,
      periodEnd: subscriptionPayments.periodEnd,
      username: workspaces.username,
      label: workspaces.label,
    })
    .from(subscriptionPayments)
    .innerJoin(charges, eq(charges.id, subscriptionPayments.chargeId))
    .innerJoin(workspaces, eq(workspaces.id, charges.workspaceId))
    .where(eq(charges.payerId, payerId))
    .orderBy(desc(subscriptionPayments.createdAt), desc(charges.id))
    .limit(limit);
}

const activeAt = (workspaceId: string, now: Date) =>
  and(eq(subscriptions.workspaceId, workspaceId), activeSubscription(now));

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
      recurrenceStatus,
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

/**
 * One batch of active subscribers after `after` (keyset on created_at, id; no
 * OFFSET, no count): the CSV export reads the whole list in constant memory
 * and constant time per batch.
 */
export async function listActiveSubscribersAfter(
  db: DbOrTx,
  input: {
    workspaceId: string;
    now: Date;
    after: { createdAt: Date; id: string } | null;
    limit: number;
  },
) {
  return db
    .select({
      id: subscriptions.id,
      createdAt: subscriptions.createdAt,
      planType: subscriptions.planType,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      ...payerWorkspace,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .leftJoin(sql`lateral ${ownWorkspaceOf(subscriptions.subscriberId)} pw`, sql`true`)
    .where(
      and(
        activeAt(input.workspaceId, input.now),
        input.after
          ? sql`(${subscriptions.createdAt}, ${subscriptions.id}) > (${input.after.createdAt.toISOString()}::timestamptz, ${input.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
    .limit(input.limit);
}

/**
 * The Pix Automático debits the renewal sweep asks the payments module for: approved
 * recurrences of active subscriptions whose period ends within (now, until], at a
 * connected PSP, with no debit yet for that period end. Bounded by `limit`.
 */
export async function findAutomaticRenewalsDue(db: DbOrTx, now: Date, until: Date, limit: number) {
  return db
    .select({
      recurrenceId: pixRecurrences.id,
      periodEnd: subscriptions.currentPeriodEnd,
      payerId: subscriptions.subscriberId,
    })
    .from(pixRecurrences)
    .innerJoin(subscriptions, eq(subscriptions.id, pixRecurrences.subscriptionId))
    .innerJoin(pixConnections, eq(pixConnections.id, pixRecurrences.connectionId))
    .leftJoin(
      pixRecurringCharges,
      and(
        eq(pixRecurringCharges.recurrenceId, pixRecurrences.id),
        eq(pixRecurringCharges.periodEnd, subscriptions.currentPeriodEnd),
      ),
    )
    .where(
      and(
        eq(pixRecurrences.status, 'APROVADA'),
        activeSubscription(now),
        lte(subscriptions.currentPeriodEnd, until),
        eq(pixConnections.status, 'connected'),
        isNull(pixRecurringCharges.id),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
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
        activeSubscription(now),
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

/** A subscription with its subscriber's e-mail and name (the renewal reminder's addressee). */
export async function findReminderTarget(db: DbOrTx, subscriptionId: string) {
  const [row] = await db
    .select({ subscription: subscriptions, email: users.email, fullName: users.fullName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  return row ?? null;
}
