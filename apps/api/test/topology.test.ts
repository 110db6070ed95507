import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './support/database';
import { REDIS_SKIP_REASON, testRedis } from './support/redis';
import {
  creatorAndSubscribedFan,
  freePort,
  httpCall,
  startServer,
  waitReady,
} from './support/server';
import { startTestSmtp } from './support/smtp';
import type { TestSmtp } from './support/smtp';
import { openSse } from './support/sse';
import type { SseStream } from './support/sse';

const pgAdmin = process.env.TEST_DATABASE_URL;
const redis = testRedis();

/**
 * The topology of docs/operations.md and docs/compose.yml, from processes on this machine: two
 * `ROLE=web` on their own ports and one `ROLE=jobs` over one PostgreSQL and one Redis. A post
 * scheduled through one web process is published by the jobs process only (never by a web one),
 * once; a chat message sent through one web process reaches a stream open on the other; a
 * renewal reminder due is sent once by the jobs process's sweep.
 */
describe.skipIf(!pgAdmin || !redis)(
  pgAdmin && redis ? 'web ×2 + jobs topology' : `web ×2 + jobs topology: ${REDIS_SKIP_REASON}`,
  { timeout: 240_000 },
  () => {
    const dirs: string[] = [];
    const servers: ReturnType<typeof startServer>[] = [];
    const streams: SseStream[] = [];
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let smtp: TestSmtp;
    let env: Record<string, string>;
    const web: string[] = [];
    const people: Record<'creator' | 'fan', { token: string; username: string; email: string }> = {
      creator: { token: '', username: '', email: '' },
      fan: { token: '', username: '', email: '' },
    };
    let ws = '';

    const launch = async (role: 'web' | 'jobs') => {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), `fa-clube-${role}-`));
      dirs.push(dataDir);
      const server = startServer({ ...env, ROLE: role, PORT: String(port), DATA_DIR: dataDir });
      servers.push(server);
      await waitReady(port, server.child);
      return `http://127.0.0.1:${port}`;
    };
    const call = httpCall;
    const sql = async <T>(text: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    };
    const reminders = () =>
      smtp.to(people.fan.email).filter((m) => m.subject.startsWith('Sua assinatura de'));

    beforeAll(async () => {
      database = await createPostgresDatabase(pgAdmin!);
      smtp = await startTestSmtp();
      env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redis!.url,
        REDIS_KEY_PREFIX: redis!.prefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Fã Clube <nao-responda@faclube.test>',
        SUBSCRIPTION_JOBS_INTERVAL_SECONDS: '10',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        // every sign-up and sign-in of this test comes from 127.0.0.1
        RATE_LIMIT_SIGNIN_IP: '1000/60',
        RATE_LIMIT_SIGNUP_IP: '1000/3600',
      };
      web.push(`${await launch('web')}/api/v1`, `${await launch('web')}/api/v1`);
      const pair = await creatorAndSubscribedFan(web[0], web[1]);
      people.creator = pair.creator;
      people.fan = pair.fan;
      ws = pair.ws;
    });

    afterAll(async () => {
      for (const s of streams) s.close();
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await smtp?.close();
      await database?.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('publishes a scheduled post and sends a due reminder once, from the jobs process only', async () => {
      // a post for two seconds from now, through the first web process
      const publishAt = new Date(Date.now() + 2000).toISOString();
      const post = await call(`${web[0]}/content/${ws}`, {
        method: 'POST',
        token: people.creator.token,
        body: { description: 'Publicação agendada', publish_at: publishAt },
      });
      expect(post).toMatchObject({ scheduled: true });
      // the fan's paid time ends tomorrow: the renewal reminder is due
      await sql(
        `update subscriptions set current_period_end = now() + interval '1 day' where workspace_id = $1`,
        [ws],
      );
      const profile = async () =>
        (await call(`${web[1]}/profile?username=${people.creator.username}`, {
          token: people.fan.token,
        })) as { total_content: number };
      // the web processes run no periodic task: past its time, the post waits, no reminder goes
      await new Promise((r) => setTimeout(r, 3500));
      expect((await profile()).total_content).toBe(0);
      expect(reminders()).toEqual([]);
      expect(await sql('select name from job_runs')).toEqual([]);

      await launch('jobs');
      await expect.poll(async () => (await profile()).total_content, { timeout: 30_000 }).toBe(1);
      await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1);
      // another sweep of the jobs process (every 10 s) sends nothing more
      await new Promise((r) => setTimeout(r, 11_000));
      expect(reminders()).toHaveLength(1);
      const published = await sql<{ n: number }>(
        `select count(*)::int as n from contents where workspace_id = $1 and publish_at is null`,
        [ws],
      );
      expect(published[0]!.n).toBe(1);
    });

    it('a chat message sent through one web process reaches a stream open on the other', async () => {
      const chatId = (
        await call(`${web[0]}/chats?username=${people.creator.username}`, {
          method: 'POST',
          token: people.fan.token,
        })
      ).id as string;
      const stream = await openSse(`${web[1]}/events`, { token: people.fan.token });
      expect(stream.status).toBe(200);
      streams.push(stream);
      const message = await call(`${web[0]}/chats/${ws}/${chatId}/messages`, {
        method: 'POST',
        token: people.creator.token,
        body: { text: 'Oi! Daqui do outro processo' },
      });
      const [event] = await stream.waitFor(1, 2000);
      expect(event).toMatchObject({ event: 'chat.message', id: message.id });
    });
  },
);
