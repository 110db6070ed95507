import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { pkcs12WithIterations } from '../../../test/support/hostile-certs';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { TEST_PIX } from '../../../test/support/subscriptions';

// What the owner sends to connect a PSP is read with bounded work, and changes of where the
// money goes are rate limited (issue 37). The live check itself: pix-connections.test.ts.

const certs = testCertificates();
let t: TestContext;
let port: number;
const psps: TestPsp[] = [];

beforeAll(async () => {
  port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: certs.files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await Promise.all(psps.map((p) => p.close()));
});

async function setUp(ctx: TestContext = t) {
  const made = await creatorWithPsp(ctx);
  psps.push(made.psp);
  return made;
}

describe('the client certificate is read with bounded work', () => {
  it('a PKCS#12 naming 2^31 iterations is refused while /health keeps answering within 100 ms', async () => {
    const { creator, psp } = await setUp();
    // the worker thread starts with the first bundle (a one-off: it loads its code)
    const ok = await connect(t, creator, psp, {
      certificate: certs.client.pkcs12Base64,
      private_key: undefined,
      passphrase: certs.client.passphrase,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const requestsBefore = psp.requests.length;
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    const hostile = pkcs12WithIterations({ macIterations: 2 ** 31, keyIterations: 2 ** 31 - 1 });
    // Read on the event loop, this bundle would hold it for half an hour, on every upload. It is
    // sent three times, /health polled over the socket (as a load balancer asks) until each is
    // answered, and the best of the three is judged: the event loop never waited 100 ms (what
    // /health needs of it). The round trip itself also waits for the process to be scheduled:
    // on a 2-core machine at load 15 it measured 60-190 ms, blocked or not; it must stay under 250.
    const runs: { loopMs: number; healthMs: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      let settled = false;
      const put = connect(t, creator, psp, {
        certificate: hostile,
        private_key: undefined,
        passphrase: 'senha',
      }).finally(() => (settled = true));
      const latencies: number[] = [];
      while (!settled || latencies.length < 3) {
        const started = performance.now();
        const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
      }
      loop.disable();
      runs.push({ loopMs: loop.max / 1e6, healthMs: Math.max(...latencies) });
      const res = await put;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PIX_CERTIFICATE_INVALID',
        errors: [{ field: 'certificate' }],
      });
      expect(res.json().message).toMatch(/2\.147\.483\.648 iterações/);
    }
    expect(Math.min(...runs.map((r) => r.loopMs)), JSON.stringify(runs)).toBeLessThan(100);
    expect(Math.min(...runs.map((r) => r.healthMs)), JSON.stringify(runs)).toBeLessThan(250);
    // nothing reached the PSP, and the connection made before is kept
    expect(psp.requests.length).toBe(requestsBefore);
    const kept = await t.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${creator.workspaceId}/pix/connection`,
      headers: bearer(creator.accessToken),
    });
    expect(kept.json()).toMatchObject({ status: 'connected', api_url: psp.url });
  });
});

describe('with a tight deadline and rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      env: {
        RATE_LIMIT_PIX_CHANGES: '3/600',
        PIX_CERTIFICATE_TIMEOUT_MS: '1000',
        PIX_CA_FILE: certs.files.ca,
      },
    });
  });
  afterAll(() => limited.close());

  it('a bundle still being read at PIX_CERTIFICATE_TIMEOUT_MS is refused; its worker stopped, the next one reads', async () => {
    // the worker thread starts with the first bundle (another owner's)
    const first = await setUp(limited);
    expect((await connect(limited, first.creator, first.psp)).statusCode).toBe(200);
    const { creator, psp } = await setUp(limited);
    // under the iteration cap, yet several seconds of key derivations for node-forge
    const slow = pkcs12WithIterations({
      macIterations: 1_000_000,
      keyIterations: 1_000_000,
      algorithm: 'aes256',
    });
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const res = await connect(limited, creator, psp, {
      certificate: slow,
      private_key: undefined,
      passphrase: 'senha',
    });
    loop.disable();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'PIX_CERTIFICATE_INVALID',
      errors: [{ field: 'certificate' }],
    });
    expect(res.json().message).toMatch(/não pôde ser lido em tempo razoável/);
    // seconds of derivations, none of them on the event loop (scheduling noise aside)
    expect(loop.max / 1e6).toBeLessThan(250);
    expect(psp.requests).toEqual([]);
    // PEM is read by the next worker
    expect((await connect(limited, creator, psp)).statusCode).toBe(200);
  });

  const putPix = (user: TestUser, body: Record<string, unknown>) =>
    limited.inject({
      method: 'PUT',
      url: `/api/v1/workspaces/${user.workspaceId}/pix`,
      headers: bearer(user.accessToken),
      payload: { ...TEST_PIX, ...body },
    });

  it('counts connecting, disconnecting and Pix key changes per user (RATE_LIMIT_PIX_CHANGES); name and city are free', async () => {
    // creatorWithPsp sets the first key: one change
    const { creator, psp } = await setUp(limited);
    expect((await connect(limited, creator, psp)).statusCode).toBe(200);
    const disconnect = () =>
      limited.inject({
        method: 'DELETE',
        url: `/api/v1/workspaces/${creator.workspaceId}/pix/connection`,
        headers: bearer(creator.accessToken),
      });
    expect((await disconnect()).statusCode).toBe(200);
    const current = (
      await limited.inject({
        method: 'GET',
        url: `/api/v1/workspaces/${creator.workspaceId}/pix`,
        headers: bearer(creator.accessToken),
      })
    ).json();
    // the same key with another city is not a change of where the money goes
    expect((await putPix(creator, { key: current.key, city: 'Recife' })).statusCode).toBe(200);
    for (const refused of [
      await connect(limited, creator, psp),
      await putPix(creator, { key: randomUUID() }),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.json().message).toMatch(/Muitas alterações na conta Pix/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // another owner is not affected
    const other = await setUp(limited);
    expect((await connect(limited, other.creator, other.psp)).statusCode).toBe(200);
  });
});

describe('PSP URLs reach public addresses only', () => {
  let strict: TestContext;
  let listener: Server;
  let listenerPort: number;
  let connections = 0;
  beforeAll(async () => {
    // the server's own default: PIX_PSP_ALLOW_PRIVATE_NETWORKS unset
    strict = await createTestContext({ env: { PIX_PSP_ALLOW_PRIVATE_NETWORKS: undefined } });
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    listenerPort = await new Promise<number>((resolve) =>
      listener.listen(0, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port)),
    );
  });
  afterAll(async () => {
    await strict.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  it('a PSP URL on 127.0.0.1, localhost or the metadata address is refused without a connection', async () => {
    expect(strict.config.pix.allowPrivateNetworks).toBe(false);
    const { creator, psp } = await setUp(strict);
    const cases: [Record<string, string>, string][] = [
      [{ api_url: `https://127.0.0.1:${listenerPort}/v2`, token_url: undefined! }, 'token_url'],
      [
        {
          api_url: `https://127.0.0.1:${listenerPort}/v2`,
          token_url: `https://localhost:${listenerPort}/oauth/token`,
        },
        'token_url',
      ],
      [{ api_url: `https://[::1]:${listenerPort}/v2`, token_url: undefined! }, 'token_url'],
      [
        {
          api_url: `https://[::ffff:127.0.0.1]:${listenerPort}/v2`,
          token_url: `https://[::ffff:127.0.0.1]:${listenerPort}/oauth/token`,
        },
        'token_url',
      ],
      [
        {
          api_url: 'https://169.254.169.254/latest',
          token_url: 'https://169.254.169.254/oauth/token',
        },
        'token_url',
      ],
    ];
    for (const [urls, field] of cases) {
      const res = await connect(strict, creator, psp, urls);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field }] });
      expect(res.json().message).toBe(
        'Informe o endereço público do PSP: endereços locais, internos ou privados não são aceitos.',
      );
    }
    expect(connections).toBe(0);
    // the stand-in PSP itself (on 127.0.0.1) is refused too: nothing reached it
    expect((await connect(strict, creator, psp)).statusCode).toBe(400);
    expect(psp.requests).toEqual([]);
  });

  it('takes plain https URLs only: no user, password, query or fragment', async () => {
    const { creator, psp } = await setUp(strict);
    for (const [field, url] of [
      ['api_url', 'https://psp.example/v2?x=/admin'],
      ['api_url', 'https://psp.example/v2#x'],
      ['api_url', 'https://user:senha@psp.example/v2'],
      ['token_url', 'https://psp.example/oauth/token?'],
    ] as const) {
      const res = await connect(strict, creator, psp, { [field]: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field }] });
      expect(res.json().errors[0].message).toMatch(
        /sem usuário, senha, parâmetros \(\?\) nem fragmento/,
      );
    }
    expect(psp.requests).toEqual([]);
  });
});

describe('one message per step, nothing of what the other side said', () => {
  it('a closed port, a service that does not speak TLS and an untrusted TLS server read alike', async () => {
    const { creator, psp } = await setUp();
    // a TLS service with a certificate nobody issued (an internal dashboard)
    const untrusted = createTlsServer({ cert: certs.stranger.cert, key: certs.stranger.key }, (s) =>
      s.end(),
    );
    const untrustedPort = await new Promise<number>((resolve) =>
      untrusted.listen(0, '127.0.0.1', () => resolve((untrusted.address() as AddressInfo).port)),
    );
    // a service answering in plain text (a database, an internal admin page)
    const plain = createServer((socket) => {
      socket.on('error', () => {});
      socket.end('HTTP/1.1 500 SEGREDO-INTERNO\r\n\r\n', () => socket.destroy());
    });
    const plainPort = await new Promise<number>((resolve) =>
      plain.listen(0, '127.0.0.1', () => resolve((plain.address() as AddressInfo).port)),
    );
    try {
      const closed = await freePort();
      const answers = [];
      for (const port of [closed, plainPort, untrustedPort]) {
        const res = await connect(t, creator, psp, {
          api_url: `https://127.0.0.1:${port}/v2`,
          token_url: `https://127.0.0.1:${port}/oauth/token`,
        });
        expect(res.statusCode).toBe(502);
        expect(res.body).not.toContain('SEGREDO');
        answers.push({ code: res.json().code, message: res.json().message });
      }
      expect(answers[0]).toEqual({
        code: 'PIX_PSP_UNREACHABLE',
        message: 'O PSP não respondeu ao pedir o token. Confira a URL e tente novamente.',
      });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    } finally {
      await new Promise((resolve) => plain.close(resolve));
      await new Promise((resolve) => untrusted.close(resolve));
    }
  });

  it('a refused webhook names the step, not the PSP’s own words', async () => {
    const { creator, psp } = await setUp();
    psp.settings.refuseWebhook = 'pix';
    const res = await connect(t, creator, psp);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'PIX_PSP_WEBHOOK_REFUSED',
      message: 'O PSP recusou o cadastro do webhook de Pix (PUT /webhook).',
    });
  });
});
