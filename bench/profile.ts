/**
 * CPU profile of the API under load on a seeded dataset (bench/seed.ts): starts
 * apps/api/src/server.ts (production settings, as bench/load.bench.ts does) with
 * `node --cpu-prof`, loads one endpoint with autocannon, stops the server and
 * prints where its main thread spent the time: by self time per function and
 * per package (node_modules/<name>, our own files, node internals, idle/GC).
 *
 *   npx tsx bench/profile.ts 10k feed              # GET /contents/{ws}/feed, 50 connections
 *   npx tsx bench/profile.ts 10k me --seconds 10
 *   npx tsx bench/profile.ts 10k sign-in --keep    # keep the .cpuprofile (open it in DevTools)
 *
 * Endpoints: feed, feed40, posts (a profile's posts), profile, recommended, me, sign-in.
 * Not part of `npm test`. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { READER, SUBSCRIBED_CREATOR, datasetUrl } from './seed';
import type { DatasetName } from './seed';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function endpoint(name: string, ws: string) {
  const paths: Record<string, { path: string; method?: 'POST'; body?: string }> = {
    feed: { path: `/api/v1/contents/${ws}/feed` },
    feed40: { path: `/api/v1/contents/${ws}/feed?page=40` },
    posts: { path: `/api/v1/contents/${ws}/profile?username=${SUBSCRIBED_CREATOR}` },
    profile: { path: `/api/v1/profile?username=${SUBSCRIBED_CREATOR}` },
    recommended: { path: `/api/v1/profiles/${ws}/recommended` },
    me: { path: '/api/v1/me' },
    'sign-in': {
      path: '/api/v1/token',
      method: 'POST',
      body: JSON.stringify({ email: READER.email, password: READER.password }),
    },
  };
  const e = paths[name];
  if (!e) throw new Error(`unknown endpoint ${name}: ${Object.keys(paths).join(', ')}`);
  return e;
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

/** Where a frame's time goes: an npm package, our code, node's internals or the VM. */
function bucket(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node internals';
  const rel = url.replace(/^file:\/\//, '').replace(ROOT, '');
  return rel.startsWith('apps/') || rel.startsWith('packages/') ? `ours: ${rel}` : rel;
}

/** Self time per node, counting only the samples from `fromUs` on (after start-up). */
function analyse(profile: CpuProfile, top: number, fromUs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at >= fromUs) self.set(id, (self.get(id) ?? 0) + dt);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)');
  const idleUs = idle.reduce((a, [, t]) => a + t, 0);
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const where = bucket(url, functionName);
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + t);
    const pkg = where.startsWith('ours: ') ? 'ours' : where;
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + t);
  }
  const busy = total - idleUs;
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)}%`;
  console.log(
    `\nsampled ${(total / 1e6).toFixed(1)} s, idle ${((100 * idleUs) / total).toFixed(0)}%; shares of the busy time:`,
  );
  console.log('\nby package:');
  for (const [k, t] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(t)}  ${k}`);
  console.log('\nby function (self time):');
  for (const [k, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(t)}  ${k}`);
}

async function main() {
  const args = process.argv.slice(2);
  const dataset = (args.find((a) => a === '10k' || a === '1m') ?? '10k') as DatasetName;
  const name = args.find((a) => !a.startsWith('--') && a !== dataset) ?? 'feed';
  const s = args.indexOf('--seconds');
  const seconds = s >= 0 ? Number(args[s + 1]) : 10;
  const c = args.indexOf('--connections');
  const connections = c >= 0 ? Number(args[c + 1]) : 50;
  const url = datasetUrl(dataset);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ ws: string }>(
    `select m.workspace_id as ws from users u
       join workspace_members m on m.user_id = u.id and m.role = 'owner' where u.email = $1`,
    [READER.email],
  );
  await client.end();
  if (!rows[0]) throw new Error(`${url} has no seeded reader: run npx tsx bench/seed.ts first`);
  const req = endpoint(name, rows[0].ws);

  const dir = mkdtempSync(path.join(tmpdir(), 'fa-bench-profile-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Fã Clube</title>');
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ['--cpu-prof', '--cpu-prof-dir', dir, '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        MAIL_DISABLED: 'true',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: url,
        DATA_DIR: dir,
        WEB_DIST: dir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        RATE_LIMIT_SIGNIN_IP: '100000000/60',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const started = Date.now();
  let loadFrom = 0;
  const exited = new Promise((r) => server.once('exit', r));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error('server did not start');
      try {
        if ((await fetch(`${base}/api/v1/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const signIn = await fetch(`${base}/api/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: READER.email, password: READER.password }),
    });
    const signedIn = (await signIn.json()) as { access_token?: string };
    if (!signedIn.access_token) throw new Error(`sign-in failed: ${JSON.stringify(signedIn)}`);
    const token = signedIn.access_token;
    const probe = await fetch(base + req.path, {
      method: req.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(req.body ? { 'content-type': 'application/json' } : {}),
      },
      body: req.body,
    });
    if (!probe.ok) throw new Error(`${req.path}: ${probe.status} ${await probe.text()}`);
    // the profile starts with the process: leave out its start-up
    loadFrom = (Date.now() - started) * 1000;
    const result = await autocannon({
      url: base + req.path,
      method: req.method ?? 'GET',
      connections,
      duration: seconds,
      headers: {
        // as bench/load.bench.ts: the sign-in is sent by a signed-out client
        ...(req.body ? {} : { authorization: `Bearer ${token}` }),
        ...(req.body ? { 'content-type': 'application/json' } : {}),
      },
      body: req.body,
    });
    console.log(
      `${dataset} ${name}: ${(result['2xx'] / result.duration).toFixed(1)} req/s, p50 ${result.latency.p50} ms, non-2xx ${result.non2xx}`,
    );
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  analyse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile, 30, loadFrom);
  if (args.includes('--keep')) console.log(`\nprofile: ${path.join(dir, file)}`);
  else rmSync(dir, { recursive: true, force: true });
}

await main();
