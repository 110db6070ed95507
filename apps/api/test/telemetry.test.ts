// OTEL_EXPORTER_OTLP_ENDPOINT: a real server process sends its traces to a stand-in OTLP/HTTP
// collector on 127.0.0.1 — a request's span named after its route, the PostgreSQL queries inside
// it (with TEST_DATABASE_URL), the periodic tasks — and never a secret in them.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './support/database';
import { newUserData } from './support/fixtures';
import { freePort, startServer, waitHealthy } from './support/server';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

const pgAdmin = process.env.TEST_DATABASE_URL;

describe('traces (OpenTelemetry)', { timeout: 120_000 }, () => {
  const bodies: string[] = [];
  let collector: Server;
  let collectorUrl: string;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (req.url === '/v1/traces') bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    collectorUrl = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-otel-'));
    if (pgAdmin) database = await createPostgresDatabase(pgAdmin);
  });

  afterAll(async () => {
    collector?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const spans = (): OtlpSpan[] =>
    bodies.flatMap((b) =>
      (
        JSON.parse(b) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        }
      ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
  const attr = (s: OtlpSpan, key: string) => s.attributes.find((a) => a.key === key)?.value;

  it('sends each request, its queries and the periodic tasks, named by route, without secrets', async () => {
    const port = await freePort();
    const server = startServer({
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      MAX_EVENT_LOOP_DELAY_MS: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_SERVICE_NAME: 'fa-clube-teste',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await waitHealthy(port, server.child);
    const user = newUserData();
    const created = await fetch(`http://127.0.0.1:${port}/api/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // the graceful stop sends what is still buffered
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const all = spans();
    const signUp = all.find((s) => s.name === 'POST /user' || s.name === 'POST /api/v1/user');
    expect(signUp, all.map((s) => s.name).join(', ')).toBeDefined();
    expect(signUp!.kind).toBe(2); // SERVER
    expect(attr(signUp!, 'http.route')?.stringValue).toMatch(/\/user$/);
    expect(all.some((s) => s.name.startsWith('rotina '))).toBe(true);
    // the probes are not traced
    expect(all.filter((s) => /readyz|healthz/.test(JSON.stringify(s)))).toEqual([]);
    if (database) {
      const queries = all.filter(
        (s) =>
          s.traceId === signUp!.traceId && attr(s, 'db.system.name')?.stringValue === 'postgresql',
      );
      expect(queries.map((q) => q.name)).toContainEqual(expect.stringMatching(/^pg\.query:INSERT/));
    }
    const text = bodies.join('\n');
    expect(text).toContain('fa-clube-teste');
    expect(text).not.toContain(user.password);
  });
});
