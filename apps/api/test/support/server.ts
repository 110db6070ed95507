import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { newUserData } from './fixtures';
import { TEST_PIX } from './subscriptions';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Runs `apps/api/src/server.ts` as a real process (the tests of starting, stopping, several processes). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export const waitHealthy = (port: number, child: ChildProcess) =>
  waitFor(port, child, '/api/v1/health');

/** A process of any role is up when its /readyz answers 200. */
export const waitReady = (port: number, child: ChildProcess) => waitFor(port, child, '/readyz');

async function waitFor(port: number, child: ChildProcess, path: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/** JSON over HTTP to a server process; a status ≥ 300 throws with the answer. */
export async function httpCall(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Through two processes' APIs (`a`, `b`): a creator with a monthly plan and a fan subscribed to
 * it (the owner confirms the Pix), each signed up on one process and signed in on the other.
 */
export async function creatorAndSubscribedFan(a: string, b: string) {
  const people = {} as Record<
    'creator' | 'fan',
    { token: string; username: string; email: string }
  >;
  for (const who of ['creator', 'fan'] as const) {
    const data = newUserData();
    await httpCall(`${a}/user`, { method: 'POST', body: data });
    const tokens = await httpCall(`${b}/token`, {
      method: 'POST',
      body: { email: data.email, password: data.password },
    });
    people[who] = {
      token: tokens.access_token as string,
      username: data.username,
      email: data.email,
    };
  }
  const creator = people.creator.token;
  const ws = (
    (await httpCall(`${a}/workspaces`, { token: creator })).workspaces as { id: string }[]
  )[0]!.id;
  await httpCall(`${a}/workspaces/${ws}/pix`, { method: 'PUT', token: creator, body: TEST_PIX });
  await httpCall(`${a}/workspaces/${ws}/plan`, {
    method: 'POST',
    token: creator,
    body: { plan_type: 'monthly', value: 19.9, discount: 0 },
  });
  const open = await httpCall(
    `${b}/subscribe/plan?username=${people.creator.username}&plan_type=monthly`,
    { method: 'POST', token: people.fan.token },
  );
  await httpCall(`${a}/charges/${ws}/${(open.charge as { id: string }).id}/confirm`, {
    method: 'POST',
    token: creator,
  });
  return { ...people, ws };
}
