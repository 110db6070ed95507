import { and, eq, gt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { subscriptions } from '../db/schema/subscriptions';
import { ts } from '../db/sql';

/**
 * The one rule of "an active subscription" (issue 31): its status is 'active' and its paid
 * period has not ended at `now`. A period that ended leaves status 'active' until the
 * subscriptions' job marks it expired, so the end is always compared too. Every reader —
 * content access, the creator's chat, the feed, the profile, the audience of a campaign, the
 * personal data — uses one of these three forms.
 */
export function activeSubscription(now: Date): SQL {
  return and(eq(subscriptions.status, 'active'), gt(subscriptions.currentPeriodEnd, now))!;
}

/** The same rule in raw SQL, for a subscriptions row aliased `alias` (e.g. `s`). */
export function activeSubscriptionSql(alias: string, now: Date): SQL {
  const s = sql.raw(alias);
  return sql`${s}.status = 'active' and ${s}.current_period_end > ${ts(now)}`;
}

/** The same rule for a row already read. */
export function isActiveSubscription(
  s: { status: string; currentPeriodEnd: Date },
  now: Date,
): boolean {
  return s.status === 'active' && s.currentPeriodEnd > now;
}
