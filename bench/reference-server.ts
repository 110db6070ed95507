/**
 * The benchmark's reference: a minimal hand-written Fastify + pg server that
 * runs the same SQL as the API for each measured endpoint, with no auth, no
 * validation, no signed URLs and JSON.stringify for output. What the API
 * spends beyond it is the price of everything that protects the request.
 * Sign-in's reference is one argon2id verification of the reader's hash: the
 * ceiling no sign-in can pass.
 *
 * Started by bench/load.bench.ts: PORT, DATABASE_URL, VIEWER_ID, WORKSPACE_ID.
 */
import { verify } from '@node-rs/argon2';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import {
  feedQueries,
  workspaceContentsQueries,
} from '../apps/api/src/modules/content/feed.queries';
import { recommendedQuery } from '../apps/api/src/modules/profiles/profiles.queries';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const db = drizzle(pool, { schema }) as unknown as Db;
const dialect = new PgDialect();
const viewerId = process.env.VIEWER_ID!;
const workspaceId = process.env.WORKSPACE_ID!;
const app = Fastify({ logger: false });

const run = async (query: SQL) => {
  const q = dialect.sqlToQuery(query);
  return (await pool.query(q.sql, q.params)).rows;
};
const page = (q: Record<string, string>, first: number, size: number) => {
  const p = Number(q.page ?? first);
  const s = Number(q.size ?? size);
  return { page: p, size: s, offset: (p - first) * s };
};

/*
 * `?session=<sid>` first runs the API's per-request session check (read-models/sessions.ts,
 * the lookup on refresh_tokens_live_family_idx) on every request, uncached: the price of the
 * revocation check, measured as the case "feed page 1 (reference checks the session)".
 */
app.get('/feed', async (request) => {
  const query = request.query as Record<string, string>;
  if (query.session) {
    const live = await pool.query(
      'select id from refresh_tokens where family_id = $1 and revoked_at is null limit 1',
      [query.session],
    );
    if (live.rowCount !== 1) throw new Error('the session is not open');
  }
  const p = page(query, 1, 25);
  const q = feedQueries({
    viewerId,
    workspaceId,
    now: new Date(),
    limit: p.size,
    offset: p.offset,
  });
  const rows = await run(q.items);
  return JSON.stringify({ contents: rows, page: p.page, size: p.size, total: rows[0]?.total });
});

app.get('/profile-posts', async (request) => {
  const query = request.query as Record<string, string>;
  const p = page(query, 0, 10);
  const [ws] = (
    await pool.query('select id from workspaces where lower(username) = $1', [query.username])
  ).rows;
  const q = workspaceContentsQueries({
    viewerId,
    workspaceId: ws.id,
    limit: p.size,
    offset: p.offset,
  });
  const rows = await run(q.items);
  return JSON.stringify({ contents: rows, page: p.page, size: p.size, total: rows[0]?.total });
});

app.get('/profile', async (request) => {
  const { username } = request.query as Record<string, string>;
  const { rows } = await pool.query(
    `select w.id, w.label, w.username, w.description, w.avatar_path, w.cover_path,
            coalesce(f.post_count, 0) as total_content,
            (select u.full_name from workspace_members m join users u on u.id = m.user_id
              where m.workspace_id = w.id and m.role = 'owner') as full_name,
            (select m.role from workspace_members m where m.workspace_id = w.id and m.user_id = $2) as role,
            exists (select 1 from subscriptions s where s.workspace_id = w.id and s.subscriber_id = $2
                     and s.status = 'active' and s.current_period_end > now()) as subscribed
       from workspaces w left join workspace_figures f on f.workspace_id = w.id
      where lower(w.username) = $1`,
    [username, viewerId],
  );
  return JSON.stringify(rows[0]);
});

app.get('/recommended', async () => {
  const q = recommendedQuery(db, { viewerId, now: new Date(), limit: 10 }).toSQL();
  return JSON.stringify({ profiles: (await pool.query(q.sql, q.params)).rows });
});

app.get('/me', async () => {
  const { rows } = await pool.query(
    `select u.id, u.username, u.full_name, u.email, u.avatar_path, u.two_factor_enabled, w.label
       from users u
       left join workspace_members m on m.user_id = u.id and m.role = 'owner'
       left join workspaces w on w.id = m.workspace_id
      where u.id = $1 limit 1`,
    [viewerId],
  );
  return JSON.stringify(rows[0]);
});

let readerHash: string | undefined;
app.post('/verify', async (request) => {
  readerHash ??= (
    await pool.query<{ password_hash: string }>('select password_hash from users where id = $1', [
      viewerId,
    ])
  ).rows[0]!.password_hash;
  const { password } = request.body as { password: string };
  return JSON.stringify({ ok: await verify(readerHash, password) });
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('reference ready');
