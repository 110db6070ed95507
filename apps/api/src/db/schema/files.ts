import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * A pre-signed upload in flight. The bytes land at `storageKey`; completing the
 * upload checks them (magic bytes, size) before anything points at them.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** user_avatar | workspace_avatar | workspace_cover | object */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    maxSize: bigint('max_size', { mode: 'number' }).notNull(),
    /** pending | complete | failed */
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_workspace_idx').on(t.workspaceId),
    index('uploads_key_idx').on(t.storageKey),
  ],
);

/**
 * The workspace file store's objects as the quota sees them: one row per
 * workspace-relative path, holding the bytes reserved when the upload URL was
 * handed out (`pending`) and then the bytes that really arrived (`stored`).
 * A trigger (migration 0012_hardening.sql) keeps `workspace_storage.used_bytes`
 * equal to the sum of the rows, in the same transaction, so checking the quota
 * never sums over the files.
 */
export const workspaceObjects = pgTable(
  'workspace_objects',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** pending (URL handed out, bytes reserved) | stored (bytes arrived, actual size) */
    state: text('state').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.filePath] }),
    check('workspace_objects_bytes_ck', sql`${t.bytes} >= 0`),
  ],
);

/** Per-workspace usage figure, maintained by the trigger on workspace_objects. */
export const workspaceStorage = pgTable('workspace_storage', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
});
