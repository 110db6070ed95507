import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contents } from './content';
import { subscriptions } from './subscriptions';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * A fan's switches for one subscription (issue 35): new-post e-mail and push. No row: both on.
 * Written by modules/notifications.
 */
export const subscriptionNotificationSettings = pgTable('subscription_notification_settings', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull(),
  push: boolean('push').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A published post whose subscribers are to be told: written in the transaction that publishes
 * it (immediately or by the scheduled-posts job), finished by the fan-out job. A row still
 * unfinished after a minute gets its job sent again by the sweep (same key).
 */
export const postNotifications = pgTable(
  'post_notifications',
  {
    contentId: uuid('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('post_notifications_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * One row per (post, fan) told of it — the claim that makes the fan-out idempotent: a fan-out
 * run again (a retry, a restart mid-way) inserts nobody twice. `emailed_at` null with
 * `email_pending` true: waiting for the fan's hourly e-mail from that creator (the digest).
 */
export const postNotificationRecipients = pgTable(
  'post_notification_recipients',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    emailPending: boolean('email_pending').notNull(),
    /** The fan wanted a push for it (switch on, a device registered) when claimed. */
    push: boolean('push').notNull().default(false),
    /** 'sent' (in an e-mail) or 'skipped' (no longer wanted when its e-mail was due). */
    emailStatus: text('email_status').$type<'sent' | 'skipped'>(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.userId] }),
    index('post_notification_recipients_pending_idx')
      .on(t.workspaceId, t.userId)
      .where(sql`${t.emailPending}`),
  ],
);

/** When a fan was last e-mailed about a creator's new posts: at most one e-mail per hour. */
export const newPostMailWindows = pgTable(
  'new_post_mail_windows',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

/**
 * A browser's Web Push subscription (RFC 8030): its endpoint on a push service and its keys
 * (RFC 8291: `p256dh` the browser's P-256 public key, `auth` the 16-byte secret; base64url). The
 * endpoint belongs to whoever registered it last; a 404/410 from the service deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);
