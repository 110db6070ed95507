import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** Raw SQL with positional parameters, for libraries that bring their own SQL (pg-boss). */
  executeSql(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent (and no url), an in-memory database. */
  dataDir?: string;
  /** Called for every query drizzle runs (tests count queries with it). */
  onQuery?: (sql: string) => void;
  poolSize?: number;
}

class QueryHook implements Logger {
  constructor(private readonly fn: (sql: string) => void) {}
  logQuery(query: string): void {
    this.fn(query);
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const logger = opts.onQuery ? new QueryHook(opts.onQuery) : undefined;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported on the next query */
    });
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      executeSql: async (text, params) => ({ rows: (await pool.query(text, params)).rows }),
      close: () => pool.end(),
    };
  }
  let releaseLock = () => {};
  let client: PGlite;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(opts.dataDir, 'pglite.lock'));
    try {
      client = await PGlite.create(path.join(opts.dataDir, 'pglite'));
    } catch (err) {
      releaseLock();
      throw err;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    executeSql: async (text, params) => ({
      rows: (await client.query(text, params as unknown[])).rows,
    }),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

/**
 * PGlite is single-process: a second server on the same data directory would
 * corrupt it. The lock file holds the owner's pid; a stale lock (dead pid) is taken over.
 */
function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `O banco embutido em ${path.dirname(file)} já está em uso pelo processo ${pid}. ` +
            'Pare o outro servidor ou use outro DATA_DIR.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Não foi possível obter o bloqueio ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
