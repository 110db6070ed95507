import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timeOrderedId } from '../ids';
import { users } from './users';
import { workspaces } from './workspaces';

export type ChatSide = 'fan' | 'creator';

/**
 * A conversation between one fan and one creator's workspace (modules/chat). The unread
 * counts are kept per side here, changed by each post and read mark, so no request counts
 * messages; the digest due times make the e-mail sweep's reads bounded by what is due.
 */
export const chats = pgTable(
  'chats',
  {
    /** Time-ordered (db/ids.ts): a conversation with no message sorts by when it was opened. */
    id: uuid('id').primaryKey().$defaultFn(timeOrderedId),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null once the fan deleted the account (the conversation stays, anonymised). */
    fanId: uuid('fan_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The newest message's id, or the chat's own id before the first: both UUIDv7, so the lists
     * sort by it ("most recent activity first") and a reconnecting stream finds the chats with
     * messages after its Last-Event-ID on the same index.
     */
    lastActivityId: uuid('last_activity_id').notNull(),
    fanUnread: integer('fan_unread').notNull().default(0),
    creatorUnread: integer('creator_unread').notNull().default(0),
    /** When the side's e-mail digest is due: set when its unread burst starts, cleared by a read or once sent. */
    fanDigestAt: timestamp('fan_digest_at', { withTimezone: true }),
    creatorDigestAt: timestamp('creator_digest_at', { withTimezone: true }),
    /** The owner muted the fan. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** The fan turned this creator's messages to many off (issue 32). */
    fanBroadcastsOff: boolean('fan_broadcasts_off').notNull().default(false),
    /** When the fan last read the conversation (a broadcast's read count). */
    fanReadAt: timestamp('fan_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_workspace_fan_uq').on(t.workspaceId, t.fanId),
    index('chats_fan_activity_idx').on(t.fanId, t.lastActivityId.desc()),
    index('chats_workspace_activity_idx').on(t.workspaceId, t.lastActivityId.desc()),
    index('chats_fan_unread_idx')
      .on(t.fanId)
      .where(sql`${t.fanUnread} > 0`),
    index('chats_creator_unread_idx')
      .on(t.workspaceId)
      .where(sql`${t.creatorUnread} > 0`),
    index('chats_fan_digest_idx')
      .on(t.fanDigestAt)
      .where(sql`${t.fanDigestAt} is not null`),
    index('chats_creator_digest_idx')
      .on(t.creatorDigestAt)
      .where(sql`${t.creatorDigestAt} is not null`),
  ],
);

/** Keyed by (conversation, time-ordered id): a page of a thread is one range of the key. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().$defaultFn(timeOrderedId),
    /** Null once the sender deleted the account. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side').$type<ChatSide>().notNull(),
    /** Plain text, stored and served as written (trimmed). */
    text: text('text').notNull(),
    /** A paid tip shown in the conversation (issue 32): its value in centavos and message. */
    tipCents: integer('tip_cents'),
    tipMessage: text('tip_message'),
    /** A workspace message's image or video (issue 32): workspace-relative path, kind, type. */
    attachmentPath: text('attachment_path'),
    attachmentKind: text('attachment_kind').$type<'image' | 'video'>(),
    attachmentContentType: text('attachment_content_type'),
    /** A paid message: its price (null: free), and once the fan paid, when and by which charge. */
    priceCents: integer('price_cents'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidChargeId: uuid('paid_charge_id'),
    /** The message to many it was delivered for (chat-sales' chat_broadcasts.id). */
    broadcastId: uuid('broadcast_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.id] }),
    // a paid message found by the id its charge names
    index('chat_messages_priced_idx')
      .on(t.id)
      .where(sql`${t.priceCents} is not null`),
    // one delivery of a message to many per conversation, whatever retries the queue makes
    uniqueIndex('chat_messages_broadcast_uq')
      .on(t.broadcastId, t.chatId)
      .where(sql`${t.broadcastId} is not null`),
    // the person's own messages: the export (keyset) and the account deletion
    index('chat_messages_sender_idx').on(t.senderId, t.id),
    // 'Arquivos' refuses to delete a file a message was sent with (issue 32)
    index('chat_messages_attachment_idx')
      .on(t.attachmentPath)
      .where(sql`${t.attachmentPath} is not null`),
  ],
);

/** A person's chat preferences; no row = the defaults (e-mail digests on). */
export const chatSettings = pgTable('chat_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tickets that open the live event stream (GET /events?ticket=, issue 37, decision 083):
 * EventSource sends no headers, so the browser first asks `POST /events/ticket` with its bearer
 * token and opens the stream with the ticket: the access token never goes into a URL. Only the
 * ticket's SHA-256 is stored; it is taken once (deleted as it is used) and lives seconds.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    /** SHA-256 (hex) of the ticket: a database read gives nothing that opens a stream. */
    hash: text('hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that asked: the stream ends with it (sign-out, reset). */
    sessionId: uuid('session_id').notNull(),
    /** When the access token that asked expires: the stream ends then, as with a token. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_tickets_expires_idx').on(t.expiresAt)],
);
