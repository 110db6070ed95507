/**
 * What the benchmarks share: the app with its reference route, a signed-up
 * user, the interleaved measurement, the ratios to the reference, a fresh
 * PostgreSQL database, the printed table and the baseline comparison.
 * See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import * as prettier from 'prettier';
import { z } from 'zod';
import { buildApp } from '../apps/api/src/app';
import type { App } from '../apps/api/src/app';
import { closeContext, createContext } from '../apps/api/src/bootstrap';
import { parseConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import type { Database } from '../apps/api/src/db/client';
import type { AppContext } from '../apps/api/src/lib/context';
import { guardRoutes } from '../apps/api/src/plugins/auth';

export interface Stats {
  p50Ms: number;
  p95Ms: number;
}
export interface Result {
  reference: Stats;
  cases: Record<string, Stats & { ratioP50: number; ratioP95: number }>;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 50), 3), p95Ms: round(percentile(sorted, 95), 3) };
}

/** The URL of the reference: a route behind the same auth and serializer running `select 1`. */
export const REFERENCE_URL = '/bench/reference';

/** The app on `database` with the reference route; `close()` closes the database too. */
export async function startBenchApp(
  database: Database,
): Promise<{ app: App; ctx: AppContext; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-bench-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://bench.test',
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  const ctx = await createContext(config, { database });
  const app = await buildApp(ctx, { logger: false });
  // guarded the way every module's route is (app.ts)
  await app.register(async (api) => {
    guardRoutes(api);
    api.get(
      REFERENCE_URL,
      { schema: { response: { 200: z.object({ ok: z.number() }) } } },
      async () => {
        await ctx.db.execute(sql`select 1`);
        return { ok: 1 };
      },
    );
  });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a user up and in through the API: their token, id and own workspace. */
export async function signUpUser(
  app: App,
  user: { full_name: string; email: string; username: string; password: string },
) {
  const signUp = await app.inject({ method: 'POST', url: '/api/v1/user', payload: user });
  if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.body}`);
  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: { email: user.email, password: user.password },
  });
  const { access_token: accessToken, metadata } = token.json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const workspaces = await app.inject({ method: 'GET', url: '/api/v1/workspaces', headers });
  return {
    headers,
    userId: metadata.id as string,
    workspaceId: workspaces.json().workspaces[0].id as string,
  };
}

/**
 * GETs every target `rounds` times after `warmup` rounds, interleaved so that
 * drift (GC, other processes) hits every target alike, and answers p50/p95 and
 * their ratios to `targets.reference`.
 */
export async function measure(
  app: App,
  targets: Record<string, string>,
  headers: Record<string, string>,
  opts: { warmup: number; rounds: number },
): Promise<Result> {
  const samples: Record<string, number[]> = Object.fromEntries(
    Object.keys(targets).map((k) => [k, []]),
  );
  for (let r = 0; r < opts.warmup + opts.rounds; r++) {
    for (const [name, url] of Object.entries(targets)) {
      const t0 = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      if (r >= opts.warmup) samples[name]!.push(ms);
    }
  }
  const reference = stats(samples.reference!);
  const cases: Result['cases'] = {};
  for (const name of Object.keys(targets).filter((n) => n !== 'reference')) {
    const s = stats(samples[name]!);
    cases[name] = {
      ...s,
      ratioP50: round(s.p50Ms / reference.p50Ms),
      ratioP95: round(s.p95Ms / reference.p95Ms),
    };
  }
  return { reference, cases };
}

/** Prints `EXPLAIN (<options>)` of a statement the app runs, indented under a title. */
export async function explain(
  database: Database,
  title: string,
  query: SQLWrapper,
  options = 'analyze, costs off',
) {
  const plan = (await database.db.execute(
    sql`explain (${sql.raw(options)}) ${query}`,
  )) as unknown as { rows: Record<string, string>[] };
  console.log(`\n  plan of ${title}:`);
  for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
}

/** A fresh, migrated database on the server of `adminUrl`, dropped afterwards. */
export async function withPostgres<T>(
  adminUrl: string,
  fn: (db: Database) => Promise<T>,
): Promise<T> {
  const name = `fa_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), migrate: true });
    return await fn(database);
  } finally {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  }
}

/** The table of a run: p50/p95, ratios to the reference, and to the baseline's ratios. */
export function print(kind: string, result: Result, baseline?: Result) {
  console.log(
    `\n${kind}: reference p50 ${result.reference.p50Ms} ms, p95 ${result.reference.p95Ms} ms`,
  );
  const rows = Object.entries(result.cases).map(([name, c]) => {
    const base = baseline?.cases[name];
    return {
      case: name,
      'p50 ms': c.p50Ms,
      'p95 ms': c.p95Ms,
      'p50 ÷ ref': c.ratioP50,
      'p95 ÷ ref': c.ratioP95,
      ...(base
        ? {
            'p50 ratio vs baseline': round(c.ratioP50 / base.ratioP50),
            'p95 ratio vs baseline': round(c.ratioP95 / base.ratioP95),
          }
        : {}),
    };
  });
  console.table(rows);
}

/** `--check`: lists the cases whose p50 ratio passed `tolerance` × the baseline's and exits 1. */
export function checkAgainstBaseline(
  results: Record<string, Result>,
  baseline: Record<string, Result>,
  tolerance: number,
) {
  const worse: string[] = [];
  for (const [kind, result] of Object.entries(results))
    for (const [name, c] of Object.entries(result.cases)) {
      const base = baseline[kind]?.cases[name];
      if (base && c.ratioP50 > base.ratioP50 * tolerance)
        worse.push(`${kind} ${name}: p50 ratio ${c.ratioP50} (baseline ${base.ratioP50})`);
    }
  if (worse.length > 0) {
    console.error(`\nSlower than the baseline by more than ${tolerance}×:\n${worse.join('\n')}`);
    process.exitCode = 1;
  }
}

interface Baseline {
  measured_at: string;
  machine: string;
  seed: Record<string, number>;
  results: Record<string, Result>;
}

export function readBaseline(file: string): Baseline | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Baseline) : undefined;
}

/** Stores this run's results (kept: the other database's results of the previous baseline). */
export async function writeBaseline(
  file: string,
  seed: Record<string, number>,
  results: Record<string, Result>,
  previous?: Baseline,
) {
  const cpu = cpus()[0]?.model ?? 'unknown';
  const out: Baseline = {
    measured_at: new Date().toISOString(),
    machine: `${cpus().length} × ${cpu}, Node ${process.version}`,
    seed,
    results: { ...(previous?.results ?? {}), ...results },
  };
  await writeJson(file, out);
}

/** Writes a baseline file in Prettier's style, which `npm test`'s format step checks. */
export async function writeJson(file: string, value: unknown) {
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(JSON.stringify(value), { ...options, filepath: file }));
  console.log(`\nbaseline written to ${path.relative(process.cwd(), file)}`);
}
