import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './api';

/**
 * A throwaway PostgreSQL cluster under a temp directory, on a free loopback
 * port, driven with the Debian binaries (/usr/lib/postgresql/<v>/bin). initdb
 * refuses to run as root: as root the cluster belongs to the `postgres` system
 * user (created by the Debian package) and every command runs through
 * `runuser -u postgres`.
 */
export interface PgCluster {
  url: (db?: string) => string;
  port: number;
  dir: string;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT to the postmaster and every backend. */
  freeze(): void;
  thaw(): void;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], db?: string): Promise<T[]>;
  destroy(): void;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) throw new Error('PostgreSQL não encontrado: apt-get install postgresql');
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`initdb não encontrado em ${base}/*/bin`);
  return path.join(base, versions[0], 'bin');
}

export async function startCluster(): Promise<PgCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fa-faults-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'pg.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, cmd),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        cwd: dir,
      },
    );
  const runAsync = async (cmd: string, args: string[]) => {
    await promisify(execFile)(
      asRoot ? 'runuser' : path.join(bin, cmd),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args,
      { cwd: dir },
    );
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on`;
  const startArgs = ['-D', data, '-l', log, '-o', opts, '-w', '-t', '60', 'start'];
  run('pg_ctl', startArgs);
  const url = (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const pids = (): number[] => {
    const main = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(main)])
      .toString()
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
    return [main, ...children];
  };
  const query = async <T>(sql: string, params: unknown[] = [], db = 'postgres') => {
    const client = new pg.Client({ connectionString: url(db) });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    url,
    port,
    dir,
    stop: (mode) => runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start: () => runAsync('pg_ctl', startArgs),
    restart: () =>
      runAsync('pg_ctl', ['-D', data, '-l', log, '-o', opts, '-m', 'fast', '-w', 'restart']),
    freeze: () => pids().forEach((p) => process.kill(p, 'SIGSTOP')),
    thaw: () => pids().forEach((p) => process.kill(p, 'SIGCONT')),
    query,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the cluster for one scenario. */
export async function createDb(cluster: PgCluster, name: string): Promise<string> {
  await cluster.query(`drop database if exists ${name}`);
  await cluster.query(`create database ${name}`);
  return cluster.url(name);
}
