/**
 * Feed benchmark: seeds 200 creators × 50 posts (images, videos with posters,
 * likes) and a viewer subscribed to 50 of them, then measures the feed and a
 * profile page through app.inject against a reference route that runs one
 * trivial `select 1` behind the same auth and serializer. Prints p50/p95 and
 * the ratios to the reference (machine-independent enough to compare).
 *
 *   npx tsx bench/feed.bench.ts                    # PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/feed.bench.ts
 *   npx tsx bench/feed.bench.ts --write-baseline   # store the ratios in bench/baseline.json
 *   npx tsx bench/feed.bench.ts --check            # exit 1 when a ratio is 1.5× its baseline
 *   npx tsx bench/feed.bench.ts --explain          # also print the feed statements' plans
 *
 * Not part of `npm test`. See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../apps/api/src/app';
import { closeContext, createContext } from '../apps/api/src/bootstrap';
import { parseConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import type { Database, Db } from '../apps/api/src/db/client';
import {
  contentAttachments,
  contentLikes,
  contents,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
} from '../apps/api/src/db/schema';
import { feedQueries } from '../apps/api/src/modules/content/content.repo';
import { requireAuth } from '../apps/api/src/plugins/auth';

const CREATORS = 200;
const POSTS_PER_CREATOR = 50;
const SUBSCRIBED = 50;
const FANS = 100;
const LIKES_PER_POST = 3;
const WARMUP = 30;
const ROUNDS = 200;
const BASELINE_FILE = fileURLToPath(new URL('./baseline.json', import.meta.url));
/** A ratio this much above its baseline fails `--check`. */
const TOLERANCE = 1.5;

interface Stats {
  p50Ms: number;
  p95Ms: number;
}
interface Result {
  reference: Stats;
  cases: Record<string, Stats & { ratioP50: number; ratioP95: number }>;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 50), 3), p95Ms: round(percentile(sorted, 95), 3) };
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Creators with posts, fans with likes, and the viewer's subscriptions, straight into the tables. */
async function seed(db: Db, viewerId: string, now: Date) {
  const creatorUsers = await db
    .insert(users)
    .values(
      Array.from({ length: CREATORS }, (_, i) => ({
        email: `criador${i}@bench.test`,
        username: `criador_${i}`,
        fullName: `Criador ${i}`,
      })),
    )
    .returning({ id: users.id });
  const creatorWs = await db
    .insert(workspaces)
    .values(creatorUsers.map((_, i) => ({ label: `Criador ${i}`, username: `criador_${i}` })))
    .returning({ id: workspaces.id });
  await db.insert(workspaceMembers).values(
    creatorWs.map((w, i) => ({
      workspaceId: w.id,
      userId: creatorUsers[i]!.id,
      role: 'owner' as const,
    })),
  );
  const fans = await db
    .insert(users)
    .values(
      Array.from({ length: FANS }, (_, i) => ({
        email: `fa${i}@bench.test`,
        username: `fa_${i}`,
        fullName: `Fã ${i}`,
      })),
    )
    .returning({ id: users.id });

  const posts: (typeof contents.$inferInsert)[] = [];
  creatorWs.forEach((w, c) => {
    for (let p = 0; p < POSTS_PER_CREATOR; p++)
      posts.push({
        workspaceId: w.id,
        authorId: creatorUsers[c]!.id,
        description: `Post ${p} do criador ${c}`,
        // Spread over 60 days, interleaving creators.
        createdAt: new Date(now.getTime() - ((p * CREATORS + c) * 60 * 24 * 3600 * 1000) / 10_000),
      });
  });
  const postIds: { id: string; workspaceId: string }[] = [];
  await insertBatches(posts, async (batch) =>
    postIds.push(
      ...(await db
        .insert(contents)
        .values(batch)
        .returning({ id: contents.id, workspaceId: contents.workspaceId })),
    ),
  );

  const media: (typeof contentAttachments.$inferInsert)[] = [];
  const posters: { index: number; row: typeof contentAttachments.$inferInsert }[] = [];
  postIds.forEach((p, i) => {
    if (i % 5 === 0) {
      media.push({
        contentId: p.id,
        filePath: `uploads/bench/${p.id}.mp4`,
        kind: 'video',
        contentType: 'video/mp4',
        size: 1_000_000,
      });
      posters.push({
        index: media.length - 1,
        row: {
          contentId: p.id,
          filePath: `uploads/bench/${p.id}-capa.jpg`,
          kind: 'image',
          contentType: 'image/jpeg',
          size: 50_000,
        },
      });
    } else if (i % 5 !== 4) {
      media.push({
        contentId: p.id,
        filePath: `uploads/bench/${p.id}.jpg`,
        kind: 'image',
        contentType: 'image/jpeg',
        size: 200_000,
      });
    }
  });
  const mediaIds: string[] = [];
  await insertBatches(media, async (batch) =>
    mediaIds.push(
      ...(
        await db.insert(contentAttachments).values(batch).returning({ id: contentAttachments.id })
      ).map((r) => r.id),
    ),
  );
  await insertBatches(
    posters.map((p) => ({ ...p.row, posterOf: mediaIds[p.index]! })),
    (batch) => db.insert(contentAttachments).values(batch),
  );

  const likes: (typeof contentLikes.$inferInsert)[] = [];
  postIds.forEach((p, i) => {
    for (let k = 0; k < LIKES_PER_POST; k++)
      likes.push({ contentId: p.id, userId: fans[(i + k * 37) % FANS]!.id });
    if (i % 7 === 0) likes.push({ contentId: p.id, userId: viewerId });
  });
  await insertBatches(likes, (batch) => db.insert(contentLikes).values(batch));

  const period = 30 * 24 * 3600 * 1000;
  await db.insert(subscriptions).values(
    creatorWs.map((w, i) => ({
      workspaceId: w.id,
      subscriberId: viewerId,
      planType: 'monthly' as const,
      status: 'active' as const,
      currentPeriodStart: new Date(now.getTime() - period / 2),
      // The first SUBSCRIBED are active; the rest lapsed (they must not count).
      currentPeriodEnd: new Date(now.getTime() + (i < SUBSCRIBED ? period / 2 : -period)),
    })),
  );
  return { creatorUsername: 'criador_0' };
}

async function run(database: Database, explain: boolean): Promise<Result> {
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
  // The reference: same auth, same serializer, one trivial statement.
  app.get(
    '/bench/reference',
    { preHandler: requireAuth, schema: { response: { 200: z.object({ ok: z.number() }) } } },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { ok: 1 };
    },
  );
  await app.ready();
  try {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload: {
        full_name: 'Leitora',
        email: 'leitora@bench.test',
        username: 'leitora',
        password: 'senha-segura-123',
      },
    });
    if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.body}`);
    const token = await app.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: 'leitora@bench.test', password: 'senha-segura-123' },
    });
    const { access_token: accessToken, metadata } = token.json();
    const workspacesRes = await app.inject({
      method: 'GET',
      url: '/api/v1/workspaces',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const ws = workspacesRes.json().workspaces[0].id as string;
    const started = Date.now();
    const { creatorUsername } = await seed(ctx.db, metadata.id, ctx.clock.now());
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (database.kind === 'postgres') await ctx.db.execute(sql`analyze`);
    if (explain) {
      const q = feedQueries({ viewerId: metadata.id, now: ctx.clock.now(), limit: 25, offset: 0 });
      for (const [name, query] of Object.entries(q)) {
        const plan = (await ctx.db.execute(
          sql`explain (analyze, costs off) ${query}`,
        )) as unknown as {
          rows: Record<string, string>[];
        };
        console.log(`\n  plan of the feed ${name} statement:`);
        for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
      }
    }

    const headers = { authorization: `Bearer ${accessToken}` };
    const targets: Record<string, string> = {
      reference: '/bench/reference',
      'feed page 1 (25)': `/api/v1/contents/${ws}/feed`,
      'feed page 1 (100)': `/api/v1/contents/${ws}/feed?size=100`,
      'feed page 20 (25)': `/api/v1/contents/${ws}/feed?page=20`,
      'profile page 0 (10)': `/api/v1/contents/${ws}/profile?username=${creatorUsername}`,
    };
    const check = await app.inject({ method: 'GET', url: targets['feed page 1 (25)']!, headers });
    const body = check.json();
    if (check.statusCode !== 200 || body.total !== SUBSCRIBED * POSTS_PER_CREATOR)
      throw new Error(`unexpected feed: ${check.statusCode} total ${body.total}`);

    const samples: Record<string, number[]> = Object.fromEntries(
      Object.keys(targets).map((k) => [k, []]),
    );
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      // Interleaved, so drift (GC, other processes) hits every target alike.
      for (const [name, url] of Object.entries(targets)) {
        const t0 = process.hrtime.bigint();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        if (r >= WARMUP) samples[name]!.push(ms);
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
  } finally {
    await app.close();
    await closeContext(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the BENCH_DATABASE_URL server, dropped afterwards. */
async function withPostgres<T>(adminUrl: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const name = `fa_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    await runMigrations(database);
    return await fn(database);
  } finally {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  }
}

function print(kind: string, result: Result, baseline?: Result) {
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

async function main() {
  const args = new Set(process.argv.slice(2));
  const baseline = existsSync(BASELINE_FILE)
    ? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as { results: Record<string, Result> })
    : undefined;
  const results: Record<string, Result> = {};
  console.log(
    `Seeding ${CREATORS} creators × ${POSTS_PER_CREATOR} posts, viewer subscribed to ${SUBSCRIBED}; ${ROUNDS} rounds.`,
  );
  console.log('pglite:');
  // run() closes the database with the rest of the context.
  const pglite = await openDatabase({});
  await runMigrations(pglite);
  results.pglite = await run(pglite, args.has('--explain'));
  print('pglite', results.pglite, baseline?.results.pglite);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    console.log('\npostgres:');
    results.postgres = await withPostgres(pgUrl, (db) => run(db, args.has('--explain')));
    print('postgres', results.postgres, baseline?.results.postgres);
  }

  if (args.has('--write-baseline')) {
    const cpu = cpus()[0]?.model ?? 'unknown';
    const out = {
      measured_at: new Date().toISOString(),
      machine: `${cpus().length} × ${cpu}, Node ${process.version}`,
      seed: {
        creators: CREATORS,
        posts_per_creator: POSTS_PER_CREATOR,
        subscribed: SUBSCRIBED,
        rounds: ROUNDS,
      },
      results: { ...(baseline?.results ?? {}), ...results },
    };
    writeFileSync(BASELINE_FILE, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nbaseline written to ${path.relative(process.cwd(), BASELINE_FILE)}`);
  }
  if (args.has('--check') && baseline) {
    const worse: string[] = [];
    for (const [kind, result] of Object.entries(results))
      for (const [name, c] of Object.entries(result.cases)) {
        const base = baseline.results[kind]?.cases[name];
        if (base && c.ratioP50 > base.ratioP50 * TOLERANCE)
          worse.push(`${kind} ${name}: p50 ratio ${c.ratioP50} (baseline ${base.ratioP50})`);
      }
    if (worse.length > 0) {
      console.error(`\nSlower than the baseline by more than ${TOLERANCE}×:\n${worse.join('\n')}`);
      process.exitCode = 1;
    }
  }
}

await main();
