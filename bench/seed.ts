/**
 * Builds a benchmark dataset in its own PostgreSQL database, straight into the
 * tables with plain SQL (generate_series, triggers and foreign-key checks off,
 * secondary indexes dropped during the load and rebuilt after it):
 *
 *   1m   10,000 creators × 100 posts = 1,000,000 posts   (database fa_bench_1m)
 *   10k     100 creators × 100 posts =    10,000 posts   (database fa_bench_10k)
 *
 * Both have 100,000 fans, 3 likes per post, 500,000 subscriptions (5 per fan,
 * 4 in 5 active), 4 in 5 posts with an image or a video and its poster, and a
 * reader (leitora@bench.test / senha-segura-123) actively subscribed to 50
 * creators (and lapsed on 50 more), who likes every 7th post. A creator always
 * has 100 posts, so the reader's feed holds the same 5,000 posts in both: what
 * differs is the size of everything around it.
 *
 *   npx tsx bench/seed.ts 1m            # creates (or re-creates) fa_bench_1m
 *   npx tsx bench/seed.ts 10k
 *   BENCH_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/seed.ts 1m
 *
 * Not part of `npm test`. See bench/README.md.
 */
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/password';

export const DATASETS = {
  '10k': { creators: 100 },
  '1m': { creators: 10_000 },
} as const;
export type DatasetName = keyof typeof DATASETS;

export const POSTS_PER_CREATOR = 100;
export const FANS = 100_000;
export const SUBSCRIPTIONS_PER_FAN = 5;
export const READER_SUBSCRIBED = 50;
export const READER = {
  email: 'leitora@bench.test',
  password: 'senha-segura-123',
  username: 'leitora',
};
/** A creator the reader is subscribed to (creator 0), for the profile endpoints. */
export const SUBSCRIBED_CREATOR = 'criador_0';

export const adminUrl = () =>
  process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function datasetUrl(name: DatasetName): string {
  const url = new URL(adminUrl());
  url.pathname = `/fa_bench_${name}`;
  return url.toString();
}

/** Deterministic ids (valid version-4 UUIDs), so related rows are generated without lookups. */
const id = (kind: string, n: string) =>
  `overlay(overlay(md5('${kind}:' || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;

function loadStatements(creators: number, readerHash: string): { label: string; sql: string }[] {
  const posts = creators * POSTS_PER_CREATOR;
  // Posts interleave creators and spread over a year, newest first.
  const spacingMs = Math.floor((365 * 24 * 3600 * 1000) / posts);
  const post = 'p';
  const creatorOf = `(${post} % ${creators})`;
  return [
    {
      label: 'users',
      sql: `
      insert into users (id, email, username, full_name, created_at, updated_at)
      select ${id('cu', 'c')}, 'criador' || c || '@bench.test', 'criador_' || c,
             'Criador ' || c, now(), now()
        from generate_series(0, ${creators - 1}) c;
      insert into users (id, email, username, full_name, created_at, updated_at)
      select ${id('fan', 'f')}, 'fa' || f || '@bench.test', 'fa_' || f, 'Fã ' || f, now(), now()
        from generate_series(0, ${FANS - 1}) f;
      insert into users (id, email, username, full_name, password_hash, created_at, updated_at)
      values (${id('reader', "'0'")}, '${READER.email}', '${READER.username}', 'Leitora',
              '${readerHash}', now(), now());`,
    },
    {
      label: 'workspaces',
      sql: `
      insert into workspaces (id, label, username, description, avatar_path, created_at, updated_at)
      select ${id('cw', 'c')}, 'Criador ' || c, 'criador_' || c,
             'Perfil do criador ' || c || ': bastidores, ensaios e conversas com quem assina.',
             case when c % 2 = 0 then 'public/workspaces/' || ${id('cw', 'c')} || '/avatar-' || md5(c::text) || '.webp' end,
             now(), now()
        from generate_series(0, ${creators - 1}) c;
      insert into workspace_members (workspace_id, user_id, role)
      select ${id('cw', 'c')}, ${id('cu', 'c')}, 'owner' from generate_series(0, ${creators - 1}) c;
      insert into workspaces (id, label, username, created_at, updated_at)
      values (${id('rw', "'0'")}, 'Leitora', '${READER.username}', now(), now());
      insert into workspace_members (workspace_id, user_id, role)
      values (${id('rw', "'0'")}, ${id('reader', "'0'")}, 'owner');`,
    },
    {
      label: `${posts.toLocaleString('en')} posts`,
      sql: `
      insert into contents (id, workspace_id, author_id, description, like_count, created_at)
      select ${id('post', post)}, ${id('cw', creatorOf)}, ${id('cu', creatorOf)},
             'Post ' || (${post} / ${creators}) || ' do criador ' || ${creatorOf}
               || '. Hoje tem ensaio novo, bastidores da gravação e um recado para quem assina.',
             3 + (case when ${post} % 7 = 0 then 1 else 0 end),
             now() - (${post}::bigint * ${spacingMs}) * interval '1 millisecond'
        from generate_series(0, ${posts - 1}) ${post};`,
    },
    {
      label: 'attachments',
      sql: `
      -- images as re-encoded on arrival (width set), so the old images' re-encoding job has
      -- nothing to do
      insert into content_attachments (id, content_id, file_path, kind, content_type, size,
                                       width, height)
      select ${id('att', post)}, ${id('post', post)},
             'uploads/bench/' || ${post} || case when ${post} % 5 = 0 then '.mp4' else '.webp' end,
             case when ${post} % 5 = 0 then 'video' else 'image' end,
             case when ${post} % 5 = 0 then 'video/mp4' else 'image/webp' end,
             case when ${post} % 5 = 0 then 1000000 else 200000 end, 1600, 1200
        from generate_series(0, ${posts - 1}) ${post} where ${post} % 5 <> 4;
      insert into content_attachments (id, content_id, file_path, kind, content_type, size,
                                       poster_of, width, height)
      select ${id('poster', post)}, ${id('post', post)}, 'uploads/bench/' || ${post} || '-capa.webp',
             'image', 'image/webp', 50000, ${id('att', post)}, 1600, 1200
        from generate_series(0, ${posts - 1}, 5) ${post};`,
    },
    {
      label: 'likes',
      sql: `
      insert into content_likes (content_id, user_id, created_at)
      select ${id('post', post)}, ${id('fan', `((${post} + k * 37) % ${FANS})`)}, now()
        from generate_series(0, ${posts - 1}) ${post}, generate_series(0, 2) k;
      insert into content_likes (content_id, user_id, created_at)
      select ${id('post', post)}, ${id('reader', "'0'")}, now()
        from generate_series(0, ${posts - 1}, 7) ${post};`,
    },
    {
      label: 'subscriptions',
      sql: `
      insert into subscriptions (workspace_id, subscriber_id, plan_type, status,
                                 paid_since, current_period_end)
      select ${id('cw', `((f * 7 + k * 1999) % ${creators})`)}, ${id('fan', 'f')}, 'monthly',
             case when (f + k) % 5 = 0 then 'expired' else 'active' end,
             now() - interval '20 days',
             case when (f + k) % 5 = 0 then now() - interval '10 days'
                  else now() + ((f % 30) + 1) * interval '1 day' end
        from generate_series(0, ${FANS - 1}) f, generate_series(0, ${SUBSCRIPTIONS_PER_FAN - 1}) k;
      insert into subscriptions (workspace_id, subscriber_id, plan_type, status,
                                 paid_since, current_period_end)
      select ${id('cw', 'c')}, ${id('reader', "'0'")}, 'monthly',
             case when c < ${READER_SUBSCRIBED} then 'active' else 'expired' end,
             now() - interval '20 days',
             case when c < ${READER_SUBSCRIBED} then now() + interval '1 year'
                  else now() - interval '10 days' end
        from generate_series(0, ${2 * READER_SUBSCRIBED - 1}) c;`,
    },
    {
      // every creator has a monthly plan; every subscription has the paid period it holds
      label: 'plans and paid periods',
      sql: `
      insert into plans (workspace_id, plan_type, value_cents)
      select ${id('cw', 'c')}, 'monthly', 1990 from generate_series(0, ${creators - 1}) c;
      insert into charges (id, workspace_id, payer_id, plan_type, kind, value_cents, txid,
                           payment_specs, status, provider, expires_at, paid_at, created_at)
      select ${id('ch', 's.id::text')}, s.workspace_id, s.subscriber_id, 'monthly', 'subscription',
             1990, md5('ch:' || s.id::text), 'bench', 'paid', 'manual',
             s.current_period_end - interval '1 month' + interval '1 day',
             s.current_period_end - interval '1 month', s.current_period_end - interval '1 month'
        from subscriptions s;
      insert into subscription_payments (subscription_id, charge_id, period_start, period_end)
      select s.id, ${id('ch', 's.id::text')}, s.current_period_end - interval '1 month',
             s.current_period_end
        from subscriptions s;`,
    },
    {
      // the broadcast and insights benchmarks' creator (bench/operations.bench.ts): 10,000
      // active subscribers with a year of monthly, quarterly and yearly periods, 2,000 who left,
      // 100 posts, 5,000 posts sold and 2,000 tips
      label: `${BIG_CREATOR.subscribers.toLocaleString('en')}-subscriber creator`,
      sql: bigCreatorStatements(readerHash),
    },
  ];
}

/** Who the operations benchmark signs in as: a creator with 10,000 active subscribers. */
export const BIG_CREATOR = {
  email: 'grande@bench.test',
  password: READER.password,
  username: 'criadora_grande',
  subscribers: 10_000,
  lapsed: 2_000,
};

function bigCreatorStatements(readerHash: string): string {
  const ws = id('bw', "'0'");
  const owner = id('big', "'0'");
  const fans = BIG_CREATOR.subscribers + BIG_CREATOR.lapsed;
  // fan f: yearly when f % 10 = 0, quarterly when f % 10 in (1, 2), monthly otherwise; fans from
  // BIG_CREATOR.subscribers on stopped paying 1 to 6 months ago
  const plan = `(case when f % 10 = 0 then 'yearly' when f % 10 in (1, 2) then 'quarterly' else 'monthly' end)`;
  const months = `(case when f % 10 = 0 then 12 when f % 10 in (1, 2) then 3 else 1 end)`;
  const end = `(case when f < ${BIG_CREATOR.subscribers} then now() + ((f % 28) + 1) * interval '1 day'
                    else now() - ((f % 6) + 1) * interval '1 month' end)`;
  const periods = `(case when f % 10 = 0 then 2 when f % 10 in (1, 2) then 5 else 13 end)`;
  return `
    insert into users (id, email, username, full_name, password_hash, created_at, updated_at)
    values (${owner}, '${BIG_CREATOR.email}', '${BIG_CREATOR.username}', 'Criadora Grande',
            '${readerHash}', now(), now());
    insert into workspaces (id, label, username, description, created_at, updated_at)
    values (${ws}, 'Criadora Grande', '${BIG_CREATOR.username}', 'Dez mil assinantes.', now(), now());
    insert into workspace_members (workspace_id, user_id, role) values (${ws}, ${owner}, 'owner');
    insert into plans (workspace_id, plan_type, value_cents, discount)
    values (${ws}, 'monthly', 1990, 0), (${ws}, 'quarterly', 5490, 10), (${ws}, 'yearly', 19900, 20);
    insert into contents (id, workspace_id, author_id, description, like_count, created_at)
    select ${id('bigpost', 'p')}, ${ws}, ${owner}, 'Post ' || p || ' da criadora grande.', p % 50,
           now() - p * interval '3 days'
      from generate_series(0, ${POSTS_PER_CREATOR - 1}) p;
    insert into subscriptions (id, workspace_id, subscriber_id, plan_type, status, paid_since,
                               current_period_end)
    select ${id('bigsub', 'f')}, ${ws}, ${id('fan', 'f')}, ${plan},
           case when f < ${BIG_CREATOR.subscribers} then 'active' else 'expired' end,
           ${end} - ${periods} * ${months} * interval '1 month', ${end}
      from generate_series(0, ${fans - 1}) f;
    insert into charges (id, workspace_id, payer_id, plan_type, kind, value_cents, txid,
                         payment_specs, status, provider, expires_at, paid_at, created_at)
    select ${id('bigch', "f || ':' || k")}, ${ws}, ${id('fan', 'f')}, ${plan}, 'subscription',
           case when f % 10 = 0 then 15920 when f % 10 in (1, 2) then 4941 else 1990 end,
           md5('bigch:' || f || ':' || k), 'bench', 'paid', 'manual',
           ${end} - (k + 1) * ${months} * interval '1 month' + interval '1 day',
           ${end} - (k + 1) * ${months} * interval '1 month',
           ${end} - (k + 1) * ${months} * interval '1 month'
      from generate_series(0, ${fans - 1}) f, generate_series(0, 12) k where k < ${periods};
    insert into subscription_payments (subscription_id, charge_id, period_start, period_end)
    select ${id('bigsub', 'f')}, ${id('bigch', "f || ':' || k")},
           ${end} - (k + 1) * ${months} * interval '1 month', ${end} - k * ${months} * interval '1 month'
      from generate_series(0, ${fans - 1}) f, generate_series(0, 12) k where k < ${periods};
    insert into charges (workspace_id, payer_id, kind, item_id, value_cents, txid, payment_specs,
                         status, provider, expires_at, paid_at, created_at)
    select ${ws}, ${id('fan', `(n % ${BIG_CREATOR.subscribers})`)},
           case when n % 7 < 5 then 'post' else 'tip' end,
           case when n % 7 < 5 then ${id('bigpost', `(n % ${POSTS_PER_CREATOR})`)} end,
           500 + (n % 10) * 250, md5('bigsale:' || n), 'bench', 'paid', 'manual',
           now() - (n % 365) * interval '1 day' + interval '1 hour',
           now() - (n % 365) * interval '1 day', now() - (n % 365) * interval '1 day'
      from generate_series(0, 6999) n;`;
}

const LOADED_TABLES = [
  'users',
  'workspaces',
  'workspace_members',
  'contents',
  'content_attachments',
  'content_likes',
  'subscriptions',
  'plans',
  'charges',
  'subscription_payments',
];

export async function seed(name: DatasetName): Promise<void> {
  const { creators } = DATASETS[name];
  const started = Date.now();
  const step = (label: string) =>
    console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${label}`);
  const dbName = `fa_bench_${name}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.query(`create database "${dbName}"`);
  await admin.end();

  const database = await openDatabase({ url: datasetUrl(name), migrate: true });
  await database.close();
  step('migrated');

  const client = new pg.Client({ connectionString: datasetUrl(name) });
  await client.connect();
  try {
    // No triggers or foreign-key checks during the load; the figures are built after it.
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [LOADED_TABLES],
    );
    for (const index of indexes) await client.query(`drop index "${index.name}"`);
    for (const s of loadStatements(creators, await hashPassword(READER.password))) {
      await client.query(s.sql);
      step(s.label);
    }
    for (const index of indexes) await client.query(index.def);
    step(`${indexes.length} indexes rebuilt`);
    await client.query(`
      insert into workspace_figures (workspace_id, post_count, latest_post_at, active_subscribers)
      select w.id, coalesce(p.n, 0), p.latest, coalesce(s.n, 0)
        from workspaces w
        left join (select workspace_id, count(*) as n, max(created_at) as latest
                     from contents group by workspace_id) p on p.workspace_id = w.id
        left join (select workspace_id, count(*) as n from subscriptions
                    where status = 'active' group by workspace_id) s on s.workspace_id = w.id`);
    step('workspace figures');
    await client.query(`set session_replication_role = origin`);
    await client.query('vacuum analyze');
    step('vacuum analyze');
    const { rows } = await client.query(
      `select (select count(*) from contents) as posts, (select count(*) from content_likes) as likes,
              (select count(*) from subscriptions) as subscriptions,
              (select count(*) from charges) as charges, (select count(*) from users) as users,
              pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    console.log(`  ${dbName}:`, rows[0]);
  } finally {
    await client.end();
  }
}

async function main() {
  const names = process.argv.slice(2).filter((a): a is DatasetName => a in DATASETS);
  if (names.length === 0) {
    console.error(`Uso: npx tsx bench/seed.ts <${Object.keys(DATASETS).join('|')}> ...`);
    process.exitCode = 1;
    return;
  }
  for (const name of names) {
    console.log(`Seeding fa_bench_${name}:`);
    await seed(name);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
