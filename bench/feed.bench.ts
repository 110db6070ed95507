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
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
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
import { feedQueries } from '../apps/api/src/modules/content/feed.queries';
import {
  REFERENCE_URL,
  checkAgainstBaseline,
  explain,
  measure,
  print,
  readBaseline,
  signUpUser,
  startBenchApp,
  withPostgres,
  writeBaseline,
} from './measure';
import type { Result } from './measure';

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
      paidSince: new Date(now.getTime() - period / 2),
      // The first SUBSCRIBED are active; the rest lapsed (they must not count).
      currentPeriodEnd: new Date(now.getTime() + (i < SUBSCRIBED ? period / 2 : -period)),
    })),
  );
  return { creatorUsername: 'criador_0' };
}

async function run(database: Database, withPlans: boolean): Promise<Result> {
  const bench = await startBenchApp(database);
  const { app, ctx } = bench;
  try {
    const viewer = await signUpUser(app, {
      full_name: 'Leitora',
      email: 'leitora@bench.test',
      username: 'leitora',
      password: 'senha-segura-123',
    });
    const ws = viewer.workspaceId;
    const started = Date.now();
    const { creatorUsername } = await seed(ctx.db, viewer.userId, ctx.clock.now());
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (database.kind === 'postgres') await ctx.db.execute(sql`analyze`);
    if (withPlans) {
      const q = feedQueries({
        viewerId: viewer.userId,
        workspaceId: ws,
        now: ctx.clock.now(),
        limit: 25,
        offset: 0,
      });
      for (const [name, query] of Object.entries(q))
        await explain(database, `the feed ${name} statement`, query);
    }

    const { headers } = viewer;
    const targets: Record<string, string> = {
      reference: REFERENCE_URL,
      'feed page 1 (25)': `/api/v1/contents/${ws}/feed`,
      'feed page 1 (100)': `/api/v1/contents/${ws}/feed?size=100`,
      'feed page 20 (25)': `/api/v1/contents/${ws}/feed?page=20`,
      'profile page 0 (10)': `/api/v1/contents/${ws}/profile?username=${creatorUsername}`,
    };
    const check = await app.inject({ method: 'GET', url: targets['feed page 1 (25)']!, headers });
    const body = check.json();
    if (check.statusCode !== 200 || body.total !== SUBSCRIBED * POSTS_PER_CREATOR)
      throw new Error(`unexpected feed: ${check.statusCode} total ${body.total}`);

    return await measure(app, targets, headers, { warmup: WARMUP, rounds: ROUNDS });
  } finally {
    await bench.close();
  }
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const baseline = readBaseline(BASELINE_FILE);
  const results: Record<string, Result> = {};
  console.log(
    `Seeding ${CREATORS} creators × ${POSTS_PER_CREATOR} posts, viewer subscribed to ${SUBSCRIBED}; ${ROUNDS} rounds.`,
  );
  console.log('pglite:');
  // run() closes the database with the rest of the context.
  const pglite = await openDatabase({ migrate: true });
  results.pglite = await run(pglite, args.has('--explain'));
  print('pglite', results.pglite, baseline?.results.pglite);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    console.log('\npostgres:');
    results.postgres = await withPostgres(pgUrl, (db) => run(db, args.has('--explain')));
    print('postgres', results.postgres, baseline?.results.postgres);
  }

  if (args.has('--write-baseline'))
    await writeBaseline(
      BASELINE_FILE,
      {
        creators: CREATORS,
        posts_per_creator: POSTS_PER_CREATOR,
        subscribed: SUBSCRIBED,
        rounds: ROUNDS,
      },
      results,
      baseline,
    );
  if (args.has('--check') && baseline) checkAgainstBaseline(results, baseline.results, TOLERANCE);
}

await main();
