import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import type { App, BuildOptions } from '../../src/app';
import { closeContext, createContext } from '../../src/bootstrap';
import { parseConfig } from '../../src/config';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { Clock } from '../../src/lib/clock';
import type { AppContext } from '../../src/lib/context';
import { createTestDatabase } from './database';
import { startTestSmtp } from './smtp';
import type { TestSmtp } from './smtp';

/** A clock tests can move: `clock.advance(ms)`. */
export class TestClock implements Clock {
  offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestContext {
  app: App;
  ctx: AppContext;
  config: Config;
  database: Database;
  mail: TestSmtp;
  clock: TestClock;
  dataDir: string;
  /** app.inject with JSON parsing: `res.json()` is typed any. */
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Extra environment variables, as the server would read them. */
  env?: Record<string, string | undefined>;
  onQuery?: (sql: string, params: unknown[]) => void;
  build?: BuildOptions;
  /** Adds test-only routes before the app starts. */
  beforeReady?: (app: App, ctx: AppContext) => void;
}

/**
 * One per test file: a clean migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), a real SMTP server, a temp DATA_DIR and the app.
 */
export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-test-'));
  const mail = await startTestSmtp();
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://app.test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: mail.url,
    MAIL_FROM: 'Fã Clube <nao-responda@faclube.test>',
    // Generous abuse limits so files that create many users are never throttled;
    // the rate-limit tests set low ones through `env`.
    RATE_LIMIT_SIGNIN_IP: '100000/60',
    RATE_LIMIT_SIGNUP_IP: '100000/60',
    RATE_LIMIT_RESET_IP: '100000/60',
    RATE_LIMIT_RESET_EMAIL: '100000/60',
    RATE_LIMIT_TWO_FACTOR: '100000/60',
    RATE_LIMIT_UPLOAD_URLS: '100000/60',
    RATE_LIMIT_IMPORT: '100000/60',
    RATE_LIMIT_CHAT_MESSAGES: '100000/60',
    RATE_LIMIT_PIX_CHANGES: '100000/60',
    // the stand-in PSPs listen on 127.0.0.1 (the address rule has its own test)
    PIX_PSP_ALLOW_PRIVATE_NETWORKS: 'true',
    LOGIN_LOCKOUT_THRESHOLD: '100000',
    // Generous timeouts on a busy shared machine; the limit tests set low ones.
    DB_ACQUIRE_TIMEOUT_MS: '60000',
    DB_STATEMENT_TIMEOUT_MS: '60000',
    // No shedding on event-loop lag: PGlite's migrations block the loop for seconds on a busy
    // machine, and the next requests would get 503 (the limit tests set what they test).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // no ffmpeg unless a test asks for it (the video tests give /usr/bin/ffmpeg): a video is then
    // taken as it is, as the tests of posts expect
    FFMPEG_PATH: 'none',
    ...opts.env,
  });
  const database = await createTestDatabase({
    onQuery: opts.onQuery,
    ...(opts.env?.DB_POOL_MAX ? { poolSize: config.db.poolMax } : {}),
    acquireTimeoutMs: config.db.acquireTimeoutMs,
    statementTimeoutMs: config.db.statementTimeoutMs,
  });
  const clock = new TestClock();
  const ctx = await createContext(config, { database, clock });
  const app = await buildApp(ctx, { logger: false, ...opts.build });
  opts.beforeReady?.(app, ctx);
  await app.ready();
  return {
    app,
    ctx,
    config,
    database,
    mail,
    clock,
    dataDir,
    inject: (o) => app.inject(o),
    async close() {
      await app.close();
      await closeContext(ctx);
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
