import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');

/** A JWT secret for the suite's servers only (production settings need one). */
const JWT_SECRET = 'faults-suite-jwt-secret-not-for-production-0123456789';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Every API process the suite started and that has not exited yet. */
export const liveApis = new Set<ApiProcess>();

/** SIGKILLs the API processes a crashed scenario left running; answers how many. */
export async function killLeftoverApis(): Promise<number> {
  const left = [...liveApis];
  for (const api of left) api.child.kill('SIGKILL');
  await Promise.all(left.map((api) => api.exited));
  return left.length;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ApiOptions {
  port: number;
  dataDir: string;
  /** PostgreSQL; absent = PGlite under dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}

export interface ApiProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Everything the process wrote (stdout and stderr). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  startedAt: number;
}

/**
 * Starts the real server (`apps/api/src/server.ts`) in one Node process with
 * tsx as a loader (`node --import tsx`, so that a signal reaches the server
 * itself, not a wrapper), in production settings with the suite's limits.
 */
export function startApi(opts: ApiOptions): ApiProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    WEB_DIST: path.join(opts.dataDir, 'no-web'),
    JWT_SECRET,
    MAIL_DISABLED: 'true',
    LOG_LEVEL: process.env.FAULTS_API_LOG_LEVEL ?? 'warn',
    // the load comes from one IP: the per-IP abuse limits would refuse it
    RATE_LIMIT_SIGNIN_IP: '1000000/60',
    RATE_LIMIT_SIGNUP_IP: '1000000/60',
    // the load's posts all come from one creator (60 upload URLs per 10 min by default)
    RATE_LIMIT_UPLOAD_URLS: '1000000/600',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', SERVER], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  // the exit's time, answered once the output is read to its end ('close'; a process that left
  // its pipes to a child of its own: 2 s later), so that a failure can quote the last lines
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => {
        const result = { code, signal, at: performance.now() };
        const timer = setTimeout(() => resolve(result), 2000);
        child.once('close', () => {
          clearTimeout(timer);
          resolve(result);
        });
      }),
  );
  const api: ApiProcess = {
    child,
    pid: child.pid!,
    url: `http://127.0.0.1:${opts.port}`,
    output: () => out,
    exited,
    startedAt: performance.now(),
  };
  liveApis.add(api);
  void exited.then(() => liveApis.delete(api));
  return api;
}

/** Waits for GET /api/v1/health to answer 200; answers the ms from start. Throws if the process ends first. */
export async function waitReady(api: ApiProcess, timeoutMs = 180_000): Promise<number> {
  let ended = false;
  void api.exited.then(() => (ended = true));
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (ended) throw new Error(`the API ended before it was ready:\n${api.output().slice(-2000)}`);
    try {
      const res = await fetch(`${api.url}/api/v1/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return performance.now() - api.startedAt;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  throw new Error(`the API was not ready in ${timeoutMs} ms:\n${api.output().slice(-2000)}`);
}

/** SIGTERM and wait (SIGKILL after `ms`); answers the exit. */
export async function stopApi(api: ApiProcess, ms = 15_000) {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return api.exited;
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), ms);
  const result = await api.exited;
  clearTimeout(timer);
  return result;
}
