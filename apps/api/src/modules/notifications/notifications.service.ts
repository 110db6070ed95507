/**
 * New-post notifications (issue 35, decision 091). A post published — at once, by 'publicar
 * agora' or by the scheduled-posts job — is recorded in `post_notifications` in the transaction
 * that publishes it (`recordPublishedPosts`); after the commit its fan-out job is sent to the
 * job queue (key: the post, so a second send is a no-op). The job walks the creator's active
 * subscribers in batches, each batch one transaction that claims (post, fan) pairs in
 * `post_notification_recipients` (primary key: a pair is never claimed twice, whatever restarts)
 * and writes the e-mails that are due to the mail outbox. A fan gets at most one e-mail per
 * creator per hour (`new_post_mail_windows`): posts arriving within the hour wait and go out
 * together as one digest when it has passed (the periodic 'avisos de novas publicações').
 */
import type {
  PushPublicKey,
  PushSubscriptionBody,
  SubscriptionNotifications,
} from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { queueName } from '../../lib/queue';
import type { QueueDefinition } from '../../lib/queue';
import { requireActor } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { deliverSoon, enqueueMail } from '../mail/mail.service';
import {
  digestRecipient,
  findOwnSubscription,
  pairsDueForMail,
  postMediaPending,
  postSummaries,
  subscribersToTell,
  unfinishedPostNotifications,
  workspaceCard,
} from './notifications.queries';
import type { DigestRecipient } from './notifications.queries';
import { endpointAllowed, sendPush, vapidKeys } from './push';

export { missingPushSettings } from './push';
import {
  closePendingPosts,
  deleteOwnPushSubscription,
  deletePushSubscription,
  listPushSubscriptions,
  upsertPushSubscription,
  findPostNotification,
  findSettings,
  finishPostNotification,
  insertPostNotifications,
  insertRecipients,
  saveSettings,
  takeMailWindow,
} from './notifications.repo';

/** At most one new-post e-mail per creator and fan in this time. */
export const NEW_POST_MAIL_INTERVAL_MS = 3_600_000;
/** Fans claimed per transaction of the fan-out. */
export const FANOUT_BATCH = 200;
/** (creator, fan) pairs mailed per sweep transaction batch. */
const DIGEST_BATCH = 200;
/** How often the sweep sends due digests and re-sends lost fan-out jobs. */
export const NEW_POST_SWEEP_INTERVAL_MS = 60_000;

const NEW_POST_QUEUE = queueName<{ contentId: string }>('notifications.new-post');

// ---------------------------------------------------------------- the switches

async function ownSubscription(ctx: AppContext, actor: Actor | null, subscriptionId: string) {
  const me = requireActor(actor);
  const sub = await findOwnSubscription(ctx.db, subscriptionId, me.userId);
  // another fan's subscription answers as one that does not exist
  if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return sub;
}

/** GET /subscriptions/{id}/notifications: the fan who owns the subscription. */
export async function getSubscriptionNotifications(
  ctx: AppContext,
  actor: Actor | null,
  subscriptionId: string,
): Promise<SubscriptionNotifications> {
  const sub = await ownSubscription(ctx, actor, subscriptionId);
  return (await findSettings(ctx.db, sub.id)) ?? { email: true, push: true };
}

/** PUT /subscriptions/{id}/notifications { email, push }: the fan who owns the subscription. */
export async function putSubscriptionNotifications(
  ctx: AppContext,
  actor: Actor | null,
  subscriptionId: string,
  body: SubscriptionNotifications,
): Promise<SubscriptionNotifications> {
  const sub = await ownSubscription(ctx, actor, subscriptionId);
  await saveSettings(ctx.db, {
    subscriptionId: sub.id,
    email: body.email,
    push: body.push,
    now: ctx.clock.now(),
  });
  return { email: body.email, push: body.push };
}

// ---------------------------------------------------------------- publication

/**
 * In the transaction that publishes posts: records them to tell their subscribers. Call
 * `sendNewPostJobs` with the same posts after the commit.
 */
export async function recordPublishedPosts(
  ctx: AppContext,
  tx: DbOrTx,
  posts: { contentId: string; workspaceId: string }[],
): Promise<void> {
  await insertPostNotifications(tx, posts, ctx.clock.now());
}

/** After the commit: the fan-out jobs (a failure is logged; the sweep sends them). */
export async function sendNewPostJobs(ctx: AppContext, contentIds: string[]): Promise<void> {
  for (const contentId of contentIds)
    await ctx.queue
      .send(NEW_POST_QUEUE, { contentId }, { key: contentId })
      .catch((err: unknown) =>
        ctx.logger.warn({ err, contentId }, 'aviso de nova publicação deixado para a varredura'),
      );
}

/**
 * The fan-out of one post: batches of `batch` subscribers not yet claimed for it, each batch in
 * one transaction (claims and the e-mails due), until none is left. Checks `signal` between
 * batches (the job goes back to the queue and resumes with who is left).
 */
export async function fanOutNewPost(
  ctx: AppContext,
  contentId: string,
  signal: AbortSignal,
  batch = FANOUT_BATCH,
): Promise<void> {
  const post = await findPostNotification(ctx.db, contentId);
  if (!post || post.finishedAt) return;
  // a video still processing: told of once it is ready (the sweep sends this job again then)
  if (await postMediaPending(ctx.db, contentId)) return;
  for (;;) {
    if (signal.aborted) throw new Error('aviso interrompido: o job volta para a fila');
    const now = ctx.clock.now();
    const { claimed, mailIds, pushTo } = await ctx.db.transaction(async (tx) => {
      const fans = await subscribersToTell(tx, {
        contentId,
        workspaceId: post.workspaceId,
        now,
        limit: batch,
      });
      const fresh = new Set(
        await insertRecipients(tx, { contentId, workspaceId: post.workspaceId, fans, now }),
      );
      const ids: string[] = [];
      for (const fan of fans)
        if (fan.email && fresh.has(fan.userId)) {
          const id = await mailPendingPosts(ctx, tx, {
            workspaceId: post.workspaceId,
            userId: fan.userId,
            now,
          });
          if (id) ids.push(id);
        }
      return {
        claimed: fans.length,
        mailIds: ids,
        pushTo: fans.filter((f) => f.push && fresh.has(f.userId)).map((f) => f.userId),
      };
    });
    deliverSoon(ctx, mailIds);
    // after the commit, to the fans claimed by this batch only: a run again pushes nobody twice
    // (a crash between the commit and the pushes loses those pushes: at most once)
    if (pushTo.length) await pushNewPost(ctx, post.workspaceId, contentId, pushTo);
    if (claimed < batch) break;
  }
  await finishPostNotification(ctx.db, contentId, ctx.clock.now());
}

export function newPostQueue(ctx: AppContext): QueueDefinition<{ contentId: string }> {
  return {
    name: NEW_POST_QUEUE,
    handler: (job, { signal }) => fanOutNewPost(ctx, job.data.contentId, signal),
    concurrency: 1,
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: 600,
  };
}

async function pushNewPost(
  ctx: AppContext,
  workspaceId: string,
  contentId: string,
  userIds: string[],
) {
  const card = await workspaceCard(ctx.db, workspaceId);
  if (!card) return;
  const [post] = await postSummaries(ctx.db, [contentId]);
  const payload = {
    type: 'new-post',
    title: `Nova publicação de ${card.label}`,
    body: excerpt(post?.description ?? '') || 'Publicação com mídia',
    url: `/profile/${encodeURIComponent(card.username)}`,
    tag: `post-${contentId}`,
  };
  for (let i = 0; i < userIds.length; i += PUSH_CONCURRENCY)
    await Promise.all(
      userIds.slice(i, i + PUSH_CONCURRENCY).map((u) => pushToUser(ctx, u, payload)),
    );
}

// ---------------------------------------------------------------- Web Push

/** Devices pushed to at once by one fan-out batch. */
const PUSH_CONCURRENCY = 10;

function requireVapid(ctx: AppContext) {
  const vapid = vapidKeys(ctx.config);
  if (!vapid) throw new AppError('PUSH_NOT_CONFIGURED');
  return vapid;
}

/** GET /push/public-key: a signed-in person (their browser subscribes with it). */
export function getPushPublicKey(ctx: AppContext): PushPublicKey {
  return { key: requireVapid(ctx).publicKey };
}

/** POST /push/subscriptions: the signed-in person registers this browser. */
export async function registerPushSubscription(
  ctx: AppContext,
  actor: Actor | null,
  body: PushSubscriptionBody,
): Promise<{ endpoint: string }> {
  const me = requireActor(actor);
  requireVapid(ctx);
  if (!endpointAllowed(body.endpoint, ctx.config.push.serviceHosts))
    throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED');
  await upsertPushSubscription(ctx.db, {
    userId: me.userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    now: ctx.clock.now(),
  });
  return { endpoint: body.endpoint };
}

/** DELETE /push/subscriptions?endpoint=: the person's own registration only. */
export async function unregisterPushSubscription(
  ctx: AppContext,
  actor: Actor | null,
  endpoint: string,
): Promise<void> {
  const me = requireActor(actor);
  if (!(await deleteOwnPushSubscription(ctx.db, me.userId, endpoint)))
    throw new AppError('PUSH_SUBSCRIPTION_NOT_FOUND');
}

/**
 * Pushes `payload` to every device of `userId`. An endpoint the service answers 404/410 for,
 * or whose host is no longer allowed, is deleted; other failures are logged. Never throws.
 * Answers how many devices took it.
 */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  payload: { type: string; title: string; body: string; url: string; tag?: string },
): Promise<number> {
  const vapid = vapidKeys(ctx.config);
  if (!vapid) return 0;
  let sent = 0;
  try {
    for (const sub of await listPushSubscriptions(ctx.db, userId)) {
      if (!endpointAllowed(sub.endpoint, ctx.config.push.serviceHosts)) {
        await deletePushSubscription(ctx.db, sub.id);
        continue;
      }
      const r = await sendPush(ctx.config, vapid, sub, payload);
      if (r.outcome === 'sent') sent++;
      else if (r.outcome === 'gone') await deletePushSubscription(ctx.db, sub.id);
      else
        ctx.logger.warn(
          { err: r.error, pushSubscriptionId: sub.id, type: payload.type },
          'falha ao enviar notificação push',
        );
    }
  } catch (err) {
    ctx.logger.warn({ err, type: payload.type }, 'falha ao enviar notificações push');
  }
  return sent;
}

// ---------------------------------------------------------------- the e-mail

const excerpt = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 140 ? `${t.slice(0, 139)}…` : t;
};

function newPostMail(ctx: AppContext, to: DigestRecipient, posts: { description: string }[]) {
  const one = posts.length === 1;
  return renderEmail({
    kind: 'new-post',
    to: to.email,
    subject: one
      ? `Nova publicação de ${to.label}`
      : `${posts.length} novas publicações de ${to.label}`,
    title: one ? 'Nova publicação' : 'Novas publicações',
    paragraphs: [
      `Olá, ${to.fullName}!`,
      one
        ? `${to.label} publicou algo novo no Fã Clube.`
        : `${to.label} publicou ${posts.length} vezes no Fã Clube:`,
      ...posts.map((p) => `• ${excerpt(p.description) || 'Publicação com mídia'}`),
      'Para não receber estes avisos, desligue o e-mail desta assinatura em Minhas assinaturas.',
    ],
    action: {
      label: 'Ver publicações',
      url: `${ctx.config.appUrl}/profile/${encodeURIComponent(to.username)}`,
    },
  });
}

/**
 * Inside `tx`: if the (creator, fan) pair may be e-mailed now (its last e-mail is an hour old),
 * its pending posts go into one e-mail written to the outbox, and are marked sent; a fan who no
 * longer wants it (subscription ended, switch off, address suppressed) has them dropped.
 * Answers the outbox id, or null.
 */
async function mailPendingPosts(
  ctx: AppContext,
  tx: DbOrTx,
  pair: { workspaceId: string; userId: string; now: Date },
): Promise<string | null> {
  const to = await digestRecipient(tx, pair);
  if (!to) {
    await closePendingPosts(tx, { ...pair, status: 'skipped' });
    return null;
  }
  const since = new Date(pair.now.getTime() - NEW_POST_MAIL_INTERVAL_MS);
  if (!(await takeMailWindow(tx, { ...pair, since }))) return null;
  const posts = await postSummaries(tx, await closePendingPosts(tx, { ...pair, status: 'sent' }));
  if (!posts.length) return null;
  return enqueueMail(ctx, tx, newPostMail(ctx, to, posts));
}

/**
 * The sweep (periodic): every (creator, fan) pair whose posts wait and whose hour has passed
 * gets its digest; then the fan-out jobs of posts unfinished after a minute are sent again
 * (same key: a no-op while the job exists). Answers the e-mails written and jobs re-sent.
 */
export async function sendNewPostDigests(
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<{ mailed: number; resent: number }> {
  let mailed = 0;
  // bounded: a pair whose window another process holds stays due until the next sweep
  for (let round = 0; round < 50; round++) {
    const now = ctx.clock.now();
    const since = new Date(now.getTime() - NEW_POST_MAIL_INTERVAL_MS);
    const pairs = await pairsDueForMail(ctx.db, { since, limit: DIGEST_BATCH });
    const ids = await ctx.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const p of pairs) {
        const id = await mailPendingPosts(ctx, tx, { ...p, now });
        if (id) out.push(id);
      }
      return out;
    });
    deliverSoon(ctx, ids);
    mailed += ids.length;
    if (pairs.length < DIGEST_BATCH || signal?.aborted) break;
  }
  let resent = 0;
  const before = new Date(ctx.clock.now().getTime() - 60_000);
  for (const p of await unfinishedPostNotifications(ctx.db, before, 100)) {
    if (signal?.aborted) break;
    const r = await ctx.queue
      .send(NEW_POST_QUEUE, { contentId: p.contentId }, { key: p.contentId })
      .catch(() => ({ created: false }));
    if (r.created) resent += 1;
  }
  return { mailed, resent };
}
