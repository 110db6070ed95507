import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { Gate } from './gate';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every repo takes: PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repo function accepts the database or an open transaction. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The postgres:// URL (PostgreSQL only): the job queue opens its own connections with it. */
  url?: string;
  /**
   * Raw SQL for libraries that bring their own (pg-boss, see lib/queue): with
   * `params`, one statement with `$1..$n`; without, a script of one or more
   * statements (PGlite runs those through `exec`, the simple protocol).
   */
  executeSql(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL: the pool's connections open, idle, and callers waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent (and no url), an in-memory database. */
  dataDir?: string;
  /** Called for every query drizzle runs (tests count queries with it). */
  onQuery?: (sql: string, params: unknown[]) => void;
  poolSize?: number;
  /** Waiting longer than this for a connection fails (AcquireTimeoutError → 503); 0 waits forever. */
  acquireTimeoutMs?: number;
  /** PostgreSQL cancels a statement running longer than this (57014 → 503); 0 = no limit. */
  statementTimeoutMs?: number;
  /** Run the migrations first, free of the timeouts above. */
  migrate?: boolean;
  /**
   * In-memory PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an
   * empty cluster. Tests start from a migrated copy: PGlite's initdb costs seconds, loading a
   * dump a fraction of that.
   */
  pgliteDump?: Blob;
}

class QueryHook implements Logger {
  constructor(private readonly fn: (sql: string, params: unknown[]) => void) {}
  logQuery(query: string, params: unknown[]): void {
    this.fn(query, params);
  }
}

/** Raw SQL, see Database.executeSql. */
export type ExecuteSql = Database['executeSql'];

function newPool(
  url: string,
  max: number,
  limits: Pick<OpenOptions, 'acquireTimeoutMs' | 'statementTimeoutMs'> = {},
) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: limits.acquireTimeoutMs ?? 0,
    // sent at connection start: PostgreSQL itself cancels a statement past it; and in case its
    // answer never comes (a connection gone silent), the driver gives up a little later
    ...(limits.statementTimeoutMs
      ? {
          statement_timeout: limits.statementTimeoutMs,
          query_timeout: limits.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
        }
      : {}),
  });
  pool.on('error', () => {
    /* idle client errors are reported on the next query */
  });
  // A connection PostgreSQL ends (restart, crash, pg_terminate_backend) while
  // it is checked out, between two statements of a transaction, emits 'error'
  // on its client, where pg-pool listens only while it is idle: unheard, the
  // event would end the process. The statement in progress or the next one
  // fails instead (503, lib/db-errors), and the pool drops the client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    guardClient(client);
  });
  return pool;
}

/** How long past statement_timeout the driver waits for an answer (query_timeout). */
const QUERY_TIMEOUT_MARGIN_MS = 5000;

/**
 * Two ways a failing connection would stay out of the pool's hands, closed here:
 * - after a query_timeout the connection still waits for the lost answer and every later query
 *   on it would queue behind it: it is cut, so its queries fail at once and the pool drops it
 *   however it is released (a transaction releases without an error);
 * - drizzle's transaction() runs BEGIN before the try/finally that releases the client
 *   (drizzle-orm issues 6023, 6241): a failed BEGIN would keep the client checked out for
 *   good, one pool slot lost each time. Its BEGIN (a query object; our own scripts are
 *   strings) releases the client, with the error, when it fails.
 */
function guardClient(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (...args) => {
    const answer = query(...args);
    if (answer instanceof Promise)
      answer.catch((err: unknown) => {
        if (err instanceof Error && err.message === READ_TIMEOUT)
          (
            client as unknown as { connection: { stream: { destroy(): void } } }
          ).connection.stream.destroy();
        const text = (args[0] as { text?: unknown } | undefined)?.text;
        if (typeof text === 'string' && /^begin\b/i.test(text)) client.release(err as Error);
      });
    return answer;
  };
}

const READ_TIMEOUT = 'Query read timeout';

/**
 * executeSql over a node-postgres pool. A script that fails inside its own
 * BEGIN is rolled back before its connection returns to the pool (PostgreSQL
 * would otherwise refuse every later query on it).
 */
function poolExecuteSql(pool: pg.Pool): ExecuteSql {
  return async (text, params) => {
    if (params?.length) return { rows: (await pool.query(text, params)).rows };
    const client = await pool.connect();
    let broken = false;
    try {
      // a script of several statements answers one result per statement
      const result: pg.QueryResult | pg.QueryResult[] = await client.query(text);
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

/** Its own small pool on a PostgreSQL URL, for raw SQL (the job queue's connections). */
export function openSqlPool(
  url: string,
  max: number,
): { executeSql: ExecuteSql; close(): Promise<void> } {
  const pool = newPool(url, max);
  return { executeSql: poolExecuteSql(pool), close: () => pool.end() };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const logger = opts.onQuery ? new QueryHook(opts.onQuery) : undefined;
  if (opts.url) {
    if (opts.migrate) {
      const once = newPool(opts.url, 1);
      try {
        await migratePg(drizzlePg(once, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await once.end();
      }
    }
    const pool = newPool(opts.url, opts.poolSize ?? 10, opts);
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      url: opts.url,
      executeSql: poolExecuteSql(pool),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  let releaseLock = () => {};
  let client: PGlite;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    releaseLock = await acquireDataDirLock(path.join(opts.dataDir, 'pglite.lock'));
    try {
      client = await PGlite.create(path.join(opts.dataDir, 'pglite'));
    } catch (err) {
      releaseLock();
      throw err;
    }
  } else {
    client = await PGlite.create(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {});
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  if (opts.migrate) {
    try {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } catch (err) {
      await client.close();
      releaseLock();
      throw err;
    }
  }
  limitPglite(client, opts);
  return {
    kind: 'pglite',
    db,
    executeSql: async (text, params) => {
      if (params?.length) return { rows: (await client.query(text, params)).rows };
      // A script, maybe with its own BEGIN ... COMMIT. Run inside PGlite's
      // transaction, which rolls back when a statement fails: a failed script
      // must not leave the one connection in an aborted transaction. Answers
      // the last statement's rows, as node-postgres does for a single one.
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * PGlite runs one statement at a time (a queue without a timeout): its entry
 * points go through a Gate of one that gives it the acquire timeout
 * (db/gate.ts). Statements inside a transaction use the transaction's own
 * handle, which holds the gate already. PGlite runs a statement on the main
 * thread and cannot interrupt it: DB_STATEMENT_TIMEOUT_MS is PostgreSQL's.
 */
function limitPglite(client: PGlite, opts: OpenOptions) {
  if (!opts.acquireTimeoutMs) return;
  const gate = new Gate(1, opts.acquireTimeoutMs);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) =>
    gate.run(() => query(...args))) as typeof client.query;
  client.exec = (...args) => gate.run(() => exec(...args));
  client.transaction = ((callback: Parameters<typeof transaction>[0]) =>
    gate.run(() => transaction(callback))) as typeof client.transaction;
}
