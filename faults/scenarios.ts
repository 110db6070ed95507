import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { freePort, sleep, startApi, stopApi, waitReady } from './lib/api';
import { sized } from './lib/fast';
import type { ApiOptions } from './lib/api';
import { countOps, verify } from './lib/check';
import type { Figures, Query } from './lib/check';
import { call, HttpError, JPEG, requestLog, runLoad, setUpWorld } from './lib/load';
import type { Op, World } from './lib/load';
import { createDb, startCluster } from './lib/pg-cluster';
import type { PgCluster } from './lib/pg-cluster';
import { clockSkew } from './scenarios/clock-skew';
import { dbProxy } from './scenarios/db-proxy';
import { pixWebhooks } from './scenarios/pix-webhooks';
import { backupPg, backupPglite } from './scenarios/backup';
import { smtpDown } from './scenarios/smtp-down';

export interface Result extends Figures {
  scenario: string;
  passed: boolean;
  /** What the scenario proves (for docs/reliability.md). */
  proves: string;
  /** Failed checks; empty when passed. */
  failures: string[];
  /**
   * Could not run here (says why in notes): not passed either — `npm run faults` reports it and
   * exits non-zero, since a requested scenario proved nothing.
   */
  skipped?: boolean;
}

export type Db = 'pglite' | 'pg';

export interface Env {
  cluster(): Promise<PgCluster>;
}

export interface Setup {
  opts: ApiOptions;
  filesRoot: string;
  query: () => Promise<{ q: Query; close(): Promise<void> }>;
  cleanup(): void;
}

export const BASELINE_MS = sized(5_000, 3_000);
export const AFTER_MS = sized(8_000, 4_000);

export async function setup(
  env: Env,
  db: Db,
  name: string,
  extra: Partial<ApiOptions> = {},
): Promise<Setup> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `fa-faults-${name}-`));
  const port = await freePort();
  const databaseUrl =
    db === 'pg' ? await createDb(await env.cluster(), name.replaceAll('-', '_')) : undefined;
  const opts: ApiOptions = { port, dataDir, databaseUrl, ...extra };
  return {
    opts,
    filesRoot: path.join(dataDir, 'files'),
    // PGlite: opened by the suite after the server stopped, through the same
    // code and lock as the server (a refusal here would be a finding)
    query: async () => {
      const database = databaseUrl
        ? await openDatabase({ url: databaseUrl, poolSize: 2 })
        : await openDatabase({ dataDir: path.join(dataDir, 'db') });
      return {
        q: async (sql, params) => (await database.executeSql(sql, params ?? [])).rows as never,
        close: () => database.close(),
      };
    },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function check(s: Setup, world: World, ops: Op[], f: Figures) {
  const { q, close } = await s.query();
  try {
    return await verify(q, world, ops, s.filesRoot, f);
  } finally {
    await close();
  }
}

export function result(scenario: string, proves: string, f: Figures, failures: string[]): Result {
  if (f.lost) failures.push(`${f.lost} acknowledged writes lost`);
  if (f.duplicates) failures.push(`${f.duplicates} duplicated effects`);
  if (f.partial) failures.push(`${f.partial} partial states`);
  if (f.acknowledged === 0) failures.push('no write acknowledged');
  return { scenario, proves, ...f, passed: failures.length === 0, failures };
}

/** A scenario that could not run here: `passed: false`, `skipped`, and why. */
export function skipped(scenario: string, proves: string, why: string): Result {
  const r = result(scenario, proves, countOps([]), []);
  return {
    ...r,
    passed: false,
    skipped: true,
    failures: [],
    notes: [...r.notes, `skipped: ${why}`],
  };
}

/** 1. kill -9 of the API mid-load, restarted at once by the suite. */
async function kill9(env: Env, db: Db): Promise<Result> {
  const s = await setup(env, db, `kill9-${db}`);
  const failures: string[] = [];
  const api = startApi(s.opts);
  await waitReady(api);
  const world = await setUpWorld(api.url, sized(20, 8), sized(30, 10));
  const load = runLoad(api.url, world);
  await sleep(BASELINE_MS);
  const faultAt = performance.now();
  api.child.kill('SIGKILL');
  await api.exited;
  const again = startApi(s.opts);
  const readyMs = await waitReady(again).catch((err: Error) => {
    failures.push(`did not restart: ${err.message.slice(0, 300)}`);
    return NaN;
  });
  await sleep(AFTER_MS);
  load.stop();
  await load.done;
  const exit = await stopApi(again);
  if (/Aborted\(\)|RuntimeError|repair/i.test(again.output()))
    failures.push(`restart output: ${again.output().slice(-500)}`);
  if (exit.code !== 0) failures.push(`restarted server exit ${exit.code ?? exit.signal}`);
  const f = await check(s, world, load.ops, countOps(load.ops, faultAt));
  f.notes.push(`restart to ready ${Math.round(readyMs)} ms (process start + migrations check)`);
  s.cleanup();
  return result(
    `kill -9 mid-load (${db === 'pg' ? 'PostgreSQL' : 'PGlite'})`,
    'Every write answered 2xx before the kill is in the database after the restart; ' +
      (db === 'pglite' ? 'PGlite reopens its data directory without Aborted() or repair; ' : '') +
      'no ledger row, subscription period or transaction was doubled.',
    f,
    failures,
  );
}

/** 2. A second server on the same PGlite data directory while the first serves. */
async function secondServer(env: Env): Promise<Result> {
  const s = await setup(env, 'pglite', 'second-server');
  const failures: string[] = [];
  const api = startApi(s.opts);
  await waitReady(api);
  const world = await setUpWorld(api.url);
  const load = runLoad(api.url, world);
  await sleep(2_000);
  const faultAt = performance.now();
  const second = startApi({ ...s.opts, port: await freePort() });
  const exit = await Promise.race([second.exited, sleep(60_000).then(() => null)]);
  if (!exit) {
    second.child.kill('SIGKILL');
    failures.push('the second server did not stop');
  } else {
    if (exit.code === 0) failures.push('the second server exited 0');
    if (!second.output().includes('já está em uso'))
      failures.push(`second server said: ${second.output().slice(-300)}`);
  }
  await sleep(3_000);
  const health = await call(api.url, 'GET', '/health').catch((e: Error) => e);
  if (health instanceof Error) failures.push(`first server unhealthy: ${health.message}`);
  load.stop();
  await load.done;
  const stopped = await stopApi(api);
  if (stopped.code !== 0)
    failures.push(
      `first server exit ${stopped.code ?? stopped.signal}: ${api.output().slice(-600)}`,
    );
  const f = await check(s, world, load.ops, countOps(load.ops));
  f.held = load.ops.filter(
    (o) => o.outcome === 'ack' && o.start < faultAt && o.end > faultAt,
  ).length;
  f.notes.push(
    exit ? `second server refused in ${Math.round(exit.at - faultAt)} ms, exit ${exit.code}` : '',
  );
  s.cleanup();
  return result(
    'second server on the PGlite data dir',
    'A second server on the same data directory stops with "já está em uso" before touching it; ' +
      'the first keeps serving and nothing it acknowledged is missing.',
    f,
    failures,
  );
}

/** 3. SIGTERM under load. */
async function sigterm(env: Env, db: Db): Promise<Result> {
  const s = await setup(env, db, `sigterm-${db}`);
  const failures: string[] = [];
  const api = startApi(s.opts);
  await waitReady(api);
  const world = await setUpWorld(api.url);
  requestLog.length = 0;
  const load = runLoad(api.url, world);
  await sleep(BASELINE_MS);
  const faultAt = performance.now();
  api.child.kill('SIGTERM');
  const exit = await Promise.race([api.exited, sleep(15_000).then(() => null)]);
  const exitMs = exit ? exit.at - faultAt : NaN;
  load.stop();
  await load.done;
  if (!exit) {
    failures.push('did not exit within 15 s');
    api.child.kill('SIGKILL');
    await api.exited;
  } else if (exit.code !== 0)
    failures.push(`exit ${exit.code ?? exit.signal}: ${api.output().slice(-600)}`);
  if (exit && exitMs > 10_000) failures.push(`exit after ${Math.round(exitMs)} ms (deadline 10 s)`);
  if (process.env.FAULTS_DEBUG) writeFileSync('/tmp/faults-sigterm-api.log', api.output());
  const inFlight = requestLog.filter((r) => r.start < faultAt && r.end > faultAt);
  const dropped = inFlight.filter((r) => r.status === undefined);
  const after = requestLog.filter((r) => r.start >= faultAt);
  const unclean = after.filter(
    (r) => r.status === undefined && r.error !== 'ECONNREFUSED' && r.error !== 'timeout',
  );
  const badStatus = after.filter(
    (r) => r.status !== undefined && r.status >= 500 && r.status !== 503,
  );
  if (dropped.length)
    failures.push(
      `${dropped.length} in-flight requests unanswered: ` +
        dropped
          .slice(0, 5)
          .map(
            (r) =>
              `${r.what} ${r.error} after ${Math.round(r.end - faultAt)} ms (sent ${Math.round(faultAt - r.start)} ms before)`,
          )
          .join(', '),
    );
  if (badStatus.length)
    failures.push(`${badStatus.length} new requests answered 5xx other than 503`);
  const f = await check(s, world, load.ops, countOps(load.ops, faultAt));
  f.held = inFlight.filter((r) => r.status !== undefined && r.status < 300).length;
  // the server is gone after the signal: no recovery to time
  f.firstSuccessMs = undefined;
  f.baselineP99Ms = undefined;
  f.notes.push(
    `exit ${exit?.code ?? '-'} in ${Math.round(exitMs)} ms; in flight ${inFlight.length}, answered ${inFlight.length - dropped.length}; ` +
      `after the signal: ${after.filter((r) => r.error === 'ECONNREFUSED').length} refused, ` +
      `${after.filter((r) => r.status === 503).length} × 503, ${unclean.length} reset`,
  );
  s.cleanup();
  return result(
    `SIGTERM under load (${db === 'pg' ? 'PostgreSQL' : 'PGlite'})`,
    'Every request in flight at SIGTERM gets its answer, later ones are refused (connection refused or 503), ' +
      'the process exits 0 within its 10 s deadline' +
      (db === 'pglite' ? ' and PGlite is closed (the suite reopens it).' : '.'),
    f,
    failures,
  );
}

/** 8. Pix: the same confirmation ×10 at once; 50 different confirmations at once. */
async function pix(env: Env, db: Db): Promise<Result> {
  const s = await setup(env, db, `pix-${db}`);
  const failures: string[] = [];
  const api = startApi(s.opts);
  await waitReady(api);
  const world = await setUpWorld(api.url, 50, 1);
  const { creator, fans } = world;
  const open = async (fan: World['fans'][number]) => {
    const res = await call(
      api.url,
      'POST',
      `/subscribe/plan?username=${creator.username}&plan_type=monthly`,
      {
        token: fan.token,
      },
    );
    return (res.body.charge as { id: string }).id;
  };
  const confirm = async (chargeId: string): Promise<Op> => {
    const op: Op = {
      kind: 'charge',
      key: chargeId,
      start: performance.now(),
      end: 0,
      outcome: 'ack',
    };
    try {
      op.status = (
        await call(api.url, 'POST', `/charges/${creator.workspaceId}/${chargeId}/confirm`, {
          token: creator.token,
        })
      ).status;
    } catch (err) {
      op.outcome = 'failed';
      op.status = err instanceof HttpError ? err.status : undefined;
      op.error = err instanceof HttpError ? String(err.body.code) : (err as Error).message;
    }
    op.end = performance.now();
    return op;
  };
  const ops: Op[] = [];
  // A: 20 charges, each confirmed 10 times at once (200 requests together)
  const sameCharges = await Promise.all(fans.slice(0, 20).map(open));
  const same = await Promise.all(
    sameCharges.flatMap((id) => Array.from({ length: 10 }, () => confirm(id))),
  );
  ops.push(...same);
  for (const id of sameCharges) {
    const mine = same.filter((o) => o.key === id);
    const ok = mine.filter((o) => o.outcome === 'ack').length;
    const paidAlready = mine.filter((o) => o.error === 'CHARGE_ALREADY_PAID').length;
    if (ok !== 1 || paidAlready !== 9)
      failures.push(`charge ${id}: ${ok} × 200, ${paidAlready} × CHARGE_ALREADY_PAID`);
  }
  // B: 50 charges of 50 fans confirmed at once
  const many = await Promise.all(fans.map(open));
  const confirmed = await Promise.all(many.map(confirm));
  ops.push(...confirmed);
  const notOk = confirmed.filter((o) => o.outcome !== 'ack');
  if (notOk.length)
    failures.push(`${notOk.length} of 50 concurrent confirmations failed: ${notOk[0]?.error}`);
  await stopApi(api);
  const f = countOps(ops);
  f.requests = ops.length;
  await check(s, world, ops, f);
  // each fan's subscription: one period per paid charge (setup + A + B)
  const { q, close } = await s.query();
  const wrong = await q(
    `select s.subscriber_id, count(p.id)::int as periods,
            (select count(*)::int from charges c where c.payer_id = s.subscriber_id and c.status = 'paid') as paid
       from subscriptions s join subscription_payments p on p.subscription_id = s.id
      where s.workspace_id = $1 group by s.subscriber_id`,
    [creator.workspaceId],
  );
  await close();
  const mismatched = wrong.filter((r) => r.periods !== r.paid);
  if (mismatched.length)
    failures.push(`${mismatched.length} subscriptions with periods ≠ paid charges`);
  s.cleanup();
  f.acknowledged = ops.filter((o) => o.outcome === 'ack').length;
  f.notes.push(
    `${sameCharges.length} charges × 10 same confirmations; 50 charges confirmed at once`,
  );
  return result(
    `Pix confirmations ×10 and ×50 (${db === 'pg' ? 'PostgreSQL' : 'PGlite'})`,
    'Ten simultaneous confirmations of one charge: exactly one 200 and nine 409 CHARGE_ALREADY_PAID; ' +
      'fifty different charges at once all succeed; each paid charge has one ledger row and one subscription period.',
    f,
    failures,
  );
}

/** 4. PostgreSQL restarted fast, then killed -m immediate and started again. */
async function pgRestart(env: Env): Promise<Result> {
  const cluster = await env.cluster();
  const s = await setup(env, 'pg', 'pg-restart');
  const failures: string[] = [];
  const api = startApi(s.opts);
  await waitReady(api);
  const world = await setUpWorld(api.url);
  requestLog.length = 0;
  const load = runLoad(api.url, world);
  await sleep(BASELINE_MS);
  const faultAt = performance.now();
  await cluster.restart();
  await sleep(5_000);
  const secondAt = performance.now();
  await cluster.stop('immediate');
  await sleep(3_000);
  await cluster.start();
  const upAt = performance.now();
  await sleep(AFTER_MS);
  load.stop();
  await load.done;
  if (api.child.exitCode !== null || api.child.signalCode !== null)
    failures.push(`the API died: ${api.output().slice(-500)}`);
  const during = requestLog.filter((r) => r.start >= secondAt && r.start < upAt);
  const five00 = requestLog.filter((r) => r.start >= faultAt && r.status === 500).length;
  if (five00) failures.push(`${five00} × 500 during the outages (expected 503)`);
  const exit = await stopApi(api);
  if (exit.code !== 0)
    failures.push(`exit ${exit.code ?? exit.signal}: ${api.output().slice(-600)}`);
  const f = await check(s, world, load.ops, countOps(load.ops, secondAt, upAt));
  f.notes.push(
    `during the 3 s outage: ${during.filter((r) => r.status === 503).length} × 503, ` +
      `${during.filter((r) => r.status === 500).length} × 500, ${during.filter((r) => r.status === undefined).length} unanswered; ` +
      'recovery times counted from the immediate stop (first success after the start)',
  );
  s.cleanup();
  return result(
    'PostgreSQL restart and -m immediate',
    'The API survives a fast restart and a crash of PostgreSQL, answers 503 with a pt-BR message while it is down, ' +
      'and serves again by itself once it is back, without losing an acknowledged write.',
    f,
    failures,
  );
}

/** 5. PostgreSQL frozen (SIGSTOP) for 10 s. */
async function pgFreeze(env: Env): Promise<Result> {
  const cluster = await env.cluster();
  const s = await setup(env, 'pg', 'pg-freeze', {
    env: { DB_STATEMENT_TIMEOUT_MS: '2000', DB_ACQUIRE_TIMEOUT_MS: '2000' },
  });
  const failures: string[] = [];
  const api = startApi(s.opts);
  await waitReady(api);
  const world = await setUpWorld(api.url);
  requestLog.length = 0;
  const load = runLoad(api.url, world);
  await sleep(BASELINE_MS);
  const faultAt = performance.now();
  cluster.freeze();
  const healthMs: number[] = [];
  while (performance.now() - faultAt < 10_000) {
    const t0 = performance.now();
    await call(api.url, 'GET', '/health').catch(() => undefined);
    healthMs.push(performance.now() - t0);
    await sleep(250);
  }
  cluster.thaw();
  const thawAt = performance.now();
  await sleep(AFTER_MS);
  load.stop();
  await load.done;
  const frozen = requestLog.filter((r) => r.start >= faultAt + 1000 && r.start < thawAt - 4000);
  const slow = frozen.filter((r) => r.end - r.start > 4_000);
  const maxHealth = Math.max(...healthMs);
  if (maxHealth > 500) failures.push(`health took ${Math.round(maxHealth)} ms while frozen`);
  if (slow.length)
    failures.push(`${slow.length} requests during the freeze took > 4 s (limit 2 s + 2 s)`);
  const exit = await stopApi(api);
  if (exit.code !== 0)
    failures.push(`exit ${exit.code ?? exit.signal}: ${api.output().slice(-600)}`);
  const f = await check(s, world, load.ops, countOps(load.ops, faultAt, thawAt));
  f.notes.push(
    `health max ${Math.round(maxHealth)} ms while frozen; requests started in the freeze: ${frozen.length}, ` +
      `${frozen.filter((r) => r.status === 503).length} × 503, slowest ${Math.round(Math.max(0, ...frozen.map((r) => r.end - r.start)))} ms; ` +
      'first success and p99 back counted from SIGSTOP (SIGCONT at 10 s)',
  );
  s.cleanup();
  return result(
    'PostgreSQL frozen 10 s (SIGSTOP)',
    'With the database frozen, requests end within the statement/acquire timeout with 503 instead of piling up, ' +
      'the health check stays fast, and the API recovers after SIGCONT.',
    f,
    failures,
  );
}

/**
 * POST with node:http, which reports the answer even when the server answers
 * (413 on Content-Length) and closes before the whole body is sent: fetch
 * would see only the broken pipe.
 */
function postRaw(
  url: string,
  body: string,
  token: string,
): Promise<{ status?: number; message?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: `Bearer ${token}`,
      },
      timeout: 30_000,
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => {
        let message: string | undefined;
        try {
          message = (JSON.parse(text) as { message?: string }).message;
        } catch {
          /* not JSON: no message */
        }
        resolve({ status: res.statusCode, message });
      });
      res.on('error', () => resolve({ status: res.statusCode }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }),
    );
    req.end(body);
  });
}

/** Announces 5 MB, sends 1 KB and waits for the answer (then gives up the rest). */
function probeTooLarge(url: string, token: string): Promise<{ status?: number; message?: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': 5 * 1024 * 1024,
        authorization: `Bearer ${token}`,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => {
        req.destroy();
        try {
          resolve({
            status: res.statusCode,
            message: (JSON.parse(text) as { message?: string }).message,
          });
        } catch {
          resolve({ status: res.statusCode });
        }
      });
    });
    req.on('error', () => resolve({}));
    req.write('{"text":"' + 'x'.repeat(1024));
  });
}

/** 10. Body and memory abuse under --max-old-space-size=256. */
async function bodyAbuse(env: Env): Promise<Result> {
  const s = await setup(env, 'pglite', 'body-abuse', { nodeArgs: ['--max-old-space-size=256'] });
  const failures: string[] = [];
  const api = startApi(s.opts);
  await waitReady(api);
  const world = await setUpWorld(api.url, 1, 1);
  const ws = world.creator.workspaceId;
  const token = world.creator.token;
  const big = JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) });
  const deep = '['.repeat(200_000) + ']'.repeat(200_000);
  const deepObj = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
  const rows = Array.from({ length: 10_000 }, (_, i) => ({
    account_id: world.accountId,
    amount: 1,
    label: `r${i}`,
  }));
  const cases: { name: string; path: string; body: string; expect: number[] }[] = [
    { name: '5 MB JSON', path: `/content/${ws}`, body: big, expect: [413] },
    { name: 'deep arrays', path: `/content/${ws}`, body: deep, expect: [400] },
    { name: 'deep objects', path: `/transaction/${ws}`, body: deepObj, expect: [400] },
    {
      name: '10k transactions',
      path: `/transaction/${ws}`,
      body: JSON.stringify({ transactions: rows }),
      expect: [400, 413],
    },
    {
      name: '10k attachments',
      path: `/content/${ws}`,
      body: JSON.stringify({
        text: 'oi!',
        attachments: Array.from({ length: 10_000 }, () => ({ file_path: 'a.jpg' })),
      }),
      expect: [400, 413],
    },
    {
      name: '100k keys',
      path: `/user`,
      body: JSON.stringify(
        Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i])),
      ),
      expect: [400, 413],
    },
  ];
  const ops: Op[] = [];
  for (const c of cases) {
    // 20 of each, 10 at a time
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const op: Op = { kind: 'post', start: performance.now(), end: 0, outcome: 'failed' };
          const answer = await postRaw(`${api.url}/api/v1${c.path}`, c.body, token);
          op.status = answer.status;
          op.error = answer.message ?? answer.error;
          op.end = performance.now();
          return op;
        }),
      );
      ops.push(...answers);
      // Fastify answers 413 on the Content-Length and closes the connection
      // (`Connection: close`) while the client may still be sending: it then
      // sees EPIPE/ECONNRESET instead of the answer. The probe below checks the 413.
      const closedEarly = (a: Op) =>
        c.expect.includes(413) && (a.error === 'EPIPE' || a.error === 'ECONNRESET');
      const wrong = answers.filter(
        (a) => !closedEarly(a) && (!c.expect.includes(a.status ?? 0) || !a.error),
      );
      if (wrong.length)
        failures.push(`${c.name}: ${wrong.length} answered ${wrong[0]?.status ?? wrong[0]?.error}`);
    }
  }
  const probe = await probeTooLarge(`${api.url}/api/v1/content/${ws}`, token);
  if (probe.status !== 413 || !probe.message)
    failures.push(`a 5 MB Content-Length answered ${probe.status} ${probe.message ?? ''}`);
  const health = await call(api.url, 'GET', '/health').catch((e: Error) => e);
  if (health instanceof Error) failures.push(`server down after the abuse: ${health.message}`);
  const exit = await stopApi(api);
  if (exit.code !== 0)
    failures.push(`exit ${exit.code ?? exit.signal}: ${api.output().slice(-300)}`);
  s.cleanup();
  const f = countOps([]);
  f.requests = ops.length;
  f.acknowledged = 0;
  f.failed = ops.length;
  const r = result(
    'body abuse, 256 MB heap',
    'Bodies over the limit get 413, deep and 10k-element bodies 400 with a pt-BR message; ' +
      'the server under --max-old-space-size=256 neither crashes nor stops answering.',
    f,
    failures.filter(Boolean),
  );
  // this scenario acknowledges nothing by design
  r.failures = r.failures.filter((x) => x !== 'no write acknowledged');
  r.passed = r.failures.length === 0;
  r.notes.push(
    `${cases.length} kinds × 20 requests: ${ops.filter((o) => o.status === 413).length} × 413, ` +
      `${ops.filter((o) => o.status === 400).length} × 400, ` +
      `${ops.filter((o) => o.error === 'EPIPE' || o.error === 'ECONNRESET').length} closed by the server after its 413 while the body was still being sent; ` +
      `probe (5 MB announced, 1 KB sent): ${probe.status}`,
  );
  return r;
}

/** A JPEG of about `kb` KB: the small one with bytes after its end marker. */
const jpegOf = (kb: number) => Buffer.concat([JPEG, Buffer.alloc(kb * 1024 - JPEG.length, 0x20)]);

/**
 * 7. Disk full under uploads: the file store on a 2 MB tmpfs (mounting one
 * needs root; the scenario is skipped, and says so, otherwise).
 */
async function diskFull(env: Env): Promise<Result> {
  const s = await setup(env, 'pglite', 'disk-full');
  const failures: string[] = [];
  mkdirSync(s.filesRoot, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', s.filesRoot], {
      stdio: 'pipe',
    });
  } catch (err) {
    s.cleanup();
    return skipped(
      'disk full under uploads (tmpfs)',
      'Not run: mounting a tmpfs needs root.',
      `cannot mount a tmpfs (${(err as Error).message.split('\n')[0]})`,
    );
  }
  const api = startApi(s.opts);
  const ops: Op[] = [];
  try {
    await waitReady(api);
    const world = await setUpWorld(api.url, 1, 1);
    const { creator } = world;
    const ws = creator.workspaceId;
    const filler = path.join(s.filesRoot, 'filler.bin');
    // leave about 100 KB
    const free = () =>
      Number(execFileSync('df', ['-B1', '--output=avail', s.filesRoot]).toString().split('\n')[1]);
    writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 100 * 1024)));
    const postsBefore = await postCount(api.url, ws, creator.token);
    const attempt = async (kb: number): Promise<Op> => {
      const op: Op = { kind: 'post', start: performance.now(), end: 0, outcome: 'ack' };
      try {
        const url = await call(api.url, 'POST', `/workspaces/objects/${ws}`, {
          token: creator.token,
          json: { extension_type: 'jpg' },
        });
        op.error = 'PUT';
        await call(api.url, 'PUT', url.body.presigned_url as string, {
          body: jpegOf(kb),
          contentType: 'image/jpeg',
        });
        op.error = 'POST content';
        const res = await call(api.url, 'POST', `/content/${ws}`, {
          token: creator.token,
          json: { text: 'Com foto', attachments: [{ file_path: url.body.file_path }] },
        });
        op.key = res.body.id as string;
        op.status = res.status;
        op.error = undefined;
      } catch (err) {
        op.outcome = 'failed';
        op.status = err instanceof HttpError ? err.status : undefined;
        const step = op.error ?? 'POST objects';
        op.error = `${step}: ${err instanceof HttpError ? `${err.status} ${String(err.body.code)}: ${String(err.body.message)}` : (err as Error).message}`;
      }
      op.end = performance.now();
      return op;
    };
    const full = await Promise.all(Array.from({ length: 10 }, () => attempt(300)));
    ops.push(...full);
    const acked = full.filter((o) => o.outcome === 'ack');
    if (acked.length) failures.push(`${acked.length} uploads of 300 KB into 100 KB acknowledged`);
    const bad = full.filter(
      (o) => o.outcome === 'failed' && (o.status === undefined || o.status === 500),
    );
    if (bad.length) failures.push(`${bad.length} refused uncleanly: ${bad[0]?.error}`);
    // a full disk is 507 STORAGE_FULL (the quota would be 413), never 400 UPLOAD_INTERRUPTED
    const notFull = full.filter(
      (o) =>
        o.outcome === 'failed' &&
        !/(507 STORAGE_FULL|413 STORAGE_QUOTA_EXCEEDED)/.test(o.error ?? ''),
    );
    if (notFull.length)
      failures.push(`${notFull.length} refused without 507/413: ${notFull[0]?.error}`);
    const codes = [...new Set(full.map((o) => o.error))].join(' | ');
    // no partial file visible: only the filler (and the empty temp folder)
    const visible = listFiles(s.filesRoot).filter((f) => f !== 'filler.bin');
    if (visible.length) failures.push(`files left behind: ${visible.slice(0, 5).join(', ')}`);
    if ((await postCount(api.url, ws, creator.token)) !== postsBefore)
      failures.push('a post was committed');
    // other endpoints unaffected
    const tx = await call(api.url, 'POST', `/transaction/${ws}`, {
      token: creator.token,
      json: {
        transactions: [{ account_id: world.accountId, amount: 1, label: 'Durante o disco cheio' }],
      },
    }).catch((e: Error) => e);
    if (tx instanceof Error) failures.push(`transaction while the disk is full: ${tx.message}`);
    // space freed: uploads work again
    rmSync(filler);
    const freed = performance.now();
    const again = await attempt(300);
    ops.push(again);
    if (again.outcome !== 'ack') failures.push(`after freeing space: ${again.error}`);
    const f = countOps(ops);
    f.firstSuccessMs = again.outcome === 'ack' ? Math.round(again.end - freed) : undefined;
    f.notes.push(`answers while full: ${codes}`);
    await stopApi(api);
    return result(
      'disk full under uploads (tmpfs)',
      'With the file store full, an upload is refused with 507 STORAGE_FULL (pt-BR message) and leaves no file and no post; ' +
        'other endpoints keep working; once space is freed uploads succeed again.',
      f,
      failures,
    );
  } finally {
    await stopApi(api);
    try {
      execFileSync('umount', [s.filesRoot]);
    } catch {
      /* already unmounted */
    }
    s.cleanup();
  }
}

/** The creator's posts, as the API lists them (PGlite is single-process: the suite cannot read it while the server runs). */
async function postCount(base: string, ws: string, token: string): Promise<number> {
  const res = await call(base, 'GET', `/contents/${ws}/feed?size=1`, { token });
  return Number(res.body.total);
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
      : [`${prefix}${e.name}`],
  );
}

export const SCENARIOS: Record<string, (env: Env) => Promise<Result>> = {
  'kill9-pglite': (env) => kill9(env, 'pglite'),
  'kill9-pg': (env) => kill9(env, 'pg'),
  'second-server': secondServer,
  'sigterm-pglite': (env) => sigterm(env, 'pglite'),
  'sigterm-pg': (env) => sigterm(env, 'pg'),
  'pix-pg': (env) => pix(env, 'pg'),
  'pix-pglite': (env) => pix(env, 'pglite'),
  'pg-restart': pgRestart,
  'pg-freeze': pgFreeze,
  'body-abuse': bodyAbuse,
  'disk-full': diskFull,
  'db-proxy': (env) => dbProxy(env),
  'pix-webhooks-pg': (env) => pixWebhooks(env, 'pg'),
  'pix-webhooks-pglite': (env) => pixWebhooks(env, 'pglite'),
  'clock-ahead-pglite': (env) => clockSkew(env, 'pglite', 60),
  'clock-behind-pglite': (env) => clockSkew(env, 'pglite', -60),
  'clock-ahead-pg': (env) => clockSkew(env, 'pg', 60),
  'clock-behind-pg': (env) => clockSkew(env, 'pg', -60),
  'smtp-down': smtpDown,
  'backup-pg': backupPg,
  'backup-pglite': backupPglite,
};

export function makeEnv(): Env & { close(): Promise<void> } {
  let cluster: Promise<PgCluster> | undefined;
  return {
    cluster: () => (cluster ??= startCluster()),
    // stops the cluster and removes its directory
    close: async () => {
      const c = await cluster?.catch(() => undefined);
      c?.destroy();
    },
  };
}
