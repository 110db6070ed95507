/**
 * Read model: who a campaign's segments reach. Active subscribers of a
 * workspace (status active, period not over) with their account's e-mail and
 * name, by plan type; it reads the subscriptions and the users, so it lives
 * here and not in either module.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlanType } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { activeSubscription } from '../../read-models/active-subscription';

export interface AudienceMember {
  /** Lower case. */
  email: string;
  name: string;
}

/** Active subscribers of the workspace; `planTypes` null: every plan. */
export async function activeSubscriberContacts(
  db: DbOrTx,
  workspaceId: string,
  planTypes: readonly PlanType[] | null,
  now: Date,
): Promise<AudienceMember[]> {
  const rows = await db
    .select({ email: users.email, name: users.fullName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.subscriberId))
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        activeSubscription(now),
        planTypes ? inArray(subscriptions.planType, [...planTypes]) : undefined,
      ),
    );
  return rows.map((r) => ({ email: r.email.toLowerCase(), name: r.name }));
}

/** Among `emails` (lower case), the workspace's active subscribers. */
export async function activeSubscribersAmong(
  db: DbOrTx,
  workspaceId: string,
  emails: readonly string[],
  now: Date,
): Promise<AudienceMember[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectDistinct({ email: users.email, name: users.fullName })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.subscriberId, users.id))
    .where(
      and(
        // users_email_lower_uq
        inArray(sql`lower(${users.email})`, [...emails]),
        eq(subscriptions.workspaceId, workspaceId),
        activeSubscription(now),
      ),
    );
  return rows.map((r) => ({ email: r.email.toLowerCase(), name: r.name }));
}
