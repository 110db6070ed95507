import { X509Certificate } from 'node:crypto';
import { addCalendarMonths } from '@fa-clube/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixNotifications, subscriptionPayments } from '../../db/schema';
import { decodeBrCode } from '../../lib/pix';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { testCertificates } from '../../../test/support/pix-certs';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { readCharge, readSubscription, setUpCreator } from '../../../test/support/subscriptions';

// A creator's charges at their own PSP and its Pix webhook (the deployment-wide
// PIX_PROVIDER=apipix account is gone: a single creator connects like anyone).
let t: TestContext;
let psp: TestPsp;
let creator: TestUser;
let key: string;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: testCertificates().files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  ({ creator, psp, key } = await creatorWithPsp(t, { value: 29.9 }));
  await setUpCreator(t, creator, { plan_type: 'quarterly', value: 79.9, discount: 10 });
  expect((await connect(t, creator, psp)).statusCode).toBe(200);
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

describe('charges at the creator’s PSP', () => {
  it('creates the charge at the PSP (OAuth + PUT /cob) and answers its dynamic BR Code', async () => {
    const fan = await createUser(t);
    const body = await subscribe(fan);
    expect(body.value).toBe(29.9);
    expect(body.charge.txid).toMatch(/^[A-Za-z0-9]{32}$/);
    const cob = psp.cobs.get(body.charge.txid)!;
    expect(cob).toMatchObject({
      valor: { original: '29.90' },
      chave: key,
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

/** Settlements measured in faclube_pix_settlement_lag_seconds (lib/metrics). */
async function settlementLagCount() {
  const metric = await t.ctx.metrics.pixSettlementLag.get();
  return metric.values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0;
}

describe('POST /webhooks/pix/c/{connection}/pix', () => {
  it('confirms the payment from the PSP webhook and activates the subscription', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const endToEndId = newEndToEndId();
    const lagBefore = await settlementLagCount();
    const res = await psp.pay(charge.txid, { endToEndId });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, applied: 1 });
    // the operator sees how late it was settled (METRICS_PORT)
    expect(await settlementLagCount()).toBe(lagBefore + 1);
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

  it('a notification is a hint: a forged one changes nothing, the real one notified the same way settles at once', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const webhook = psp.webhooks.pix.get(key)!;
    const asked = () => psp.requests.filter((r) => r.path.startsWith('/v2/pix/')).length;
    const before = asked();
    // whoever learnt the webhook URL posts a payment the PSP never received
    const forged = {
      endToEndId: newEndToEndId(),
      txid: charge.txid,
      valor: '29.90',
      horario: new Date().toISOString(),
    };
    const res = await fetch(`${webhook}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [forged] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, applied: 0 });
    expect(asked()).toBe(before + 1); // the PSP was asked (GET /pix/{e2eid}) and knows nothing
    expect((await chargeRow(charge.id)).status).toBe('pending');
    expect(await subscriptionOf(fan)).toBeUndefined();
    expect(await notification(forged.endToEndId)).toBeUndefined();
    // the fan's bank really pays: the PSP notifies the same way, and it settles at once
    const real = await psp.pay(charge.txid, { endToEndId: newEndToEndId() });
    expect(await real.json()).toEqual({ received: 1, applied: 1 });
    expect((await chargeRow(charge.id)).status).toBe('paid');
    expect((await subscriptionOf(fan))?.status).toBe('active');
  });

  it('applies what the PSP answers, not what the notification says (the amount included)', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    // the PSP received 2.99 for the charge; the notification claims 29.90
    const endToEndId = newEndToEndId();
    await psp.pay(charge.txid, { amount: '2.99', endToEndId, deliver: false });
    const webhook = psp.webhooks.pix.get(key)!;
    const res = await fetch(`${webhook}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pix: [{ endToEndId, txid: charge.txid, valor: '29.90', horario: new Date().toISOString() }],
      }),
    });
    expect(await res.json()).toEqual({ received: 1, applied: 0 });
    expect((await chargeRow(charge.id)).status).toBe('pending');
    expect(await notification(endToEndId)).toMatchObject({
      outcome: 'ignored',
      reason: 'amount_mismatch',
      amountCents: 299,
    });
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
    // the re-deliveries left the applied notification as it was: not a payment to review
    // (rewritten to ignored / already_paid, it would be offered for refund)
    expect(rows[0]).toMatchObject({ outcome: 'applied', reason: null, chargeId: charge.id });
    const reviews = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}/reviews`,
      headers: bearer(creator.accessToken),
    });
    expect(reviews.statusCode).toBe(200);
    expect(reviews.json().reviews.filter((r: { txid: string }) => r.txid === charge.txid)).toEqual(
      [],
    );
  });

  it('adds up the periods when a later charge is paid first', async () => {
    const fan = await createUser(t);
    const monthly = (await subscribe(fan, 'monthly')).charge;
    const quarterly = (await subscribe(fan, 'quarterly')).charge;
    expect((await psp.pay(quarterly.txid)).status).toBe(200);
    const first = (await subscriptionOf(fan))!;
    expect((await psp.pay(monthly.txid)).status).toBe(200);
    const sub = (await subscriptionOf(fan))!;
    expect(sub.paidSince.getTime()).toBe(first.paidSince.getTime());
    // months count from the first day (issue 26): started on the 29th–31st, the quarter may end
    // on a shorter month's last day, and the month after it still ends on the first day's date
    expect(sub.currentPeriodEnd.getTime()).toBe(
      addCalendarMonths(first.paidSince, 3 + 1).getTime(),
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

  it('answers 400 to a body that is not JSON and records nothing', async () => {
    const fan = await createUser(t);
    const { charge } = await subscribe(fan);
    const url = `${psp.webhooks.pix.get(key)!}/pix`;
    const garbage = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"pix": [',
    });
    expect(garbage.status).toBe(400);
    expect((await chargeRow(charge.id)).status).toBe('pending');
  });

  it('the deployment-wide webhook is gone: POST /webhooks/pix/{provider} answers 404', async () => {
    for (const provider of ['apipix', 'manual'])
      for (const url of [
        `/api/v1/webhooks/pix/${provider}`,
        `/api/v1/webhooks/pix/${provider}/pix`,
      ]) {
        const res = await t.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: { pix: [] },
        });
        expect(res.statusCode, url).toBe(404);
      }
  });
});
