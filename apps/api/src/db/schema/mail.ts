import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type MailOutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * The transactional mail outbox (modules/mail): a password reset, an
 * invitation, an e-mail change... writes its message here in the transaction
 * that makes its effect, and a worker claims, sends and marks it, retrying
 * with backoff while SMTP is down (docs/decisions: mail outbox). The message
 * holds links that are secrets: `payload` is encrypted with the app's
 * at-rest key and erased once the message is sent or given up.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** password-reset, invitation, email-confirmation, ... (logged; never the text). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** AES-256-GCM of the JSON message (subject, text, html, headers); null once finished. */
    payload: text('payload'),
    status: text('status').$type<MailOutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The last failure's message (never the e-mail's text). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // a deleted account's messages are found by address (LGPD)
    index('mail_outbox_to_idx').on(sql`lower(${t.toAddress})`),
  ],
);
