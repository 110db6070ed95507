import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDataDir, restoreBackup } from './backup';
import { openDatabase } from './db/client';

const root = mkdtempSync(path.join(tmpdir(), 'fa-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CHECKSUM = `select count(*)::int as n,
  md5(coalesce(string_agg(id || ':' || email || ':' || full_name, ',' order by id), '')) as sum
  from users`;

async function snapshot(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const { rows } = await database.executeSql(CHECKSUM, []);
    const { rows: migrations } = await database.executeSql(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
      [],
    );
    return { users: rows[0], migrations: migrations[0] };
  } finally {
    await database.close();
  }
}

describe('npm run backup / restore (PGlite)', () => {
  it('round trip: the restored DATA_DIR has the same rows, files and secret', async () => {
    const dataDir = path.join(root, 'data');
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db'), migrate: true });
    try {
      for (let i = 0; i < 25; i++)
        await database.executeSql(
          `insert into users (email, username, full_name, password_hash)
           values ($1, $2, $3, 'x')`,
          [`pessoa${i}@example.com`, `pessoa_${i}`, `Pessoa ${i} Ção`],
        );
      // a backup while the database is open elsewhere (a running server) is refused
      await expect(backupDataDir(dataDir, path.join(root, 'out'))).rejects.toThrow(/em uso/);
    } finally {
      await database.close();
    }
    mkdirSync(path.join(dataDir, 'files', 'ws'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'ws', 'a.bin'), Buffer.from([1, 2, 3, 255]));
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'segredo\n');
    const before = await snapshot(dataDir);
    expect(before.users).toMatchObject({ n: 25 });

    const file = await backupDataDir(
      dataDir,
      path.join(root, 'out'),
      new Date('2026-01-02T03:04:05.678Z'),
    );
    expect(path.basename(file)).toBe('fa-clube-backup-20260102T030405Z.tar.gz');
    expect(readdirSync(path.join(root, 'out'))).toEqual([path.basename(file)]);

    const restored = path.join(root, 'restored');
    expect(await restoreBackup(file, restored)).toBe(25);
    expect(await snapshot(restored)).toEqual(before);
    expect(readFileSync(path.join(restored, 'files', 'ws', 'a.bin'))).toEqual(
      Buffer.from([1, 2, 3, 255]),
    );
    expect(readFileSync(path.join(restored, 'jwt-secret'), 'utf8')).toBe('segredo\n');
    expect(readdirSync(path.join(restored, 'db'))).not.toContain('pglite.lock');

    // never over an existing database
    await expect(restoreBackup(file, restored)).rejects.toThrow(/já tem um banco/);
  }, 240_000);
});
