import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * The apps of a workspace (issue 10). A row exists once an app was installed
 * or configured; uninstalling clears `installed_at` and keeps the row, its
 * settings and the app's own data (shared/api-conventions.md § Apps).
 */
export const workspaceApps = pgTable(
  'workspace_apps',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** An AppLabel of the contract (trueid, email-marketing). */
    label: text('label').notNull(),
    /** When it was installed; null while it is not. */
    installedAt: timestamp('installed_at', { withTimezone: true }),
    /** The app's settings as last saved (validated with parseAppSettings on write and read). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.label] })],
);
