/** The notifications module's own tables: the only place they are written. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  newPostMailWindows,
  postNotificationRecipients,
  postNotifications,
  pushSubscriptions,
  subscriptionNotificationSettings,
} from '../../db/schema/notifications';
import { queryRows, ts } from '../../db/sql';

export async function findSettings(
  db: DbOrTx,
  subscriptionId: string,
): Promise<{ email: boolean; push: boolean } | null> {
  const [row] = await db
    .select({
      email: subscriptionNotificationSettings.email,
      push: subscriptionNotificationSettings.push,
    })
    .from(subscriptionNotificationSettings)
    .where(eq(subscriptionNotificationSettings.subscriptionId, subscriptionId));
  return row ?? null;
}

export async function saveSettings(
  db: DbOrTx,
  input: { subscriptionId: string; email: boolean; push: boolean; now: Date },
): Promise<void> {
  await db
    .insert(subscriptionNotificationSettings)
    .values({ ...input, updatedAt: input.now })
    .onConflictDoUpdate({
      target: subscriptionNotificationSettings.subscriptionId,
      set: { email: input.email, push: input.push, updatedAt: input.now },
    });
}

/** Records published posts to tell (in the publishing transaction); a post already there is kept. */
export async function insertPostNotifications(
  db: DbOrTx,
  posts: { contentId: string; workspaceId: string }[],
  now: Date,
): Promise<void> {
  if (!posts.length) return;
  await db
    .insert(postNotifications)
    .values(posts.map((p) => ({ ...p, createdAt: now })))
    .onConflictDoNothing();
}

export async function findPostNotification(db: DbOrTx, contentId: string) {
  const [row] = await db
    .select()
    .from(postNotifications)
    .where(eq(postNotifications.contentId, contentId));
  return row ?? null;
}

export async function finishPostNotification(db: DbOrTx, contentId: string, now: Date) {
  await db
    .update(postNotifications)
    .set({ finishedAt: now })
    .where(and(eq(postNotifications.contentId, contentId), isNull(postNotifications.finishedAt)));
}

/**
 * The (post, fan) claims: a pair already recorded is skipped (primary key), so running a batch
 * again tells nobody twice. Answers the fans newly recorded.
 */
export async function insertRecipients(
  db: DbOrTx,
  input: {
    contentId: string;
    workspaceId: string;
    fans: { userId: string; email: boolean; push: boolean }[];
    now: Date;
  },
): Promise<string[]> {
  if (!input.fans.length) return [];
  const rows = await db
    .insert(postNotificationRecipients)
    .values(
      input.fans.map((f) => ({
        contentId: input.contentId,
        userId: f.userId,
        workspaceId: input.workspaceId,
        emailPending: f.email,
        push: f.push,
        createdAt: input.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: postNotificationRecipients.userId });
  return rows.map((r) => r.userId);
}

/**
 * Takes the window of (creator, fan) for an e-mail now: locks its row (created when absent) and
 * answers true only when the last e-mail is older than `since` — then it is set to `now`. Two
 * transactions taking the same pair serialise on the row; the second sees the first's time.
 */
export async function takeMailWindow(
  db: DbOrTx,
  input: { workspaceId: string; userId: string; since: Date; now: Date },
): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`insert into ${newPostMailWindows} as w (workspace_id, user_id, last_sent_at)
        values (${input.workspaceId}, ${input.userId}, ${ts(input.now)})
        on conflict (workspace_id, user_id) do update set last_sent_at = excluded.last_sent_at
          where w.last_sent_at <= ${ts(input.since)}
        returning w.user_id`,
  );
  return rows.length > 0;
}

/** Marks the pair's pending posts done (`sent` or `skipped`); answers their ids (locked rows of another transaction are left). */
export async function closePendingPosts(
  db: DbOrTx,
  input: { workspaceId: string; userId: string; status: 'sent' | 'skipped'; now: Date },
): Promise<string[]> {
  const rows = await queryRows<{ content_id: string }>(
    db,
    sql`update ${postNotificationRecipients} r
           set email_pending = false, email_status = ${input.status}, emailed_at = ${ts(input.now)}
         where r.workspace_id = ${input.workspaceId} and r.user_id = ${input.userId}
           and r.email_pending
        returning r.content_id`,
  );
  return rows.map((r) => r.content_id);
}

// ---------------------------------------------------------------- Web Push subscriptions

/** At most this many devices per person: registering one more forgets the oldest. */
export const PUSH_DEVICES_MAX = 20;

/** Saves a browser's subscription for `userId` (an endpoint registered before moves to them). */
export async function upsertPushSubscription(
  db: DbOrTx,
  input: { userId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...input, createdAt: input.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth, createdAt: input.now },
    });
  await db.execute(
    sql`delete from ${pushSubscriptions} where user_id = ${input.userId} and id not in
          (select id from ${pushSubscriptions} where user_id = ${input.userId}
            order by created_at desc, id desc limit ${PUSH_DEVICES_MAX})`,
  );
}

/** Deletes the caller's subscription at `endpoint`; answers whether there was one. */
export async function deleteOwnPushSubscription(
  db: DbOrTx,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Forgets an endpoint the push service says is gone (404/410), or no longer allowed. */
export async function deletePushSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function listPushSubscriptions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}
