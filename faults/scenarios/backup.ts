/**
 * Scenario 11: backup and restore.
 *  - backup-pg: pg_dump of the suite's cluster taken under write load, at an
 *    exported snapshot; restored into a fresh database, every table's count and
 *    checksum equals the snapshot's, and every write acknowledged before the
 *    snapshot is in the restored database.
 *  - backup-pglite: `npm run backup` refuses while the server runs; after a
 *    load and a stop it writes the archive; `npm run restore` unpacks it into a
 *    new DATA_DIR, a server starts on it, and counts, checksums and every
 *    acknowledged write match.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { freePort, ROOT, sleep, startApi, stopApi, waitReady } from '../lib/api';
import { countOps, verify } from '../lib/check';
import type { Figures, Query } from '../lib/check';
import { call, runLoad, setUpWorld } from '../lib/load';
import { createDb } from '../lib/pg-cluster';
import type { PgCluster } from '../lib/pg-cluster';
import type { Result } from '../scenarios';

const LOAD_MS = 8_000;

/** Every table of the app (public and drizzle's migrations): count and md5 of its rows in order. */
async function checksums(q: Query): Promise<Record<string, string>> {
  const tables = await q(
    `select table_schema || '.' || table_name as t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const name = String(t)
      .split('.')
      .map((p) => `"${p}"`)
      .join('.');
    const [row] = await q(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as sum
         from ${name} x`,
    );
    out[String(t)] = `${row!.n} rows ${String(row!.sum)}`;
  }
  return out;
}

function compare(a: Record<string, string>, b: Record<string, string>, failures: string[]) {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const differ = names.filter((n) => a[n] !== b[n]);
  if (differ.length)
    failures.push(
      `tables differ after restore: ${differ
        .slice(0, 5)
        .map((n) => `${n} (${a[n] ?? 'missing'} vs ${b[n] ?? 'missing'})`)
        .join('; ')}`,
    );
  return names.length;
}

function pgBin(cmd: string): string {
  const base = '/usr/lib/postgresql';
  const v = readdirSync(base)
    .filter((d) => existsSync(path.join(base, d, 'bin', cmd)))
    .sort((x, y) => Number(y) - Number(x))[0];
  if (!v) throw new Error(`${cmd} não encontrado em ${base}/*/bin`);
  return path.join(base, v, 'bin', cmd);
}

function result(scenario: string, proves: string, f: Figures, failures: string[]): Result {
  if (f.lost) failures.push(`${f.lost} acknowledged writes missing from the restored database`);
  if (f.duplicates) failures.push(`${f.duplicates} duplicated effects`);
  if (f.partial) failures.push(`${f.partial} partial states`);
  if (f.acknowledged === 0) failures.push('no write acknowledged');
  return { scenario, proves, ...f, passed: failures.length === 0, failures };
}

export async function backupPg(env: { cluster(): Promise<PgCluster> }): Promise<Result> {
  const failures: string[] = [];
  const cluster = await env.cluster();
  const databaseUrl = await createDb(cluster, 'backup_src');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fa-faults-backup-pg-'));
  const dump = path.join(dataDir, 'dump.pgc');
  const api = startApi({ port: await freePort(), dataDir, databaseUrl });
  const snap = new pg.Client({ connectionString: databaseUrl });
  try {
    await waitReady(api, 120_000);
    const world = await setUpWorld(api.url);
    const load = runLoad(api.url, world, 20);
    await sleep(LOAD_MS / 2);
    // the snapshot the dump represents: exported by a repeatable-read transaction kept open
    await snap.connect();
    await snap.query('begin isolation level repeatable read');
    const exportAt = performance.now();
    const exportWall = Date.now();
    const [{ id }] = (await snap.query('select pg_export_snapshot() as id')).rows as {
      id: string;
    }[];
    const dumpStart = performance.now();
    await promisify(execFile)(pgBin('pg_dump'), [
      `--snapshot=${id}`,
      '-Fc',
      '-f',
      dump,
      '-d',
      databaseUrl,
    ]);
    const dumpMs = performance.now() - dumpStart;
    // writes went on during the dump
    const dumpEnd = performance.now();
    const during = load.ops.filter((o) => o.start < dumpEnd && o.end > dumpStart);
    const q: Query = async (sql, params) => (await snap.query(sql, params ?? [])).rows;
    const before = await checksums(q);
    await snap.query('commit');
    await sleep(LOAD_MS / 2);
    load.stop();
    await load.done;
    await stopApi(api);

    const restoredUrl = await createDb(cluster, 'backup_restored');
    await promisify(execFile)(pgBin('pg_restore'), [
      '--exit-on-error',
      '--no-owner',
      '-d',
      restoredUrl,
      dump,
    ]);
    const restored = await openDatabase({ url: restoredUrl, poolSize: 2 });
    try {
      const rq: Query = async (sql, params) =>
        (await restored.executeSql(sql, params ?? [])).rows as never;
      const after = await checksums(rq);
      const tables = compare(before, after, failures);
      // every write acknowledged before the snapshot is in the restored database
      const ackedBefore = load.ops.filter((o) => o.end < exportAt);
      const f = countOps(load.ops);
      // the file store is copied after the dump (README, Backup): files of later uploads have
      // no row in the restored database and are counted apart, older ones are partial state
      const v = await verify(
        rq,
        world,
        ackedBefore,
        path.join(dataDir, 'files'),
        { ...countOps(ackedBefore), notes: [] },
        exportWall,
      );
      f.lost = v.lost;
      f.duplicates = v.duplicates;
      f.partial = v.partial;
      f.notes.push(
        `pg_dump ${Math.round(dumpMs)} ms at an exported snapshot with ${during.length} writes in flight during it; ` +
          `${tables} tables equal (count + md5); ${ackedBefore.filter((o) => o.outcome === 'ack').length} writes acknowledged before the snapshot all restored`,
        ...v.notes,
      );
      return result(
        'backup under load (PostgreSQL pg_dump --snapshot)',
        'A pg_dump taken during write load, at an exported snapshot, restores into a fresh database with every ' +
          'table equal (row count and md5 of its ordered rows) to that snapshot, and every write acknowledged ' +
          'before the snapshot present; ledger and subscription invariants hold in the restored copy; every file ' +
          'of the store older than the snapshot has its row (later uploads, copied after the dump, are counted apart).',
        f,
        failures,
      );
    } finally {
      await restored.close();
    }
  } finally {
    await snap.end().catch(() => undefined);
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const tsxCli = path.join(ROOT, 'apps/api/src/backup.ts');

function backupCli(args: string[], dataDir: string): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', tsxCli, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        MAIL_DISABLED: 'true',
        JWT_SECRET: 'faults-suite-jwt-secret-not-for-production-0123456789',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
    return { code: 0, out };
  } catch (err) {
    const e = err as { status?: number; stdout?: Buffer; stderr?: Buffer };
    return {
      code: e.status ?? 1,
      out: `${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`,
    };
  }
}

async function pgliteChecksums(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const q: Query = async (sql, params) =>
    (await database.executeSql(sql, params ?? [])).rows as never;
  return { q, close: () => database.close() };
}

export async function backupPglite(): Promise<Result> {
  const failures: string[] = [];
  const root = mkdtempSync(path.join(os.tmpdir(), 'fa-faults-backup-pglite-'));
  const dataDir = path.join(root, 'data');
  const restoredDir = path.join(root, 'restored');
  const outDir = path.join(root, 'backups');
  const api = startApi({ port: await freePort(), dataDir });
  let again: ReturnType<typeof startApi> | undefined;
  try {
    await waitReady(api, 120_000);
    const world = await setUpWorld(api.url);
    const load = runLoad(api.url, world, 20);
    await sleep(LOAD_MS / 2);
    // while the server holds the data directory: refused, nothing written
    const refused = backupCli(['backup', outDir], dataDir);
    if (refused.code === 0 || !/em uso/.test(refused.out))
      failures.push(
        `backup while the server runs: exit ${refused.code} ${refused.out.slice(0, 300)}`,
      );
    if (existsSync(outDir) && readdirSync(outDir).length)
      failures.push(`refused backup left files: ${readdirSync(outDir).join(', ')}`);
    await sleep(LOAD_MS / 2);
    load.stop();
    await load.done;
    // however the server ended (a loaded machine may pass its 10 s stop deadline: exit 1), the
    // backup opens the data directory itself, recovery included
    const exit = await stopApi(api);
    const stopNote = `server stopped with exit ${exit.code ?? exit.signal}`;

    const src = await pgliteChecksums(dataDir);
    let before: Record<string, string>;
    try {
      before = await checksums(src.q);
    } finally {
      await src.close();
    }
    const made = backupCli(['backup', outDir], dataDir);
    if (made.code !== 0) throw new Error(`npm run backup failed: ${made.out.slice(0, 500)}`);
    const archives = readdirSync(outDir);
    if (archives.length !== 1 || !/^fa-clube-backup-\d{8}T\d{6}Z\.tar\.gz$/.test(archives[0]!))
      failures.push(`archives: ${archives.join(', ')}`);
    const file = path.join(outDir, archives[0]!);
    const restoredOut = backupCli(['restore', file], restoredDir);
    if (restoredOut.code !== 0)
      throw new Error(`npm run restore failed: ${restoredOut.out.slice(0, 500)}`);

    // a server starts on the restored DATA_DIR and the creator signs in
    again = startApi({ port: await freePort(), dataDir: restoredDir });
    await waitReady(again, 120_000);
    const me = await call(again.url, 'GET', '/workspaces', { token: world.creator.token }).catch(
      (e: Error) => e,
    );
    if (me instanceof Error) failures.push(`restored server: ${me.message}`);
    const exit2 = await stopApi(again);
    if (exit2.code !== 0) failures.push(`restored server exit ${exit2.code ?? exit2.signal}`);

    const dst = await pgliteChecksums(restoredDir);
    try {
      const after = await checksums(dst.q);
      // the restored server's start may add rows of its own (job runs, queue): compare the data it did not touch
      const touched = ['public.job_runs'];
      for (const t of touched) {
        delete before[t];
        delete after[t];
      }
      const tables = compare(before, after, failures);
      const f = countOps(load.ops);
      await verify(dst.q, world, load.ops, path.join(restoredDir, 'files'), f);
      f.notes.push(
        stopNote,
        `archive ${path.basename(file)}; ${tables} tables equal (count + md5) after restore and a server start on it`,
      );
      return result(
        'backup and restore (PGlite, npm run backup / restore)',
        '`npm run backup` refuses while the server holds DATA_DIR; after the stop it writes a timestamped ' +
          '.tar.gz of DATA_DIR (database, files, secret); `npm run restore` unpacks it into a new DATA_DIR where a ' +
          'server starts, every table is equal (count + md5) and every acknowledged write and its file is present.',
        f,
        failures,
      );
    } finally {
      await dst.close();
    }
  } finally {
    await stopApi(api);
    if (again) await stopApi(again);
    rmSync(root, { recursive: true, force: true });
  }
}
