import { IMPORT_COLUMNS_MAX, IMPORT_FILE_MAX_BYTES } from '@fa-clube/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { financeCall } from '../../../test/support/finance';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';

// Hostile bank files, at the full size the API accepts (2 MiB): each is read in
// a worker thread, linearly, within IMPORT_PARSE_TIMEOUT_MS, and answered with a
// clear 4xx (or the right rows) while the server keeps answering /health at once.

let t: TestContext;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const MIB2 = IMPORT_FILE_MAX_BYTES;
/** `head` then `piece` repeated up to 2 MiB. */
const fill = (head: string, piece: string) =>
  head + piece.repeat(Math.floor((MIB2 - head.length) / piece.length));

/**
 * POST .../format with the file's base64, the JSON body made before the call: the
 * test's own encoding of 2 MiB is not the server's work (a real client does it elsewhere).
 */
function format(who: TestUser, text: string) {
  const body = JSON.stringify({
    data: Buffer.from(text).toString('base64'),
    data_encoding: 'base64',
  });
  return () =>
    t.inject({
      method: 'POST',
      url: `/api/v1/transactions/${who.workspaceId}/format`,
      headers: { ...bearer(who.accessToken), 'content-type': 'application/json' },
      payload: body,
    });
}

/**
 * Runs `request` while asking GET /health every 20 ms; answers the request's
 * response and the slowest /health answer, in ms. A shared CI machine can
 * delay one probe by itself (a neighbour's burst), so a run with a slow probe
 * is repeated, at most three runs: a file read on the event loop blocks every
 * run's probes for the whole reading, and fails all three.
 */
async function withHealthProbe(request: () => Promise<LightMyRequestResponse>) {
  let best = { res: undefined as unknown as LightMyRequestResponse, slowest: Infinity, probes: 0 };
  for (let run = 0; run < 3 && best.slowest >= 100; run++) {
    let done = false;
    let slowest = 0;
    let probes = 0;
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        const health = await t.inject({ method: 'GET', url: '/api/v1/health' });
        expect(health.statusCode).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        probes++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await request().finally(() => (done = true));
    await probe;
    if (slowest < best.slowest) best = { res, slowest, probes };
  }
  return best;
}

describe('POST /transactions/{ws}/format with hostile files', () => {
  it('warms the worker up with a real file', async () => {
    const res = await format(owner, 'data;valor;historico\n01/02/2025;-12,50;Padaria Real\n')();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transactions).toHaveLength(1);
  });

  it.each([
    // the tag expression that backtracked: "<A" and letters, never a ">"
    [
      'OFX: "<A" followed by 2 MiB of letters',
      fill('OFXHEADER:100\n<OFX><A', 'B'),
      'IMPORT_FILE_INVALID',
    ],
    ['OFX: "<A" repeated to 2 MiB', fill('OFXHEADER:100\n<OFX>', '<A'), 'IMPORT_FILE_INVALID'],
    ['OFX: "<" repeated to 2 MiB', fill('OFXHEADER:100\n<OFX>', '<'), 'IMPORT_FILE_INVALID'],
    ['OFX: "<A>" repeated to 2 MiB', fill('OFXHEADER:100\n<OFX>', '<A>'), 'IMPORT_FILE_INVALID'],
    [
      'OFX: unclosed comments to 2 MiB',
      fill('OFXHEADER:100\n<OFX>', '<!--'),
      'IMPORT_FILE_INVALID',
    ],
    // the column resolution that copied an array per column
    [
      'CSV: 40,000 repeated headers',
      `${Array.from({ length: 40_000 }, () => 'Data').join(';')};Valor\n01/02/2025;1,00\n`,
      'IMPORT_LINE_TOO_LONG',
    ],
    [
      `CSV: a header of ${IMPORT_COLUMNS_MAX + 50} columns`,
      `${Array.from({ length: IMPORT_COLUMNS_MAX + 50 }, (_, i) => (i ? `c${i}` : 'Data')).join(';')};Valor\n`,
      'IMPORT_TOO_MANY_COLUMNS',
    ],
    [
      'CSV: one line of 2 MiB',
      fill('Data;Valor;Historico\n01/02/2025;1,00;', 'x'),
      'IMPORT_LINE_TOO_LONG',
    ],
    ['CSV: 2 MiB of separators', fill('', ';'), 'IMPORT_LINE_TOO_LONG'],
    ['CSV: 2 MiB of quotes', fill('Data;Valor\n', '"'), 'IMPORT_LINE_TOO_LONG'],
  ])(
    '%s: a clear 400, and /health answers within 100 ms meanwhile',
    { timeout: 120_000 },
    async (_, text, code) => {
      const { res, slowest, probes } = await withHealthProbe(format(owner, text));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toMatch(/[a-zà-ú]/);
      expect(probes).toBeGreaterThan(0);
      expect(slowest).toBeLessThan(100);
    },
  );

  it(
    'reads a full-size real file (5,000 rows, 2 MiB) while /health keeps answering',
    { timeout: 120_000 },
    async () => {
      const row = (i: number) =>
        `${String((i % 28) + 1).padStart(2, '0')}/01/2025;-${(i % 900) + 1},${String(i % 100).padStart(2, '0')};Compra ${i} ${'x'.repeat(300)}\n`;
      const text = `Data;Valor;Historico\n${Array.from({ length: 5000 }, (_, i) => row(i)).join('')}`;
      expect(text.length).toBeGreaterThan(1.5 * 1024 * 1024);
      expect(text.length).toBeLessThan(MIB2);
      const { res, slowest } = await withHealthProbe(format(owner, text));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json().transactions).toHaveLength(5000);
      expect(res.json().transactions[4999].label).toMatch(/^Compra 4999 /);
      expect(slowest).toBeLessThan(100);
    },
  );
});

describe('the reading deadline and the rate limit', () => {
  it(
    'stops a file still being read after IMPORT_PARSE_TIMEOUT_MS: 400, and the next file is read',
    { timeout: 120_000 },
    async () => {
      const slow = await createTestContext({ env: { IMPORT_PARSE_TIMEOUT_MS: '100' } });
      try {
        const user = await createUser(slow);
        const call = (text: string) =>
          financeCall(slow, user)('POST', `/transactions/${user.workspaceId}/format`, {
            data: text,
            data_encoding: 'text',
          });
        const tiny = () => call('Data;Valor;Historico\n01/02/2025;1,00;Pix\n');
        /** A tiny file is read once the worker is warm (its first reading compiles the parser). */
        const readsTiny = async () => {
          for (let i = 0; i < 5; i++) if ((await tiny()).statusCode === 200) return true;
          return false;
        };
        expect(await readsTiny()).toBe(true);
        // 80,000 short lines: hundreds of ms of parsing at least, far past 100 ms
        const res = await call(fill('Data;Valor;Historico\n', '01/02/2025;1,00;Pix recebido\n'));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'IMPORT_FILE_TOO_COMPLEX' });
        expect(res.json().message).toMatch(/Não conseguimos ler este arquivo a tempo/);
        // its worker was terminated; a new one reads the next file
        expect(await readsTiny()).toBe(true);
      } finally {
        await slow.close();
      }
    },
  );

  it('limits the import calls per user (RATE_LIMIT_IMPORT), mapping, format and categorize together', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_IMPORT: '3/600' } });
    try {
      const [user, other] = [await createUser(limited), await createUser(limited)];
      const as = (who: TestUser) => financeCall(limited, who);
      const ws = user.workspaceId;
      const csv = { data: 'Data;Valor;Historico\n01/02/2025;1,00;Pix\n', data_encoding: 'text' };
      expect(
        (await as(user)('POST', `/transactions/${ws}/mapping`, { from_columns: ['Data'] }))
          .statusCode,
      ).toBe(200);
      expect((await as(user)('POST', `/transactions/${ws}/format`, csv)).statusCode).toBe(200);
      const row = { account_id: null, date: '2025-02-01', amount: -10, label: 'Padaria' };
      expect(
        (await as(user)('POST', `/transactions/${ws}/categorize`, { transactions: [row] }))
          .statusCode,
      ).toBe(200);
      const refused = await as(user)('POST', `/transactions/${ws}/format`, csv);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // another user is not affected
      expect(
        (await as(other)('POST', `/transactions/${other.workspaceId}/format`, csv)).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
