import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import type { Database, OpenOptions } from '../../src/db/client';

/**
 * A clean, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(
  opts: Pick<OpenOptions, 'onQuery' | 'poolSize' | 'acquireTimeoutMs' | 'statementTimeoutMs'> = {},
): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ ...opts, migrate: true });
  const scratch = await createPostgresDatabase(adminUrl);
  const database = await openDatabase({ poolSize: 12, ...opts, url: scratch.url, migrate: true });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server: its URL, and `drop()`. */
export async function createPostgresDatabase(adminUrl: string) {
  const name = `fa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
