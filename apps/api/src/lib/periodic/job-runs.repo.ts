import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobRuns } from '../../db/schema/periodic';

/**
 * Claims this interval's run of a periodic job for the calling process: true
 * for exactly one of the processes sharing the database (one conditional
 * upsert on the database's clock, so the processes' clocks do not matter).
 * A run is due once 90% of the interval has passed since the last one
 * started, so timer drift never skips an interval.
 */
export async function claimJobRun(db: DbOrTx, name: string, intervalMs: number): Promise<boolean> {
  const due = Math.floor(intervalMs * 0.9);
  const rows = await db
    .insert(jobRuns)
    .values({ name, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { startedAt: sql`excluded.started_at`, runs: sql`${jobRuns.runs} + 1` },
      setWhere: sql`${jobRuns.startedAt} <= now() - ${due} * interval '1 millisecond'`,
    })
    .returning({ name: jobRuns.name });
  return rows.length === 1;
}
