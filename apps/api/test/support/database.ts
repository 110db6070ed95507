import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, runMigrations } from '../../src/db/client';
import type { Database } from '../../src/db/client';

/**
 * A clean, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(
  opts: { onQuery?: (sql: string) => void } = {},
): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ onQuery: opts.onQuery });
    await runMigrations(database);
    return database;
  }
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
  const database = await openDatabase({ url: url.toString(), onQuery: opts.onQuery, poolSize: 12 });
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
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
