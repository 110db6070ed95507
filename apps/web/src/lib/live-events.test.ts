import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSource } from '@/test/event-source';
import { fakeJwt, metadataFixture, mockFetch } from '@/test/fetch';
import { backoffMs, openLiveEvents } from './live-events';
import type { LiveEvents } from './live-events';
import { STORAGE_KEYS } from './session';

const latest = () => FakeSource.all.at(-1)!;
const ID1 = '01900000-0000-7000-8000-000000000001';
const ID2 = '01900000-0000-7000-8000-000000000002';

function signIn(access = fakeJwt(900)) {
  localStorage.setItem(STORAGE_KEYS.token, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(STORAGE_KEYS.metadata, JSON.stringify(metadataFixture));
  localStorage.setItem(STORAGE_KEYS.deviceId, 'device-1');
  return access;
}

/** The tickets POST /events/ticket gave, with the bearer token each was asked with. */
let tickets: { ticket: string; bearer: string | null }[] = [];

/**
 * The API: POST /events/ticket answers a new ticket for the bearer token sent; POST
 * /refresh-token a new pair (or the refusal given; none: 404).
 */
function refreshAnswers(next?: { access: string } | { status: number; code: string }) {
  return mockFetch((call) => {
    if (call.path === '/api/v1/events/ticket' && call.method === 'POST') {
      const ticket = `ticket-${tickets.length + 1}`;
      tickets.push({ ticket, bearer: call.headers.get('authorization') });
      return {
        status: 201,
        body: { ticket, expires_at: new Date(Date.now() + 30_000).toISOString() },
      };
    }
    if (call.path !== '/api/v1/refresh-token' || !next) return { status: 404, body: {} };
    if ('access' in next)
      return {
        body: {
          access_token: next.access,
          refresh_token: 'refresh-2',
          expires_in: 900,
          metadata: metadataFixture,
        },
      };
    return { status: next.status, body: { message: 'x', code: next.code } };
  });
}

/**
 * The access token the latest stream was opened for: its `?ticket=` was asked with it. The URL
 * itself never carries a token.
 */
function latestToken() {
  const query = latest().query;
  expect(query.has('access_token')).toBe(false);
  const asked = tickets.find((x) => x.ticket === query.get('ticket'));
  expect(asked).toBeDefined();
  return asked!.bearer?.replace(/^Bearer /, '');
}

let live: LiveEvents | undefined;
const onEvent = vi.fn();
const onReconnect = vi.fn();

function start() {
  live = openLiveEvents({
    events: ['chat.message', 'chat.resync'],
    onEvent,
    onReconnect,
    EventSource: FakeSource as unknown as typeof EventSource,
    // no jitter: each delay is backoffMs(attempt) exactly
    random: () => 0.5,
  });
}

/** Lets the async connect (token check, perhaps a refresh) run. */
const settle = async (ms = 0) => {
  await vi.advanceTimersByTimeAsync(ms);
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.all = [];
  tickets = [];
  refreshAnswers();
  onEvent.mockReset();
  onReconnect.mockReset();
});

afterEach(() => {
  live?.close();
  live = undefined;
});

describe('live events client', () => {
  it('opens the stream with the access token and hands over each named event, parsed', async () => {
    const token = signIn();
    start();
    // the ticket is asked first (the contract's schema checks the answer: loaded once)
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    expect(latest().url.startsWith('/api/v1/events?')).toBe(true);
    expect(latestToken()).toBe(token);
    expect(latest().query.has('last_event_id')).toBe(false);
    latest().open();
    latest().emit('chat.message', { id: ID1, text: 'oi' }, ID1);
    latest().emit('chat.resync', {}, ID1);
    expect(onEvent.mock.calls).toEqual([
      ['chat.message', { id: ID1, text: 'oi' }],
      ['chat.resync', {}],
    ]);
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('after a dropped connection opens a new stream after the backoff, resuming after the last event, and says it reconnected', async () => {
    signIn();
    start();
    await settle();
    latest().open();
    latest().emit('chat.message', { id: ID1 }, ID1);
    latest().emit('chat.message', { id: ID2 }, ID2);
    const first = latest();
    first.fail();
    // the browser's own retry is not used: this client closed it
    expect(first.readyState).toBe(2);
    await settle(backoffMs(0) - 1);
    expect(FakeSource.all).toHaveLength(1);
    await settle(1);
    expect(FakeSource.all).toHaveLength(2);
    expect(latest().query.get('last_event_id')).toBe(ID2);
    expect(onReconnect).not.toHaveBeenCalled();
    latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('backs off longer after each failure, up to 30 s, and starts over once a stream stayed open', async () => {
    expect([0, 1, 2, 3, 6, 7, 20].map(backoffMs)).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
    signIn();
    start();
    await settle();
    for (const attempt of [0, 1, 2, 3]) {
      const count = FakeSource.all.length;
      latest().fail();
      await settle(backoffMs(attempt) - 1);
      expect(FakeSource.all).toHaveLength(count);
      await settle(1);
      expect(FakeSource.all).toHaveLength(count + 1);
    }
    // open for a while, then dropped: the first delay again
    latest().open();
    await settle(10_000);
    latest().fail();
    await settle(backoffMs(0));
    expect(FakeSource.all).toHaveLength(6);
  });

  it('refreshes an access token about to expire before opening, and uses the new one', async () => {
    signIn(fakeJwt(5));
    const fresh = fakeJwt(900);
    const { calls } = refreshAnswers({ access: fresh });
    start();
    await settle();
    expect(calls.filter((c) => c.path === '/api/v1/refresh-token')).toHaveLength(1);
    expect(latestToken()).toBe(fresh);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh);
  });

  it('after the server ends the stream when its token expires, reconnects with a fresh token', async () => {
    signIn(fakeJwt(60));
    const fresh = fakeJwt(900);
    refreshAnswers({ access: fresh });
    start();
    await settle();
    latest().open();
    latest().emit('chat.message', { id: ID1 }, ID1);
    // a minute later the token is spent and the server has closed the stream
    await settle(60_000);
    latest().fail();
    await settle(backoffMs(0));
    expect(FakeSource.all).toHaveLength(2);
    expect(latestToken()).toBe(fresh);
    expect(latest().query.get('last_event_id')).toBe(ID1);
  });

  it('refreshes before trying again when a stream is refused with a token that looked valid', async () => {
    const token = signIn(fakeJwt(900));
    const fresh = fakeJwt(900, { n: 2 });
    const { calls } = refreshAnswers({ access: fresh });
    start();
    await settle();
    expect(latestToken()).toBe(token);
    latest().fail(true); // a 401: EventSource gives up
    await settle(backoffMs(0));
    expect(calls.filter((c) => c.path === '/api/v1/refresh-token')).toHaveLength(1);
    expect(latestToken()).toBe(fresh);
  });

  it('stops for good when the refresh says the session is over', async () => {
    signIn(fakeJwt(900));
    refreshAnswers({ status: 401, code: 'INVALID_REFRESH_TOKEN' });
    start();
    await settle();
    latest().fail(true);
    await settle(120_000);
    expect(FakeSource.all).toHaveLength(1);
  });

  it('keeps trying while the refresh cannot reach the server', async () => {
    signIn(fakeJwt(5));
    const fetchFails = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchFails);
    start();
    await settle();
    expect(FakeSource.all).toHaveLength(0);
    const fresh = fakeJwt(900);
    refreshAnswers({ access: fresh });
    await settle(backoffMs(0));
    expect(FakeSource.all).toHaveLength(1);
    expect(latestToken()).toBe(fresh);
  });

  it('opens nothing while signed out', async () => {
    start();
    await settle(60_000);
    expect(FakeSource.all).toHaveLength(0);
  });

  it('reconnects at once when the browser is back online', async () => {
    signIn();
    start();
    await settle();
    latest().open();
    latest().fail();
    latest().fail(); // the same (closed) source again: ignored
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(FakeSource.all).toHaveLength(2);
    // and the pending retry does not open a third
    await settle(backoffMs(0));
    expect(FakeSource.all).toHaveLength(2);
  });

  it('close() ends the stream and every retry', async () => {
    signIn();
    start();
    await settle();
    const source = latest();
    source.open();
    live!.close();
    expect(source.readyState).toBe(2);
    source.fail();
    window.dispatchEvent(new Event('online'));
    await settle(60_000);
    expect(FakeSource.all).toHaveLength(1);
  });
});
