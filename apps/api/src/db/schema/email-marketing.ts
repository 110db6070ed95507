import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

// E-mail campaigns of the email-marketing app (issue 10; docs/decisions/033-campaign-sending.md).
// A campaign holds the sanitised template; each recipient is one row of
// email_messages, the record that makes sending idempotent: a queue job per
// message sends it only while the row is `queued`, then marks it.

export type CampaignStatus = 'queued' | 'sending' | 'sent' | 'failed';
/** `suppressed`: the address unsubscribed after the campaign was queued; nothing was sent. */
export type MessageStatus = 'queued' | 'sent' | 'failed' | 'suppressed';

export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who sent it (the owner at the time). */
    createdBy: uuid('created_by').notNull(),
    subject: text('subject').notNull(),
    /** The sanitised HTML, placeholders still in it. */
    template: text('template').notNull(),
    /** The contacts as sent (addresses and segments), for the record. */
    contacts: text('contacts').array().notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('email_campaigns_workspace_idx').on(t.workspaceId, t.createdAt.desc(), t.id)],
);

export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').notNull(),
    /** Lower case. */
    email: text('email').notNull(),
    /** For `{{ nome }}`; null: the fallback. */
    name: text('name'),
    status: text('status').$type<MessageStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP server's last refusal (its message only). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_messages_campaign_email_uq').on(t.campaignId, t.email),
    // a deleted account's messages are found by address (LGPD)
    index('email_messages_email_idx').on(t.email),
    index('email_messages_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** Addresses that unsubscribed from a workspace's e-mails: never sent to again. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    /** The campaign whose link was used, if any (its `unsubscribed` count). */
    campaignId: uuid('campaign_id').references(() => emailCampaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.email] }),
    index('email_suppressions_campaign_idx').on(t.campaignId),
  ],
);

/**
 * The workspace's imported audience: people who agreed to receive its e-mails,
 * with how and when (LGPD art. 7, I), and who imported them. Campaigns reach
 * only these and the workspace's active subscribers (docs/decisions/042).
 */
export const emailContacts = pgTable(
  'email_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    name: text('name'),
    /** form | double_opt_in | purchase | in_person | other (OPT_IN_METHODS). */
    optInMethod: text('opt_in_method').notNull(),
    optInAt: timestamp('opt_in_at', { withTimezone: true }).notNull(),
    /** Who imported (or last updated) the contact. */
    importedBy: uuid('imported_by'),
    /** When the person followed the double opt-in link; campaigns reach only confirmed contacts. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the last double opt-in e-mail was queued (at most one a day per contact). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_contacts_workspace_email_uq').on(t.workspaceId, t.email)],
);

/** Why an address is out of every workspace's campaigns. */
export type PlatformSuppressionReason = 'bounce' | 'unsubscribe';

/**
 * Addresses no campaign of any workspace reaches: a hard bounce (the
 * recipient's server refused the address for good) recorded at any workspace,
 * or the person's own "from every creator" on the unsubscribe page.
 */
export const emailPlatformSuppressions = pgTable('email_platform_suppressions', {
  /** Lower case. */
  email: text('email').primaryKey(),
  reason: text('reason').$type<PlatformSuppressionReason>().notNull(),
  /** Where it was recorded (no foreign key: the record outlives the workspace). */
  workspaceId: uuid('workspace_id'),
  /** The SMTP server's answer to a bounce (its text only). */
  detail: text('detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Campaign messages queued per day (São Paulo's date): one row per workspace
 * (`scope` = its id) and one for the platform (`scope` = 'platform'), the
 * counters the daily quotas are checked and taken against in one statement.
 */
export const emailSendCounts = pgTable(
  'email_send_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope] })],
);
