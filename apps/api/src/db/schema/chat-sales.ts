import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * 'Mensagem para todos' (issue 32, modules/chat-sales): one row per message to many, its
 * recipients resolved once when it is sent (chat_broadcast_recipients), delivered by the job
 * queue. The message itself is copied into each fan's conversation (chat_messages.broadcast_id).
 */
export const chatBroadcasts = pgTable(
  'chat_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who sent it (null once the account was deleted). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    attachmentPath: text('attachment_path'),
    attachmentKind: text('attachment_kind').$type<'image' | 'video'>(),
    attachmentContentType: text('attachment_content_type'),
    priceCents: integer('price_cents'),
    audience: text('audience').notNull(),
    recipients: integer('recipients').notNull(),
    /** Set when no recipient is left queued. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_broadcasts_workspace_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('chat_broadcasts_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

export type BroadcastRecipientStatus = 'queued' | 'delivered' | 'skipped';

/**
 * One row per fan a message to many is addressed to: `queued` until the job delivers it into
 * the fan's conversation (`delivered`, with the message) or skips it (muted, turned off) — in
 * the same transaction as the message, so a restarted job never delivers twice.
 */
export const chatBroadcastRecipients = pgTable(
  'chat_broadcast_recipients',
  {
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => chatBroadcasts.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<BroadcastRecipientStatus>().notNull().default('queued'),
    chatId: uuid('chat_id'),
    messageId: uuid('message_id'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.fanId] }),
    index('chat_broadcast_recipients_queued_idx')
      .on(t.broadcastId, t.fanId)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** The workspace's welcome message (issue 32): sent once when a fan's first subscription starts. */
export const welcomeMessages = pgTable('welcome_messages', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  text: text('text').notNull(),
  attachmentPath: text('attachment_path'),
  attachmentKind: text('attachment_kind').$type<'image' | 'video'>(),
  attachmentContentType: text('attachment_content_type'),
  priceCents: integer('price_cents'),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The welcome message went to this fan (once per workspace and fan, ever). */
export const welcomeDeliveries = pgTable(
  'welcome_deliveries',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The subscription charge whose payment sent it (to publish it live after the commit). */
    chargeId: uuid('charge_id').notNull(),
    chatId: uuid('chat_id').notNull(),
    messageId: uuid('message_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.fanId] }),
    index('welcome_deliveries_charge_idx').on(t.chargeId),
  ],
);
