import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each periodic job last started, across every server process: a run is
 * claimed with one conditional upsert (lib/periodic/job-runs.repo.ts), so a job runs once per
 * interval however many processes share the database.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** Runs so far, all processes together. */
  runs: bigint('runs', { mode: 'number' }).notNull().default(1),
});
