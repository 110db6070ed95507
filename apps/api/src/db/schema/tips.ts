import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contents } from './content';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * A tip (issue 32): written with its Pix charge (pending), `paid_at` set once when the charge is
 * paid. Only paid ones are listed ('Gorjetas').
 */
export const tips = pgTable(
  'tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null once the tipper deleted the account. */
    tipperId: uuid('tipper_id').references(() => users.id, { onDelete: 'set null' }),
    /** The tip's charge (payments' charges.id; no foreign key across modules). */
    chargeId: uuid('charge_id').notNull(),
    valueCents: integer('value_cents').notNull(),
    /** The tipper's message, plain text (at most 280 characters). */
    message: text('message'),
    /** The post it thanks, while the post exists. */
    postId: uuid('post_id').references(() => contents.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The message that shows it in the tipper's conversation (chat's ids; none without one). */
    chatId: uuid('chat_id'),
    chatMessageId: uuid('chat_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('tips_charge_uq').on(t.chargeId),
    index('tips_workspace_paid_idx')
      .on(t.workspaceId, t.paidAt.desc(), t.id.desc())
      .where(sql`${t.paidAt} is not null`),
    index('tips_tipper_idx').on(t.tipperId),
  ],
);
