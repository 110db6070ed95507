/**
 * Where a run's CPU went, per request: the server's main thread, its other threads (libuv's pool,
 * where argon2 runs, and V8's garbage collector), PostgreSQL's processes (every process named
 * `postgres` on this machine) and the client (this process: autocannon). Read from /proc, so
 * Linux only (null elsewhere); clock ticks of 10 ms, hence runs of seconds. The machine's CPU is
 * what a saturated run shares out: a sign-in at 50 connections costs its ceiling's argon2 plus
 * whatever these show beyond the reference's.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICK_MS = 10;

export interface Cpu {
  main: number;
  threads: number;
  postgres: number;
  client: number;
}

/**
 * utime + stime (ms) of one /proc stat line; with `children`, plus cutime + cstime: the CPU of
 * its children that ended (PostgreSQL's postmaster reaps every backend that closes).
 */
function statMs(path: string, children = false): number {
  const stat = readFileSync(path, 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return (fields[11]! + fields[12]! + (children ? fields[13]! + fields[14]! : 0)) * TICK_MS;
}

function tryMs(path: string, children = false): number {
  try {
    return statMs(path, children);
  } catch {
    return 0; // the thread or process ended meanwhile
  }
}

function postgresMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        // a backend that ends between two snapshots still counts, in its postmaster's children
        total += tryMs(`/proc/${entry}/stat`, true);
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return total;
}

export function cpuSnapshot(pid: number): Cpu | null {
  if (process.platform !== 'linux') return null;
  let threads = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`))
    if (tid !== String(pid)) threads += tryMs(`/proc/${pid}/task/${tid}/stat`);
  const own = process.cpuUsage();
  return {
    main: tryMs(`/proc/${pid}/task/${pid}/stat`),
    threads,
    postgres: postgresMs(),
    client: (own.user + own.system) / 1000,
  };
}

/** CPU ms per request between two snapshots. */
export function cpuPerRequest(before: Cpu | null, after: Cpu | null, requests: number) {
  if (!before || !after || requests === 0) return undefined;
  const per = (k: keyof Cpu) => Math.round(((after[k] - before[k]) / requests) * 100) / 100;
  return {
    main: per('main'),
    threads: per('threads'),
    postgres: per('postgres'),
    client: per('client'),
  };
}
