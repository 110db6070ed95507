import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './support/database';
import { REDIS_SKIP_REASON, testRedis } from './support/redis';
import {
  creatorAndSubscribedFan,
  freePort,
  httpCall,
  startServer,
  waitHealthy,
} from './support/server';
import { openSse } from './support/sse';
import type { SseStream } from './support/sse';

const pgAdmin = process.env.TEST_DATABASE_URL;
const redis = testRedis();

/**
 * Live chat delivery across two server processes on one PostgreSQL and one Redis: a message
 * posted on either process reaches the event streams open on both, within a second, and a
 * stream reopened on the other process replays what it missed. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL (CI sets both); REQUIRE_REDIS_TESTS=1 fails without Redis.
 */
describe.skipIf(!pgAdmin || !redis)(
  pgAdmin && redis
    ? 'chat events across server processes'
    : `chat events across server processes: ${REDIS_SKIP_REASON} (and TEST_DATABASE_URL)`,
  { timeout: 180_000 },
  () => {
    const dirs: string[] = [];
    const servers: ReturnType<typeof startServer>[] = [];
    const streams: SseStream[] = [];
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const base: string[] = [];
    const people: Record<'creator' | 'fan', { token: string; username: string }> = {
      creator: { token: '', username: '' },
      fan: { token: '', username: '' },
    };
    let ws = '';
    let chatId = '';

    const call = httpCall;
    const listen = async (i: number, token: string, lastEventId?: string) => {
      const s = await openSse(`${base[i]}/events`, { token, lastEventId });
      expect(s.status).toBe(200);
      streams.push(s);
      return s;
    };
    const post = async (i: number, token: string, text: string) => {
      const sentAt = performance.now();
      const message = await call(`${base[i]}/chats/${ws}/${chatId}/messages`, {
        method: 'POST',
        token,
        body: { text },
      });
      return { id: message.id as string, sentAt };
    };

    beforeAll(async () => {
      database = await createPostgresDatabase(pgAdmin!);
      const web = mkdtempSync(path.join(tmpdir(), 'fa-clube-web-'));
      dirs.push(web);
      mkdirSync(path.join(web, 'assets'));
      writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Fã Clube</title>');
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redis!.url,
        REDIS_KEY_PREFIX: redis!.prefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
        WEB_DIST: web,
        MAX_EVENT_LOOP_DELAY_MS: '0',
      };
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-proc-'));
        dirs.push(dataDir);
        const server = startServer({ ...env, PORT: String(port), DATA_DIR: dataDir });
        servers.push(server);
        await waitHealthy(port, server.child);
        base.push(`http://127.0.0.1:${port}/api/v1`);
      }
      // a creator with a plan, and a fan subscribed to it (the owner confirms the Pix)
      const pair = await creatorAndSubscribedFan(base[0], base[1]);
      people.creator = pair.creator;
      people.fan = pair.fan;
      ws = pair.ws;
      chatId = (
        await call(`${base[1]}/chats?username=${people.creator.username}`, {
          method: 'POST',
          token: people.fan.token,
        })
      ).id as string;
    });

    afterAll(async () => {
      for (const s of streams) s.close();
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
      await database?.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('a message posted on one process reaches the streams on both within a second', async () => {
      const onA = [await listen(0, people.creator.token), await listen(0, people.fan.token)];
      const onB = [await listen(1, people.creator.token), await listen(1, people.fan.token)];
      const all = [...onA, ...onB];

      const first = await post(0, people.fan.token, 'Oi! Mandei pelo processo A');
      for (const s of all) {
        const [event] = await s.waitFor(1, 1000);
        expect(event).toMatchObject({ event: 'chat.message', id: first.id });
        expect(event!.at - first.sentAt).toBeLessThan(1000);
      }
      const second = await post(1, people.creator.token, 'Resposta pelo processo B');
      for (const s of all) {
        const events = await s.waitFor(2, 1000);
        expect(events.map((e) => e.id)).toEqual([first.id, second.id]);
        expect(events[1]!.at - second.sentAt).toBeLessThan(1000);
      }
    });

    it('a stream reopened on the other process with Last-Event-ID replays what it missed', async () => {
      const onA = await listen(0, people.fan.token);
      const seen = await post(1, people.creator.token, 'vista');
      await onA.waitFor(1);
      onA.close();
      const missed = [
        await post(0, people.creator.token, 'perdida 1'),
        await post(1, people.creator.token, 'perdida 2'),
      ];
      const onB = await listen(1, people.fan.token, seen.id);
      expect((await onB.waitFor(2)).map((e) => e.id)).toEqual(missed.map((m) => m.id));
      const live = await post(0, people.creator.token, 'ao vivo');
      expect((await onB.waitFor(3))[2]!.id).toBe(live.id);
    });
  },
);
