import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { redactUrl } from '../src/lib/log';
import { resolveMasterSecret } from '../src/lib/secrets';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';
import { createUser } from './support/fixtures';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const tmp = () => mkdtempSync(path.join(tmpdir(), 'fa-clube-foundation-'));

describe('configuration', () => {
  it('has working defaults for a first start', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ env: 'development', port: 3000, appUrl: 'http://localhost:3000' });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.storage.driver).toBe('local');
    expect(c.corsOrigins).toEqual([]);
    expect(c.pix.provider).toBe('manual');
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'curto' }, 'JWT_SECRET'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ GOOGLE_CLIENT_ID: 'x' }, 'GOOGLE_CLIENT_SECRET'],
    [{ PIX_PROVIDER: 'apipix' }, 'PIX_API_URL'],
    [{ APP_URL: 'não é url' }, 'APP_URL'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });

  it('generates the master secret once outside production, readable only by its owner', () => {
    const dataDir = tmp();
    try {
      const config = parseConfig({ DATA_DIR: dataDir });
      const first = resolveMasterSecret(config);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(resolveMasterSecret(config)).toBe(first);
      const file = path.join(dataDir, 'jwt-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(
        resolveMasterSecret(parseConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) })),
      ).toBe('x'.repeat(32));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('embedded database lock', () => {
  it('refuses a directory locked by another live process and takes over a stale lock', async () => {
    const dir = tmp();
    const lock = path.join(dir, 'pglite.lock');
    try {
      // another live process (our parent) holds the lock
      writeFileSync(lock, String(process.ppid));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/já está em uso/);
      // a lock left by a process that no longer exists is taken over, and released on close
      writeFileSync(lock, '999999');
      const db = await openDatabase({ dataDir: dir });
      expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
      await db.close();
      expect(existsSync(lock)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
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

async function waitHealthy(port: number, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it(
    'starts on PGlite with nothing configured, refuses a second server on the same data, and closes cleanly on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const dataDir = tmp();
      const web = tmp();
      mkdirSync(path.join(web, 'assets'));
      writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Fã Clube</title>');
      const [port, port2] = [await freePort(), await freePort()];
      const first = startServer({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: web });
      try {
        expect(await waitHealthy(port, first.child)).toEqual({ status: 'ok', database: 'pglite' });
        expect(first.output()).toContain(`Fã Clube pronto em http://localhost:${port}`);
        expect(existsSync(path.join(dataDir, 'db', 'pglite.lock'))).toBe(true);
        const page = await fetch(`http://127.0.0.1:${port}/profile/alguem`);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(await page.text()).toContain('<title>Fã Clube</title>');

        const second = startServer({ PORT: String(port2), DATA_DIR: dataDir, WEB_DIST: web });
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain('já está em uso');

        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);
        expect(existsSync(path.join(dataDir, 'db', 'pglite.lock'))).toBe(false);
        expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toMatch(/^[0-9a-f]{64}/);
      } finally {
        if (first.child.exitCode === null) first.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(web, { recursive: true, force: true });
      }
    },
  );
});

describe('HTTP foundation', () => {
  let t: TestContext;
  let web: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    web = tmp();
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestContext({
      env: { LOG_LEVEL: 'info' },
      build: { webDist: web, logger: true, logStream: { write: (l) => void logLines.push(l) } },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('sends a request id, security headers and no CORS by default', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the SPA for unknown pages and JSON 404 for unknown API routes', async () => {
    const page = await t.inject({ method: 'GET', url: '/settings/plans?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const api = await t.inject({ method: 'GET', url: '/api/v1/nao-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Rota não encontrada.', code: 'NOT_FOUND' });
    const post = await t.inject({ method: 'POST', url: '/settings/plans' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('publishes an OpenAPI 3.1 document of the whole API and a reference page', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/api/v1/user',
      '/api/v1/token',
      '/api/v1/2fa',
      '/api/v1/workspaces/{id}',
      '/api/v1/contents/{ws}/feed',
      '/api/v1/subscribe/plan',
      '/api/v1/webhooks/pix/{provider}',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
    const docs = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('keeps passwords and tokens out of the log', async () => {
    const u = await createUser(t);
    await t.inject({ method: 'POST', url: `/api/v1/refresh-token?token=${u.refreshToken}` });
    await t.inject({ method: 'PATCH', url: '/api/v1/2fa?code=123456' });
    const log = logLines.join('\n');
    expect(log).toContain('/api/v1/refresh-token?token=%5BREDACTED%5D');
    expect(log).not.toContain(u.refreshToken);
    expect(log).not.toContain(u.password);
    expect(log).not.toContain(u.accessToken);
    expect(log).not.toContain('123456');
  });

  it('redacts secret query parameters from URLs', () => {
    expect(redactUrl('/a?token=abc&page=2&X-Amz-Signature=s&code=1')).toBe(
      '/a?token=%5BREDACTED%5D&page=2&X-Amz-Signature=%5BREDACTED%5D&code=%5BREDACTED%5D',
    );
    expect(redactUrl('/a')).toBe('/a');
  });
});
