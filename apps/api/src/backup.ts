/**
 * Backup and restore of a PGlite installation (README, "Backup"):
 *
 *   npm run backup [-- <dir>]      DATA_DIR → <dir>/fa-clube-backup-<UTC timestamp>.tar.gz
 *   npm run restore -- <file>      <file> → DATA_DIR, which must not hold a database yet
 *
 * The archive is the whole DATA_DIR: the database (db/), the uploaded files
 * (files/) and jwt-secret, without which TOTP seeds and queued e-mails cannot
 * be decrypted. The copy is consistent because it is taken while this process
 * holds the data directory's lock, with PGlite open, checkpointed and idle: a
 * running server holds the lock, so the backup refuses to run instead (stop
 * the server first; PGlite is single-process). With DATABASE_URL the database
 * is PostgreSQL's: use pg_dump (README).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Writes the archive of `dataDir` into `outDir`; answers its path. */
export async function backupDataDir(
  dataDir: string,
  outDir: string,
  now = new Date(),
): Promise<string> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'pglite'))) throw new Error(`Nenhum banco PGlite em ${dbDir}.`);
  // the lock: fails with 'em uso' while a server (or anything else) has the directory open
  const database = await openDatabase({ dataDir: dbDir });
  try {
    // every committed change in the data files, then nothing runs until the copy is done
    await database.executeSql('CHECKPOINT');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(path.resolve(outDir), `fa-clube-backup-${stamp(now)}.tar.gz`);
    const partial = `${file}.partial`;
    const relOut = path.relative(path.resolve(dataDir), path.resolve(outDir));
    const excludes = ['./db/pglite.lock'];
    if (relOut && !relOut.startsWith('..') && !path.isAbsolute(relOut))
      excludes.push(`./${relOut}`);
    try {
      execFileSync(
        'tar',
        ['-czf', partial, ...excludes.map((e) => `--exclude=${e}`), '-C', dataDir, '.'],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      renameSync(partial, file);
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    return file;
  } finally {
    await database.close();
  }
}

/**
 * Unpacks `file` into `dataDir` (created if needed) and opens the database
 * once to prove it; refuses a `dataDir` that already holds a database.
 * Answers how many users the restored database has.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<number> {
  if (!existsSync(file)) throw new Error(`Arquivo não encontrado: ${file}`);
  const dbDir = path.join(dataDir, 'db');
  if (existsSync(dbDir) && readdirSync(dbDir).length)
    throw new Error(
      `${dbDir} já tem um banco: restaure num DATA_DIR novo (ou mova este para outro lugar).`,
    );
  mkdirSync(dataDir, { recursive: true });
  execFileSync('tar', ['-xzf', path.resolve(file), '-C', dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const database = await openDatabase({ dataDir: dbDir });
  try {
    const { rows } = await database.executeSql('select count(*)::int as n from users', []);
    return (rows[0] as { n: number }).n;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]) {
  const [command, arg] = argv;
  const config = loadConfig();
  if (config.databaseUrl)
    throw new ConfigError(
      'DATABASE_URL está configurado: o banco é PostgreSQL. Use pg_dump / pg_restore (README, seção Backup).',
    );
  if (command === 'backup') {
    const file = await backupDataDir(config.dataDir, arg ?? 'backups');
    console.log(`Backup de ${config.dataDir} gravado em ${file}`);
  } else if (command === 'restore') {
    if (!arg) throw new ConfigError('Uso: npm run restore -- <arquivo .tar.gz>');
    const users = await restoreBackup(arg, config.dataDir);
    console.log(`Backup restaurado em ${config.dataDir} (${users} usuários).`);
  } else {
    throw new ConfigError('Uso: backup.ts backup [<pasta>] | restore <arquivo>');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    console.error(
      message.includes('em uso')
        ? `O banco em uso por outro processo (o servidor?): pare-o antes do backup. ${message}`
        : message,
    );
    process.exit(1);
  });
}
