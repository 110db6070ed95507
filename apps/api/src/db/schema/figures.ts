import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * Maintained per-workspace figures, so that no request counts a creator's
 * posts or subscribers: triggers on `contents` and `subscriptions` keep them
 * in the same transaction as the change (custom migration
 * 0006_workspace_figures_triggers.sql). `active_subscribers` counts rows with
 * status 'active'; a period that ended leaves it when the subscription job
 * marks it expired. See docs/decisions/026-scale.md.
 */
export const workspaceFigures = pgTable(
  'workspace_figures',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postCount: integer('post_count').notNull().default(0),
    latestPostAt: timestamp('latest_post_at', { withTimezone: true }),
    activeSubscribers: integer('active_subscribers').notNull().default(0),
  },
  (t) => [
    // Serves the recommendations' order directly (modules/profiles/profiles.queries.ts listRecommended):
    // the calendar day of the latest post in Brazil, then subscribers, then recency.
    index('workspace_figures_recommended_idx')
      .on(
        sql`((timezone('America/Sao_Paulo', ${t.latestPostAt}))::date) desc`,
        t.activeSubscribers.desc(),
        t.latestPostAt.desc(),
        t.workspaceId,
      )
      .where(sql`${t.postCount} > 0`),
  ],
);
