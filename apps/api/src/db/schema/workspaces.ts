import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Accented letters and their plain ones, for a search that ignores accents (no extension). */
export const SEARCH_ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
export const SEARCH_PLAIN = 'aaaaaeeeeiiiiooooouuuucn';

/**
 * The words of a creator's name for the search (GET /profiles/search): lower case, without
 * accents, as a 'simple' text-search vector. The index and the query use this one expression
 * (the planner matches it exactly); to_tsvector with its configuration and translate are
 * immutable, so PGlite and PostgreSQL index it without an extension (decision 094).
 */
export const creatorNameVector = (label: AnyPgColumn) =>
  sql`to_tsvector('simple'::regconfig, translate(lower(${label}), ${sql.raw(`'${SEARCH_ACCENTED}'`)}, ${sql.raw(`'${SEARCH_PLAIN}'`)}))`;

/** The workspaces the search looks into: creators' (decision 093), not deleted. */
const searchable = (t: { creatorSince: AnyPgColumn; deletedAt: AnyPgColumn }) =>
  sql`${t.creatorSince} is not null and ${t.deletedAt} is null`;

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    label: text('label').notNull(),
    username: text('username').notNull(),
    description: text('description').notNull().default(''),
    /** Storage keys of the processed public images (null until uploaded). */
    avatarPath: text('avatar_path'),
    coverPath: text('cover_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the owner chose to be a creator ('Quero ser criador', setting up a plan, or creating a
     * further workspace); null for the workspace every sign-up gets until then: its owner sees the
     * fan-first home and menu (issue 34, decision 093). Never goes back to null.
     */
    creatorSince: timestamp('creator_since', { withTimezone: true }),
    /**
     * Soft delete: the row stays so charges, payments and ledger rows keep their
     * workspace; a trigger (migration 0012_hardening.sql) removes posts, members
     * and invitations and cancels open charges and subscriptions at once. Every
     * read skips deleted rows.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // a deleted workspace frees its username
    uniqueIndex('workspaces_username_lower_uq')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    // the search for creators: @username by prefix, the name's words by prefix (decision 094)
    index('workspaces_creator_username_prefix_idx')
      .on(sql`lower(${t.username}) text_pattern_ops`)
      .where(searchable(t)),
    index('workspaces_creator_name_search_idx')
      .using('gin', creatorNameVector(t.label))
      .where(searchable(t)),
  ],
);

export type WorkspaceRole = 'owner' | 'member';

/** Membership with a role. Exactly one owner per workspace (partial unique index). */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    uniqueIndex('workspace_members_one_owner_uq')
      .on(t.workspaceId)
      .where(sql`${t.role} = 'owner'`),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_pending_uq')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
  ],
);
