import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer, waitHealthy } from './support/server';

// Found by the fault suite (`npm run faults -- sigterm-pglite`, issue 13): on
// SIGTERM under load, requests the clients had already sent were reset (not
// yet parsed by a busy event loop when the server closed), and kept-alive
// connections held the close past the 10 s deadline (exit 1).

const signUp = (port: number, i: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: 'Fã do Encerramento',
      email: `encerra${i}_${Date.now()}@example.com`,
      username: `encerra${i}_${Date.now().toString(36)}`,
      password: 'senha-segura-123',
    }),
  }).then(
    async (res) => ({ status: res.status, code: ((await res.json()) as { code?: string }).code }),
    (err: Error & { cause?: { code?: string } }) => ({ error: err.cause?.code ?? err.message }),
  );

describe('SIGTERM while requests are in flight', () => {
  it(
    'answers every request already sent, refuses later ones with 503 or a closed port, and exits 0',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fa-clube-stop-'));
      const port = await freePort();
      const server = startServer({
        PORT: String(port),
        DATA_DIR: dataDir,
        MAX_EVENT_LOOP_DELAY_MS: '0',
        RATE_LIMIT_SIGNUP_IP: '1000/60',
      });
      try {
        await waitHealthy(port, server.child);
        // sign-ups are slow (argon2): most are still in flight at the signal
        const sent = Array.from({ length: 30 }, (_, i) => signUp(port, i));
        await new Promise((r) => setTimeout(r, 300));
        const signalAt = Date.now();
        server.child.kill('SIGTERM');
        // the signal is handled on the server's next turn: a request right after it may still pass
        await new Promise((r) => setTimeout(r, 1000));
        const later = await signUp(port, 99);
        const code = await server.exited;
        const answers = await Promise.all(sent);
        expect(Date.now() - signalAt).toBeLessThan(10_000);
        expect(code).toBe(0);
        // each one sent before the signal got an answer: created, or refused cleanly
        for (const a of answers) {
          expect(a).not.toHaveProperty('error');
          if ('status' in a && a.status !== 201)
            expect(a).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
        }
        expect(answers.filter((a) => 'status' in a && a.status === 201).length).toBeGreaterThan(0);
        expect(later, `a request 1 s after SIGTERM: ${JSON.stringify(later)}`).toSatisfy(
          (l: typeof later) =>
            ('status' in l && l.status === 503) || ('error' in l && l.error === 'ECONNREFUSED'),
        );
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
