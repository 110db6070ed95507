// Operations (docs/operations.md): the probes, the roles' settings, the media CDN origin. The
// processes themselves (ROLE=web and ROLE=jobs over one PostgreSQL, METRICS_PORT) are in
// processes.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config';
import { onOrigin } from '../src/lib/storage';
import { readiness } from '../src/plugins/probes';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';
import { freePort, startServer, waitReady } from './support/server';
import { REDIS_SKIP_REASON, testRedis } from './support/redis';

describe('ROLE settings', () => {
  it('runs everything by default, and refuses a role on the embedded database or without Redis', () => {
    expect(parseConfig({}).role).toBe('all');
    expect(() => parseConfig({ ROLE: 'web' })).toThrow(ConfigError);
    expect(() => parseConfig({ ROLE: 'jobs' })).toThrow(/PGlite.*ROLE=all/);
    expect(() => parseConfig({ ROLE: 'jobs', DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toThrow(
      /REDIS_URL/,
    );
    expect(() => parseConfig({ ROLE: 'worker' })).toThrow(/ROLE/);
    const web = parseConfig({
      ROLE: 'web',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      METRICS_PORT: '9464',
      MEDIA_BASE_URL: 'https://midia.exemplo.com.br/',
    });
    expect(web).toMatchObject({
      role: 'web',
      metrics: { host: '127.0.0.1', port: 9464 },
      mediaBaseUrl: 'https://midia.exemplo.com.br',
    });
    expect(parseConfig({}).metrics).toBeUndefined();
    expect(parseConfig({}).otel).toBeUndefined();
  });
});

describe('probes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/healthz answers while the process runs, outside /api/v1 and never the web page', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    // not in the published contract: they are the operator's, not the API's
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).filter((p) => /healthz|readyz/.test(p))).toEqual([]);
  });

  it('/readyz answers 200 with each check when the database is reachable and migrated', async () => {
    const res = await t.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'pronto',
      checks: { database: 'ok', migrations: 'ok' },
    });
  });

  it('/readyz answers 503 naming the migrations when the database is behind this build', async () => {
    const { rows } = await t.database.executeSql(
      'SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const last = rows[0] as { id: number; hash: string; created_at: string };
    await t.database.executeSql(
      `DELETE FROM drizzle.__drizzle_migrations WHERE id = ${Number(last.id)}`,
    );
    try {
      const res = await t.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'indisponível',
        failed: ['migrations'],
        checks: { database: 'ok', migrations: 'desatualizadas' },
      });
    } finally {
      await t.database.executeSql(
        `INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${Number(last.id)}, '${last.hash.replace(/[^0-9a-f]/g, '')}', ${Number(last.created_at)})`,
      );
    }
    expect((await t.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('names Redis when it fails or does not answer, without its error in the answer', async () => {
    const failing = { ping: async () => Promise.reject(new Error('ECONNREFUSED 10.0.0.9:6379')) };
    expect(await readiness({ ...t.ctx, redis: failing as unknown as Redis })).toEqual({
      database: 'ok',
      migrations: 'ok',
      redis: 'falhou',
    });
    const silent = { ping: () => new Promise<string>(() => {}) };
    expect(await readiness({ ...t.ctx, redis: silent as unknown as Redis })).toMatchObject({
      redis: 'sem resposta',
    });
  });

  // last of this context: a drain does not end
  it('a draining process answers 503 to both probes, so it leaves the rotation', async () => {
    const drained = t.app.drain(50);
    expect((await t.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    await drained;
  });
});

describe('MEDIA_BASE_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { MEDIA_BASE_URL: 'https://midia.exemplo.com.br/' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs view URLs on the CDN origin; the origin still checks the signature', async () => {
    const key = 'workspaces/00000000-0000-4000-8000-000000000001/files/foto.jpg';
    await t.ctx.storage.put(key, Buffer.from('bytes da foto'), 'image/jpeg');
    const { url } = await t.ctx.storage.presignGet(key);
    expect(url).toMatch(/^https:\/\/midia\.exemplo\.com\.br\/api\/v1\/storage\/object\?/);
    // the CDN forwards path and query to this server, which answers the signed object
    const path = url.slice('https://midia.exemplo.com.br'.length);
    const ok = await t.inject({ method: 'GET', url: path });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('bytes da foto');
    const forged = await t.inject({ method: 'GET', url: path.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(403);
    // uploads still go straight to the store
    const put = await t.ctx.storage.presignPut(key.replace('foto', 'outra'), {
      contentType: 'image/jpeg',
      maxSize: 100,
    });
    expect(put.url).toMatch(/^\/api\/v1\/storage\/upload\?/);
  });

  it('lets the page load media from the CDN (Content-Security-Policy)', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/midia\.exemplo\.com\.br/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/midia\.exemplo\.com\.br/);
  });

  it('puts an object store URL on the CDN with its path and signed query unchanged', () => {
    const s3 =
      'https://bucket.s3.sa-east-1.amazonaws.com/workspaces/w/files/a%20b.jpg?X-Amz-Signature=abc&X-Amz-Expires=300';
    expect(onOrigin(s3, 'https://cdn.exemplo.com.br')).toBe(
      'https://cdn.exemplo.com.br/workspaces/w/files/a%20b.jpg?X-Amz-Signature=abc&X-Amz-Expires=300',
    );
  });
});

/** A TCP relay to the test Redis that can be cut and restored, as a Redis outage would be. */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: () => listen(port),
  };
}

const redisForProbes = testRedis();
describe.skipIf(!redisForProbes)(
  redisForProbes ? '/readyz follows Redis' : `/readyz follows Redis: ${REDIS_SKIP_REASON}`,
  { timeout: 60_000 },
  () => {
    // a server process of its own: ioredis's rejections while Redis is cut stay in that process
    it('names Redis while it is unreachable, and is ready again once it is back', async () => {
      const relay = await redisRelay(new URL(redisForProbes!.url));
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-readyz-'));
      const server = startServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        REDIS_URL: relay.url,
        REDIS_KEY_PREFIX: redisForProbes!.prefix,
        MAX_EVENT_LOOP_DELAY_MS: '0',
      });
      try {
        await waitReady(port, server.child);
        const ready = async () => {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`);
          return { status: res.status, body: await res.text() };
        };
        expect(JSON.parse((await ready()).body)).toMatchObject({ checks: { redis: 'ok' } });
        await relay.cut();
        const down = await ready();
        expect(down.status).toBe(503);
        expect(JSON.parse(down.body)).toMatchObject({ status: 'indisponível', failed: ['redis'] });
        expect(down.body).not.toContain('127.0.0.1');
        await relay.restore();
        await expect
          .poll(async () => (await ready()).status, { timeout: 20_000, interval: 500 })
          .toBe(200);
        // the outage was logged once, and its end
        expect(server.output()).toContain('Redis inacessível');
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
        await relay.cut().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
