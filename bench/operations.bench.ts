/**
 * The operations benchmark (issues 32, 35, 36) on the seeded 1M-post dataset (bench/seed.ts):
 * the same build run as one process (`ROLE=all`) and as the topology of docs/operations.md (two
 * `ROLE=web` processes and one `ROLE=jobs`, one PostgreSQL and Redis), measuring with autocannon
 *
 *   - the feed (50 connections) and a light request, `/me` (10 connections), on a quiet system;
 *   - 'Visão geral' (GET /insights, 12 months) of the creator with 10,000 subscribers;
 *   - a message to all 10,000 subscribers: the time until every one is delivered, and the feed's
 *     and `/me`'s p99 while it is delivered;
 *   - a 20 s 1440p video transcoded to 1080p: the time until it is ready, and the same p99s.
 *
 * In the topology the load is split evenly between the two web processes (one autocannon each,
 * run together: req/s add up, the slower p99 is kept).
 *
 *   npx tsx bench/seed.ts 1m                      # once (about 3 minutes)
 *   npx tsx bench/operations.bench.ts             # both layouts, about 6 minutes
 *   npx tsx bench/operations.bench.ts 10k         # on the small dataset
 *   npx tsx bench/operations.bench.ts single --only transcode   # one layout, one phase
 *   npx tsx bench/operations.bench.ts --write-baseline
 *
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379) and ffmpeg on PATH. Run it alone: on
 * two cores any other process moves every figure. Not part of `npm test`. See bench/README.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeJson } from './measure';
import { BIG_CREATOR, DATASETS, READER, datasetUrl } from './seed';
import type { DatasetName } from './seed';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASELINE_FILE = path.join(ROOT, 'bench/operations-baseline.json');
const SECONDS = 5;
/** A light request's p99 under a broadcast must stay below this (issue 32). */
const LIGHT_P99_TARGET_MS = 50;

type Layout = 'single' | 'topology';
const PHASES = ['quiet', 'broadcast', 'transcode'] as const;
type Phase = (typeof PHASES)[number];
interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
interface During {
  /** Seconds from the request to the last delivery (broadcast) or to `ready` (video). */
  seconds: number;
  feed: Load;
  me: Load;
}
interface LayoutResult {
  quiet?: { feed: Load; me: Load; insights: { one: Load; ten: Load } };
  broadcast?: During & { recipients: number };
  transcode?: During;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(base: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${base}: the server exited`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${base} did not become ready`);
}

/** One autocannon run per base, together, `connections` split between them. */
async function load(
  bases: string[],
  urlPath: string,
  connections: number,
  seconds: number,
  token: string,
): Promise<Load> {
  const runs = await Promise.all(
    bases.map((base) =>
      autocannon({
        url: base + urlPath,
        connections: Math.max(1, Math.round(connections / bases.length)),
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  return {
    rps: round(runs.reduce((n, r) => n + r['2xx'] / (r.duration || seconds), 0)),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  };
}

/** Merges chunks of load measured while a job ran: req/s averaged, the worst p99 kept. */
function merge(chunks: Load[]): Load {
  if (chunks.length === 0) return { rps: 0, p50: 0, p99: 0, errors: 0 };
  return {
    rps: round(chunks.reduce((n, c) => n + c.rps, 0) / chunks.length),
    p50: Math.max(...chunks.map((c) => c.p50)),
    p99: Math.max(...chunks.map((c) => c.p99)),
    errors: chunks.reduce((n, c) => n + c.errors, 0),
  };
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await res.json()) as { access_token?: string };
    if (body.access_token) return body.access_token;
    if (Date.now() > deadline) throw new Error(`sign-in ${email}: ${res.status}`);
    await sleep(500);
  }
}

async function api<T>(base: string, token: string, method: string, urlPath: string, body?: object) {
  const res = await fetch(`${base}/api/v1${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Loads the feed and `/me` in 3-second chunks, alternating, until `done()` answers true. */
async function whileRunning(
  bases: string[],
  tokens: { reader: string },
  feedPath: string,
  done: () => Promise<boolean>,
): Promise<During> {
  const started = Date.now();
  const feed: Load[] = [];
  const me: Load[] = [];
  let finishedAt = 0;
  const watcher = (async () => {
    while (!(await done())) await sleep(200);
    finishedAt = Date.now();
  })();
  while (!finishedAt) {
    feed.push(await load(bases, feedPath, 10, 3, tokens.reader));
    if (finishedAt) break;
    me.push(await load(bases, '/api/v1/me', 10, 3, tokens.reader));
    if (Date.now() - started > 15 * 60_000) throw new Error('the job did not finish in 15 min');
  }
  await watcher;
  return { seconds: round((finishedAt - started) / 1000), feed: merge(feed), me: merge(me) };
}

/** A 20 s 2560×1440 H.264 clip: above 1080p, so the media job must transcode it. */
function makeClip(dir: string): Buffer {
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=2560x1440:rate=30:duration=20'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=20', '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
  return readFileSync(file);
}

async function runLayout(
  dataset: DatasetName,
  layout: Layout,
  phases: readonly Phase[],
  clip: Buffer,
  db: pg.Client,
): Promise<LayoutResult> {
  const url = datasetUrl(dataset);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-bench-ops-'));
  writeFileSync(path.join(dataDir, 'index.html'), '<!doctype html><title>Fã Clube</title>');
  const common = {
    NODE_ENV: 'production',
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_SIGNIN_IP: '100000000/60',
    BROADCASTS_PER_DAY: '1000',
  };
  const roles: string[] = layout === 'single' ? ['all'] : ['web', 'web', 'jobs'];
  const ports = await Promise.all(roles.map(() => freePort()));
  const children = roles.map((role, i) =>
    spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...common, ROLE: role, PORT: String(ports[i]) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const webBases = bases.filter((_, i) => roles[i] !== 'jobs');
  try {
    await Promise.all(bases.map((b, i) => waitReady(b, children[i]!)));
    const web = webBases[0]!;
    const reader = await signIn(web, READER.email, READER.password);
    const creator = await signIn(web, BIG_CREATOR.email, BIG_CREATOR.password);
    const [readerWs, creatorWs] = await Promise.all([
      api<{ workspaces: { id: string }[] }>(web, reader, 'GET', '/workspaces'),
      api<{ workspaces: { id: string }[] }>(web, creator, 'GET', '/workspaces'),
    ]);
    const feedPath = `/api/v1/contents/${readerWs.workspaces[0]!.id}/feed`;
    const ws = creatorWs.workspaces[0]!.id;
    const insightsPath = `/api/v1/insights/${ws}?months=12`;
    const result: LayoutResult = {};
    if (phases.includes('quiet')) {
      // warm-up, then the quiet figures
      await load(webBases, feedPath, 10, 2, reader);
      await load(webBases, insightsPath, 1, 2, creator);
      result.quiet = {
        feed: await load(webBases, feedPath, 50, SECONDS, reader),
        me: await load(webBases, '/api/v1/me', 10, SECONDS, reader),
        insights: {
          one: await load(webBases, insightsPath, 1, SECONDS, creator),
          ten: await load(webBases, insightsPath, 10, SECONDS, creator),
        },
      };
      console.log(`  ${layout}: quiet and insights measured`);
    }

    if (phases.includes('broadcast')) {
      const sent = await api<{ id: string; recipients: number }>(
        web,
        creator,
        'POST',
        `/chats/${ws}/broadcasts`,
        { text: `Novidade para todo mundo (${layout})`, audience: 'subscribers' },
      );
      const during = await whileRunning(webBases, { reader }, feedPath, async () => {
        const { rows } = await db.query(
          'select 1 from chat_broadcasts where id = $1 and finished_at is not null',
          [sent.id],
        );
        return rows.length > 0;
      });
      const { rows: delivered } = await db.query<{ n: number }>(
        `select count(*)::int as n from chat_broadcast_recipients
          where broadcast_id = $1 and status = 'delivered'`,
        [sent.id],
      );
      if (delivered[0]!.n !== sent.recipients)
        throw new Error(`broadcast: ${delivered[0]!.n} of ${sent.recipients} delivered`);
      result.broadcast = { ...during, recipients: sent.recipients };
      console.log(`  ${layout}: ${sent.recipients} delivered in ${during.seconds} s`);
    }

    if (phases.includes('transcode')) {
      const upload = await api<{ presigned_url: string; file_path: string }>(
        web,
        creator,
        'POST',
        `/workspaces/objects/${ws}`,
        { extension_type: 'mp4' },
      );
      const put = await fetch(new URL(upload.presigned_url, web), {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4' },
        body: new Uint8Array(clip),
      });
      if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
      const post = await api<{ id: string }>(web, creator, 'POST', `/content/${ws}`, {
        text: `Vídeo novo (${layout})`,
        attachments: [{ file_path: upload.file_path }],
      });
      result.transcode = await whileRunning(webBases, { reader }, feedPath, async () => {
        const { rows } = await db.query<{ status: string }>(
          `select status from content_attachments where content_id = $1 and kind = 'video'`,
          [post.id],
        );
        if (rows[0]?.status === 'failed') throw new Error('the video failed');
        return rows[0]?.status === 'ready';
      });
      console.log(`  ${layout}: video ready in ${result.transcode.seconds} s`);
    }
    return result;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results: Partial<Record<Layout, LayoutResult>>) {
  const rows = Object.entries(results).flatMap(([layout, r]) => [
    ...(r.quiet
      ? [
          { layout, what: 'feed, quiet (50)', ...r.quiet.feed },
          { layout, what: '/me, quiet (10)', ...r.quiet.me },
          { layout, what: 'insights (1)', ...r.quiet.insights.one },
          { layout, what: 'insights (10)', ...r.quiet.insights.ten },
        ]
      : []),
    ...(r.broadcast
      ? [
          { layout, what: `feed during broadcast (${r.broadcast.seconds} s)`, ...r.broadcast.feed },
          { layout, what: '/me during broadcast', ...r.broadcast.me },
        ]
      : []),
    ...(r.transcode
      ? [
          { layout, what: `feed during transcode (${r.transcode.seconds} s)`, ...r.transcode.feed },
          { layout, what: '/me during transcode', ...r.transcode.me },
        ]
      : []),
  ]);
  console.table(rows);
  console.log('\nTargets:');
  for (const [layout, r] of Object.entries(results)) {
    if (!r.broadcast) continue;
    const p99 = r.broadcast.me.p99;
    const ok = p99 < LIGHT_P99_TARGET_MS;
    console.log(
      `  ${ok ? '✓' : '✗'} ${layout}: /me p99 during the broadcast ${p99} ms (< ${LIGHT_P99_TARGET_MS})`,
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  const dataset = (args.find((a) => a in DATASETS) as DatasetName | undefined) ?? '1m';
  const layouts = (['single', 'topology'] as const).filter(
    (l) => !args.some((a) => a === 'single' || a === 'topology') || args.includes(l),
  );
  const o = args.indexOf('--only');
  const phases = o >= 0 ? PHASES.filter((p) => p === args[o + 1]) : PHASES;
  const work = mkdtempSync(path.join(tmpdir(), 'fa-bench-clip-'));
  const db = new pg.Client({ connectionString: datasetUrl(dataset) });
  await db.connect();
  const loadAverage = loadavg().map((n) => round(n, 2));
  console.log(`${dataset}: load average ${loadAverage.join(' ')} on ${cpus().length} cores`);
  try {
    const clip = makeClip(work);
    const results: Partial<Record<Layout, LayoutResult>> = {};
    for (const layout of layouts)
      results[layout] = await runLayout(dataset, layout, phases, clip, db);
    report(results);
    if (args.includes('--write-baseline'))
      await writeJson(BASELINE_FILE, {
        measured_at: new Date().toISOString(),
        machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, Node ${process.version}`,
        load_average: { start: loadAverage, end: loadavg().map((n) => round(n, 2)) },
        dataset,
        results,
      });
  } finally {
    await db.end();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
