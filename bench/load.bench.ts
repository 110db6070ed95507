/**
 * HTTP load benchmark on the seeded datasets (bench/seed.ts): starts the API
 * (apps/api/src/server.ts, PostgreSQL, production settings) and the
 * hand-written reference (bench/reference-server.ts) on the same database,
 * and measures with autocannon, one server at a time, each endpoint at 1 and
 * 50 connections: req/s (2xx only), p50/p99, the ratio to the reference, the
 * latency growth from 10k to 1M posts (time per request at 1 connection), and /me (10 connections) while 20
 * connections hammer recommendations. Ratios are what to compare: both servers share the machine.
 *
 *   npx tsx bench/seed.ts 10k 1m                  # once (about a minute)
 *   npx tsx bench/load.bench.ts                   # both datasets, ~8 minutes
 *   npx tsx bench/load.bench.ts --seconds 3       # shorter runs
 *   npx tsx bench/load.bench.ts 10k --only feed   # the cases whose name contains "feed"
 *   npx tsx bench/load.bench.ts --write-baseline  # store this run in bench/load-baseline.json
 *   npx tsx bench/load.bench.ts --explain 1m      # EXPLAIN (ANALYZE, BUFFERS) of every statement
 *
 * Not part of `npm test`. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { requireCreatorAccess } from '../apps/api/src/read-models/access';
import { listFeed, listWorkspaceContents } from '../apps/api/src/modules/content/feed.queries';
import { findProfile, listRecommended } from '../apps/api/src/modules/profiles/profiles.queries';
import { cpuPerRequest, cpuSnapshot } from './cpu';
import { writeJson } from './measure';
import { DATASETS, READER, SUBSCRIBED_CREATOR, datasetUrl } from './seed';
import type { DatasetName } from './seed';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASELINE_FILE = path.join(ROOT, 'bench/load-baseline.json');
const CONNECTIONS = [1, 50] as const;
/** Connections of the /me probe, alone and while RECOMMENDATION_LOAD hammer recommendations. */
const PROBE_CONNECTIONS = 10;
/** The scenario: 20 concurrent recommendation requests. */
const RECOMMENDATION_LOAD = 20;
// sign-in: about 0.85 of the argon2 ceiling (issue 26: argon2 is the cost that matters)
const TARGETS = { feedRatio: 0.8, growth: 1.2, meUnderLoad: 0.8, signInRatio: 0.85 };

interface Measure {
  rps: number;
  /**
   * autocannon's mean latency (ms, 2 decimals), kept in the baseline: its samples are whole
   * milliseconds, truncated, so below 2 ms it is no duration (the growth uses 1000 ÷ rps).
   */
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU ms per request (bench/cpu.ts): the server's main thread, its other threads, PostgreSQL, the client. */
  cpu?: ReturnType<typeof cpuPerRequest>;
}
interface CaseResult {
  ours: Record<number, Measure>;
  reference: Record<number, Measure>;
}
interface DatasetResult {
  cases: Record<string, CaseResult>;
  meAlone: Measure;
  meUnderLoad: Measure;
}

interface Case {
  name: string;
  ours: Request;
  reference: Request;
}
interface Request {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  auth?: boolean;
}

/** The session id (`sid`) of an access token. */
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

function cases(ws: string, token = ''): Case[] {
  const signIn = JSON.stringify({ email: READER.email, password: READER.password });
  return [
    {
      name: 'feed page 1',
      ours: { path: `/api/v1/contents/${ws}/feed`, auth: true },
      reference: { path: '/feed' },
    },
    {
      // the same, with the reference also checking the session (uncached) on every request:
      // what the revocation check costs a hand-written handler
      name: 'feed page 1 (ref. checks session)',
      ours: { path: `/api/v1/contents/${ws}/feed`, auth: true },
      reference: { path: token ? `/feed?session=${sessionOf(token)}` : '/feed' },
    },
    {
      name: 'feed page 40',
      ours: { path: `/api/v1/contents/${ws}/feed?page=40`, auth: true },
      reference: { path: '/feed?page=40' },
    },
    {
      name: "a profile's posts",
      ours: {
        path: `/api/v1/contents/${ws}/profile?username=${SUBSCRIBED_CREATOR}`,
        auth: true,
      },
      reference: { path: `/profile-posts?username=${SUBSCRIBED_CREATOR}` },
    },
    {
      name: 'profile',
      ours: { path: `/api/v1/profile?username=${SUBSCRIBED_CREATOR}`, auth: true },
      reference: { path: `/profile?username=${SUBSCRIBED_CREATOR}` },
    },
    {
      name: 'recommendations',
      ours: { path: `/api/v1/profiles/${ws}/recommended`, auth: true },
      reference: { path: '/recommended' },
    },
    { name: '/me', ours: { path: '/api/v1/me', auth: true }, reference: { path: '/me' } },
    {
      name: 'sign-in',
      ours: { path: '/api/v1/token', method: 'POST', body: signIn },
      reference: { path: '/verify', method: 'POST', body: signIn },
    },
  ];
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

async function load(
  base: string,
  req: Request,
  connections: number,
  seconds: number,
  token: string,
  server?: ChildProcess,
): Promise<Measure> {
  const cpu = () => (server?.pid ? cpuSnapshot(server.pid) : null);
  const before = cpu();
  const result = await autocannon({
    url: base + req.path,
    method: req.method ?? 'GET',
    connections,
    duration: seconds,
    headers: {
      ...(req.auth ? { authorization: `Bearer ${token}` } : {}),
      ...(req.body ? { 'content-type': 'application/json' } : {}),
    },
    body: req.body,
  });
  return {
    rps: round(result['2xx'] / (result.duration || seconds), 1),
    mean: round(result.latency.mean),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    cpu: cpuPerRequest(before, cpu(), result['2xx'] + result.non2xx),
  };
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

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

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The reader's access token. Right after start-up, on a busy machine, the server may shed
 * load (503 while its event loop lags): try again for a while rather than measure 401s.
 */
async function signInReader(base: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: READER.email, password: READER.password }),
    });
    const body = (await res.json()) as { access_token?: string };
    if (body.access_token) return body.access_token;
    if (Date.now() > deadline)
      throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function reader(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; ws: string }>(
      `select u.id, m.workspace_id as ws from users u
         join workspace_members m on m.user_id = u.id and m.role = 'owner'
        where u.email = $1`,
      [READER.email],
    );
    if (!rows[0]) throw new Error(`${url} has no seeded reader: run npx tsx bench/seed.ts first`);
    return { viewerId: rows[0].id, ws: rows[0].ws };
  } finally {
    await client.end();
  }
}

const best = (a: Measure, b: Measure) => (a.rps >= b.rps ? a : b);

async function runDataset(
  name: DatasetName,
  seconds: number,
  only?: string,
): Promise<DatasetResult> {
  const url = datasetUrl(name);
  const { viewerId, ws } = await reader(url);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-bench-load-'));
  writeFileSync(path.join(dataDir, 'index.html'), '<!doctype html><title>Fã Clube</title>');
  const [oursPort, referencePort] = [await freePort(), await freePort()];
  const ours = start('apps/api/src/server.ts', {
    NODE_ENV: 'production',
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(oursPort),
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_SIGNIN_IP: '100000000/60',
  });
  const reference = start('bench/reference-server.ts', {
    PORT: String(referencePort),
    DATABASE_URL: url,
    VIEWER_ID: viewerId,
    WORKSPACE_ID: ws,
  });
  const oursBase = `http://127.0.0.1:${oursPort}`;
  const refBase = `http://127.0.0.1:${referencePort}`;
  try {
    await waitFor(`${oursBase}/api/v1/health`, ours);
    await waitFor(`${refBase}/me`, reference);
    const token = await signInReader(oursBase);
    const result: DatasetResult = { cases: {}, meAlone: null!, meUnderLoad: null! };
    for (const c of cases(ws, token).filter((k) => !only || k.name.includes(only))) {
      const r: CaseResult = { ours: {}, reference: {} };
      for (const connections of CONNECTIONS) {
        // a short warm-up of each, then each measured twice, alternating (ref, ours, ours,
        // ref), keeping the better run of each: another process's burst hits both alike
        await load(refBase, c.reference, connections, 1, token);
        await load(oursBase, c.ours, connections, 1, token);
        const ref1 = await load(refBase, c.reference, connections, seconds, token, reference);
        const ours1 = await load(oursBase, c.ours, connections, seconds, token, ours);
        const ours2 = await load(oursBase, c.ours, connections, seconds, token, ours);
        const ref2 = await load(refBase, c.reference, connections, seconds, token, reference);
        r.reference[connections] = best(ref1, ref2);
        r.ours[connections] = best(ours1, ours2);
      }
      result.cases[c.name] = r;
      const line = CONNECTIONS.map(
        (n) =>
          `${n}: ${r.ours[n]!.rps} vs ${r.reference[n]!.rps} req/s (${round(r.ours[n]!.rps / r.reference[n]!.rps)})`,
      ).join(', ');
      console.log(`  ${name} ${c.name.padEnd(33)} ${line}`);
      const [o, f] = [r.ours[50]?.cpu, r.reference[50]?.cpu];
      if (o && f) {
        const show = (x: NonNullable<Measure['cpu']>) =>
          `main ${x.main}, other threads ${x.threads}, PostgreSQL ${x.postgres}, client ${x.client}`;
        console.log(`    CPU ms per request at 50: ours ${show(o)} | reference ${show(f)}`);
      }
    }
    const me = cases(ws).find((c) => c.name === '/me')!.ours;
    const rec = cases(ws).find((c) => c.name === 'recommendations')!.ours;
    const meAlone = () => load(oursBase, me, PROBE_CONNECTIONS, seconds, token);
    const meLoaded = async () => {
      const [probe, flood] = await Promise.all([
        load(oursBase, me, PROBE_CONNECTIONS, seconds, token),
        load(oursBase, rec, RECOMMENDATION_LOAD, seconds + 1, token),
      ]);
      console.log(
        `  ${name} recommendations beside /me: ${flood.rps} req/s, ${flood.non2xx} refused`,
      );
      return probe;
    };
    const alone1 = await meAlone();
    const loaded1 = await meLoaded();
    const loaded2 = await meLoaded();
    result.meAlone = best(alone1, await meAlone());
    result.meUnderLoad = best(loaded1, loaded2);
    console.log(
      `  ${name} /me alone ${result.meAlone.rps} req/s, while recommendations are loaded ${result.meUnderLoad.rps} req/s`,
    );
    return result;
  } finally {
    ours.kill('SIGTERM');
    reference.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results: Partial<Record<DatasetName, DatasetResult>>) {
  const checks: string[] = [];
  for (const [name, r] of Object.entries(results)) {
    console.log(`\n${name}:`);
    console.table(
      Object.entries(r.cases).flatMap(([c, m]) =>
        CONNECTIONS.map((n) => ({
          case: c,
          conns: n,
          'ours req/s': m.ours[n]!.rps,
          'ours p50': m.ours[n]!.p50,
          'ours p99': m.ours[n]!.p99,
          'ref req/s': m.reference[n]!.rps,
          'ref p50': m.reference[n]!.p50,
          'ref p99': m.reference[n]!.p99,
          'ours ÷ ref': round(m.ours[n]!.rps / m.reference[n]!.rps),
          errors: m.ours[n]!.non2xx + m.reference[n]!.non2xx,
        })),
      ),
    );
    const ratio = (c: string) => {
      const m = r.cases[c];
      return m ? round(m.ours[50]!.rps / m.reference[50]!.rps) : null;
    };
    const feedRatio = ratio('feed page 1');
    if (feedRatio !== null)
      checks.push(
        check(`${name}: feed page 1 req/s ÷ reference (50)`, feedRatio, TARGETS.feedRatio),
      );
    const signInRatio = ratio('sign-in');
    if (signInRatio !== null)
      checks.push(check(`${name}: sign-in req/s ÷ argon2 (50)`, signInRatio, TARGETS.signInRatio));

    const me = round(r.meUnderLoad.rps / r.meAlone.rps);
    checks.push(check(`${name}: /me under recommendations load ÷ alone`, me, TARGETS.meUnderLoad));
  }
  const small = results['10k'];
  const big = results['1m'];
  if (small && big) {
    // autocannon records latencies in whole milliseconds (truncated): below 2 ms its mean and p50
    // are mostly the share of requests that took 1 ms, not a duration. At one connection the
    // client waits for each answer before it sends the next, so the time per request is exactly
    // the run's length over its requests (1000 ÷ req/s, client included): the growth compares
    // that, and the reference's beside it
    console.log('\nlatency growth from 10k to 1M posts (time per request at 1 connection, ms):');
    const perRequest = (m: Measure) => Math.round((1000 / m.rps) * 1000) / 1000;
    const rows = Object.keys(big.cases)
      .filter((c) => small.cases[c])
      .map((c) => {
        const [a, b] = [small.cases[c]!.ours[1]!, big.cases[c]!.ours[1]!];
        const growth = round(perRequest(b) / perRequest(a));
        checks.push(check(`growth of ${c}`, growth, TARGETS.growth, 'max'));
        // the reference's growth on the same data: what the machine's load did between the runs
        const [ra, rb] = [small.cases[c]!.reference[1]!, big.cases[c]!.reference[1]!];
        return {
          case: c,
          '10k ms': perRequest(a),
          '1m ms': perRequest(b),
          '10k p50': a.p50,
          '1m p50': b.p50,
          growth,
          'reference growth': round(perRequest(rb) / perRequest(ra)),
        };
      });
    console.table(rows);
  }
  console.log(`\nTargets:\n${checks.join('\n')}`);
}

function check(label: string, value: number, target: number, kind: 'min' | 'max' = 'min') {
  const ok = kind === 'min' ? value >= target : value <= target;
  return `  ${ok ? '✓' : '✗'} ${label}: ${value} (${kind === 'min' ? '≥' : '≤'} ${target})`;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement the list endpoints run, with the reader's values. */
async function explain(name: DatasetName) {
  const url = datasetUrl(name);
  const { viewerId, ws } = await reader(url);
  const statements: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => void statements.push({ sql, params }) },
  }) as unknown as Db;
  const now = new Date();
  const runs: [string, () => Promise<unknown>][] = [
    ['feed page 1', () => listFeed(db, { viewerId, workspaceId: ws, now, limit: 25, offset: 0 })],
    [
      'feed page 40',
      () => listFeed(db, { viewerId, workspaceId: ws, now, limit: 25, offset: 975 }),
    ],
    ['profile', () => findProfile(db, { username: SUBSCRIBED_CREATOR, viewerId, now })],
    [
      "a profile's posts",
      async () => {
        const actor = { userId: viewerId, sessionId: viewerId };
        const { creatorId } = await requireCreatorAccess(db, actor, ws, SUBSCRIBED_CREATOR, now);
        return listWorkspaceContents(db, {
          viewerId,
          workspaceId: creatorId!,
          limit: 10,
          offset: 0,
        });
      },
    ],
    ['recommendations', () => listRecommended(db, { viewerId, now, limit: 10 })],
  ];
  try {
    for (const [label, fn] of runs) {
      statements.length = 0;
      await fn();
      for (const s of [...statements]) {
        const plan = await pool.query(`explain (analyze, buffers) ${s.sql}`, s.params);
        console.log(`\n-- ${label}\n${s.sql.replace(/\s+/g, ' ').trim()}`);
        for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
      }
    }
  } finally {
    await pool.end();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const named = args.filter((a): a is DatasetName => a in DATASETS);
  if (args.includes('--explain')) {
    for (const name of named.length ? named : (['1m'] as DatasetName[])) await explain(name);
    return;
  }
  const i = args.indexOf('--seconds');
  const seconds = i >= 0 ? Number(args[i + 1]) : 5;
  const o = args.indexOf('--only');
  const only = o >= 0 ? args[o + 1] : undefined;
  const results: Partial<Record<DatasetName, DatasetResult>> = {};
  const loadAverage = loadavg().map((n) => round(n));
  console.log(`load average ${loadAverage.join(' ')} on ${cpus().length} cores`);
  for (const name of named.length ? named : (Object.keys(DATASETS) as DatasetName[])) {
    console.log(`${name}: ${seconds} s per run`);
    results[name] = await runDataset(name, seconds, only);
  }
  report(results);
  if (args.includes('--write-baseline')) {
    const out = {
      measured_at: new Date().toISOString(),
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, Node ${process.version}`,
      // how busy the machine was: above the core count, other processes took turns with ours
      load_average: { start: loadAverage, end: loadavg().map((n) => round(n)) },
      seconds,
      results,
    };
    await writeJson(BASELINE_FILE, out);
  }
}

await main();
