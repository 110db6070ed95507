import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config';
import { MAIL_SWEEP_INTERVAL_MS } from '../src/modules/mail/mail.service';
import { createPostgresDatabase } from './support/database';
import { newUserData } from './support/fixtures';
import { REDIS_SKIP_REASON, testRedis } from './support/redis';
import { freePort, startServer, waitHealthy, waitReady } from './support/server';

describe('WEB_CONCURRENCY settings', () => {
  it('refuses several processes on the embedded database or without Redis', () => {
    expect(() => parseConfig({ WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    expect(() => parseConfig({ WEB_CONCURRENCY: '2' })).toThrow(/DATABASE_URL/);
    expect(() =>
      parseConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://x@127.0.0.1/db' }),
    ).toThrow(/REDIS_URL/);
    expect(parseConfig({}).webConcurrency).toBe(1);
  });
});

const pgAdmin = process.env.TEST_DATABASE_URL;
const redis = testRedis();

/**
 * Several server processes on one PostgreSQL and one Redis: a rate limit
 * counts across them, a periodic job runs once, and a session started on one
 * works on the other. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).
 */
describe.skipIf(!pgAdmin || !redis)(
  pgAdmin && redis ? 'several server processes' : `several server processes: ${REDIS_SKIP_REASON}`,
  { timeout: 180_000 },
  () => {
    const dirs: string[] = [];
    const servers: ReturnType<typeof startServer>[] = [];
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let databaseCreatedAt = 0;
    let env: Record<string, string>;
    const base: string[] = [];

    const start = async (extra: Record<string, string> = {}) => {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-proc-'));
      dirs.push(dataDir);
      const server = startServer({ ...env, ...extra, PORT: String(port), DATA_DIR: dataDir });
      servers.push(server);
      await waitHealthy(port, server.child);
      return { url: `http://127.0.0.1:${port}/api/v1`, server };
    };
    const call = async (url: string, init: { method?: string; token?: string; body?: unknown }) => {
      const res = await fetch(url, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return {
        status: res.status,
        headers: res.headers,
        body: (await res.json()) as Record<string, string>,
      };
    };
    const jobRuns = async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; runs: string }>(
          'select name, runs from job_runs order by name',
        );
        return Object.fromEntries(rows.map((r) => [r.name, Number(r.runs)]));
      } finally {
        await client.end();
      }
    };

    // every periodic job (subscriptions, abandoned uploads, the apps' own...) ran exactly once
    // — except the mail outbox, which sweeps every 5 s, and the chat's digest (every minute):
    // they may run again while the test goes on, but never more often than their interval
    // allows (the outbox's exactly-once delivery across processes is proven in
    // mail-outbox.test.ts)
    const FREQUENT_JOBS: Record<string, number> = {
      'envio de e-mails': MAIL_SWEEP_INTERVAL_MS,
      'avisos de mensagens': parseConfig({}).chat.digestIntervalSeconds * 1000,
    };
    const expectEachJobOnce = (runs: Record<string, number>) => {
      expect(runs).toMatchObject({ 'rotina de assinaturas': 1, 'uploads abandonados': 1 });
      for (const [job, count] of Object.entries(runs)) {
        const interval = FREQUENT_JOBS[job];
        if (interval)
          expect(count, job).toBeLessThanOrEqual(
            Math.floor((Date.now() - databaseCreatedAt) / interval) + 1,
          );
        else expect(count, job).toBe(1);
      }
    };

    beforeAll(async () => {
      database = await createPostgresDatabase(pgAdmin!);
      databaseCreatedAt = Date.now();
      const web = mkdtempSync(path.join(tmpdir(), 'fa-clube-web-'));
      dirs.push(web);
      mkdirSync(path.join(web, 'assets'));
      writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Fã Clube</title>');
      env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redis!.url,
        REDIS_KEY_PREFIX: redis!.prefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
        WEB_DIST: web,
        RATE_LIMIT_SIGNIN_IP: '4/60',
        MAX_EVENT_LOOP_DELAY_MS: '0',
      };
      for (let i = 0; i < 2; i++) base.push((await start()).url);
    });

    afterAll(async () => {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await database?.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('runs each periodic job once, whichever process ticks', async () => {
      expectEachJobOnce(await jobRuns());
    });

    it('honours on one process a session started on the other', async () => {
      const user = newUserData();
      expect((await call(`${base[0]}/user`, { method: 'POST', body: user })).status).toBe(201);
      const signIn = await call(`${base[0]}/token`, {
        method: 'POST',
        body: { email: user.email, password: user.password },
      });
      expect(signIn.status).toBe(200);
      const me = await call(`${base[1]}/me`, { token: signIn.body.access_token });
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(user.username);
      const refreshed = await call(`${base[1]}/refresh-token`, {
        method: 'POST',
        body: { refresh_token: signIn.body.refresh_token },
      });
      expect(refreshed.status).toBe(200);
      expect((await call(`${base[0]}/me`, { token: refreshed.body.access_token })).status).toBe(
        200,
      );
    });

    it('counts a per-IP rate limit across both processes', async () => {
      // The sign-in above was the first of 4 per minute from this IP.
      const attempt = (i: number) =>
        call(`${base[i % 2]}/token`, {
          method: 'POST',
          body: { email: 'ninguem@exemplo.com.br', password: 'senha-errada-123' },
        });
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await attempt(i)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await attempt(0);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('serves one port with WEB_CONCURRENCY=2 workers, migrating and running the jobs once', async () => {
      const metricsPort = await freePort();
      const cluster = await start({ WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) });
      await expect
        .poll(() => cluster.server.output(), { timeout: 30_000 })
        .toContain('2 processos');
      expect((await call(`${cluster.url}/health`, {})).status).toBe(200);
      // two more processes ticked at start: no job ran again within its interval
      expectEachJobOnce(await jobRuns());
      // the primary serves both workers' metrics, joined: both started their event streams'
      // gauge and both answered health checks
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(text).toMatch(/^faclube_event_streams 0$/m);
      expect(text).toMatch(
        /^faclube_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status="200"\} \d+$/m,
      );
      cluster.server.child.kill('SIGTERM');
      expect(await cluster.server.exited).toBe(0);
    });
  },
);

/**
 * ROLE=web and ROLE=jobs on a database of their own: the web process serves the API and runs no
 * periodic task and no queue; the jobs process serves only the probes and runs them; METRICS_PORT
 * shows each process's numbers on 127.0.0.1.
 */
describe.skipIf(!pgAdmin || !redis)(
  pgAdmin && redis ? 'web and jobs roles' : `web and jobs roles: ${REDIS_SKIP_REASON}`,
  { timeout: 180_000 },
  () => {
    const servers: ReturnType<typeof startServer>[] = [];
    const dirs: string[] = [];
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let env: Record<string, string>;
    const launch = async (extra: Record<string, string>) => {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-role-'));
      dirs.push(dataDir);
      const server = startServer({ ...env, ...extra, PORT: String(port), DATA_DIR: dataDir });
      servers.push(server);
      await waitReady(port, server.child);
      return { base: `http://127.0.0.1:${port}`, server };
    };
    const jobRunCount = async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from job_runs');
        return Number(rows[0]!.n);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      database = await createPostgresDatabase(pgAdmin!);
      env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redis!.url,
        REDIS_KEY_PREFIX: redis!.prefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
        MAX_EVENT_LOOP_DELAY_MS: '0',
      };
    });

    afterAll(async () => {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await database?.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('splits the API from the jobs, each with its probes and metrics', async () => {
      const metricsPort = await freePort();
      const web = await launch({ ROLE: 'web', METRICS_PORT: String(metricsPort) });
      await expect.poll(() => web.server.output(), { timeout: 30_000 }).toContain('papel: web');
      const ready = (await (await fetch(`${web.base}/readyz`)).json()) as unknown;
      expect(ready).toEqual({
        status: 'pronto',
        checks: { database: 'ok', migrations: 'ok', redis: 'ok' },
      });
      expect((await fetch(`${web.base}/api/v1/health`)).status).toBe(200);
      // a web process runs no periodic task
      await new Promise((r) => setTimeout(r, 1500));
      expect(await jobRunCount()).toBe(0);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(
        /^faclube_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status="200"\} 1$/m,
      );
      expect(metrics).toMatch(/^faclube_db_pool_connections\{state="total"\} \d+$/m);
      expect(metrics).toMatch(/^faclube_job_queue_due\{queue="[^"]+"\} 0$/m);
      expect(metrics).toMatch(/^faclube_job_queue_oldest_due_seconds\{queue="[^"]+"\} 0$/m);
      expect(metrics).toMatch(/^# TYPE faclube_mail_outbox gauge$/m);
      expect(metrics).toMatch(/^faclube_nodejs_eventloop_lag_seconds \d/m);
      // only 127.0.0.1 and only /metrics
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);

      const jobs = await launch({ ROLE: 'jobs' });
      await expect
        .poll(() => jobs.server.output(), { timeout: 30_000 })
        .toContain('Fã Clube (tarefas) pronto');
      await expect.poll(jobRunCount, { timeout: 30_000 }).toBeGreaterThan(0);
      // the jobs process serves no API and no page
      expect((await fetch(`${jobs.base}/api/v1/health`)).status).toBe(404);
      expect((await fetch(`${jobs.base}/`)).status).toBe(404);
      expect((await fetch(`${jobs.base}/healthz`)).status).toBe(200);

      for (const s of [web, jobs]) s.server.child.kill('SIGTERM');
      expect(await web.server.exited).toBe(0);
      expect(await jobs.server.exited).toBe(0);
    });
  },
);
