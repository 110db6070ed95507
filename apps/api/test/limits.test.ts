import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { guardRoutes } from '../src/plugins/auth';
import { jobRuns } from '../src/db/schema';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';
import { bearer, createUser } from './support/fixtures';
import type { TestUser } from './support/fixtures';

/**
 * A slow query never starves the server: statements are cancelled at
 * DB_STATEMENT_TIMEOUT_MS, a request that cannot get a connection within
 * DB_ACQUIRE_TIMEOUT_MS gets 503 with Retry-After, and the heavy routes take
 * turns so the rest of the API keeps its connections.
 */
const HOLD_MS = 800;

describe('limit settings', () => {
  it('default to a bounded pool, timeouts and half the pool for the heavy routes', () => {
    const c = parseConfig({});
    expect(c.db).toEqual({ poolMax: 10, acquireTimeoutMs: 3000, statementTimeoutMs: 5000 });
    expect(c.load).toEqual({ heavyRequestsMax: 5, maxEventLoopDelayMs: 1000 });
    expect(parseConfig({ DB_POOL_MAX: '4' }).load.heavyRequestsMax).toBe(2);
    expect(() => parseConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
    expect(() => parseConfig({ DB_ACQUIRE_TIMEOUT_MS: 'x' })).toThrow(/DB_ACQUIRE_TIMEOUT_MS/);
    expect(() => parseConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});

async function expect503(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json()).toEqual({
    code,
    message: expect.stringMatching(/Tente novamente em instantes/),
  });
}

describe('statement timeout', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestContext({
      env: { DB_STATEMENT_TIMEOUT_MS: '300' },
      beforeReady: (app, ctx) => {
        // A slow write: inserts, then runs past the timeout in the same transaction.
        app.post('/api/v1/test/slow-write', async () => {
          await ctx.db.transaction(async (tx) => {
            await tx.insert(jobRuns).values({ name: 'escrita-lenta', startedAt: new Date() });
            await tx.execute(sql`select pg_sleep(2)`);
          });
          return { ok: true };
        });
      },
    });
    user = await createUser(t);
  });
  afterAll(() => t.close());

  // PGlite runs a statement on the main thread and cannot interrupt it; the
  // timeout is PostgreSQL's (`.ci/run` runs this file on both).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'cancels a statement past DB_STATEMENT_TIMEOUT_MS: 503 DATABASE_TIMEOUT, nothing written',
    async () => {
      const started = Date.now();
      const res = await t.inject({ method: 'POST', url: '/api/v1/test/slow-write' });
      expect(Date.now() - started).toBeLessThan(1500);
      await expect503(res, 'DATABASE_TIMEOUT');
      expect(await t.ctx.db.select().from(jobRuns)).toEqual([]);
      const me = await t.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: bearer(user.accessToken),
      });
      expect(me.statusCode).toBe(200);
    },
  );
});

describe('pool acquire timeout and heavy routes', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestContext({
      env: { DB_POOL_MAX: '1', DB_ACQUIRE_TIMEOUT_MS: '200', HEAVY_REQUESTS_MAX: '1' },
      beforeReady: (app, ctx) => {
        // Holds the only connection without blocking the event loop.
        app.post('/api/v1/test/hold', async () => {
          await ctx.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await sleep(HOLD_MS);
          });
          return { ok: true };
        });
        // An expensive route that does not touch the database.
        app.get('/api/v1/test/heavy', { config: { heavy: true } }, async () => {
          await sleep(HOLD_MS);
          return { ok: true };
        });
      },
    });
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const me = () =>
    t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.accessToken) });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when no connection frees up in time', async () => {
    const hold = t.inject({ method: 'POST', url: '/api/v1/test/hold' });
    await sleep(50);
    const started = Date.now();
    const refused = await me();
    expect(Date.now() - started).toBeLessThan(HOLD_MS - 100);
    await expect503(refused, 'SERVICE_UNAVAILABLE');
    expect((await hold).statusCode).toBe(200);
    // the connection is back: the same request now succeeds
    expect((await me()).statusCode).toBe(200);
  });

  it('lets heavy requests take turns: the extra one gets 503, the rest of the API is not delayed', async () => {
    const first = t.inject({ method: 'GET', url: '/api/v1/test/heavy' });
    await sleep(50);
    const second = t.inject({ method: 'GET', url: '/api/v1/test/heavy' });
    const started = Date.now();
    expect((await me()).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(HOLD_MS / 2);
    await expect503(await second, 'SERVICE_UNAVAILABLE');
    expect((await first).statusCode).toBe(200);
    // its turn was given back
    expect((await t.inject({ method: 'GET', url: '/api/v1/test/heavy' })).statusCode).toBe(200);
  });

  it('keeps the health check answering', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
  });
});

describe("the heavy routes' cap", () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestContext({
      env: { DB_ACQUIRE_TIMEOUT_MS: '200', HEAVY_REQUESTS_MAX: '2' },
      beforeReady: (app) => {
        app.get('/api/v1/test/heavy', { config: { heavy: true } }, async () => {
          await sleep(HOLD_MS);
          return { ok: true };
        });
        // guarded the way every module's route is (app.ts)
        void app.register(async (api) => {
          guardRoutes(api);
          api.get('/api/v1/test/heavy-signed-in', { config: { heavy: true } }, async () => {
            await sleep(HOLD_MS);
            return { ok: true };
          });
        });
        app.post('/api/v1/test/light', async () => ({ ok: true }));
      },
    });
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const heavy = () => t.inject({ method: 'GET', url: '/api/v1/test/heavy' });

  it('runs HEAVY_REQUESTS_MAX at once, whatever else is in flight', async () => {
    // a request whose body never arrives is in flight the whole time
    const stalled = await openStalledRequest(t);
    try {
      const answers = await Promise.all([heavy(), heavy()]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      stalled.destroy();
    }
  });

  it('refuses a signed-out caller at once, before it waits for a turn', async () => {
    const busy = [heavy(), heavy()];
    await sleep(50);
    const started = Date.now();
    const anonymous = await t.inject({ method: 'GET', url: '/api/v1/test/heavy-signed-in' });
    expect(anonymous.statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(HOLD_MS / 2);
    // a signed-in caller does wait for a turn: none frees up within the timeout
    const signedIn = await t.inject({
      method: 'GET',
      url: '/api/v1/test/heavy-signed-in',
      headers: bearer(user.accessToken),
    });
    await expect503(signedIn, 'SERVICE_UNAVAILABLE');
    expect((await Promise.all(busy)).map((r) => r.statusCode)).toEqual([200, 200]);
  });
});

/** A real connection that sends a request's headers and never its body. */
async function openStalledRequest(c: TestContext) {
  const { connect } = await import('node:net');
  const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /api/v1/test/light HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
  );
  await sleep(50);
  return socket;
}
