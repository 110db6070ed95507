import { X509Certificate } from 'node:crypto';
import { addCalendarMonths } from '@fa-clube/contract';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixNotifications, subscriptionPayments } from '../../db/schema';
import { decodeBrCode } from '../../lib/pix';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { apiPixEnv, freePort, newEndToEndId, startTestPsp } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { testCertificates } from '../../../test/support/pix-certs';
import { readCharge, readSubscription, setUpCreator } from '../../../test/support/subscriptions';

const WEBHOOK_SECRET = 'segredo-do-webhook-de-teste-123';
let t: TestContext;
let psp: TestPsp;
let creator: TestUser;

let webhookUrl: string;

beforeAll(async () => {
  const port = await freePort();
  webhookUrl = `http://127.0.0.1:${port}/api/v1/webhooks/pix/apipix`;
  psp = await startTestPsp({
    webhookUrl,
    webhookSecret: WEBHOOK_SECRET,
    clientId: 'fa-clube',
    clientSecret: 'segredo-do-cliente',
  });
  t = await createTestContext({
    env: {
      ...apiPixEnv(psp),
      PIX_CLIENT_ID: 'fa-clube',
      PIX_CLIENT_SECRET: 'segredo-do-cliente',
      PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  creator = await createUser(t);
  await setUpCreator(t, creator, { plan_type: 'monthly', value: 29.9, discount: 0 });
  await setUpCreator(t, creator, { plan_type: 'quarterly', value: 79.9, discount: 10 });
});
afterAll(async () => {
  await t.close();
  await psp.close();
});

const subscribe = async (fan: TestUser, planType = 'monthly') => {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=${planType}`,
    headers: bearer(fan.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    value: number;
    payment_specs: string;
    charge: { id: string; txid: string; confirmation: string };
  };
};
const chargeRow = (id: string) => readCharge(t, id);
const subscriptionOf = (fan: TestUser) => readSubscription(t, fan, creator);
const notification = async (endToEndId: string) =>
  (
    await t.ctx.db
      .select()
      .from(pixNotifications)
      .where(eq(pixNotifications.endToEndId, endToEndId))
  )[0];

describe('API Pix provider', () => {
  it('creates the charge at the PSP (OAuth + PUT /cob) and answers its dynamic BR Code', async () => {
    const fan = await createUser(t);
    const body = await subscribe(fan);
    expect(body.value).toBe(29.9);
    expect(body.charge.txid).toMatch(/^[A-Za-z0-9]{32}$/);
    const cob = psp.cobs.get(body.charge.txid)!;
    expect(cob).toMatchObject({
      valor: { original: '29.90' },
      chave: 'd3c1e5b8-3f6a-4b2c-9d1e-7a8b9c0d1e2f',
    });
    expect(cob.calendario.expiracao).toBe(86400);
    expect(psp.tokensIssued()).toBeGreaterThanOrEqual(1);
    expect(body.payment_specs).toBe(cob.pixCopiaECola);
    expect(body.charge.confirmation).toBe('automatic');
    const decoded = decodeBrCode(body.payment_specs);
    expect(decoded).toMatchObject({
      type: 'dynamic',
      pointOfInitiation: '12',
      merchantAccount: { url: cob.location, key: null },
      amountCents: 2990,
      txid: '***',
    });
    expect((await chargeRow(body.charge.id)).location).toBe(cob.location);
    // every call went over mutual TLS with the configured client certificate, within the contract
    const leaf = new X509Certificate(testCertificates().client.cert).fingerprint256;
    expect(psp.requests.length).toBeGreaterThanOrEqual(2);
    expect(psp.requests.every((r) => r.certificate === leaf)).toBe(true);
    expect(psp.violations).toEqual([]);
  });

  it('builds the BR Code from location when the PSP sends no pixCopiaECola', async () => {
    psp.settings.omitCopiaECola = true;
    try {
      const fan = await createUser(t);
      const body = await subscribe(fan, 'quarterly');
      const cob = psp.cobs.get(body.charge.txid)!;
      expect(cob.pixCopiaECola).toBeUndefined();
      expect(decodeBrCode(body.payment_specs)).toMatchObject({
        type: 'dynamic',
        pointOfInitiation: '12',
        merchantAccount: { url: cob.location },
        amountCents: 7191,
        merchantName: 'Criadora de Teste',
        merchantCity: 'Sao Paulo',
      });
    } finally {
      psp.settings.omitCopiaECola = false;
    }
  });
});

describe('POST /webhooks/pix/apipix', () => {
  it('confirms the payment from the PSP webhook and activates the subscription', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const endToEndId = newEndToEndId();
    const res = await psp.pay(charge.txid, { endToEndId });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, applied: 1 });
    const row = await chargeRow(charge.id);
    expect(row).toMatchObject({ status: 'paid', endToEndId, confirmedBy: null });
    const sub = (await subscriptionOf(fan))!;
    expect(sub.status).toBe('active');
    expect(sub.currentPeriodEnd.getTime()).toBe(addCalendarMonths(row.paidAt!, 1).getTime());
    expect(await notification(endToEndId)).toMatchObject({
      outcome: 'applied',
      reason: null,
      chargeId: charge.id,
      amountCents: 2990,
      txid: charge.txid,
    });
    const plans = await t.inject({
      method: 'GET',
      url: `/api/v1/plans?username=${creator.username}`,
      headers: bearer(fan.accessToken),
    });
    expect(plans.json().is_subscribed).toBe(true);
  });

  it('applies the same notification once, even delivered 10 times at once', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const body = {
      pix: [
        {
          endToEndId: newEndToEndId(),
          txid: charge.txid,
          valor: '29.90',
          horario: new Date().toISOString(),
        },
      ],
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => psp.notify(body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const applied = (
      (await Promise.all(results.map((r) => r.json()))) as { applied: number }[]
    ).map((b) => b.applied);
    expect(applied.reduce((a, b) => a + b, 0)).toBe(1);
    for (let i = 0; i < 3; i++) expect((await psp.notify(body)).status).toBe(200);
    const sub = (await subscriptionOf(fan))!;
    const payments = await t.ctx.db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.subscriptionId, sub.id));
    expect(payments).toHaveLength(1);
    expect(sub.currentPeriodEnd.getTime()).toBe(
      addCalendarMonths(payments[0]!.periodStart, 1).getTime(),
    );
    const rows = await t.ctx.db
      .select()
      .from(pixNotifications)
      .where(eq(pixNotifications.txid, charge.txid));
    expect(rows).toHaveLength(1);
  });

  it('takes the notification at the registered URL too, not only at {webhookUrl}/pix', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const item = {
      endToEndId: newEndToEndId(),
      txid: charge.txid,
      valor: '29.90',
      horario: new Date().toISOString(),
    };
    const res = await psp.notify({ pix: [item] }, { url: webhookUrl });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, applied: 1 });
    expect((await chargeRow(charge.id)).status).toBe('paid');
  });

  it('adds up the periods when a later charge is paid first', async () => {
    const fan = await createUser(t);
    const monthly = (await subscribe(fan, 'monthly')).charge;
    const quarterly = (await subscribe(fan, 'quarterly')).charge;
    expect((await psp.pay(quarterly.txid)).status).toBe(200);
    const first = (await subscriptionOf(fan))!;
    expect((await psp.pay(monthly.txid)).status).toBe(200);
    const sub = (await subscriptionOf(fan))!;
    expect(sub.currentPeriodStart.getTime()).toBe(first.currentPeriodStart.getTime());
    // months count from the first day (issue 26): started on the 29th–31st, the quarter may end
    // on a shorter month's last day, and the month after it still ends on the first day's date
    expect(sub.currentPeriodEnd.getTime()).toBe(
      addCalendarMonths(first.currentPeriodStart, 3 + 1).getTime(),
    );
    expect(sub.planType).toBe('monthly');
  });

  it('ignores (and records) a wrong amount or an unknown txid, answering 200', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const wrong = newEndToEndId();
    const res = await psp.pay(charge.txid, { amount: '2.99', endToEndId: wrong });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, applied: 0 });
    expect(await notification(wrong)).toMatchObject({
      outcome: 'ignored',
      reason: 'amount_mismatch',
      chargeId: charge.id,
      amountCents: 299,
    });
    expect((await chargeRow(charge.id)).status).toBe('pending');
    expect(await subscriptionOf(fan)).toBeUndefined();

    const unknown = newEndToEndId();
    const res2 = await psp.notify({
      pix: [
        {
          endToEndId: unknown,
          txid: 'TXIDQUENAOEXISTE0000000000000',
          valor: '29.90',
          horario: new Date().toISOString(),
        },
      ],
    });
    expect(res2.status).toBe(200);
    expect(await notification(unknown)).toMatchObject({
      outcome: 'ignored',
      reason: 'unknown_txid',
      chargeId: null,
    });
    expect(await subscriptionOf(fan)).toBeUndefined();
  });

  it('refuses a missing or wrong signature with 401 and records nothing', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const item = {
      endToEndId: newEndToEndId(),
      txid: charge.txid,
      valor: '29.90',
      horario: new Date().toISOString(),
    };
    const unsigned = await psp.notify({ pix: [item] }, { signature: null });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { code: string }).code).toBe('INVALID_WEBHOOK_SIGNATURE');
    const forged = await psp.notify({ pix: [item] }, { signature: `sha256=${'0'.repeat(64)}` });
    expect(forged.status).toBe(401);
    const wrongSecret = await psp.notify(
      { pix: [item] },
      { signature: null, headers: { 'x-webhook-secret': 'outro-segredo-qualquer-123' } },
    );
    expect(wrongSecret.status).toBe(401);
    const garbage = await fetch(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/webhooks/pix/apipix`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"pix": [',
      },
    );
    expect(garbage.status).toBe(400);
    expect(await notification(item.endToEndId)).toBeUndefined();
    expect((await chargeRow(charge.id)).status).toBe('pending');

    const shared = await psp.notify(
      { pix: [item] },
      { signature: null, headers: { 'x-webhook-secret': WEBHOOK_SECRET } },
    );
    expect(shared.status).toBe(200);
    expect((await chargeRow(charge.id)).status).toBe('paid');
  });

  it('answers 404 for another provider name', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/webhooks/pix/manual',
      headers: { 'content-type': 'application/json' },
      payload: { pix: [] },
    });
    expect(res.statusCode).toBe(404);
  });
});
