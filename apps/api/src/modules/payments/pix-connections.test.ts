import { X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  financeTransactions,
  pixConnections,
  pixNotifications,
  pixRecurrences,
  pixRefunds,
} from '../../db/schema';
import { decodeBrCode } from '../../lib/pix';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import {
  PSP_CLIENT,
  connect,
  connectionBody,
  creatorWithPsp,
} from '../../../test/support/psp-connection';
import { readCharge, readSubscription } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { setAppInstalled, setAppSettings } from '../../../test/support/apps';
import { reconcilePixConnections } from './psp-webhooks.service';
import { applyRefundUpdate } from './payment-reviews.service';
import {
  RECONCILE_BREAKER_THRESHOLD,
  RECONCILE_PAUSE_MS,
  reconcileOne,
  reconcileQueue,
  runPaymentJobs,
  sendReconciliations,
} from './reconcile.jobs';
import { createJobQueue } from '../../lib/queue';

// A creator's own PSP over mutual TLS: connecting (each failing step), charges at the PSP,
// its webhooks (idempotent), a lost webhook reconciled, refunds, and who may call what.
// Every request the server sends is checked against Banco Central's document by the
// stand-in PSP; afterEach asserts none broke it and every one carried the client certificate.

let t: TestContext;
const psps: TestPsp[] = [];
const certs = testCertificates();
const clientLeaf = new X509Certificate(certs.client.cert).fingerprint256;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: certs.files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterEach(() => {
  for (const psp of psps) {
    expect(psp.violations).toEqual([]);
    // the handshake would have failed without one; and it is the connection's own
    for (const r of psp.requests) expect(r.certificate).toBe(clientLeaf);
  }
});
afterAll(async () => {
  await t.close();
  await Promise.all(psps.map((p) => p.close()));
});

async function setUp(opts: Parameters<typeof creatorWithPsp>[1] = {}) {
  const made = await creatorWithPsp(t, opts);
  psps.push(made.psp);
  return made;
}
const getConnection = (user: TestUser, workspaceId: string) =>
  t.inject({
    method: 'GET',
    url: `/api/v1/workspaces/${workspaceId}/pix/connection`,
    headers: bearer(user.accessToken),
  });
const subscribe = async (creator: TestUser, fan: TestUser) => {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly`,
    headers: bearer(fan.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    value: number;
    payment_specs: string;
    charge: { id: string; txid: string };
  };
};
const ledger = (workspaceId: string) =>
  t.ctx.db
    .select()
    .from(financeTransactions)
    .where(eq(financeTransactions.workspaceId, workspaceId));

describe('connecting a PSP', () => {
  it('saves nothing and names the step when it fails', async () => {
    const { creator, psp } = await setUp();
    const other = await setUp(); // its PSP holds another key
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ certificate: 'não é um certificado' }, 400, 'PIX_CERTIFICATE_INVALID', /PEM|PKCS#12/],
      [{ private_key: certs.client2.key }, 400, 'PIX_CERTIFICATE_INVALID', /não corresponde/],
      [
        { certificate: certs.client.pkcs12Base64, private_key: undefined, passphrase: 'errada' },
        400,
        'PIX_CERTIFICATE_INVALID',
        /Senha/,
      ],
      [
        { certificate: certs.stranger.cert, private_key: certs.stranger.key },
        502,
        'PIX_PSP_CERTIFICATE_REFUSED',
        /^Certificado recusado pelo PSP/,
      ],
      [
        { client_secret: 'outro-segredo' },
        502,
        'PIX_PSP_CREDENTIALS_REFUSED',
        /^Credenciais recusadas/,
      ],
      [
        { api_url: 'https://127.0.0.1:1/v2', token_url: 'https://127.0.0.1:1/oauth/token' },
        502,
        'PIX_PSP_UNREACHABLE',
        /não respondeu/,
      ],
      [{ api_url: 'http://127.0.0.1/v2' }, 400, 'VALIDATION_ERROR', /https/],
    ];
    for (const [overrides, status, code, message] of cases) {
      const res = await connect(t, creator, psp, overrides);
      expect(res.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(res.json().message).toMatch(message);
    }
    // the key is not this PSP account's
    const notMine = await connect(t, creator, other.psp);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().code).toBe('PIX_PSP_KEY_NOT_OWNED');
    expect(notMine.json().message).toMatch(/^Esta chave Pix não pertence a esta conta/);
    // the PSP refuses one webhook registration: the one before it is taken back
    for (const kind of ['pix', 'rec', 'cobr'] as const) {
      psp.settings.refuseWebhook = kind;
      const res = await connect(t, creator, psp);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('PIX_PSP_WEBHOOK_REFUSED');
      expect(res.json().message).toContain(
        kind === 'pix' ? 'PUT /webhook)' : `PUT /webhook${kind})`,
      );
    }
    psp.settings.refuseWebhook = null;
    expect(psp.webhooks.pix.size).toBe(0);
    expect((await getConnection(creator, creator.workspaceId)).statusCode).toBe(404);
    const rows = await t.ctx.db
      .select()
      .from(pixConnections)
      .where(eq(pixConnections.workspaceId, creator.workspaceId));
    expect(rows).toEqual([]);
  });

  it('connects with a PKCS#12 bundle, registers the three webhooks and keeps the secrets encrypted', async () => {
    const { creator, psp, key } = await setUp();
    const res = await connect(t, creator, psp, {
      certificate: certs.client.pkcs12Base64,
      private_key: undefined,
      passphrase: certs.client.passphrase,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const [row] = await t.ctx.db
      .select()
      .from(pixConnections)
      .where(eq(pixConnections.workspaceId, creator.workspaceId));
    expect(body).toEqual({
      status: 'connected',
      api_url: psp.url,
      token_url: psp.tokenUrl,
      client_id: PSP_CLIENT.clientId,
      webhook_url: expect.stringMatching(
        new RegExp(`^${t.config.appUrl}/api/v1/webhooks/pix/c/${row!.id}/[A-Za-z0-9_-]{43}$`),
      ),
      pix_key: key,
      receiving_account: { branch: '0001', number: '123456-7', type: 'CORRENTE' },
      recurrences_enabled: true,
      automatic_available: true,
      // a healthy PSP: no failed reconciliation to show (decision 089)
      reconciliation: null,
      connected_at: expect.any(String),
      certificate_expires_at: new Date(
        new X509Certificate(certs.client.cert).validTo,
      ).toISOString(),
    });
    expect(psp.webhooks.pix.get(key)).toBe(body.webhook_url);
    expect(psp.webhooks.rec).toBe(body.webhook_url);
    expect(psp.webhooks.cobr).toBe(body.webhook_url);
    const stored = JSON.stringify(row);
    expect(row!.secrets).toMatch(/^v1\./);
    const webhookSecret = (body.webhook_url as string).split('/').at(-1)!;
    for (const secret of [
      PSP_CLIENT.clientSecret,
      'PRIVATE KEY',
      certs.client.passphrase,
      webhookSecret,
    ])
      expect(stored).not.toContain(secret);
    expect(res.body).not.toContain(PSP_CLIENT.clientSecret);
  });

  it('without Pix Automático at the PSP: connected, recurrence webhooks not asked, option off', async () => {
    const { creator, psp } = await setUp({ recurrences: false });
    const res = await connect(t, creator, psp, { receiving_account: undefined });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recurrences_enabled: false, automatic_available: false });
    expect(psp.requests.some((r) => r.path.startsWith('/v2/webhookrec'))).toBe(false);
    const fan = await createUser(t);
    const auto = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly&automatic=true`,
      headers: bearer(fan.accessToken),
      payload: { cpf: '529.982.247-25', name: 'Fã da Silva' },
    });
    expect(auto.statusCode).toBe(409);
    expect(auto.json().code).toBe('AUTOMATIC_RENEWAL_UNAVAILABLE');
  });

  it('lets the owner write, members read, and refuses everyone else', async () => {
    const { creator, psp } = await setUp();
    const member = await createUser(t);
    const stranger = await createUser(t);
    await addTeamMember(t, creator, member);
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const charge = await subscribe(creator, fan);
    await psp.pay(charge.charge.txid); // the fan is now a subscriber
    const url = `/api/v1/workspaces/${creator.workspaceId}/pix/connection`;
    const notifications = `/api/v1/workspaces/${creator.workspaceId}/pix/notifications`;
    const refund = `/api/v1/charges/${creator.workspaceId}/${newEndToEndId()}/refund`;
    const as = (u: TestUser | null) => (u ? bearer(u.accessToken) : {});
    const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, u: TestUser | null) =>
      t.inject({
        method,
        url: path,
        headers: as(u),
        payload: method === 'PUT' ? connectionBody(psp) : undefined,
      });

    const member200 = await call('GET', url, member);
    expect(member200.statusCode).toBe(200);
    expect(member200.body).not.toMatch(/secret|PRIVATE|BEGIN/);
    // the webhook URL is a credential: the owner's answer only
    const ownerView = (await call('GET', url, creator)).json();
    expect(ownerView.webhook_url).toBe(psp.webhooks.pix.values().next().value);
    expect(member200.json().webhook_url).toBeNull();
    expect(member200.body).not.toContain(ownerView.webhook_url.split('/').at(-1));
    expect((await call('GET', notifications, member)).statusCode).toBe(200);
    for (const [method, path] of [
      ['PUT', url],
      ['DELETE', url],
      ['POST', refund],
    ] as const)
      expect((await call(method, path, member)).json().code).toBe('OWNER_REQUIRED');
    const every = [
      ['GET', url],
      ['PUT', url],
      ['DELETE', url],
      ['GET', notifications],
      ['POST', refund],
    ] as const;
    for (const u of [stranger, fan])
      for (const [method, path] of every)
        expect((await call(method, path, u)).statusCode, `${method} ${path}`).toBe(404);
    for (const [method, path] of every)
      expect((await call(method, path, null)).statusCode).toBe(401);
    // a webhook for a connection that does not exist changes nothing
    const unknown = await t.inject({
      method: 'POST',
      url: `/api/v1/webhooks/pix/c/00000000-0000-4000-8000-000000000000/segredo/pix`,
      payload: { pix: [] },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('disconnects: webhooks removed at the PSP, charges back to the manual flow, history kept', async () => {
    const { creator, psp, key } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    await subscribe(creator, fan);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/v1/workspaces/${creator.workspaceId}/pix/connection`,
      headers: bearer(creator.accessToken),
    });
    expect(del.statusCode).toBe(200);
    expect(psp.webhooks.pix.has(key)).toBe(false);
    expect(psp.webhooks.rec).toBeNull();
    expect((await getConnection(creator, creator.workspaceId)).statusCode).toBe(404);
    const [row] = await t.ctx.db
      .select()
      .from(pixConnections)
      .where(eq(pixConnections.workspaceId, creator.workspaceId));
    expect(row).toMatchObject({ status: 'disconnected', disconnectedAt: expect.any(Date) });
    const other = await createUser(t);
    const manual = await subscribe(creator, other);
    expect(decodeBrCode(manual.payment_specs)).toMatchObject({
      type: 'static',
      merchantAccount: { key },
    });
  });
});

describe('the webhook secret', () => {
  const post = (url: string, body: unknown = { pix: [] }) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('is random, not the row id, new on every change and registered again; the old URL, the bare id and a disconnected connection answer 404', async () => {
    const { creator, psp, key } = await setUp();
    const first = await connect(t, creator, psp);
    expect(first.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(pixConnections)
      .where(eq(pixConnections.workspaceId, creator.workspaceId));
    const oldUrl = first.json().webhook_url as string;
    const base = `${t.config.appUrl}/api/v1/webhooks/pix/c/${row!.id}`;
    expect(oldUrl.startsWith(`${base}/`)).toBe(true);
    expect(oldUrl.slice(base.length + 1)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.webhookSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(oldUrl.slice(base.length + 1));
    expect((await post(`${oldUrl}/pix`)).status).toBe(200);
    // the connection's id alone (what members and the request log could read) opens nothing
    expect((await post(`${base}/pix`)).status).toBe(404);
    expect((await post(`${base}/${'x'.repeat(43)}/pix`)).status).toBe(404);

    // a change of the connection: a new secret, registered at the PSP for all three
    const again = await connect(t, creator, psp);
    expect(again.statusCode).toBe(200);
    const newUrl = again.json().webhook_url as string;
    expect(newUrl).not.toBe(oldUrl);
    expect(newUrl.startsWith(`${base}/`)).toBe(true);
    expect([psp.webhooks.pix.get(key), psp.webhooks.rec, psp.webhooks.cobr]).toEqual([
      newUrl,
      newUrl,
      newUrl,
    ]);
    const fan = await createUser(t);
    const { charge } = await subscribe(creator, fan);
    await psp.pay(charge.txid, { deliver: false });
    const item = psp.cobs.get(charge.txid)!.pix[0]!;
    for (const kind of ['pix', 'rec', 'cobr'])
      expect((await post(`${oldUrl}/${kind}`, { pix: [item] })).status).toBe(404);
    expect((await readCharge(t, charge.id)).status).toBe('pending');
    expect((await post(`${newUrl}/pix`, { pix: [item] })).status).toBe(200);
    expect((await readCharge(t, charge.id)).status).toBe('paid');

    // disconnected: the URL answers 404
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/v1/workspaces/${creator.workspaceId}/pix/connection`,
      headers: bearer(creator.accessToken),
    });
    expect(del.statusCode).toBe(200);
    expect((await post(`${newUrl}/pix`)).status).toBe(404);
  });

  it('a connection made before secrets gets one from the payments sweep, registered at its PSP', async () => {
    const { creator, psp, key } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    // as the migration leaves it: no secret, so no notification is taken
    const [row] = await t.ctx.db
      .update(pixConnections)
      .set({ webhookSecretHash: null })
      .where(eq(pixConnections.workspaceId, creator.workspaceId))
      .returning();
    const bare = row!.webhookUrl;
    expect((await post(`${bare}/pix`)).status).toBe(404);
    const { webhookSecrets } = await runPaymentJobs(t.ctx);
    expect(webhookSecrets).toBeGreaterThanOrEqual(1);
    const url = (await getConnection(creator, creator.workspaceId)).json().webhook_url as string;
    expect(url).toMatch(new RegExp(`^${bare}/[A-Za-z0-9_-]{43}$`));
    expect([psp.webhooks.pix.get(key), psp.webhooks.rec, psp.webhooks.cobr]).toEqual([
      url,
      url,
      url,
    ]);
    expect((await post(`${url}/pix`)).status).toBe(200);
    expect((await runPaymentJobs(t.ctx)).webhookSecrets).toBe(0);
  });
});

describe('an ended connection leaves nothing live at the PSP', () => {
  /** A fan who authorized Pix Automático (paid: APROVADA) or only opened it (CRIADA). */
  async function automaticFan(creator: TestUser, psp: TestPsp, pay = true) {
    const fan = await createUser(t);
    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly&automatic=true`,
      headers: bearer(fan.accessToken),
      payload: { cpf: '529.982.247-25', name: 'Fã Automática da Silva' },
    });
    expect(res.statusCode, res.body).toBe(200);
    if (pay) await psp.pay(res.json().charge.txid);
    return { fan, idRec: res.json().recurrence.id as string };
  }
  const connectionRow = async (workspaceId: string) =>
    (
      await t.ctx.db
        .select()
        .from(pixConnections)
        .where(eq(pixConnections.workspaceId, workspaceId))
    )[0]!;
  const recurrence = async (idRec: string) =>
    (await t.ctx.db.select().from(pixRecurrences).where(eq(pixRecurrences.idRec, idRec)))[0]!;
  /** Nothing registered at the PSP, every authorization cancelled there and here, no secret. */
  async function expectEnded(psp: TestPsp, key: string, workspaceId: string, idRecs: string[]) {
    expect([psp.webhooks.pix.has(key), psp.webhooks.rec, psp.webhooks.cobr]).toEqual([
      false,
      null,
      null,
    ]);
    for (const idRec of idRecs) {
      expect(psp.recs.get(idRec)!.status).toBe('CANCELADA');
      expect(await recurrence(idRec)).toMatchObject({
        status: 'CANCELADA',
        cancelledBy: 'creator',
      });
    }
    expect(await connectionRow(workspaceId)).toMatchObject({
      status: 'disconnected',
      secrets: null,
      webhookSecretHash: null,
    });
    // and nothing polls it
    const asked = psp.requests.length;
    await reconcilePixConnections(t.ctx);
    await runPaymentJobs(t.ctx);
    expect(psp.requests.length).toBe(asked);
  }

  it('disconnecting: webhooks removed, live recurrences cancelled at the PSP, secrets erased', async () => {
    const { creator, psp, key } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const approved = await automaticFan(creator, psp);
    const created = await automaticFan(creator, psp, false);
    expect(psp.recs.get(approved.idRec)!.status).toBe('APROVADA');
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/v1/workspaces/${creator.workspaceId}/pix/connection`,
      headers: bearer(creator.accessToken),
    });
    expect(del.statusCode).toBe(200);
    await expectEnded(psp, key, creator.workspaceId, [approved.idRec, created.idRec]);
  });

  it('deleting the workspace ends its connection at once and the payments sweep undoes the rest', async () => {
    const { creator, psp, key } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const { idRec } = await automaticFan(creator, psp);
    const webhook = psp.webhooks.pix.get(key)!;
    const second = await t.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: bearer(creator.accessToken),
      payload: { label: 'Segundo', username: `${creator.username.slice(0, 20)}_2` },
    });
    expect(second.statusCode, second.body).toBe(201);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/v1/workspaces/${creator.workspaceId}`,
      headers: bearer(creator.accessToken),
    });
    expect(del.statusCode, del.body).toBe(200);
    const notified = await fetch(`${webhook}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [] }),
    });
    expect(notified.status).toBe(404);
    expect((await connectionRow(creator.workspaceId)).status).toBe('disconnected');
    expect((await runPaymentJobs(t.ctx)).endedConnections).toBeGreaterThanOrEqual(1);
    await expectEnded(psp, key, creator.workspaceId, [idRec]);
  });

  it("deleting an account: its workspace's connection ends, and its own authorizations as a fan are cancelled at the PSP", async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const { fan, idRec } = await automaticFan(creator, psp);
    const gone = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: bearer(fan.accessToken),
      payload: { password: fan.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(psp.recs.get(idRec)!.status).toBe('CANCELADA');
    expect(await recurrence(idRec)).toMatchObject({
      status: 'CANCELADA',
      cancelledBy: 'account_deleted',
    });

    const other = await setUp();
    expect((await connect(t, other.creator, other.psp)).statusCode).toBe(200);
    const closed = await t.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: bearer(other.creator.accessToken),
      payload: { password: other.creator.password },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await expectEnded(other.psp, other.key, other.creator.workspaceId, []);
  });
});

describe('charges at the connected PSP', () => {
  it('charge → webhook ×10 at once → subscribed once, one ledger row', async () => {
    const { creator, psp, key } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const body = await subscribe(creator, fan);
    const cob = psp.cobs.get(body.charge.txid)!;
    expect(cob).toMatchObject({ chave: key, valor: { original: '29.90' } });
    expect(body.payment_specs).toBe(cob.pixCopiaECola);
    expect(decodeBrCode(body.payment_specs)).toMatchObject({
      type: 'dynamic',
      merchantAccount: { url: cob.location },
      amountCents: 2990,
      merchantName: 'PSP DE TESTE PAGAMENTOS DIGITAIS LTDA',
    });
    expect((await readCharge(t, body.charge.id)).provider).toBe('psp');

    const endToEndId = newEndToEndId();
    await psp.pay(body.charge.txid, { endToEndId, deliver: false });
    const item = psp.cobs.get(body.charge.txid)!.pix[0]!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => psp.notify({ pix: [item] })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const applied = await Promise.all(answers.map((a) => a.json() as Promise<{ applied: number }>));
    expect(applied.reduce((n, a) => n + a.applied, 0)).toBe(1);
    expect((await readCharge(t, body.charge.id)).status).toBe('paid');
    const sub = await readSubscription(t, fan, creator);
    expect(sub?.status).toBe('active');
    const rows = await ledger(creator.workspaceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 2990, source: 'pix', externalId: endToEndId });
  });

  it('another workspace’s txid or another amount settles nothing; an unknown Pix is kept for review', async () => {
    const a = await setUp();
    const b = await setUp();
    expect((await connect(t, a.creator, a.psp)).statusCode).toBe(200);
    expect((await connect(t, b.creator, b.psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const ofB = await subscribe(b.creator, fan);
    // B's txid notified through A's webhook: not A's charge
    const stray = {
      endToEndId: newEndToEndId(),
      txid: ofB.charge.txid,
      valor: '29.90',
      horario: new Date().toISOString(),
      chave: a.key,
    };
    expect((await a.psp.notify({ pix: [stray] })).status).toBe(200);
    expect((await readCharge(t, ofB.charge.id)).status).toBe('pending');
    const unknown = {
      endToEndId: newEndToEndId(),
      txid: 'semCobrancaNestaConta0000000001',
      valor: '5.00',
      horario: new Date().toISOString(),
      chave: a.key,
    };
    await a.psp.notify({ pix: [unknown] });
    const list = await t.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${a.creator.workspaceId}/pix/notifications`,
      headers: bearer(a.creator.accessToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 0 });
    expect(
      list
        .json()
        .notifications.map((n: { id: string }) => n.id)
        .sort(),
    ).toEqual([stray.endToEndId, unknown.endToEndId].sort());
    const none = await t.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${b.creator.workspaceId}/pix/notifications`,
      headers: bearer(b.creator.accessToken),
    });
    expect(none.json().total).toBe(0);
  });

  it('a lost webhook: the reconciliation settles it from the PSP, once', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const fan2 = await createUser(t);
    const lostPix = await subscribe(creator, fan);
    const lostCob = await subscribe(creator, fan2);
    await psp.pay(lostPix.charge.txid, { deliver: false });
    await psp.pay(lostCob.charge.txid, { deliver: false });
    expect((await readCharge(t, lostPix.charge.id)).status).toBe('pending');
    const first = await reconcilePixConnections(t.ctx);
    expect(first.failed).toBe(0);
    expect((await readCharge(t, lostPix.charge.id)).status).toBe('paid');
    expect((await readCharge(t, lostCob.charge.id)).status).toBe('paid');
    expect((await readSubscription(t, fan, creator))?.status).toBe('active');
    expect((await readSubscription(t, fan2, creator))?.status).toBe('active');
    await reconcilePixConnections(t.ctx);
    expect(await ledger(creator.workspaceId)).toHaveLength(2);
    expect(psp.requests.some((r) => r.path.startsWith('/v2/pix?inicio='))).toBe(true);
  });

  it('the reconciliation job production runs (periodic send → queue handler) settles a payment only GET /cob shows', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const { charge } = await subscribe(creator, fan);
    // the webhook is lost and the PSP's GET /pix does not list it yet: only GET /cob/{txid} knows
    await psp.pay(charge.txid, { deliver: false, listed: false });
    const queue = createJobQueue({
      database: t.database,
      logger: t.ctx.logger,
      pollIntervalMs: 50,
    });
    queue.define(reconcileQueue(t.ctx));
    const appQueue = t.ctx.queue;
    t.ctx.queue = queue;
    try {
      await queue.start();
      expect(await sendReconciliations(t.ctx)).toBeGreaterThanOrEqual(1);
      // the same interval sends nothing twice
      expect(await sendReconciliations(t.ctx)).toBe(0);
      await vi.waitFor(async () => expect((await readCharge(t, charge.id)).status).toBe('paid'), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      t.ctx.queue = appQueue;
      await queue.stop({ timeoutMs: 3000 });
    }
    expect((await readSubscription(t, fan, creator))?.status).toBe('active');
    expect(
      psp.requests.some((r) => r.method === 'GET' && r.path === `/v2/cob/${charge.txid}`),
    ).toBe(true);
    expect(await ledger(creator.workspaceId)).toHaveLength(1);
  });

  it('a PSP that keeps failing is left alone for a back-off (its breaker), shown to the owner; a success closes it', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const member = await createUser(t);
    await addTeamMember(t, creator, member);
    const fan = await createUser(t);
    const { charge } = await subscribe(creator, fan);
    await psp.pay(charge.txid, { deliver: false });
    const [row] = await t.ctx.db
      .select()
      .from(pixConnections)
      .where(eq(pixConnections.workspaceId, creator.workspaceId));
    const id = row!.id;
    const listCalls = () =>
      psp.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/pix?inicio=')).length;
    const health = async (who: TestUser) => {
      // the test clock moves by hours here: a fresh sign-in each time (access tokens last 15 min)
      who.accessToken = (await signIn(t, who.email, who.password)).access_token;
      const res = await getConnection(who, creator.workspaceId);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reconciliation;
    };
    expect(await health(creator)).toBeNull();

    psp.settings.failListPix = true;
    // two failures: counted, still tried every interval
    for (let i = 1; i <= 2; i++) {
      await reconcileOne(t.ctx, id);
      expect(await health(creator)).toMatchObject({ failures: i, paused_until: null });
    }
    // the third in a row opens the breaker: paused for RECONCILE_PAUSE_MS
    /** How far ahead of now the breaker pauses the PSP (the test clock runs: near, not exact). */
    const pausedFor = (h: { paused_until: string }) =>
      Date.parse(h.paused_until) - t.clock.now().getTime();
    const near = (ms: number, target: number) => Math.abs(ms - target) < 20_000;
    await reconcileOne(t.ctx, id);
    const open = await health(creator);
    expect(open).toMatchObject({
      failures: RECONCILE_BREAKER_THRESHOLD,
      last_error: 'O PSP recusou a consulta dos Pix recebidos.',
    });
    expect(near(pausedFor(open), RECONCILE_PAUSE_MS), `${pausedFor(open)}`).toBe(true);
    expect(open.failing_since).not.toBeNull();
    // the owner's alone: members see nothing of it
    expect(await health(member)).toBeNull();
    // while paused the PSP is not asked: no job sent, a job sent before does nothing
    const asked = listCalls();
    const send = vi
      .spyOn(t.ctx.queue, 'send')
      .mockResolvedValue({ id: 'job', created: true } as Awaited<
        ReturnType<typeof t.ctx.queue.send>
      >);
    const sentForThis = () =>
      send.mock.calls.filter(([, data]) => (data as { connectionId: string }).connectionId === id)
        .length;
    try {
      t.clock.advance(RECONCILE_PAUSE_MS - 60_000);
      await sendReconciliations(t.ctx);
      expect(sentForThis()).toBe(0);
      await reconcileOne(t.ctx, id);
      expect(listCalls()).toBe(asked);
      // the pause over, it is asked again
      t.clock.advance(2 * 60_000);
      await sendReconciliations(t.ctx);
      expect(sentForThis()).toBe(1);
    } finally {
      send.mockRestore();
    }
    // still failing: the pause doubles
    await reconcileOne(t.ctx, id);
    expect(listCalls()).toBe(asked + 1);
    const doubled = await health(creator);
    expect(doubled.failures).toBe(RECONCILE_BREAKER_THRESHOLD + 1);
    expect(near(pausedFor(doubled), 2 * RECONCILE_PAUSE_MS), `${pausedFor(doubled)}`).toBe(true);
    // the PSP is back: after the pause the next reconciliation settles the lost payment and
    // closes the breaker
    psp.settings.failListPix = false;
    t.clock.advance(2 * RECONCILE_PAUSE_MS + 1000);
    await reconcileOne(t.ctx, id);
    expect((await readCharge(t, charge.id)).status).toBe('paid');
    expect(await health(creator)).toBeNull();
  });

  it('refunds a payment to review through the PSP and books it in the ledger', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const body = await subscribe(creator, fan);
    await psp.pay(body.charge.txid);
    const second = newEndToEndId();
    await psp.pay(body.charge.txid, { endToEndId: second }); // paid twice: already_paid
    const [review] = await t.ctx.db
      .select()
      .from(pixNotifications)
      .where(and(eq(pixNotifications.endToEndId, second)));
    expect(review).toMatchObject({ outcome: 'ignored', reason: 'already_paid' });
    const reviews = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}/reviews`,
      headers: bearer(creator.accessToken),
    });
    expect(reviews.json().reviews[0]).toMatchObject({ id: second, refundable: true, refund: null });

    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/charges/${creator.workspaceId}/${second}/refund`,
      headers: bearer(creator.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ end_to_end_id: second, amount: 29.9, status: 'DEVOLVIDO' });
    const atPsp = psp.refunds.get(res.json().id)!;
    expect(atPsp).toMatchObject({ endToEndId: second, valor: '29.90' });
    const rows = await ledger(creator.workspaceId);
    expect(rows.map((r) => r.amountCents).sort((x, y) => x - y)).toEqual([-2990, 2990, 2990]);
    expect(rows.every((r) => r.source === 'pix')).toBe(true);
    const again = await t.inject({
      method: 'POST',
      url: `/api/v1/charges/${creator.workspaceId}/${second}/refund`,
      headers: bearer(creator.accessToken),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PAYMENT_ALREADY_REFUNDED');
    const resolved = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}/reviews?status=resolved`,
      headers: bearer(creator.accessToken),
    });
    expect(resolved.json().reviews[0]).toMatchObject({
      id: second,
      refund: { status: 'DEVOLVIDO' },
    });
    // the payment that granted the subscription is not a review: nothing to refund here
    const granted = (await readCharge(t, body.charge.id)).endToEndId!;
    const notReview = await t.inject({
      method: 'POST',
      url: `/api/v1/charges/${creator.workspaceId}/${granted}/refund`,
      headers: bearer(creator.accessToken),
    });
    expect(notReview.statusCode).toBe(404);
  });

  /** A creator connected, a fan subscribed and paid twice: the second Pix is a review. */
  async function paidTwice() {
    const made = await setUp();
    expect((await connect(t, made.creator, made.psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const body = await subscribe(made.creator, fan);
    await made.psp.pay(body.charge.txid);
    const second = newEndToEndId();
    await made.psp.pay(body.charge.txid, { endToEndId: second });
    const refund = () =>
      t.inject({
        method: 'POST',
        url: `/api/v1/charges/${made.creator.workspaceId}/${second}/refund`,
        headers: bearer(made.creator.accessToken),
      });
    return { ...made, second, refund };
  }
  const refundRow = async (endToEndId: string) =>
    (await t.ctx.db.select().from(pixRefunds).where(eq(pixRefunds.endToEndId, endToEndId)))[0]!;

  it('two refund retries at once: one asks the PSP, the other answers 409, never 500', async () => {
    const { creator, psp, second, refund } = await paidTwice();
    psp.settings.refundStatus = 'NAO_REALIZADO';
    const failed = await refund();
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().status).toBe('NAO_REALIZADO');
    psp.settings.refundStatus = 'DEVOLVIDO';
    const puts = () =>
      psp.requests.filter((r) => r.method === 'PUT' && r.path.includes('/devolucao/')).length;
    const before = puts();
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!.json();
    expect(ok).toMatchObject({ status: 'DEVOLVIDO', end_to_end_id: second });
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('PAYMENT_ALREADY_REFUNDED');
    expect(puts()).toBe(before + 1);
    expect(await refundRow(second)).toMatchObject({ id: ok.id, status: 'DEVOLVIDO' });
    const refunds = (await ledger(creator.workspaceId)).filter((r) => r.amountCents < 0);
    expect(refunds).toHaveLength(1);
  });

  it('three first refund requests at once: one asks the PSP, the others answer 409, never 500', async () => {
    const { creator, psp, second, refund } = await paidTwice();
    const puts = () =>
      psp.requests.filter((r) => r.method === 'PUT' && r.path.includes('/devolucao/')).length;
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().code).toBe('PAYMENT_ALREADY_REFUNDED');
    expect(puts()).toBe(1);
    expect((await refundRow(second)).status).toBe('DEVOLVIDO');
    const refunds = (await ledger(creator.workspaceId)).filter((r) => r.amountCents < 0);
    expect(refunds).toHaveLength(1);
  });

  it("a refund's later status: only as the PSP answers it, only forward, only the workspace's", async () => {
    const { creator, psp, second, refund } = await paidTwice();
    const other = await setUp();
    psp.settings.refundStatus = 'EM_PROCESSAMENTO';
    const res = await refund();
    expect(res.json().status).toBe('EM_PROCESSAMENTO');
    const id = res.json().id as string;
    // another workspace cannot move it
    expect(
      await applyRefundUpdate(t.ctx, other.creator.workspaceId, {
        id,
        endToEndId: second,
        status: 'DEVOLVIDO',
      }),
    ).toBe(false);
    // a forged notification naming it: the PSP still answers EM_PROCESSAMENTO
    const forged = await fetch(`${psp.webhooks.pix.values().next().value!}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pix: [
          {
            endToEndId: second,
            valor: '29.90',
            horario: new Date().toISOString(),
            devolucoes: [{ id, status: 'NAO_REALIZADO' }],
          },
        ],
      }),
    });
    expect(forged.status).toBe(200);
    expect((await refundRow(second)).status).toBe('EM_PROCESSAMENTO');
    // the PSP finishes it and notifies: DEVOLVIDO
    expect((await psp.finishRefund(id, 'DEVOLVIDO')).status).toBe(200);
    expect((await refundRow(second)).status).toBe('DEVOLVIDO');
    // a final status stays
    expect(
      await applyRefundUpdate(t.ctx, creator.workspaceId, {
        id,
        endToEndId: second,
        status: 'EM_PROCESSAMENTO',
      }),
    ).toBe(false);
    expect((await refundRow(second)).status).toBe('DEVOLVIDO');
  });

  it('the 18+ gate is checked again when the payment arrives (issue 25)', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const fan = await createUser(t);
    const body = await subscribe(creator, fan); // opened before the creator required it
    await setAppInstalled(t, creator, 'trueid');
    await setAppSettings(t, creator, 'trueid', { require_age_verification: true });
    const endToEndId = newEndToEndId();
    expect((await psp.pay(body.charge.txid, { endToEndId })).status).toBe(200);
    expect((await readCharge(t, body.charge.id)).status).toBe('pending');
    expect(await readSubscription(t, fan, creator)).toBeUndefined();
    const reviews = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}/reviews`,
      headers: bearer(creator.accessToken),
    });
    expect(reviews.json().reviews[0]).toMatchObject({
      id: endToEndId,
      reason: 'age_verification_required',
      refundable: true,
    });
    const confirm = await t.inject({
      method: 'POST',
      url: `/api/v1/charges/${creator.workspaceId}/${body.charge.id}/confirm`,
      headers: bearer(creator.accessToken),
    });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().code).toBe('AGE_VERIFICATION_REQUIRED');
    expect(await ledger(creator.workspaceId)).toEqual([]);
  });

  it('e-mails the owner 15 days before the certificate expires, once per certificate', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const { sendCertificateExpiryNotices } = await import('./pix-connections.service');
    const others = await sendCertificateExpiryNotices(t.ctx); // other tests' connections, if due
    expect(others).toBe(0);
    const expires = new Date(new X509Certificate(certs.client.cert).validTo).getTime();
    const offset = t.clock.offsetMs;
    t.clock.advance(expires - 14 * 86_400_000 - Date.now() - offset);
    try {
      const sent = await sendCertificateExpiryNotices(t.ctx);
      expect(sent).toBeGreaterThanOrEqual(1);
      expect(await sendCertificateExpiryNotices(t.ctx)).toBe(0);
      const { mailOutbox } = await import('../../db/schema');
      const mails = await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, creator.email),
            eq(mailOutbox.kind, 'pix-certificate-expiry'),
          ),
        );
      expect(mails).toHaveLength(1);
    } finally {
      t.clock.offsetMs = offset;
    }
  });
});
