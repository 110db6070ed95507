/**
 * Read model of the new-post notifications (modules/notifications): who of a creator's active
 * subscribers is to be told of a post, and what a fan's pending e-mail lists. Reads the
 * subscriptions, users, workspaces, contents and the platform suppressions (other modules'
 * tables), only here.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contents } from '../../db/schema/content';
import { emailPlatformSuppressions } from '../../db/schema/email-marketing';
import {
  newPostMailWindows,
  postNotifications,
  postNotificationRecipients,
  pushSubscriptions,
  subscriptionNotificationSettings,
} from '../../db/schema/notifications';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { workspaces } from '../../db/schema/workspaces';
import { queryRows, ts } from '../../db/sql';
import { activeSubscriptionSql } from '../../read-models/active-subscription';

/** A subscription of the caller's: its id and workspace, or null (none, or another fan's). */
export async function findOwnSubscription(
  db: DbOrTx,
  subscriptionId: string,
  userId: string,
): Promise<{ id: string; workspaceId: string } | null> {
  const [row] = await queryRows<{ id: string; workspace_id: string }>(
    db,
    sql`select s.id, s.workspace_id from ${subscriptions} s
         where s.id = ${subscriptionId} and s.subscriber_id = ${userId}`,
  );
  return row ? { id: row.id, workspaceId: row.workspace_id } : null;
}

/**
 * The active subscribers of `workspaceId` not yet recorded for the post, ordered by user id
 * (at most `limit`), with whether they want its push (switch on, a device registered) and its
 * e-mail: the subscription's switch on, the
 * address confirmed and not suppressed platform-wide (a hard bounce, or "nenhum outro
 * criador" on the unsubscribe page).
 */
export async function subscribersToTell(
  db: DbOrTx,
  input: { contentId: string; workspaceId: string; now: Date; limit: number },
): Promise<{ userId: string; email: boolean; push: boolean }[]> {
  const rows = await queryRows<{ user_id: string; email: boolean; push: boolean }>(
    db,
    sql`select s.subscriber_id as user_id,
               (coalesce(ns.email, true) and u.email_confirmed_at is not null
                and not exists (select 1 from ${emailPlatformSuppressions} ps
                                 where ps.email = lower(u.email))) as email,
               (coalesce(ns.push, true)
                and exists (select 1 from ${pushSubscriptions} p
                             where p.user_id = s.subscriber_id)) as push
          from ${subscriptions} s
          join ${users} u on u.id = s.subscriber_id
          left join ${subscriptionNotificationSettings} ns on ns.subscription_id = s.id
         where s.workspace_id = ${input.workspaceId} and ${activeSubscriptionSql('s', input.now)}
           and not exists (select 1 from ${postNotificationRecipients} r
                            where r.content_id = ${input.contentId} and r.user_id = s.subscriber_id)
         order by s.subscriber_id
         limit ${input.limit}`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: Boolean(r.email),
    push: Boolean(r.push),
  }));
}

/** The (creator, fan) pairs with posts waiting for an e-mail whose hour has passed. */
export async function pairsDueForMail(
  db: DbOrTx,
  input: { since: Date; workspaceId?: string; limit: number },
): Promise<{ workspaceId: string; userId: string }[]> {
  const rows = await queryRows<{ workspace_id: string; user_id: string }>(
    db,
    sql`select distinct r.workspace_id, r.user_id from ${postNotificationRecipients} r
         where r.email_pending
           ${input.workspaceId ? sql`and r.workspace_id = ${input.workspaceId}` : sql``}
           and not exists (select 1 from ${newPostMailWindows} w
                            where w.workspace_id = r.workspace_id and w.user_id = r.user_id
                              and w.last_sent_at > ${ts(input.since)})
         limit ${input.limit}`,
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, userId: r.user_id }));
}

export interface DigestRecipient {
  email: string;
  fullName: string;
  label: string;
  username: string;
}

/**
 * Who a pending e-mail goes to, if it is still wanted at `now`: the fan still an active
 * subscriber with the switch on, the address confirmed and not suppressed, the creator's
 * workspace not deleted. Null: the pending posts are dropped.
 */
export async function digestRecipient(
  db: DbOrTx,
  input: { workspaceId: string; userId: string; now: Date },
): Promise<DigestRecipient | null> {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select u.email, u.full_name, w.label, w.username
          from ${subscriptions} s
          join ${users} u on u.id = s.subscriber_id
          join ${workspaces} w on w.id = s.workspace_id and w.deleted_at is null
          left join ${subscriptionNotificationSettings} ns on ns.subscription_id = s.id
         where s.workspace_id = ${input.workspaceId} and s.subscriber_id = ${input.userId}
           and ${activeSubscriptionSql('s', input.now)} and coalesce(ns.email, true)
           and u.email_confirmed_at is not null
           and not exists (select 1 from ${emailPlatformSuppressions} ps
                            where ps.email = lower(u.email))`,
  );
  return row
    ? { email: row.email!, fullName: row.full_name!, label: row.label!, username: row.username! }
    : null;
}

/** The posts' texts (for the e-mail), oldest first; deleted posts are absent. */
export async function postSummaries(
  db: DbOrTx,
  contentIds: string[],
): Promise<{ id: string; description: string }[]> {
  if (!contentIds.length) return [];
  const rows = await queryRows<{ id: string; description: string }>(
    db,
    sql`select c.id, c.description from ${contents} c
         where c.id in (${sql.join(
           contentIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         order by c.created_at, c.id`,
  );
  return rows;
}

/** The creator's name and profile, for a push. */
export async function workspaceCard(
  db: DbOrTx,
  workspaceId: string,
): Promise<{ label: string; username: string } | null> {
  const [row] = await queryRows<{ label: string; username: string }>(
    db,
    sql`select w.label, w.username from ${workspaces} w
         where w.id = ${workspaceId} and w.deleted_at is null`,
  );
  return row ?? null;
}

/**
 * Whether fans can see the post yet: a post whose video is still processing (or failed) is told
 * of when its media is ready (decision 095), not before (its fan-out waits, unfinished).
 */
export async function postMediaPending(db: DbOrTx, contentId: string): Promise<boolean> {
  const [row] = await queryRows<{ media_pending: boolean }>(
    db,
    sql`select media_pending from ${contents} where id = ${contentId}`,
  );
  return row?.media_pending ?? false;
}

/**
 * Posts still unfinished that were recorded before `before` and that fans can see (media ready):
 * the sweep sends their job again — and so tells of a post whose video became ready since.
 */
export async function unfinishedPostNotifications(db: DbOrTx, before: Date, limit: number) {
  return queryRows<{ contentId: string }>(
    db,
    sql`select n.content_id as "contentId" from ${postNotifications} n
          join ${contents} c on c.id = n.content_id and not c.media_pending
         where n.finished_at is null and n.created_at < ${ts(before)}
         order by n.created_at limit ${limit}`,
  );
}
