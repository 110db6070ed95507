import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ChargeKind } from '@fa-clube/contract';
import type { PlanType } from './subscriptions';
import { plans, subscriptions } from './subscriptions';
import { users } from './users';
import { workspaces } from './workspaces';

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

export type PixConnectionStatus = 'connected' | 'disconnected';
export type ReceivingAccountType = 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';

/**
 * A workspace's own PSP account (API Pix over mutual TLS). One connected row
 * per workspace; a disconnected one stays for history (its charges and
 * notifications). The id is the unguessable part of its webhook URL.
 */
export const pixConnections = pgTable(
  'pix_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    status: text('status').$type<PixConnectionStatus>().notNull().default('connected'),
    apiUrl: text('api_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    clientId: text('client_id').notNull(),
    /**
     * AES-256-GCM (lib/crypto) of { clientSecret, certPem, keyPem, webhookSecret }: never in
     * clear; erased (null) when the connection ends.
     */
    secrets: text('secrets'),
    /** The Pix key the webhook was registered for and charges carry. */
    pixKey: text('pix_key').notNull(),
    /** The creator's account at the PSP (recebedor of Pix Automático debits). */
    receivingAccount: jsonb('receiving_account').$type<{
      branch?: string;
      number: string;
      type: ReceivingAccountType;
    }>(),
    /** The PSP answered GET /rec: Pix Automático is enabled for the account. */
    automaticAvailable: boolean('automatic_available').notNull().default(false),
    /** `{APP_URL}/api/v1/webhooks/pix/c/{id}`: the PSP is given it + `/{webhook secret}`. */
    webhookUrl: text('webhook_url').notNull(),
    /**
     * SHA-256 (hex) of the webhook secret, the path segment after the id that a notification
     * must carry (the secret itself is in `secrets`): new on every change of the connection.
     * Null for a connection made before it, until the payments sweep gives it one.
     */
    webhookSecretHash: text('webhook_secret_hash'),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }).notNull(),
    certificateFingerprint: text('certificate_fingerprint').notNull(),
    /** The certificate (fingerprint) whose expiry notice was e-mailed: one per certificate. */
    expiryNoticeFor: text('expiry_notice_for'),
    /** Where the last reconciliation stopped reading GET /pix. */
    reconciledUntil: timestamp('reconciled_until', { withTimezone: true }),
    /**
     * The reconciliation's circuit breaker (decision 089): reconciliations failed in a row, since
     * when, the last failure (a generic pt-BR step, never the PSP's answer), and until when the
     * sweep leaves this PSP alone. Reset by the next reconciliation that succeeds.
     */
    reconcileFailures: integer('reconcile_failures').notNull().default(0),
    reconcileFailingSince: timestamp('reconcile_failing_since', { withTimezone: true }),
    reconcileLastError: text('reconcile_last_error'),
    reconcilePausedUntil: timestamp('reconcile_paused_until', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pix_connections_one_connected_uq')
      .on(t.workspaceId)
      .where(sql`${t.status} = 'connected'`),
    index('pix_connections_status_expiry_idx').on(t.status, t.certificateExpiresAt),
  ],
);

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
    /** The plan a subscription charge pays for; null for a one-off sale (post, message, tip). */
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'cascade' }),
    planType: text('plan_type').$type<PlanType>(),
    /** What it pays for: a plan's period, a post, a message or a tip (decision 048). */
    kind: text('kind').$type<ChargeKind>().notNull().default('subscription'),
    /** The post or message bought (one-off sales); null for a subscription or a tip. */
    itemId: uuid('item_id'),
    valueCents: integer('value_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    txid: text('txid').notNull(),
    /** The BR Code ("copia e cola"). */
    paymentSpecs: text('payment_specs').notNull(),
    status: text('status').$type<ChargeStatus>().notNull().default('pending'),
    /** manual | apipix | psp (the workspace's own connection) */
    provider: text('provider').notNull(),
    /** The workspace's PSP connection the charge was made at (provider psp). */
    connectionId: uuid('connection_id').references(() => pixConnections.id, {
      onDelete: 'set null',
    }),
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
    // one open charge per payer and item sold one by one (a post, a message: issue 32)
    uniqueIndex('charges_one_pending_item_uq')
      .on(t.payerId, t.kind, t.itemId)
      .where(sql`${t.status} = 'pending' and ${t.itemId} is not null`),
    index('charges_item_idx')
      .on(t.itemId)
      .where(sql`${t.itemId} is not null`),
    index('charges_workspace_status_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
    index('charges_workspace_kind_idx').on(t.workspaceId, t.kind, t.createdAt.desc()),
    // a workspace's revenue by month (insights)
    index('charges_workspace_paid_idx')
      .on(t.workspaceId, t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    // the Pix waiting for their owner's confirmation (issue 34): the e-mail digest's sweep
    index('charges_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.provider} = 'manual'`),
    index('charges_connection_pending_idx')
      .on(t.connectionId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every webhook notification received, kept for audit; idempotent by endToEndId. */
export const pixNotifications = pgTable(
  'pix_notifications',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    provider: text('provider').notNull(),
    /** Received through a workspace's connection: whose money it is, matched or not. */
    connectionId: uuid('connection_id').references(() => pixConnections.id, {
      onDelete: 'set null',
    }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
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
    index('pix_notifications_unmatched_idx')
      .on(t.workspaceId, t.receivedAt)
      .where(sql`${t.chargeId} is null`),
  ],
);

export type RecurrenceStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'CANCELADA' | 'EXPIRADA';

/**
 * A Pix Automático authorization (API Pix `rec`) behind a subscription: made
 * with the first period's charge (Jornada 3), its status as the PSP reports it.
 * One live recurrence per subscription.
 */
export const pixRecurrences = pgTable(
  'pix_recurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The subscription it renews (our `vinculo.contrato`). No foreign key: for a
     * first subscription the id is chosen here and the row is made with it when
     * the first period is paid.
     */
    subscriptionId: uuid('subscription_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').references(() => pixConnections.id, {
      onDelete: 'set null',
    }),
    /** The PSP's idRec (29 characters). */
    idRec: text('id_rec').notNull(),
    status: text('status').$type<RecurrenceStatus>().notNull(),
    /** The first period's immediate charge (Jornada 3). */
    firstChargeId: uuid('first_charge_id').references(() => charges.id, { onDelete: 'set null' }),
    valueCents: integer('value_cents').notNull(),
    /**
     * Who ended it: fan (Minhas assinaturas), payer_bank (bank app), psp, creator (the
     * connection ended), account_deleted (the fan's account).
     */
    cancelledBy: text('cancelled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pix_recurrences_id_rec_uq').on(t.idRec),
    index('pix_recurrences_subscription_idx').on(t.subscriptionId, t.createdAt),
    index('pix_recurrences_first_charge_idx').on(t.firstChargeId),
    // what an ended connection or a deleted account leaves live, walked in batches
    index('pix_recurrences_live_connection_idx')
      .on(t.connectionId, t.id)
      .where(sql`${t.status} in ('CRIADA', 'APROVADA')`),
    index('pix_recurrences_live_payer_idx')
      .on(t.payerId, t.id)
      .where(sql`${t.status} in ('CRIADA', 'APROVADA')`),
  ],
);

export type RecurringChargeStatus =
  'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';

/**
 * The debit scheduled for one period of a recurrence (API Pix `cobr`): at most
 * one per recurrence and period end. Settled, it becomes a paid charge (charge_id).
 */
export const pixRecurringCharges = pgTable(
  'pix_recurring_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recurrenceId: uuid('recurrence_id')
      .notNull()
      .references(() => pixRecurrences.id, { onDelete: 'cascade' }),
    /** The period end it renews (the subscription's, when scheduled). */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The PSP's txid; null while the POST /cobr is in flight or got no answer. */
    txid: text('txid'),
    status: text('status').$type<RecurringChargeStatus | 'AGENDANDO'>().notNull(),
    valueCents: integer('value_cents').notNull(),
    dueDate: text('due_date').notNull(),
    /** The paid charge it became. */
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    /** The manual charge e-mailed when the debit failed. */
    fallbackChargeId: uuid('fallback_charge_id').references(() => charges.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pix_recurring_charges_period_uq').on(t.recurrenceId, t.periodEnd),
    uniqueIndex('pix_recurring_charges_txid_uq').on(t.txid),
    // the claims whose POST /cobr got no answer, retried by the renewal sweep
    index('pix_recurring_charges_unanswered_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'AGENDANDO' and ${t.txid} is null`),
  ],
);

export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO' | 'SOLICITANDO';

/** A refund of a payment to review (API Pix devolução): one per payment. */
export const pixRefunds = pgTable(
  'pix_refunds',
  {
    /** Our devolução id at the PSP ([a-zA-Z0-9]{1,35}). */
    id: text('id').primaryKey(),
    endToEndId: text('end_to_end_id')
      .notNull()
      .references(() => pixNotifications.endToEndId, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PixRefundStatus>().notNull(),
    rtrId: text('rtr_id'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pix_refunds_end_to_end_uq').on(t.endToEndId)],
);

/**
 * The last e-mail that told a workspace's owner that Pix payments wait for her confirmation
 * (issue 34): at most one an hour, only when a charge opened since the last one still waits.
 */
export const chargeDigests = pgTable('charge_digests', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
