/**
 * Web Push (issue 35): the VAPID public key (generated under DATA_DIR outside production),
 * registering and removing a browser (who may, validation, the push services' host
 * allow-list), and a new post pushed to the fans who allowed it — to a stand-in push service
 * over HTTPS, where the VAPID JWT is verified (RFC 8292) and the message decrypted with the
 * browser's keys (RFC 8291) — once per (post, fan); a 410 removes the endpoint.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueue } from '../../../test/support/queue';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost } from '../../../test/support/content';
import { callAs, createUser } from '../../../test/support/fixtures';
import type { CallArgs, TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import {
  browserKeys,
  decryptPush,
  startTestPushService,
  verifyVapid,
} from '../../../test/support/push-service';
import type { TestPushService } from '../../../test/support/push-service';
import { makeActiveSubscriber, readSubscription } from '../../../test/support/subscriptions';
import { waitUntil } from '../../../test/support/wait';
import { postNotifications, pushSubscriptions } from '../../db/schema/notifications';
import type { JobQueue } from '../../lib/queue';
import { sendRenewalReminders } from '../subscriptions/renewal.jobs';
import { fanOutNewPost, newPostQueue } from './notifications.service';

let t: TestContext;
let queue: JobQueue;
let service: TestPushService;
let creator: TestUser;
let fan: TestUser;
let stranger: TestUser;
let fanDevice: ReturnType<typeof browserKeys> | null = null;

const call = (...args: CallArgs) => callAs(t, ...args);

const endpoints = async (userId: string) =>
  (await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map(
    (r) => r.endpoint,
  );

async function register(who: TestUser, name: string) {
  const keys = browserKeys();
  const endpoint = `${service.origin}/push/${name}`;
  const res = await call('POST', '/push/subscriptions', who, { endpoint, keys: keys.json });
  expect(res.statusCode, res.body).toBe(201);
  return { keys, endpoint, path: `/push/${name}` };
}

async function fannedOut(contentId: string) {
  await waitUntil(async () => {
    const [row] = await t.ctx.db
      .select()
      .from(postNotifications)
      .where(eq(postNotifications.contentId, contentId));
    return Boolean(row?.finishedAt);
  });
}

beforeAll(async () => {
  service = await startTestPushService();
  t = await createTestContext({
    env: { PUSH_SERVICE_HOSTS: '127.0.0.1', PUSH_CA_FILE: testCertificates().files.ca },
  });
  queue = await startTestQueue(t, newPostQueue(t.ctx));
  creator = await createUser(t, {}, { confirmed: true });
  fan = await createUser(t, {}, { confirmed: true });
  stranger = await createUser(t, {}, { confirmed: true });
  await makeActiveSubscriber(t, fan, creator, 'monthly');
}, 120_000);
afterAll(async () => {
  await queue?.stop({ timeoutMs: 3000 });
  await t.close();
  await service.close();
});

describe('GET /push/public-key', () => {
  it('answers the VAPID key to a signed-in person, generated once under DATA_DIR', async () => {
    expect((await call('GET', '/push/public-key', null)).statusCode).toBe(401);
    const res = await call('GET', '/push/public-key', stranger);
    expect(res.statusCode).toBe(200);
    const key = res.json().key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(existsSync(path.join(t.dataDir, 'vapid-keys.json'))).toBe(true);
    expect((await call('GET', '/push/public-key', fan)).json().key).toBe(key);
  });
});

describe('POST, DELETE /push/subscriptions', () => {
  it('refuses the signed-out, a malformed body, and hosts that are not push services', async () => {
    const keys = browserKeys().json;
    const ok = { endpoint: `${service.origin}/push/x`, keys };
    expect((await call('POST', '/push/subscriptions', null, ok)).statusCode).toBe(401);
    const bad: object[] = [
      { ...ok, endpoint: 'http://127.0.0.1/push/x' },
      { ...ok, endpoint: 'não é url' },
      { ...ok, keys: { p256dh: 'curta', auth: keys.auth } },
      { ...ok, keys: { p256dh: keys.p256dh, auth: 'AAAA' } },
      { endpoint: ok.endpoint },
    ];
    for (const body of bad) {
      const res = await call('POST', '/push/subscriptions', fan, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[a-zà-ú]/);
    }
    for (const endpoint of [
      'https://evil.example/push/x',
      'https://169.254.169.254/latest',
      'https://127.0.0.1.evil.example/x',
    ]) {
      const res = await call('POST', '/push/subscriptions', fan, { endpoint, keys });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    }
    expect(await endpoints(fan.id)).toEqual([]);
    expect(service.received).toHaveLength(0);
  });

  it('removes only the caller’s own registration', async () => {
    const { endpoint } = await register(stranger, 'stranger-device');
    const q = `/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`;
    expect((await call('DELETE', q, null)).statusCode).toBe(401);
    const other = await call('DELETE', q, fan);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    expect(await endpoints(stranger.id)).toEqual([endpoint]);
    expect((await call('DELETE', q, stranger)).statusCode).toBe(200);
    expect(await endpoints(stranger.id)).toEqual([]);
    expect((await call('DELETE', q, stranger)).statusCode).toBe(404);
  });
});

describe('a new post, pushed', () => {
  it('reaches the fan’s browser signed (VAPID) and encrypted (aes128gcm), once', async () => {
    const device = await register(fan, 'fan-device');
    fanDevice = device.keys;
    const key = (await call('GET', '/push/public-key', fan)).json().key as string;
    const post = await createPost(t, creator, { text: 'Ensaio aberto amanhã' });
    await fannedOut(post.id);
    const got = service.received.filter((r) => r.path === device.path);
    expect(got).toHaveLength(1);
    const [msg] = got as [(typeof got)[number]];
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(msg.headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapid(String(msg.headers.authorization), service.origin);
    expect(vapid.key).toBe(key);
    expect(vapid.claims.sub).toMatch(/^mailto:/);
    const payload = JSON.parse(decryptPush(msg.body, device.keys));
    expect(payload).toMatchObject({
      type: 'new-post',
      body: 'Ensaio aberto amanhã',
      url: `/profile/${creator.username}`,
    });
    expect(payload.title).toMatch(/^Nova publicação de /);
    // someone else's keys cannot read it
    expect(() => decryptPush(msg.body, browserKeys())).toThrow();

    // the fan-out run again pushes nobody twice
    await fanOutNewPost(t.ctx, post.id, new AbortController().signal);
    await t.ctx.db
      .update(postNotifications)
      .set({ finishedAt: null })
      .where(eq(postNotifications.contentId, post.id));
    await fanOutNewPost(t.ctx, post.id, new AbortController().signal);
    expect(service.received.filter((r) => r.path === device.path)).toHaveLength(1);
  });

  it('respects the subscription’s push switch', async () => {
    const quiet = await createUser(t, {}, { confirmed: true });
    await makeActiveSubscriber(t, quiet, creator, 'monthly');
    const device = await register(quiet, 'quiet-device');
    const sub = (await readSubscription(t, quiet, creator))!;
    const put = await call('PUT', `/subscriptions/${sub.id}/notifications`, quiet, {
      email: true,
      push: false,
    });
    expect(put.statusCode).toBe(200);
    const post = await createPost(t, creator, { text: 'Sem push para quem desligou' });
    await fannedOut(post.id);
    expect(service.received.filter((r) => r.path === device.path)).toHaveLength(0);
    expect(service.received.filter((r) => r.path === '/push/fan-device')).toHaveLength(2);
  });

  it('forgets an endpoint the push service answers 410 for', async () => {
    const gone = await createUser(t, {}, { confirmed: true });
    await makeActiveSubscriber(t, gone, creator, 'monthly');
    const device = await register(gone, 'gone-device');
    service.answer(device.path, 410);
    const post = await createPost(t, creator, { text: 'Para um aparelho que saiu' });
    await fannedOut(post.id);
    expect(service.received.filter((r) => r.path === device.path)).toHaveLength(1);
    expect(await endpoints(gone.id)).toEqual([]);
    // the others still have theirs
    expect(await endpoints(fan.id)).toHaveLength(1);
  });
});

describe('a subscription ending soon, pushed', () => {
  // last: it moves the clock to the end of the month
  it('reaches the fan with the renewal reminder, once', async () => {
    const before = service.received.filter((r) => r.path === '/push/fan-device').length;
    t.clock.advance(28 * 86_400_000);
    const sweep = await sendRenewalReminders(t.ctx);
    expect(sweep.sent).toBeGreaterThanOrEqual(1);
    const got = service.received.filter((r) => r.path === '/push/fan-device');
    expect(got).toHaveLength(before + 1);
    const device = { keys: fanDevice! };
    const payload = JSON.parse(decryptPush(got.at(-1)!.body, device.keys));
    expect(payload).toMatchObject({
      type: 'subscription-ending',
      url: `/profile/${creator.username}`,
    });
    expect(payload.title).toMatch(/^Sua assinatura de .+ vence em \d{2}\/\d{2}\/\d{4}$/);
    await sendRenewalReminders(t.ctx);
    expect(service.received.filter((r) => r.path === '/push/fan-device')).toHaveLength(before + 1);
  });
});
