/**
 * Chat delivery benchmark (issue 24): starts the API (apps/api/src/server.ts, PostgreSQL,
 * production settings) on a scratch database seeded with one creator and N subscribed fans,
 * each with a conversation; opens one event stream (GET /events) per fan and one for the
 * creator; then, for the given time, fans post at a fixed rate (an open loop: a post does not
 * wait for the previous one) and every delivery is timed — from just before the POST to the
 * `chat.message` event on the fan's own stream and on the creator's. Prints (and with
 * --write-baseline stores) the delivery p50/p99/max, the POST p50/p99, and any lost delivery
 * (not arrived 5 s after the last post).
 *
 *   npx tsx bench/chat.bench.ts                               # 1,000 fans, 50 msg/s, 30 s
 *   npx tsx bench/chat.bench.ts --fans 20 --rate 5 --seconds 10   # a smoke run
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/chat.bench.ts --processes 2
 *   npx tsx bench/chat.bench.ts --write-baseline              # store the run in bench/chat-baseline.json
 *
 * BENCH_ADMIN_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres).
 * Not part of `npm test`. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { timeOrderedId } from '../apps/api/src/db/ids';
import { signAccessToken } from '../apps/api/src/lib/jwt';
import { deriveKeys } from '../apps/api/src/lib/secrets';
import { freePort } from '../apps/api/test/support/server';
import { openSse } from '../apps/api/test/support/sse';
import type { SseStream } from '../apps/api/test/support/sse';
import { writeJson } from './measure';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const FANS = option('fans', 1000);
const RATE = option('rate', 50);
const SECONDS = option('seconds', 30);
const PROCESSES = option('processes', 1);
const GRACE_MS = 5000;

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function waitHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** One creator, FANS fans actively subscribed, a conversation each, a session each. */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const creator = { user: timeOrderedId(), ws: timeOrderedId(), session: timeOrderedId() };
    const fans = Array.from({ length: FANS }, (_, i) => ({
      i,
      user: timeOrderedId(),
      chat: timeOrderedId(),
      session: timeOrderedId(),
    }));
    await client.query('begin');
    await client.query(
      `insert into users (id, email, username, full_name) values ($1, 'criadora@bench.test', 'criadora_bench', 'Criadora')`,
      [creator.user],
    );
    await client.query(
      `insert into workspaces (id, label, username) values ($1, 'Criadora', 'criadora_bench')`,
      [creator.ws],
    );
    await client.query(
      `insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'owner')`,
      [creator.ws, creator.user],
    );
    const users = fans.map((f) => f.user);
    await client.query(
      `insert into users (id, email, username, full_name)
       select u, 'fa' || n || '@bench.test', 'fa_bench_' || n, 'Fã ' || n
         from unnest($1::uuid[]) with ordinality as t(u, n)`,
      [users],
    );
    await client.query(
      `insert into subscriptions (workspace_id, subscriber_id, plan_type, status,
                                  paid_since, current_period_end)
       select $1, u, 'monthly', 'active', now(), now() + interval '30 days' from unnest($2::uuid[]) u`,
      [creator.ws, users],
    );
    await client.query(
      `insert into chats (id, workspace_id, fan_id, last_activity_id)
       select c, $1, u, c from unnest($2::uuid[], $3::uuid[]) as t(c, u)`,
      [creator.ws, fans.map((f) => f.chat), users],
    );
    await client.query(
      `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
       select u, s, md5(s::text), now() + interval '1 day'
         from unnest($1::uuid[], $2::uuid[]) as t(u, s)`,
      [
        [creator.user, ...users],
        [creator.session, ...fans.map((f) => f.session)],
      ],
    );
    await client.query('commit');
    return { creator, fans };
  } finally {
    await client.end();
  }
}

/** A stream; right after start-up a busy machine may shed load (503): try again for a while. */
async function connect(url: string, token: string): Promise<SseStream> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await openSse(url, { token });
    if (s.status !== 503 || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  const jwtSecret = randomBytes(32).toString('hex');
  const keys = deriveKeys(jwtSecret);
  const name = `fa_bench_chat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-bench-chat-'));
  const children: ChildProcess[] = [];
  const streams: SseStream[] = [];
  try {
    if (PROCESSES > 1 && !process.env.REDIS_URL)
      throw new Error(
        '--processes > 1 precisa de REDIS_URL (a entrega entre processos passa pelo Redis)',
      );
    const bases: string[] = [];
    // one prefix for all processes: they share the pub/sub channel
    const redisPrefix = `fa-bench-${randomBytes(4).toString('hex')}:`;
    for (let p = 0; p < PROCESSES; p++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: dbUrl.toString(),
          DATA_DIR: dataDir,
          JWT_SECRET: jwtSecret,
          MAIL_DISABLED: 'true',
          LOG_LEVEL: 'warn',
          // every stream of the benchmark comes from 127.0.0.1
          EVENTS_STREAMS_PER_IP: String(FANS + 10),
          ...(process.env.REDIS_URL ? { REDIS_KEY_PREFIX: redisPrefix } : {}),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      await waitHealthy(base, child);
      bases.push(`${base}/api/v1`);
    }
    const { creator, fans } = await seed(dbUrl.toString());
    const now = new Date();
    const token = (userId: string, sessionId: string) =>
      signAccessToken(keys.jwt, { userId, sessionId }, now);
    const fanTokens = await Promise.all(fans.map((f) => token(f.user, f.session)));
    const creatorToken = await token(creator.user, creator.session);

    // every fan's stream, and the creator's, spread over the processes
    const opened = performance.now();
    const fanStreams: SseStream[] = [];
    for (let i = 0; i < FANS; i += 50) {
      const batch = await Promise.all(
        fans
          .slice(i, i + 50)
          .map((f) => connect(`${bases[f.i % PROCESSES]}/events`, fanTokens[f.i]!)),
      );
      fanStreams.push(...batch);
    }
    const creatorStream = await connect(`${bases[0]}/events`, creatorToken);
    streams.push(...fanStreams, creatorStream);
    const refused = streams.filter((s) => s.status !== 200).length;
    if (refused > 0)
      throw new Error(`${refused} streams refused: ${streams.find((s) => s.status !== 200)?.body}`);
    console.log(
      `${FANS} fans + 1 creator connected in ${Math.round(performance.now() - opened)} ms over ${PROCESSES} process(es)`,
    );

    // who waits for which message: the sender's own stream and the creator's
    const sent = new Map<string, { at: number; fan: number }>();
    const postMs: number[] = [];
    let failedPosts = 0;
    const total = Math.round(RATE * SECONDS);
    let n = 0;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const pending = new Set<Promise<void>>();
      const timer = setInterval(() => {
        if (n >= total) {
          clearInterval(timer);
          void Promise.all(pending).then(() => resolve());
          return;
        }
        const f = fans[n % FANS]!;
        const i = n++;
        const t0 = performance.now();
        const work = fetch(`${bases[i % PROCESSES]}/chats/${creator.ws}/${f.chat}/messages`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${fanTokens[f.i]}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ text: `Mensagem ${i} da fã ${f.i}` }),
        })
          .then(async (res) => {
            postMs.push(performance.now() - t0);
            if (res.status !== 201) {
              failedPosts++;
              return;
            }
            sent.set(((await res.json()) as { id: string }).id, { at: t0, fan: f.i });
          })
          .catch(() => void failedPosts++)
          .finally(() => pending.delete(work));
        pending.add(work);
      }, 1000 / RATE);
    });
    const postedIn = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, GRACE_MS));

    const delivery: number[] = [];
    let lost = 0;
    const measure = (s: SseStream, expected: string[]) => {
      const got = new Map(s.events.map((e) => [e.id!, e.at]));
      for (const id of expected) {
        const at = got.get(id);
        if (at === undefined) lost++;
        else delivery.push(at - sent.get(id)!.at);
      }
    };
    // each message goes to the creator's stream and to its fan's own
    measure(creatorStream, [...sent.keys()]);
    const byFan = new Map<number, string[]>();
    for (const [id, { fan }] of sent) byFan.set(fan, [...(byFan.get(fan) ?? []), id]);
    for (const [i, ids] of byFan) measure(fanStreams[i]!, ids);
    delivery.sort((a, b) => a - b);
    postMs.sort((a, b) => a - b);
    const result = {
      at: new Date().toISOString(),
      fans: FANS,
      processes: PROCESSES,
      rate: RATE,
      seconds: SECONDS,
      posted: sent.size,
      achievedRate: round(sent.size / postedIn),
      failedPosts,
      deliveries: delivery.length,
      lost,
      deliveryMs: {
        p50: round(percentile(delivery, 50)),
        p99: round(percentile(delivery, 99)),
        max: round(delivery[delivery.length - 1] ?? NaN),
      },
      postMs: { p50: round(percentile(postMs, 50)), p99: round(percentile(postMs, 99)) },
    };
    console.table({
      'delivery (ms)': result.deliveryMs,
      'POST (ms)': { ...result.postMs, max: round(postMs[postMs.length - 1] ?? NaN) },
    });
    console.log(
      `posted ${result.posted} of ${total} (${result.achievedRate} msg/s, ${failedPosts} failed); ` +
        `${result.deliveries} deliveries, ${lost} lost; target p99 < 1000 ms: ${result.deliveryMs.p99 < 1000 && lost === 0 ? 'met' : 'NOT met'}`,
    );
    if (process.argv.includes('--write-baseline'))
      await writeJson(path.join(ROOT, 'bench/chat-baseline.json'), result);
  } finally {
    for (const s of streams) s.close();
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
    );
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
