import { and, eq } from 'drizzle-orm';
import { addCalendarMonths } from '@fa-clube/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  financeTransactions,
  mailOutbox,
  pixNotifications,
  pixRecurrences,
  pixRecurringCharges,
} from '../../db/schema';
import { decodeBrCode } from '../../lib/pix';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { RECEIVING_ACCOUNT, connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { readSubscription } from '../../../test/support/subscriptions';
import { runSubscriptionJobs } from '../subscriptions/renewal.jobs';
import { drainMail } from '../mail/mail.service';

// Pix Automático, Jornada 3, against the stand-in PSP: authorization with the first
// period's composite code, two renewals debited (an injected clock moves to each period's
// lead time), a refused debit falling back to a manual charge by e-mail, cancellation by the
// fan and from the bank app. Every request is checked against Banco Central's document.

let t: TestContext;
let creator: TestUser;
let psp: TestPsp;
const DAY = 86_400_000;
/** A bearer header signed in now (the injected clock moves past access tokens' lifetime). */
const bearer = async (user: TestUser) => ({
  authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
});
const CPF = '529.982.247-25';

beforeAll(async () => {
  const port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: testCertificates().files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  // the PSP's clock is the test's: GET /cobr filters by creation time
  ({ creator, psp } = await creatorWithPsp(t, { clock: () => t.clock.now() }));
  const res = await connect(t, creator, psp);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().automatic_available).toBe(true);
});
afterEach(() => {
  expect(psp.violations, psp.violations.join('\n')).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await psp.close();
});

const subscribeAutomatic = async (
  fan: TestUser,
  body: unknown = { cpf: CPF, name: 'Fã Automática da Silva' },
) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly&automatic=true`,
    headers: await bearer(fan),
    payload: body as Record<string, unknown>,
  });
const mySubscriptions = async (fan: TestUser) =>
  (
    await t.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: await bearer(fan) })
  ).json().subscriptions as {
    id: string;
    renewal: string;
    recurrence_status: string | null;
    status: string;
    current_period_end: string;
  }[];
const debitsOf = async (idRec: string) => [...psp.cobrs.values()].filter((c) => c.idRec === idRec);
/** Moves the clock to `days` before the fan's current period end. */
async function toLeadTime(fan: TestUser, days = 4) {
  const sub = (await readSubscription(t, fan, creator))!;
  const target = sub.currentPeriodEnd.getTime() - days * DAY;
  t.clock.advance(target - t.clock.now().getTime());
}

/** An authorized fan: composite code paid, recurrence approved by the PSP's /rec webhook. */
async function authorizedFan() {
  const fan = await createUser(t);
  const res = await subscribeAutomatic(fan);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  await psp.pay(body.charge.txid);
  return { fan, body, idRec: body.recurrence.id as string };
}

describe('Pix Automático', () => {
  it('validates the payer: CPF check digits and a full name', async () => {
    const fan = await createUser(t);
    for (const [payload, field] of [
      [{ cpf: '529.982.247-24', name: 'Fã da Silva' }, 'cpf'],
      [{ cpf: '111.111.111-11', name: 'Fã da Silva' }, 'cpf'],
      [{ cpf: CPF, name: 'Fã' }, 'name'],
      [{}, 'cpf'],
    ] as const) {
      const res = await subscribeAutomatic(fan, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const noBody = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly&automatic=true`,
      headers: await bearer(fan),
    });
    expect(noBody.statusCode).toBe(400);
    expect(psp.recs.size).toBe(0);
  });

  it("tells the profile's visitors the option exists, and keeps an open composite code apart", async () => {
    const plans = await t.inject({
      method: 'GET',
      url: `/api/v1/plans?username=${creator.username}`,
    });
    expect(plans.json()).toMatchObject({ automatic_available: true });
    const manualOnly = await createUser(t);
    const none = await t.inject({
      method: 'GET',
      url: `/api/v1/plans?username=${manualOnly.username}`,
    });
    expect(none.json()).toMatchObject({ automatic_available: false });

    const fan = await createUser(t);
    const auto = (await subscribeAutomatic(fan)).json();
    const headers = await bearer(fan);
    // asked again without the parameter (the dialog reopened): the same composite charge
    const again = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly`,
      headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      payment_specs: auto.payment_specs,
      charge: { id: auto.charge.id },
      recurrence: { id: auto.recurrence.id, status: 'CRIADA' },
    });
    // automatic=false: a plain Pix, a new charge without the recurrence
    const plain = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly&automatic=false`,
      headers,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().charge.id).not.toBe(auto.charge.id);
    expect(plain.json().recurrence).toBeUndefined();
    expect(decodeBrCode(plain.json().payment_specs).recurrence ?? null).toBeNull();
    // and asked again, that plain one stays
    const reused = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly&automatic=false`,
      headers,
    });
    expect(reused.json().charge.id).toBe(plain.json().charge.id);
  });

  it('authorizes with one composite code, renews twice by debit, then the fan cancels', async () => {
    const fan = await createUser(t);
    const res = await subscribeAutomatic(fan);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.recurrence).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{29}$/),
      status: 'CRIADA',
    });
    const rec = psp.recs.get(body.recurrence.id)!;
    const cob = psp.cobs.get(body.charge.txid)!;
    expect(rec).toMatchObject({
      vinculo: { devedor: { cpf: '52998224725', nome: 'Fã Automática da Silva' } },
      calendario: { periodicidade: 'MENSAL' },
      valor: { valorRec: '29.90' },
      ativacao: { dadosJornada: { txid: body.charge.txid } },
    });
    expect(rec.vinculo.contrato).toMatch(/^[0-9a-f]{32}$/);
    expect(decodeBrCode(body.payment_specs)).toMatchObject({
      type: 'dynamic',
      amountCents: 2990,
      merchantAccount: { url: cob.location },
      recurrence: { url: rec.loc!.location },
    });

    // the fan scans it: the first period is paid (/pix) and the authorization approved (/rec)
    await psp.pay(body.charge.txid);
    let [mine] = await mySubscriptions(fan);
    expect(mine).toMatchObject({
      status: 'active',
      renewal: 'automatic',
      recurrence_status: 'APROVADA',
    });
    expect(mine!.id.replace(/-/g, '')).toBe(rec.vinculo.contrato);
    const subscribers = await t.inject({
      method: 'GET',
      url: `/api/v1/subscribers/${creator.workspaceId}`,
      headers: await bearer(creator),
    });
    expect(
      subscribers.json().subscribers.find((s: { id: string }) => s.id === mine!.id),
    ).toMatchObject({
      renewal: 'automatic',
    });
    const firstEnd = new Date(mine!.current_period_end);

    // not yet within PIX_AUTOMATIC_LEAD_DAYS (5): nothing scheduled
    await toLeadTime(fan, 8);
    await runSubscriptionJobs(t.ctx);
    expect(await debitsOf(rec.idRec)).toHaveLength(0);

    // two renewals: each scheduled once per period (two sweeps), settled by /cobr
    for (let renewal = 1; renewal <= 2; renewal++) {
      await toLeadTime(fan, 4);
      const sweeps = await Promise.all([runSubscriptionJobs(t.ctx), runSubscriptionJobs(t.ctx)]);
      expect(sweeps.reduce((n, s) => n + s.debitsScheduled, 0)).toBe(1);
      expect((await runSubscriptionJobs(t.ctx)).debitsScheduled).toBe(0);
      const debits = await debitsOf(rec.idRec);
      expect(debits).toHaveLength(renewal);
      const debit = debits[renewal - 1]!;
      const periodEnd = (await readSubscription(t, fan, creator))!.currentPeriodEnd;
      expect(debit).toMatchObject({
        valor: { original: '29.90' },
        ajusteDiaUtil: true,
        recebedor: {
          agencia: RECEIVING_ACCOUNT.branch,
          conta: RECEIVING_ACCOUNT.number,
          tipoConta: 'CORRENTE',
        },
        calendario: {
          dataDeVencimento: periodEnd.toLocaleDateString('sv-SE', {
            timeZone: 'America/Sao_Paulo',
          }),
        },
      });
      // the same settlement delivered three times extends the subscription once
      const endToEndId = `E12345678${Date.now()}${renewal}`.padEnd(32, 'x').slice(0, 32);
      for (let i = 0; i < 3; i++)
        expect((await psp.settleCobr(debit.txid, { endToEndId })).status).toBe(200);
      // extended by exactly one period, once
      const after = (await readSubscription(t, fan, creator))!;
      expect(after.currentPeriodEnd.getTime()).toBe(
        addCalendarMonths(after.paidSince, renewal + 1).getTime(),
      );
      expect(after.currentPeriodEnd > periodEnd).toBe(true);
      const [applied] = await t.ctx.db
        .select()
        .from(pixNotifications)
        .where(eq(pixNotifications.endToEndId, endToEndId));
      expect(applied).toMatchObject({ outcome: 'applied', reason: null });
      const reviews = await t.inject({
        method: 'GET',
        url: `/api/v1/charges/${creator.workspaceId}/reviews`,
        headers: await bearer(creator),
      });
      expect(reviews.json().reviews.filter((r: { id: string }) => r.id === endToEndId)).toEqual([]);
    }
    const ledger = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.workspaceId, creator.workspaceId));
    expect(ledger.filter((r) => r.amountCents === 2990)).toHaveLength(3);
    [mine] = await mySubscriptions(fan);
    expect(new Date(mine!.current_period_end) > firstEnd).toBe(true);

    // the fan cancels from 'Minhas assinaturas': PATCH /rec CANCELADA; still active to its end
    const other = await createUser(t);
    const notTheirs = await t.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${mine!.id}/recurrence`,
      headers: await bearer(other),
    });
    expect(notTheirs.statusCode).toBe(404);
    const signedOut = await t.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${mine!.id}/recurrence`,
    });
    expect(signedOut.statusCode).toBe(401);
    const cancel = await t.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${mine!.id}/recurrence`,
      headers: await bearer(fan),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ renewal: 'manual', recurrence_status: 'CANCELADA' });
    expect(psp.recs.get(rec.idRec)!.status).toBe('CANCELADA');
    [mine] = await mySubscriptions(fan);
    expect(mine).toMatchObject({
      status: 'active',
      renewal: 'manual',
      recurrence_status: 'CANCELADA',
    });
    await toLeadTime(fan, 3);
    await runSubscriptionJobs(t.ctx);
    expect(await debitsOf(rec.idRec)).toHaveLength(2);
    const again = await t.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${mine!.id}/recurrence`,
      headers: await bearer(fan),
    });
    expect(again.statusCode).toBe(404);
  });

  it('a cancellation made in the bank app arrives through /rec', async () => {
    const { fan, idRec } = await authorizedFan();
    expect((await mySubscriptions(fan))[0]).toMatchObject({ renewal: 'automatic' });
    expect((await psp.cancelRecByPayer(idRec)).status).toBe(200);
    expect((await mySubscriptions(fan))[0]).toMatchObject({
      status: 'active',
      renewal: 'manual',
      recurrence_status: 'CANCELADA',
    });
    await toLeadTime(fan, 3);
    await runSubscriptionJobs(t.ctx);
    expect(await debitsOf(idRec)).toHaveLength(0);
  });

  it('a refused debit e-mails the fan a manual Pix charge, once', async () => {
    const { fan, idRec } = await authorizedFan();
    await toLeadTime(fan, 4);
    await runSubscriptionJobs(t.ctx);
    const [debit] = await debitsOf(idRec);
    expect(debit).toBeDefined();
    for (let i = 0; i < 2; i++)
      expect((await psp.failCobr(debit!.txid, 'REJEITADA')).status).toBe(200);
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, fan.email), eq(mailOutbox.kind, 'pix-automatic-failed')));
    expect(mails).toHaveLength(1);
    const [row] = await t.ctx.db
      .select()
      .from(pixRecurringCharges)
      .where(eq(pixRecurringCharges.txid, debit!.txid));
    expect(row).toMatchObject({ status: 'REJEITADA', fallbackChargeId: expect.any(String) });
    const subs = await t.inject({
      method: 'GET',
      url: '/api/v1/subscriptions',
      headers: await bearer(fan),
    });
    const pending = subs.json().pending_charges as { id: string; payment_specs: string }[];
    expect(pending.map((c) => c.id)).toContain(row!.fallbackChargeId);
    // the manual charge is a normal one at the PSP: paying it renews
    const charge = pending.find((c) => c.id === row!.fallbackChargeId)!;
    const before = (await readSubscription(t, fan, creator))!.currentPeriodEnd;
    const cob = [...psp.cobs.values()].find((c) => c.pixCopiaECola === charge.payment_specs)!;
    await psp.pay(cob.txid);
    expect((await readSubscription(t, fan, creator))!.currentPeriodEnd > before).toBe(true);
    // everything queued is delivered first: exactly one e-mail about the failed debit
    await drainMail(t.ctx);
    const delivered = t.mail.messages.filter(
      (m) => m.to.includes(fan.email) && /débito automático/.test(m.subject),
    );
    expect(delivered).toHaveLength(1);
  });

  it('forged /rec and /cobr notifications change nothing; a debit the PSP settled with another amount grants nothing', async () => {
    const { fan, idRec } = await authorizedFan();
    /** Whoever learnt the webhook URL posts what the PSP never said. */
    const forge = (kind: 'rec' | 'cobr', body: unknown) =>
      fetch(`${psp.webhooks[kind]!}/${kind}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const cancelled = await forge('rec', { recs: [{ idRec, status: 'CANCELADA' }] });
    expect(await cancelled.json()).toEqual({ received: 1, applied: 0 });
    expect((await mySubscriptions(fan))[0]).toMatchObject({
      renewal: 'automatic',
      recurrence_status: 'APROVADA',
    });
    await toLeadTime(fan, 4);
    expect((await runSubscriptionJobs(t.ctx)).debitsScheduled).toBe(1);
    const [debit] = await debitsOf(idRec);
    const before = (await readSubscription(t, fan, creator))!.currentPeriodEnd;
    const failed = await forge('cobr', {
      cobsr: [{ idRec, txid: debit!.txid, status: 'REJEITADA' }],
    });
    expect(failed.status).toBe(200);
    const settled = await forge('cobr', {
      cobsr: [
        {
          idRec,
          txid: debit!.txid,
          status: 'CONCLUIDA',
          pix: [
            {
              endToEndId: newEndToEndId(),
              txid: debit!.txid,
              valor: '29.90',
              horario: new Date().toISOString(),
            },
          ],
        },
      ],
    });
    expect(await settled.json()).toEqual({ received: 1, applied: 0 });
    const rowOf = async () =>
      (
        await t.ctx.db
          .select()
          .from(pixRecurringCharges)
          .where(eq(pixRecurringCharges.txid, debit!.txid))
      )[0];
    expect(await rowOf()).toMatchObject({ status: 'CRIADA', fallbackChargeId: null });
    expect((await readSubscription(t, fan, creator))!.currentPeriodEnd).toEqual(before);
    const failedMails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, fan.email), eq(mailOutbox.kind, 'pix-automatic-failed')));
    expect(failedMails).toEqual([]);

    // the PSP settles the debit with another amount: recorded, nothing granted, kept to review
    const endToEndId = newEndToEndId();
    const wrong = await psp.settleCobr(debit!.txid, { amount: '2.99', endToEndId });
    expect(await wrong.json()).toEqual({ received: 1, applied: 0 });
    expect((await readSubscription(t, fan, creator))!.currentPeriodEnd).toEqual(before);
    const reviews = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}/reviews`,
      headers: await bearer(creator),
    });
    expect(reviews.json().reviews.find((r: { id: string }) => r.id === endToEndId)).toMatchObject({
      reason: 'amount_mismatch',
      amount: 2.99,
    });
  });

  describe('a POST /cobr whose answer is lost (the PSP created the debit)', () => {
    const postsToCobr = () =>
      psp.requests.filter((r) => r.method === 'POST' && r.path === '/v2/cobr').length;
    /** Our row of the recurrence's debit (one period here). */
    const claimOf = async (idRec: string) => {
      const [row] = await t.ctx.db
        .select({ status: pixRecurringCharges.status, txid: pixRecurringCharges.txid })
        .from(pixRecurringCharges)
        .innerJoin(pixRecurrences, eq(pixRecurrences.id, pixRecurringCharges.recurrenceId))
        .where(eq(pixRecurrences.idRec, idRec));
      return row;
    };
    async function lostAnswer() {
      const { fan, idRec } = await authorizedFan();
      await toLeadTime(fan, 4);
      psp.settings.loseCobrAnswer = true;
      expect((await runSubscriptionJobs(t.ctx)).debitsScheduled).toBe(0);
      const held = await debitsOf(idRec);
      expect(held).toHaveLength(1);
      // the claim stays, with no txid: nothing else is asked while its call may be out
      expect(await claimOf(idRec)).toMatchObject({ status: 'AGENDANDO', txid: null });
      const posts = postsToCobr();
      expect((await runSubscriptionJobs(t.ctx)).debitsScheduled).toBe(0);
      expect(postsToCobr()).toBe(posts);
      return { fan, idRec, debit: held[0]! };
    }

    it('the next sweep finds it at the PSP (GET /cobr) instead of asking twice, and it settles', async () => {
      const { fan, idRec, debit } = await lostAnswer();
      const posts = postsToCobr();
      t.clock.advance(3 * 60_000);
      expect((await runSubscriptionJobs(t.ctx)).debitsScheduled).toBe(1);
      expect(postsToCobr()).toBe(posts);
      expect(psp.requests.some((r) => r.method === 'GET' && r.path.startsWith(`/v2/cobr?`))).toBe(
        true,
      );
      expect(await debitsOf(idRec)).toHaveLength(1);
      expect(await claimOf(idRec)).toMatchObject({ txid: debit.txid, status: 'CRIADA' });
      const before = (await readSubscription(t, fan, creator))!.currentPeriodEnd;
      expect((await psp.settleCobr(debit.txid)).status).toBe(200);
      expect((await readSubscription(t, fan, creator))!.currentPeriodEnd > before).toBe(true);
    });

    it('a settlement notified first is matched by its recurrence', async () => {
      const { fan, debit, idRec } = await lostAnswer();
      const before = (await readSubscription(t, fan, creator))!.currentPeriodEnd;
      expect((await psp.settleCobr(debit.txid)).status).toBe(200);
      expect((await readSubscription(t, fan, creator))!.currentPeriodEnd > before).toBe(true);
      expect(await claimOf(idRec)).toMatchObject({ txid: debit.txid, status: 'CONCLUIDA' });
    });

    it('when the PSP does not hold it after all, the sweep asks for it again, once', async () => {
      const { idRec, debit } = await lostAnswer();
      psp.cobrs.delete(debit.txid);
      const posts = postsToCobr();
      t.clock.advance(3 * 60_000);
      const sweeps = await Promise.all([runSubscriptionJobs(t.ctx), runSubscriptionJobs(t.ctx)]);
      expect(sweeps.reduce((n, s) => n + s.debitsScheduled, 0)).toBe(1);
      expect(postsToCobr()).toBe(posts + 1);
      const [again] = await debitsOf(idRec);
      expect(await claimOf(idRec)).toMatchObject({ txid: again!.txid, status: 'CRIADA' });
    });
  });
});

describe('Pix Automático: replaced and repeated authorizations', () => {
  const recRow = async (idRec: string) =>
    (await t.ctx.db.select().from(pixRecurrences).where(eq(pixRecurrences.idRec, idRec)))[0]!;

  it('a new authorization cancels at the PSP the ones it replaces, so no older code can be approved', async () => {
    const fan = await createUser(t);
    const first = await subscribeAutomatic(fan);
    expect(first.statusCode, first.body).toBe(200);
    const second = await subscribeAutomatic(fan);
    expect(second.statusCode, second.body).toBe(200);
    const third = await subscribeAutomatic(fan);
    expect(third.statusCode, third.body).toBe(200);
    const ids = [first, second, third].map((r) => r.json().recurrence.id as string);
    expect(new Set(ids).size).toBe(3);
    for (const old of ids.slice(0, 2)) {
      expect(psp.recs.get(old)!.status).toBe('CANCELADA');
      expect(await recRow(old)).toMatchObject({ status: 'CANCELADA', cancelledBy: 'superseded' });
    }
    expect(psp.recs.get(ids[2]!)!.status).toBe('CRIADA');
    expect((await recRow(ids[2]!)).status).toBe('CRIADA');
    // the fan pays the live code: one approved authorization, the one it carries
    await psp.pay(third.json().charge.txid);
    const live = [...psp.recs.values()].filter(
      (r) => ids.includes(r.idRec) && r.status === 'APROVADA',
    );
    expect(live.map((r) => r.idRec)).toEqual([ids[2]]);
  });

  it('is throttled per fan: the sixth request in an hour answers 429 and asks the PSP nothing', async () => {
    const fan = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await subscribeAutomatic(fan)).statusCode).toBe(200);
    const recs = psp.recs.size;
    const cobs = psp.cobs.size;
    const limited = await subscribeAutomatic(fan);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect([psp.recs.size, psp.cobs.size]).toEqual([recs, cobs]);
    // another fan of the same profile is not held back by this one
    expect((await subscribeAutomatic(await createUser(t))).statusCode).toBe(200);
  });
});
