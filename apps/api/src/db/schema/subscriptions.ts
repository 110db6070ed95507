import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { charges } from './payments';
import { users } from './users';
import { workspaces } from './workspaces';

export type PlanType = 'monthly' | 'quarterly' | 'yearly';

/** A workspace's price for one plan type; money in integer centavos. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    planType: text('plan_type').$type<PlanType>().notNull(),
    valueCents: integer('value_cents').notNull(),
    /** Whole percent, 0..100. */
    discount: integer('discount').notNull().default(0),
    currency: text('currency').notNull().default('BRL'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_workspace_type_uq').on(t.workspaceId, t.planType)],
);

export type SubscriptionStatus = 'active' | 'expired' | 'cancelled';

/**
 * One row per (workspace, subscriber). Access is granted while
 * current_period_end is in the future; status is kept in step by the jobs.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: text('plan_type').$type<PlanType>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /**
     * When its current run of paid periods began: the first payment, or the one that
     * renewed it after it lapsed; a payment while it runs extends the run and keeps this.
     * Plan months are counted from here (31 Jan → 28 Feb → 31 Mar).
     */
    paidSince: timestamp('paid_since', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /**
     * The period end a renewal reminder was sent for: the reminder job claims a
     * period by setting it (conditional UPDATE), so each period gets one e-mail.
     */
    renewalReminderFor: timestamp('renewal_reminder_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_workspace_subscriber_uq').on(t.workspaceId, t.subscriberId),
    index('subscriptions_subscriber_idx').on(t.subscriberId, t.currentPeriodEnd),
    index('subscriptions_workspace_end_idx').on(t.workspaceId, t.currentPeriodEnd),
  ],
);

/** The periods paid into a subscription: a charge is applied at most once. */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_payments_charge_uq').on(t.chargeId),
    // a subscription's periods in order (insights: new, renewed, churned)
    index('subscription_payments_subscription_idx').on(t.subscriptionId, t.periodStart),
  ],
);

export type RenewalReminderStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * The renewal reminders' outbox: one row per subscription period, written
 * before anything is sent. A sweep claims due rows (status sending with a
 * lease), opens or reuses the row's renewal charge, sends the e-mail, then
 * marks the row sent; an SMTP failure puts it back with a growing delay, and a
 * claim whose lease ran out (the process died) is claimed again.
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The renewal charge the e-mail carries, reused by every retry while it can be paid. */
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    status: text('status').$type<RenewalReminderStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The last failure's message (never the e-mail's text). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('renewal_reminders_period_uq').on(t.subscriptionId, t.periodEnd),
    index('renewal_reminders_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
