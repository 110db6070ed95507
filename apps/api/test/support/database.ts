import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../../src/db/client';
import type { Database, OpenOptions } from '../../src/db/client';

/**
 * A clean, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(
  opts: Pick<OpenOptions, 'onQuery' | 'poolSize' | 'acquireTimeoutMs' | 'statementTimeoutMs'> = {},
): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    return openDatabase({ ...opts, migrate: true, pgliteDump: await pgliteTemplate() });
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

/**
 * A new, empty database on the TEST_DATABASE_URL server: its URL, and `drop()`. Named
 * `<prefix>_<random>` (the journeys put their process id in the prefix: dropOrphanDatabases).
 */
export async function createPostgresDatabase(adminUrl: string, prefix = 'fa_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
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

/**
 * Drops the databases `<prefix>_<pid>_<random>` whose process `pid` is gone: scratch databases of
 * runs killed before they could drop their own. Answers their names.
 */
export async function dropOrphanDatabases(adminUrl: string, prefix: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [`${prefix}_`],
    );
    const orphans = rows
      .map((r) => r.datname)
      .filter((name) => {
        const pid = Number(/^\d+(?=_[0-9a-f]+$)/.exec(name.slice(prefix.length + 1))?.[0]);
        if (!pid) return false;
        try {
          process.kill(pid, 0);
          return false;
        } catch (err) {
          return (err as NodeJS.ErrnoException).code === 'ESRCH';
        }
      });
    for (const name of orphans) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return orphans;
  } finally {
    await admin.end();
  }
}

let template: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite cluster, dumped once and shared by every test file through a file in
 * the temp directory named by a hash of the migrations and the PGlite version (a changed
 * migration makes a new one). Starting from it costs a fraction of an empty PGlite's initdb;
 * `openDatabase` still runs the migrator, which finds everything applied.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256');
    hash.update(pgliteVersion());
    for (const dir of [MIGRATIONS_DIR, path.join(MIGRATIONS_DIR, 'meta')])
      for (const name of readdirSync(dir).sort())
        if (name.endsWith('.sql') || name.endsWith('.json'))
          hash.update(name).update(readFileSync(path.join(dir, name)));
    const file = path.join(tmpdir(), `fa-clube-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ migrate: true });
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      // written whole, then renamed: another worker never reads half a file
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return template;
}

/** The installed PGlite's version (its package.json is not exported). */
function pgliteVersion(): string {
  const read = (dir: string) =>
    existsSync(path.join(dir, 'package.json'))
      ? (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, string>)
      : {};
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (read(dir).name !== '@electric-sql/pglite') dir = path.dirname(dir);
  return read(dir).version!;
}
