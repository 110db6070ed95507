/**
 * New-post notifications (issue 35): the per-subscription switches (who may read and change
 * them, validation), and the new-post e-mail — sent through the job queue to the creator's
 * active subscribers who want it, once per (post, fan) whatever runs again, at most one e-mail
 * per creator and fan per hour (a digest of what came in that hour), for posts published at once,
 * published now from 'Agendados', and published by the scheduled-posts job.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueue } from '../../../test/support/queue';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost } from '../../../test/support/content';
import { callAs, createUser, signIn } from '../../../test/support/fixtures';
import type { CallArgs, TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber, readSubscription } from '../../../test/support/subscriptions';
import { waitUntil } from '../../../test/support/wait';
import { postNotificationRecipients, postNotifications } from '../../db/schema/notifications';
import { createJobQueue } from '../../lib/queue';
import type { JobQueue } from '../../lib/queue';
import { publishScheduledPosts } from '../content/scheduled.jobs';
import { deliverDueMail, drainMail } from '../mail/mail.service';
import { fanOutNewPost, newPostQueue, sendNewPostDigests } from './notifications.service';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const MIN = 60_000;

let t: TestContext;
let queue: JobQueue;
let creator: TestUser;
let fan: TestUser;
let otherFan: TestUser;
let stranger: TestUser;
let subId: string;
let otherSubId: string;

const call = (...args: CallArgs) => callAs(t, ...args);

/** A creator with `n` confirmed fans subscribed. */
async function creatorWithFans(n: number, opts: { confirmed?: boolean } = {}) {
  const owner = await createUser(t, {}, { confirmed: true });
  const fans: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const f = await createUser(t, {}, { confirmed: opts.confirmed ?? true });
    await makeActiveSubscriber(t, f, owner, 'monthly');
    fans.push(f);
  }
  return { owner, fans };
}

/** Waits for the post's fan-out to finish and every e-mail it wrote to leave the outbox. */
async function fannedOut(contentId: string) {
  await waitUntil(async () => {
    const [row] = await t.ctx.db
      .select()
      .from(postNotifications)
      .where(eq(postNotifications.contentId, contentId));
    return Boolean(row?.finishedAt);
  });
  await drainMail(t.ctx);
  await deliverDueMail(t.ctx);
}

/** Moves the clock on; the creator's access token (short-lived) is renewed. */
async function advance(ms: number) {
  t.clock.advance(ms);
  creator.accessToken = (await signIn(t, creator.email, creator.password)).access_token;
}

const newPostMails = (to: TestUser) =>
  t.mail.to(to.email).filter((m) => /publicaç(ão|ões) de /.test(m.subject));

beforeAll(async () => {
  t = await createTestContext();
  queue = await startTestQueue(t, newPostQueue(t.ctx));
  ({
    owner: creator,
    fans: [fan, otherFan],
  } = (await creatorWithFans(2)) as { owner: TestUser; fans: [TestUser, TestUser] });
  stranger = await createUser(t, {}, { confirmed: true });
  subId = (await readSubscription(t, fan, creator))!.id;
  otherSubId = (await readSubscription(t, otherFan, creator))!.id;
}, 120_000);
afterAll(async () => {
  await queue?.stop({ timeoutMs: 3000 });
  await t.close();
});

describe('GET, PUT /subscriptions/{id}/notifications', () => {
  it('answers the owning fan (both on by default) and refuses everyone else', async () => {
    const mine = await call('GET', `/subscriptions/${subId}/notifications`, fan);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ email: true, push: true });

    expect((await call('GET', `/subscriptions/${subId}/notifications`, null)).statusCode).toBe(401);
    for (const who of [otherFan, stranger, creator]) {
      const res = await call('GET', `/subscriptions/${subId}/notifications`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SUBSCRIPTION_NOT_FOUND');
      const put = await call('PUT', `/subscriptions/${subId}/notifications`, who, {
        email: false,
        push: false,
      });
      expect(put.statusCode).toBe(404);
    }
    expect(
      (
        await call('PUT', `/subscriptions/${subId}/notifications`, null, {
          email: false,
          push: false,
        })
      ).statusCode,
    ).toBe(401);
    // nobody else changed it
    expect((await call('GET', `/subscriptions/${subId}/notifications`, fan)).json()).toEqual({
      email: true,
      push: true,
    });
    const unknown = await call('GET', `/subscriptions/${crypto.randomUUID()}/notifications`, fan);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a malformed body or id in pt-BR, changing nothing', async () => {
    const bad: [string, unknown][] = [
      [subId, { email: 'sim', push: true }],
      [subId, { email: true }],
      [subId, {}],
      ['nao-e-uuid', { email: true, push: true }],
    ];
    for (const [id, body] of bad) {
      const res = await call('PUT', `/subscriptions/${id}/notifications`, fan, body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[a-zà-ú]/);
    }
    const email = await call('PUT', `/subscriptions/${subId}/notifications`, fan, {
      email: 'sim',
      push: true,
    });
    expect(email.json().message).toMatch(/verdadeiro ou falso/);
    expect((await call('GET', `/subscriptions/${subId}/notifications`, fan)).json()).toEqual({
      email: true,
      push: true,
    });
  });

  it('keeps what the fan chose, for that subscription only', async () => {
    const put = await call('PUT', `/subscriptions/${otherSubId}/notifications`, otherFan, {
      email: false,
      push: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ email: false, push: true });
    expect(
      (await call('GET', `/subscriptions/${otherSubId}/notifications`, otherFan)).json(),
    ).toEqual({ email: false, push: true });
    expect((await call('GET', `/subscriptions/${subId}/notifications`, fan)).json()).toEqual({
      email: true,
      push: true,
    });
  });
});

describe('the new-post e-mail', () => {
  it('goes to the active subscribers who want it, at most one an hour, then a digest', async () => {
    // otherFan switched the e-mail off above; an unconfirmed address and a suppressed one get none
    const unconfirmed = await createUser(t);
    await makeActiveSubscriber(t, unconfirmed, creator, 'monthly');
    const suppressed = await createUser(t, {}, { confirmed: true });
    await makeActiveSubscriber(t, suppressed, creator, 'monthly');
    await t.ctx.db.execute(
      sql`insert into email_platform_suppressions (email, reason) values (${suppressed.email.toLowerCase()}, 'unsubscribed')`,
    );

    const first = await createPost(t, creator, { text: 'Bastidores do ensaio de hoje' });
    await fannedOut(first.id);
    const mails = newPostMails(fan);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Nova publicação de /);
    expect(mails[0]!.text).toContain('Bastidores do ensaio de hoje');
    expect(mails[0]!.text).toContain(`/profile/${creator.username}`);
    for (const nobody of [otherFan, unconfirmed, suppressed])
      expect(newPostMails(nobody)).toHaveLength(0);
    // the creator is not a subscriber of their own
    expect(newPostMails(creator)).toHaveLength(0);

    // two more posts within the hour: no e-mail now, not even from the sweep
    await advance(20 * MIN);
    const second = await createPost(t, creator, { text: 'Segunda publicação' });
    await fannedOut(second.id);
    await advance(20 * MIN);
    const third = await createPost(t, creator, { text: 'Terceira publicação' });
    await fannedOut(third.id);
    expect((await sendNewPostDigests(t.ctx)).mailed).toBe(0);
    await drainMail(t.ctx);
    expect(newPostMails(fan)).toHaveLength(1);

    // the hour passes: one digest with both
    await advance(21 * MIN);
    expect((await sendNewPostDigests(t.ctx)).mailed).toBe(1);
    const digest = await t.mail.waitFor(fan.email, (m) =>
      /2 novas publicações de /.test(m.subject),
    );
    expect(digest.text).toContain('Segunda publicação');
    expect(digest.text).toContain('Terceira publicação');
    expect(digest.text).not.toContain('Bastidores');
    // and nothing more to send
    expect((await sendNewPostDigests(t.ctx)).mailed).toBe(0);
    await drainMail(t.ctx);
    expect(newPostMails(fan)).toHaveLength(2);
    for (const nobody of [otherFan, unconfirmed, suppressed])
      expect(newPostMails(nobody)).toHaveLength(0);
  });

  it('tells each fan once when the fan-out stops between batches and runs again', async () => {
    const { owner, fans } = await creatorWithFans(3);
    // the post is published while no queue runs here: its fan-out is left to run by hand
    t.ctx.queue = createJobQueue({ database: t.database, logger });
    const post = await createPost(t, owner, { text: 'Publicação em lotes' });
    t.ctx.queue = queue;
    expect(
      await t.ctx.db
        .select()
        .from(postNotificationRecipients)
        .where(eq(postNotificationRecipients.contentId, post.id)),
    ).toHaveLength(0);

    // the first run claims one fan (batch of 1), then its process is stopped
    const stop = new AbortController();
    let batches = 0;
    const stopping = {
      get aborted() {
        if (batches++ === 1) stop.abort();
        return stop.signal.aborted;
      },
    } as AbortSignal;
    await expect(fanOutNewPost(t.ctx, post.id, stopping, 1)).rejects.toThrow(/interrompido/);
    const claimed = await t.ctx.db
      .select()
      .from(postNotificationRecipients)
      .where(eq(postNotificationRecipients.contentId, post.id));
    expect(claimed).toHaveLength(1);

    // run again (twice, at the same time) and once more after it finished
    await Promise.all([
      fanOutNewPost(t.ctx, post.id, new AbortController().signal, 1),
      fanOutNewPost(t.ctx, post.id, new AbortController().signal, 2),
    ]);
    await fanOutNewPost(t.ctx, post.id, new AbortController().signal);
    await fannedOut(post.id);
    for (const f of fans) {
      await t.mail.waitFor(f.email, (m) => /Nova publicação de /.test(m.subject));
      expect(newPostMails(f)).toHaveLength(1);
    }
    expect(
      await t.ctx.db
        .select()
        .from(postNotificationRecipients)
        .where(eq(postNotificationRecipients.contentId, post.id)),
    ).toHaveLength(3);
  });

  it('a scheduled post tells nobody until the job publishes it, then once', async () => {
    const { owner, fans } = await creatorWithFans(1);
    const [only] = fans as [TestUser];
    const at = new Date(t.ctx.clock.now().getTime() + 2 * 3_600_000).toISOString();
    const res = await call('POST', `/content/${owner.workspaceId}`, owner, {
      text: 'Publicação agendada',
      publish_at: at,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(await publishScheduledPosts(t.ctx)).toBe(0);
    expect(
      await t.ctx.db.select().from(postNotifications).where(eq(postNotifications.contentId, id)),
    ).toHaveLength(0);

    t.clock.advance(2 * 3_600_000 + MIN);
    expect(await publishScheduledPosts(t.ctx)).toBe(1);
    await fannedOut(id);
    const mail = await t.mail.waitFor(only.email, (m) => /Nova publicação de /.test(m.subject));
    expect(mail.text).toContain('Publicação agendada');
    expect(await publishScheduledPosts(t.ctx)).toBe(0);
    await sendNewPostDigests(t.ctx);
    await drainMail(t.ctx);
    expect(newPostMails(only)).toHaveLength(1);
  });

  it("'publicar agora' from 'Agendados' tells the subscribers", async () => {
    const { owner, fans } = await creatorWithFans(1);
    const [only] = fans as [TestUser];
    const at = new Date(t.ctx.clock.now().getTime() + 3_600_000).toISOString();
    const res = await call('POST', `/content/${owner.workspaceId}`, owner, {
      text: 'Agendada e publicada agora',
      publish_at: at,
    });
    const id = res.json().id as string;
    const now = await call('PATCH', `/content/${owner.workspaceId}/${id}`, owner, {
      publish_at: null,
    });
    expect(now.statusCode).toBe(200);
    await fannedOut(id);
    const mail = await t.mail.waitFor(only.email, (m) => /Nova publicação de /.test(m.subject));
    expect(mail.text).toContain('Agendada e publicada agora');
  });

  it('the sweep sends the fan-out job again when its send was lost', async () => {
    const { owner, fans } = await creatorWithFans(1);
    const [only] = fans as [TestUser];
    t.ctx.queue = createJobQueue({ database: t.database, logger });
    const post = await createPost(t, owner, { text: 'Job perdido' });
    t.ctx.queue = queue;
    // not before a minute
    expect((await sendNewPostDigests(t.ctx)).resent).toBe(0);
    t.clock.advance(2 * MIN);
    expect((await sendNewPostDigests(t.ctx)).resent).toBe(1);
    await fannedOut(post.id);
    await t.mail.waitFor(only.email, (m) => /Nova publicação de /.test(m.subject));
    expect((await sendNewPostDigests(t.ctx)).resent).toBe(0);
  });

  it('a post whose video is still processing tells nobody until its media is ready, then once', async () => {
    const { owner, fans } = await creatorWithFans(1);
    const [only] = fans as [TestUser];
    t.ctx.queue = createJobQueue({ database: t.database, logger });
    const post = await createPost(t, owner, { text: 'Vídeo chegando' });
    t.ctx.queue = queue;
    // as the media module leaves a post whose video is processing (decision 095)
    await t.ctx.db.execute(sql`update contents set media_pending = true where id = ${post.id}`);
    await fanOutNewPost(t.ctx, post.id, new AbortController().signal);
    const recipients = () =>
      t.ctx.db
        .select()
        .from(postNotificationRecipients)
        .where(eq(postNotificationRecipients.contentId, post.id));
    expect(await recipients()).toHaveLength(0);
    t.clock.advance(2 * MIN);
    expect((await sendNewPostDigests(t.ctx)).resent).toBe(0);

    await t.ctx.db.execute(sql`update contents set media_pending = false where id = ${post.id}`);
    expect((await sendNewPostDigests(t.ctx)).resent).toBe(1);
    await fannedOut(post.id);
    const mail = await t.mail.waitFor(only.email, (m) => /Nova publicação de /.test(m.subject));
    expect(mail.text).toContain('Vídeo chegando');
    expect(await recipients()).toHaveLength(1);
  });
});
