import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-key rate limits of the job queue (lib/queue): for each key (a queue and,
 * say, a workspace) the start times of the last jobs admitted, oldest first,
 * at most as many as the limit. A job is admitted while fewer than `limit`
 * of them fall inside the window. pg-boss keeps its own tables in the
 * `pgboss` schema, which it creates and migrates itself.
 */
export const jobRateLimits = pgTable('job_rate_limits', {
  key: text('key').primaryKey(),
  starts: timestamp('starts', { withTimezone: true }).array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
