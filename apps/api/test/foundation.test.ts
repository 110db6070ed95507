import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { redactUrl } from '../src/lib/log';
import { createMailer, renderEmail } from '../src/lib/mailer';
import { resolveMasterSecret } from '../src/lib/secrets';
import { createTestContext } from './support/context';
import type { TestContext } from './support/context';
import { createUser } from './support/fixtures';
import { freePort, startServer, waitHealthy } from './support/server';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'fa-clube-foundation-'));

describe('configuration', () => {
  it('has working defaults for a first start', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ env: 'development', port: 3000, appUrl: 'http://localhost:3000' });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.storage.driver).toBe('local');
    expect(c.corsOrigins).toEqual([]);
    // PIX_PROVIDER is gone; its old default still reads as no setting at all
    expect(parseConfig({ PIX_PROVIDER: 'manual' }).pix).toEqual(c.pix);
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'curto' }, 'JWT_SECRET'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ GOOGLE_CLIENT_ID: 'x' }, 'GOOGLE_CLIENT_SECRET'],
    [{ PIX_PROVIDER: 'apipix' }, 'PIX_PROVIDER=apipix não existe mais'],
    [{ APP_URL: 'não é url' }, 'APP_URL'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, 'SMTP_URL'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });

  it('starts in production without e-mail only when MAIL_DISABLED=true says so', () => {
    const c = parseConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      MAIL_DISABLED: 'true',
    });
    expect(c.mail.smtpUrl).toBeUndefined();
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

/**
 * The embedded database (PGlite) alone: the same with or without TEST_DATABASE_URL, so the run on
 * PostgreSQL lists them as skipped instead of repeating them (they run in the PGlite run).
 */
const pgliteOnly = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));

pgliteOnly('embedded database lock', () => {
  const holder = fileURLToPath(new URL('./support/lock-holder.ts', import.meta.url));
  /**
   * A process that takes the lock and keeps it: here, or (`namespace`) in a network namespace
   * of its own (another container's view of a shared volume: the abstract socket is not
   * shared), or also with a host name of its own (another machine).
   */
  const hold = (dir: string, namespace: 'none' | 'net' | 'host' = 'none') => {
    const node = [process.execPath, '--import', 'tsx', holder, dir];
    const [command, ...args] =
      namespace === 'none'
        ? node
        : namespace === 'net'
          ? ['unshare', '--net', '--map-root-user', ...node]
          : [
              'unshare',
              '--net',
              '--uts',
              '--map-root-user',
              'sh',
              '-c',
              'hostname outra-maquina && exec "$@"',
              'sh',
              ...node,
            ];
    const child = spawn(command!, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const said = new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      child.once('exit', () => resolve(out.trim()));
    });
    return { child, said };
  };

  it(
    'refuses a directory held by a live process, is free at once after kill -9, and is released on close',
    { timeout: 60_000 },
    async () => {
      const dir = tmp();
      const lock = path.join(dir, 'pglite.lock');
      const first = hold(dir);
      try {
        expect(await first.said).toBe('locked');
        await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
          `já está em uso pelo processo ${first.child.pid}`,
        );
        first.child.kill('SIGKILL');
        await new Promise((r) => first.child.once('exit', r));
        // the pid file of the killed owner is still there; the lock is not
        expect(existsSync(lock)).toBe(true);
        const db = await openDatabase({ dataDir: dir });
        expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({
          pid: process.pid,
          host: hostname(),
        });
        await db.close();
        expect(existsSync(lock)).toBe(false);
      } finally {
        first.child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'refuses a holder in another network namespace (a container sharing the volume): the lock file, not the socket',
    { timeout: 60_000 },
    async () => {
      const dir = tmp();
      const other = hold(dir, 'net');
      try {
        expect(await other.said).toBe('locked');
        const held = JSON.parse(readFileSync(path.join(dir, 'pglite.lock'), 'utf8'));
        expect(held).toMatchObject({ host: hostname() });
        // unshare execs node in place: the holder's pid is the child's (one pid namespace)
        expect(held.pid).toBe(other.child.pid);
        await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
          `já está em uso pelo processo ${held.pid}`,
        );
        // once it is gone (kill -9: its file stays, its pid is dead) the directory is free
        other.child.kill('SIGKILL');
        await new Promise((r) => other.child.once('exit', r));
        const db = await openDatabase({ dataDir: dir });
        await db.close();
      } finally {
        other.child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'refuses a holder on another host, even after it died (it cannot be checked from here), and says what to do',
    { timeout: 60_000 },
    async () => {
      const dir = tmp();
      const lock = path.join(dir, 'pglite.lock');
      const remote = hold(dir, 'host');
      try {
        expect(await remote.said).toBe('locked');
        expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ host: 'outra-maquina' });
        const refused = openDatabase({ dataDir: dir });
        await expect(refused).rejects.toThrow(/já está em uso pelo processo \d+ em outra-maquina/);
        await expect(refused).rejects.toThrow(`se ele já parou, apague ${lock}`);
        remote.child.kill('SIGKILL');
        await new Promise((r) => remote.child.once('exit', r));
        await expect(openDatabase({ dataDir: dir })).rejects.toThrow('em outra-maquina');
        // the operator removes the file of the stopped server
        rmSync(lock);
        const db = await openDatabase({ dataDir: dir });
        await db.close();
      } finally {
        remote.child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('takes over a file left by a dead process, by this process before, or by another boot of this host', async () => {
    const dir = tmp();
    const lock = path.join(dir, 'pglite.lock');
    try {
      const dead = spawn(process.execPath, ['-e', '0']);
      await new Promise((r) => dead.once('exit', r));
      const left = [
        String(dead.pid), // the format before the host was written
        JSON.stringify({ pid: dead.pid, host: hostname(), boot: null }),
        JSON.stringify({ pid: process.pid, host: hostname(), boot: null }),
        // pid 1 is alive, but of this boot, not of the one that wrote the file
        JSON.stringify({ pid: 1, host: hostname(), boot: 'outro-boot' }),
        'lixo',
      ];
      for (const content of left) {
        writeFileSync(lock, content);
        const db = await openDatabase({ dataDir: dir });
        expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
        await db.close();
        expect(existsSync(lock)).toBe(false);
      }
      // a live process of this host and boot: refused
      writeFileSync(lock, JSON.stringify({ pid: 1, host: hostname(), boot: null }));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        'já está em uso pelo processo 1',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'gives the directory to exactly one of several processes starting at once',
    { timeout: 60_000 },
    async () => {
      const dir = tmp();
      const racers = Array.from({ length: 6 }, () => hold(dir));
      try {
        const said = await Promise.all(racers.map((r) => r.said));
        expect(said.filter((s) => s === 'locked')).toHaveLength(1);
        expect(said.filter((s) => s === 'refused')).toHaveLength(5);
      } finally {
        for (const r of racers) r.child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

pgliteOnly('the server process (on PGlite)', () => {
  it(
    'starts on PGlite with nothing configured, refuses a second server on the same data, and closes cleanly on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const dataDir = tmp();
      const web = tmp();
      mkdirSync(path.join(web, 'assets'));
      writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Fã Clube</title>');
      const [port, port2] = [await freePort(), await freePort()];
      // no shedding on event-loop lag: the embedded database's start blocks the loop for seconds
      // on a busy machine, and the page asked right after would get 503 (plugins/load.ts)
      const first = startServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: web,
        MAX_EVENT_LOOP_DELAY_MS: '0',
      });
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

const ASSET = `export const app = ${JSON.stringify('Fã Clube '.repeat(400))};\n`;

describe('HTTP foundation', () => {
  let t: TestContext;
  let web: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    web = tmp();
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    // an asset as the build writes it: itself, and its brotli and gzip copies
    mkdirSync(path.join(web, 'assets'));
    const asset = path.join(web, 'assets', 'app-abc123.js');
    writeFileSync(asset, ASSET);
    writeFileSync(`${asset}.br`, brotliCompressSync(ASSET));
    writeFileSync(`${asset}.gz`, gzipSync(ASSET));
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
    // the page and the 404 carry the security headers too
    for (const res of [page, api]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const post = await t.inject({ method: 'POST', url: '/settings/plans' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('sends the precompressed copy of an asset to a client that accepts it, the plain file otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await t.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
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
      '/api/v1/webhooks/pix/c/{connection}/{secret}/{kind}',
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
    // a PSP connection's webhook secret is a path segment (decision 064)
    const webhook = '/api/v1/webhooks/pix/c/00000000-0000-4000-8000-000000000000';
    await t.inject({
      method: 'POST',
      url: `${webhook}/segredo-do-webhook-abc/pix`,
      payload: { pix: [] },
    });
    const log = logLines.join('\n');
    expect(log).toContain(`${webhook}/[REDACTED]/pix`);
    expect(log).not.toContain('segredo-do-webhook-abc');
    expect(log).toContain('/api/v1/refresh-token?token=%5BREDACTED%5D');
    expect(log).not.toContain(u.refreshToken);
    expect(log).not.toContain(u.password);
    expect(log).not.toContain(u.accessToken);
    expect(log).not.toContain('123456');
  });

  it('without SMTP logs only the kind and recipient of an e-mail, never its link', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const mailer = createMailer({ from: 'x@y.z', logger: logger as never });
    await mailer.send(
      renderEmail({
        kind: 'password-reset',
        to: 'ana@exemplo.com',
        subject: 'Redefinir senha',
        title: 'Redefinir senha',
        paragraphs: ['Use o link abaixo.'],
        action: { label: 'Redefinir', url: 'http://app.test/reset-password?token=segredo123' },
      }),
    );
    const log = lines.join('');
    expect(log).toContain('password-reset');
    expect(log).toContain('ana@exemplo.com');
    expect(log).not.toContain('segredo123');
    expect(log).not.toContain('Use o link');
  });

  it('redacts secret query parameters from URLs', () => {
    expect(redactUrl('/a?token=abc&page=2&X-Amz-Signature=s&code=1')).toBe(
      '/a?token=%5BREDACTED%5D&page=2&X-Amz-Signature=%5BREDACTED%5D&code=%5BREDACTED%5D',
    );
    expect(redactUrl('/a')).toBe('/a');
  });
});
