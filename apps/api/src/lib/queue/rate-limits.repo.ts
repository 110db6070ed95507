/**
 * The queue's per-key rate limits (table job_rate_limits): a sliding log of the
 * last `limit` start times per key. One atomic statement admits a job or says
 * when the window will have room, so several workers and servers share it.
 * Times are the database's `now()`, the clock pg-boss schedules by.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobRateLimits } from '../../db/schema/queue';

export type SlotReservation = { admitted: true } | { admitted: false; retryAt: Date };

export async function reserveSlot(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<SlotReservation> {
  const t = jobRateLimits;
  const count = sql`cardinality(${t.starts})`;
  // The start `limit` admissions ago: when it left the window, there is room.
  const oldestInWindow = sql`${t.starts}[${count} - ${limit}::int + 1]`;
  const admitted = await db
    .insert(t)
    .values({ key, starts: sql`ARRAY[now()]`, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: t.key,
      // append now() and keep the last `limit` entries
      set: {
        starts: sql`(${t.starts} || now())[greatest(1, ${count} + 2 - ${limit}::int):]`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${count} < ${limit}::int OR ${oldestInWindow} <= now() - make_interval(secs => ${windowSeconds}::int)`,
    })
    .returning({ key: t.key });
  if (admitted.length) return { admitted: true };
  const [row] = await db
    .select({
      retryAtMs: sql<
        string | number | null
      >`extract(epoch from ${oldestInWindow} + make_interval(secs => ${windowSeconds}::int)) * 1000`,
    })
    .from(t)
    .where(eq(t.key, key));
  // the row changed in between (a lower limit, a cleared log): look again in a second
  const retryAtMs = row?.retryAtMs == null ? Date.now() + 1000 : Math.ceil(Number(row.retryAtMs));
  return { admitted: false, retryAt: new Date(retryAtMs) };
}
