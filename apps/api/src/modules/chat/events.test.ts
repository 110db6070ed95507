import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_REPLAY_MAX } from '@fa-clube/contract';
import { timeOrderedId } from '../../db/ids';
import { chatMessages, eventTickets } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { openSse } from '../../../test/support/sse';
import type { SseStream } from '../../../test/support/sse';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { chatHub } from './chat.events';

/**
 * GET /events against a listening server (a stream never ends, so not through inject): live
 * delivery to every participant's streams, the replay on reconnection, the keep-alive, the end
 * of a stream with its session or token, the graceful stop, the single-use ticket EventSource
 * opens it with (never the access token in the URL), and tickets and tokens kept out of the logs.
 */
let t: TestContext;
let base: string;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let fan: TestUser;
let otherFan: TestUser;
let chatId: string;
let otherChatId: string;
const logLines: string[] = [];
const streams: SseStream[] = [];

beforeAll(async () => {
  t = await createTestContext({
    env: { LOG_LEVEL: 'info', EVENTS_KEEPALIVE_SECONDS: '1' },
    build: { logger: true, logStream: { write: (l) => void logLines.push(l) } },
  });
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;

  owner = await createUser(t, { full_name: 'Ana Criadora' });
  member = await createUser(t);
  stranger = await createUser(t);
  fan = await createUser(t, { full_name: 'Davi Fa' });
  otherFan = await createUser(t);
  await addTeamMember(t, owner, member);
  await makeActiveSubscriber(t, fan, owner);
  await makeActiveSubscriber(t, otherFan, owner);
  const open = (who: TestUser) =>
    t.inject({
      method: 'POST',
      url: `/api/v1/chats?username=${owner.username}`,
      headers: bearer(who.accessToken),
    });
  chatId = (await open(fan)).json().id;
  otherChatId = (await open(otherFan)).json().id;
}, 120_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

/** POST /events/ticket with `who`'s bearer token: a single-use ticket for the stream. */
const ticketOf = async (who: TestUser) => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/events/ticket',
    headers: bearer(who.accessToken),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as { ticket: string; expires_at: string };
};

/** A stream of `who`'s: the bearer header, or (`ticket`) as EventSource opens it, by a ticket. */
const listen = async (
  who: TestUser,
  opts: { ticket?: boolean; lastEventId?: string; url?: string } = {},
) => {
  const url = opts.ticket
    ? `${base}/events?ticket=${encodeURIComponent((await ticketOf(who)).ticket)}${opts.url ?? ''}`
    : `${base}/events${opts.url ?? ''}`;
  const s = await openSse(url, {
    token: opts.ticket ? undefined : who.accessToken,
    lastEventId: opts.lastEventId,
  });
  streams.push(s);
  return s;
};
const post = async (who: TestUser, text: string, id = chatId) => {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/chats/${owner.workspaceId}/${id}/messages`,
    headers: bearer(who.accessToken),
    payload: { text },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; text: string };
};
const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /events', () => {
  it('is for a signed-in caller (header or a single-use ticket), as an unbuffered event stream', async () => {
    const none = await openSse(`${base}/events`);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body).code).toBe('UNAUTHORIZED');
    // the access token in the URL opens nothing: tokens never go into URLs
    const inUrl = await openSse(`${base}/events?access_token=${fan.accessToken}`);
    expect(inUrl.status).toBe(401);
    const me = await fetch(`${base}/me?access_token=${fan.accessToken}`);
    expect(me.status).toBe(401);
    const forged = await openSse(`${base}/events?ticket=nao-e-um-bilhete`);
    expect(forged.status).toBe(401);
    const badHeader = await openSse(`${base}/events`, { token: 'nao.e.token' });
    expect(badHeader.status).toBe(401);
    // a ticket is only given to a signed-in caller
    expect((await t.inject({ method: 'POST', url: '/api/v1/events/ticket' })).statusCode).toBe(401);

    for (const ticket of [false, true]) {
      const s = await listen(fan, { ticket });
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(s.headers['x-accel-buffering']).toBe('no');
      expect(s.headers['cache-control']).toContain('no-cache');
      expect(s.headers['content-encoding']).toBeUndefined();
      s.close();
    }
  });

  it('delivers a message to every open stream of every participant, and to nobody else', async () => {
    const tabs = [
      await listen(fan),
      await listen(fan, { ticket: true }),
      await listen(owner),
      await listen(member),
    ];
    const outsiders = [await listen(stranger), await listen(otherFan)];
    const sent = await post(fan, 'Oi <script>!</script>');
    for (const tab of tabs) {
      const [event] = await tab.waitFor(1, 1000);
      expect(event).toMatchObject({ event: 'chat.message', id: sent.id });
      expect(JSON.parse(event!.data)).toEqual(sent);
    }
    const answer = await post(member, 'Olá!');
    for (const tab of tabs) expect((await tab.waitFor(2, 1000))[1]!.id).toBe(answer.id);
    await idle(200);
    for (const s of outsiders) expect(s.events).toHaveLength(0);
    for (const s of [...tabs, ...outsiders]) s.close();
  });

  it("a mute (and its undoing) reaches the conversation's participants as chat.updated", async () => {
    const fanTab = await listen(fan);
    const memberTab = await listen(member);
    const outsider = await listen(otherFan);
    for (const [method, muted] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      const res = await t.inject({
        method,
        url: `/api/v1/chats/${owner.workspaceId}/${chatId}/block`,
        headers: bearer(owner.accessToken),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().blocked).toBe(muted);
    }
    for (const tab of [fanTab, memberTab]) {
      const events = await tab.waitFor(2, 1000);
      for (const e of events) {
        expect(e).toMatchObject({ event: 'chat.updated' });
        expect(e.id).toBeFalsy();
        expect(JSON.parse(e.data)).toEqual({ chat_id: chatId });
      }
    }
    await idle(200);
    expect(outsider.events).toHaveLength(0);
    for (const s of [fanTab, memberTab, outsider]) s.close();
  });

  it('a reconnection with Last-Event-ID first gets what it missed, then the live ones, none twice', async () => {
    const first = await listen(fan);
    const m1 = await post(owner, 'um');
    await first.waitFor(1);
    first.close();
    const m2 = await post(owner, 'dois');
    await post(otherFan, 'de outra conversa', otherChatId);
    const m3 = await post(fan, 'três');

    const again = await listen(fan, { lastEventId: m1.id });
    expect((await again.waitFor(2)).map((e) => e.id)).toEqual([m2.id, m3.id]);
    const m4 = await post(member, 'quatro');
    expect((await again.waitFor(3)).map((e) => e.id)).toEqual([m2.id, m3.id, m4.id]);
    await idle(200);
    expect(again.events).toHaveLength(3);
    again.close();

    // a new EventSource resumes with ?last_event_id=; the team's streams replay their chats too
    const resumed = await listen(fan, { ticket: true, url: `&last_event_id=${m3.id}` });
    expect((await resumed.waitFor(1)).map((e) => e.id)).toEqual([m4.id]);
    resumed.close();
    const team = await listen(owner, { lastEventId: m1.id });
    const ids = (await team.waitFor(4)).map((e) => e.id!);
    expect(ids).toHaveLength(4);
    expect(ids.filter((id) => [m2.id, m3.id, m4.id].includes(id))).toEqual([m2.id, m3.id, m4.id]);
    // an id that is no message id replays nothing
    const bad = await listen(fan, { lastEventId: 'nao-e-um-id' });
    await idle(200);
    expect(bad.events).toHaveLength(0);
    for (const s of [team, bad]) s.close();
  });

  it('more missed than the replay bound: one chat.resync instead', async () => {
    const last = await post(fan, 'antes da enxurrada');
    const rows = Array.from({ length: CHAT_REPLAY_MAX + 1 }, (_, i) => ({
      chatId,
      id: timeOrderedId(),
      senderId: owner.id,
      side: 'creator' as const,
      text: `lote ${i}`,
    }));
    await t.ctx.db.insert(chatMessages).values(rows);
    await t.ctx.db.execute(
      sql`update chats set last_activity_id = ${rows[rows.length - 1]!.id} where id = ${chatId}`,
    );
    const s = await listen(fan, { lastEventId: last.id });
    const [event] = await s.waitFor(1);
    expect(event).toMatchObject({ event: 'chat.resync', id: null, data: '{}' });
    const live = await post(owner, 'ao vivo');
    expect((await s.waitFor(2))[1]!.id).toBe(live.id);
    s.close();
  });

  it('sends a keep-alive comment and ends the stream when its session ends', async () => {
    const session = await signIn(t, fan.email, fan.password);
    const viewer = { ...fan, accessToken: session.access_token };
    const s = await listen(viewer);
    const other = await listen(fan);
    await expect.poll(() => s.comments.includes('ping'), { timeout: 3000 }).toBe(true);
    const out = await t.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(session.access_token),
    });
    expect(out.statusCode).toBe(200);
    const ended = await Promise.race([s.ended.then(() => true), idle(3000).then(() => false)]);
    expect(ended).toBe(true);
    // the other session's stream goes on
    const m = await post(fan, 'ainda aqui');
    expect((await other.waitFor(1)).map((e) => e.id)).toEqual([m.id]);
    other.close();
  });

  it('opens once per ticket, within its seconds, for a live session; tickets stay out of the log', async () => {
    const { ticket, expires_at } = await ticketOf(owner);
    const lifetime = new Date(expires_at).getTime() - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(25_000);
    expect(lifetime).toBeLessThanOrEqual(30_000);
    // only its hash is stored
    const stored = await t.ctx.db.select().from(eventTickets);
    expect(JSON.stringify(stored)).not.toContain(ticket);
    const url = `${base}/events?ticket=${encodeURIComponent(ticket)}`;
    const first = await openSse(url);
    streams.push(first);
    expect(first.status).toBe(200);
    // the same ticket again: refused (single use)
    const again = await openSse(url);
    expect(again.status).toBe(401);
    // the stream is the owner's: a message in their conversation arrives
    const m = await post(fan, 'pelo bilhete');
    expect((await first.waitFor(1, 2000))[0]!.id).toBe(m.id);
    first.close();

    // an expired ticket opens nothing
    const late = await ticketOf(owner);
    t.clock.advance(31_000);
    expect((await openSse(`${base}/events?ticket=${encodeURIComponent(late.ticket)}`)).status).toBe(
      401,
    );

    await idle(100);
    const log = logLines.join('\n');
    expect(log).toContain('/api/v1/events?ticket=');
    expect(log).not.toContain(ticket);
    expect(log).not.toContain(late.ticket);
    expect(log).not.toContain(owner.accessToken);
    expect(log).not.toContain(fan.accessToken);
  });

  it('a ticket of a session that ended opens nothing', async () => {
    const who = await createUser(t);
    const { ticket } = await ticketOf(who);
    const out = await t.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(who.accessToken),
      payload: { refresh_token: who.refreshToken },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await openSse(`${base}/events?ticket=${encodeURIComponent(ticket)}`)).status).toBe(401);
  });

  it('ends the stream once its access token has expired', async () => {
    const s = await listen(owner);
    t.clock.advance(16 * 60_000);
    const ended = await Promise.race([s.ended.then(() => true), idle(3000).then(() => false)]);
    expect(ended).toBe(true);
    for (const who of [owner, fan])
      who.accessToken = (await signIn(t, who.email, who.password)).access_token;
  });

  it('is no request in flight for the graceful stop; closing the server ends it', async () => {
    const s = await listen(fan);
    expect(chatHub(t.ctx).size).toBeGreaterThanOrEqual(1);
    const started = performance.now();
    await t.app.drain(5000);
    expect(performance.now() - started).toBeLessThan(2500);
    const closing = t.app.close();
    const ended = await Promise.race([s.ended.then(() => true), idle(1500).then(() => false)]);
    expect(ended).toBe(true);
    await closing;
    expect(chatHub(t.ctx).size).toBe(0);
  });
});
