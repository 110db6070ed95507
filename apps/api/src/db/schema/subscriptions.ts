import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** The owner's Pix receiving data, needed for every BR Code. */
export const pixSettings = pgTable('pix_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** cpf | cnpj | email | phone | random */
  keyType: text('key_type').notNull(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ChargeStatus = 'pending' | 'paid' | 'expired' | 'cancelled';

export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    planType: text('plan_type').$type<PlanType>().notNull(),
    valueCents: integer('value_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    txid: text('txid').notNull(),
    /** The BR Code ("copia e cola"). */
    paymentSpecs: text('payment_specs').notNull(),
    status: text('status').$type<ChargeStatus>().notNull().default('pending'),
    /** manual | apipix */
    provider: text('provider').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who confirmed a manual payment. */
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    endToEndId: text('end_to_end_id'),
    /** API Pix payload location of a dynamic code (apipix), without the scheme. */
    location: text('location'),
    /** Set on a renewal charge (opened by the reminder): the subscription it renews. */
    renewalOf: uuid('renewal_of').references((): AnyPgColumn => subscriptions.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // never more than one open renewal charge per subscription
    uniqueIndex('charges_one_open_renewal_uq')
      .on(t.renewalOf)
      .where(sql`${t.status} = 'pending' and ${t.renewalOf} is not null`),
    uniqueIndex('charges_txid_uq').on(t.txid),
    uniqueIndex('charges_end_to_end_uq').on(t.endToEndId),
    uniqueIndex('charges_one_pending_uq')
      .on(t.payerId, t.planId)
      .where(sql`${t.status} = 'pending'`),
    index('charges_workspace_status_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
  ],
);

/** Every webhook notification received, kept for audit; idempotent by endToEndId. */
export const pixNotifications = pgTable(
  'pix_notifications',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    provider: text('provider').notNull(),
    txid: text('txid'),
    amountCents: integer('amount_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    /** applied | ignored */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Money that granted nothing (a payment to review): when and by whom the owner settled it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('pix_notifications_txid_idx').on(t.txid),
    index('pix_notifications_charge_idx').on(t.chargeId),
  ],
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
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
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
  (t) => [uniqueIndex('subscription_payments_charge_uq').on(t.chargeId)],
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
