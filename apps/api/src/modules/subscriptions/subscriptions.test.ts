import { addCalendarMonths } from '@fa-clube/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  charges,
  renewalReminders,
  subscriptionPayments,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { hasActiveSubscription } from '../../read-models/access';
import { decodeBrCode } from '../../lib/pix';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import {
  makeActiveSubscriber,
  readCharge,
  readSubscription,
  setUpCreator,
} from '../../../test/support/subscriptions';
import { runSubscriptionJobs, sendRenewalReminders, startSubscriptionJobs } from './renewal.jobs';
import type { RenewalSweep } from './renewal.jobs';

let t: TestContext;
let creator: TestUser;
let member: TestUser;
let stranger: TestUser;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestContext();
  creator = await createUser(t, { full_name: 'Conceição Araújo' });
  member = await createUser(t);
  stranger = await createUser(t);
  await t.ctx.db
    .insert(workspaceMembers)
    .values({ workspaceId: creator.workspaceId, userId: member.id, role: 'member' });
});
afterAll(async () => {
  await t.close();
});

const as = (u: TestUser) => bearer(u.accessToken);
/** Access tokens expire with the business clock: sign in again after moving it. */
async function refreshTokens(...users: TestUser[]) {
  for (const u of users) u.accessToken = (await signIn(t, u.email, u.password)).access_token;
}
const pixUrl = (u: TestUser) => `/api/v1/workspaces/${u.workspaceId}/pix`;
const planUrl = (u: TestUser) => `/api/v1/workspaces/${u.workspaceId}/plan`;
const subscribe = (fan: TestUser, owner: TestUser, planType = 'monthly') =>
  t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${owner.username}&plan_type=${planType}`,
    headers: as(fan),
  });
const confirm = (owner: TestUser, by: TestUser, chargeId: string) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/charges/${owner.workspaceId}/${chargeId}/confirm`,
    headers: as(by),
  });
const chargeRow = (id: string) => readCharge(t, id);
const subscriptionOf = (fan: TestUser, owner: TestUser) => readSubscription(t, fan, owner);
const paymentsOf = async (subscriptionId: string) =>
  t.ctx.db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, subscriptionId));

describe('Pix receiving data', () => {
  it('is 404 until set; only the owner writes; members read', async () => {
    const before = await t.inject({ method: 'GET', url: pixUrl(creator), headers: as(creator) });
    expect(before.statusCode).toBe(404);
    expect(before.json().code).toBe('PIX_NOT_CONFIGURED');

    const payload = {
      key: '529.982.247-25',
      key_type: 'cpf',
      name: 'Conceição Araújo',
      city: 'São Paulo',
    };
    const byMember = await t.inject({
      method: 'PUT',
      url: pixUrl(creator),
      headers: as(member),
      payload,
    });
    expect(byMember.statusCode).toBe(403);
    const byStranger = await t.inject({
      method: 'PUT',
      url: pixUrl(creator),
      headers: as(stranger),
      payload,
    });
    expect(byStranger.statusCode).toBe(404);
    const anonymous = await t.inject({ method: 'PUT', url: pixUrl(creator), payload });
    expect(anonymous.statusCode).toBe(401);

    const put = await t.inject({
      method: 'PUT',
      url: pixUrl(creator),
      headers: as(creator),
      payload,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      key: '52998224725',
      key_type: 'cpf',
      name: 'Conceicao Araujo',
      city: 'Sao Paulo',
    });
    const read = await t.inject({ method: 'GET', url: pixUrl(creator), headers: as(member) });
    expect(read.statusCode).toBe(200);
    expect(read.json().key).toBe('52998224725');
    expect(
      (await t.inject({ method: 'GET', url: pixUrl(creator), headers: as(stranger) })).statusCode,
    ).toBe(404);
  });

  it.each([
    [{ key: '123.456.789-00', key_type: 'cpf' }, 'key'],
    [{ key: '11.222.333/0001-82', key_type: 'cnpj' }, 'key'],
    [{ key: 'sem-arroba', key_type: 'email' }, 'key'],
    [{ key: '+1 415 555 0100', key_type: 'phone' }, 'key'],
    [{ key: '123e4567-e12b-12d1-a456-426655440000', key_type: 'random' }, 'key'],
    [{ key: 'a@b.co', key_type: 'iban' }, 'key_type'],
    [{ name: 'Nome Muito Comprido Que Não Cabe' }, 'name'],
    [{ city: 'São José dos Campos' }, 'city'],
    [{ name: '💜💜' }, 'name'],
  ])('refuses %o', async (override, field) => {
    const res = await t.inject({
      method: 'PUT',
      url: pixUrl(creator),
      headers: as(creator),
      payload: {
        key: 'ana@example.com',
        key_type: 'email',
        name: 'Ana',
        city: 'Recife',
        ...override,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('plans', () => {
  it('refuses a plan before the Pix data exists (409 PIX_REQUIRED)', async () => {
    const res = await t.inject({
      method: 'POST',
      url: planUrl(stranger),
      headers: as(stranger),
      payload: { value: 10 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PIX_REQUIRED');
  });

  it.each([
    [{ value: 29.999 }, 'value'],
    [{ value: 0 }, 'value'],
    [{ value: -5 }, 'value'],
    [{ value: 10000.01 }, 'value'],
    [{ value: '29.90' }, 'value'],
    [{ value: 29.9, discount: 101 }, 'discount'],
    [{ value: 29.9, discount: 10.5 }, 'discount'],
    [{ value: 29.9, plan_type: 'weekly' }, 'plan_type'],
  ])('refuses %o', async (payload, field) => {
    const res = await t.inject({
      method: 'POST',
      url: planUrl(creator),
      headers: as(creator),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('upserts per plan type, quarterly by default; owner only; stored in centavos', async () => {
    const byMember = await t.inject({
      method: 'POST',
      url: planUrl(creator),
      headers: as(member),
      payload: { value: 1 },
    });
    expect(byMember.statusCode).toBe(403);
    const q1 = await t.inject({
      method: 'POST',
      url: planUrl(creator),
      headers: as(creator),
      payload: { value: 80, discount: 10 },
    });
    expect(q1.statusCode).toBe(200);
    expect(q1.json()).toMatchObject({ plan_type: 'quarterly', value: 80, discount: 10, price: 72 });
    const q2 = await t.inject({
      method: 'POST',
      url: planUrl(creator),
      headers: as(creator),
      payload: { value: 79.9, discount: 0 },
    });
    expect(q2.json()).toMatchObject({
      id: q1.json().id,
      plan_type: 'quarterly',
      value: 79.9,
      price: 79.9,
    });
    const m = await t.inject({
      method: 'POST',
      url: planUrl(creator),
      headers: as(creator),
      payload: { plan_type: 'monthly', value: 29.9, discount: 15 },
    });
    expect(m.json()).toMatchObject({
      plan_type: 'monthly',
      value: 29.9,
      discount: 15,
      price: 25.42,
    });
    const y = await t.inject({
      method: 'POST',
      url: planUrl(creator),
      headers: as(creator),
      payload: { plan_type: 'yearly', value: 9.99, discount: 50 },
    });
    expect(y.json().price).toBe(5); // 499.5 centavos round half up
  });

  it('lists a profile publicly with prices; unknown profile is 404', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/plans?username=${creator.username}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plans: [
        expect.objectContaining({ plan_type: 'monthly', value: 29.9, discount: 15, price: 25.42 }),
        expect.objectContaining({ plan_type: 'quarterly', value: 79.9, discount: 0, price: 79.9 }),
        expect.objectContaining({ plan_type: 'yearly', value: 9.99, discount: 50, price: 5 }),
      ],
      is_subscribed: false,
      automatic_available: false,
    });
    const unknown = await t.inject({ method: 'GET', url: '/api/v1/plans?username=ninguem_aqui' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('charges and manual confirmation', () => {
  let fan: TestUser;
  beforeAll(async () => {
    fan = await createUser(t);
  });

  it('refuses anonymous callers, oneself, the team, unknown profiles and plans', async () => {
    const anon = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${creator.username}`,
    });
    expect(anon.statusCode).toBe(401);
    const self = await subscribe(creator, creator);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      code: 'CANNOT_SUBSCRIBE_TO_SELF',
      message: 'Você não pode assinar o seu próprio perfil.',
    });
    const team = await subscribe(member, creator);
    expect(team.statusCode).toBe(403);
    expect(team.json().code).toBe('TEAM_MEMBER_CANNOT_SUBSCRIBE');
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/v1/subscribe/plan?username=ninguem_aqui',
      headers: as(fan),
    });
    expect(unknown.statusCode).toBe(404);
    const noPlan = await subscribe(fan, stranger);
    expect(noPlan.statusCode).toBe(404);
    const badType = await subscribe(fan, creator, 'weekly');
    expect(badType.statusCode).toBe(400);
  });

  it('opens a charge with a BR Code that decodes to the creator, amount and txid; reuses it', async () => {
    const res = await subscribe(fan, creator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.value).toBe(25.42);
    expect(body.charge).toMatchObject({
      status: 'pending',
      plan_type: 'monthly',
      confirmation: 'manual',
    });
    const decoded = decodeBrCode(body.payment_specs);
    expect(decoded).toMatchObject({
      type: 'static',
      merchantAccount: { gui: 'br.gov.bcb.pix', key: '52998224725' },
      amount: '25.42',
      amountCents: 2542,
      currency: '986',
      countryCode: 'BR',
      merchantName: 'Conceicao Araujo',
      merchantCity: 'Sao Paulo',
      txid: body.charge.txid,
    });
    expect(decoded.crc).toBe(body.payment_specs.slice(-4));
    expect(body.charge.txid).toMatch(/^[A-Za-z0-9]{25}$/);
    const row = await chargeRow(body.charge.id);
    expect(row).toMatchObject({
      valueCents: 2542,
      status: 'pending',
      provider: 'manual',
      payerId: fan.id,
    });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3600_000);

    const again = await subscribe(fan, creator);
    expect(again.json().charge.id).toBe(body.charge.id);
    const byId = await t.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/charge',
      headers: as(fan),
      payload: { plan: row.planId },
    });
    expect(byId.json()).toEqual(body);

    const plans = await t.inject({
      method: 'GET',
      url: `/api/v1/plans?username=${creator.username}`,
      headers: as(fan),
    });
    expect(plans.json().is_subscribed).toBe(false);
    expect(plans.json().pending_charge).toMatchObject({
      id: body.charge.id,
      value: 25.42,
      payment_specs: body.payment_specs,
    });

    const mine = await t.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: as(fan) });
    expect(mine.json()).toEqual({
      subscriptions: [],
      pending_charges: [
        expect.objectContaining({
          id: body.charge.id,
          username: creator.username,
          label: 'Conceição Araújo',
        }),
      ],
      payments: [],
      page: 0,
      size: 20,
      total: 0,
    });
  });

  it('lists charges to the owner and members (paged, by status), not to others', async () => {
    for (const who of [creator, member]) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/v1/charges/${creator.workspaceId}?status=pending`,
        headers: as(who),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page: 0, size: 20, total: 1 });
      expect(res.json().charges[0]).toMatchObject({
        username: fan.username,
        label: 'Maria da Silva',
        plan_type: 'monthly',
        value: 25.42,
        status: 'pending',
      });
    }
    const paid = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}?status=paid`,
      headers: as(creator),
    });
    expect(paid.json().total).toBe(0);
    const other = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}`,
      headers: as(stranger),
    });
    expect(other.statusCode).toBe(404);
  });

  it('lets only the owner confirm; activates for one month; a second confirmation is 409', async () => {
    const { charge } = (await subscribe(fan, creator)).json();
    expect((await confirm(creator, member, charge.id)).statusCode).toBe(403);
    expect((await confirm(creator, stranger, charge.id)).statusCode).toBe(404);
    expect((await confirm(creator, fan, charge.id)).statusCode).toBe(404);
    expect((await chargeRow(charge.id)).status).toBe('pending');
    expect(await subscriptionOf(fan, creator)).toBeUndefined();

    const hidden = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}/${charge.id}`,
      headers: as(stranger),
    });
    expect(hidden.statusCode).toBe(404);
    const poll = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${creator.workspaceId}/${charge.id}`,
      headers: as(fan),
    });
    expect(poll.json().status).toBe('pending');

    const ok = await confirm(creator, creator, charge.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().charge).toMatchObject({ id: charge.id, status: 'paid' });
    const row = await chargeRow(charge.id);
    expect(row).toMatchObject({ status: 'paid', confirmedBy: creator.id });
    const sub = (await subscriptionOf(fan, creator))!;
    expect(sub).toMatchObject({ status: 'active', planType: 'monthly' });
    expect(sub.currentPeriodEnd.getTime()).toBe(addCalendarMonths(row.paidAt!, 1).getTime());
    expect(ok.json().subscription).toMatchObject({
      status: 'active',
      current_period_end: sub.currentPeriodEnd.toISOString(),
    });
    expect(await paymentsOf(sub.id)).toHaveLength(1);

    expect(await hasActiveSubscription(t.ctx.db, fan.id, creator.workspaceId, t.clock.now())).toBe(
      true,
    );
    const plans = await t.inject({
      method: 'GET',
      url: `/api/v1/plans?username=${creator.username}`,
      headers: as(fan),
    });
    expect(plans.json().is_subscribed).toBe(true);
    expect(plans.json().pending_charge).toBeUndefined();

    const twice = await confirm(creator, creator, charge.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('CHARGE_ALREADY_PAID');
    expect(await paymentsOf(sub.id)).toHaveLength(1);
  });

  it('extends an active subscription from its current end', async () => {
    const before = (await subscriptionOf(fan, creator))!;
    const { charge } = (await subscribe(fan, creator, 'quarterly')).json();
    expect((await confirm(creator, creator, charge.id)).statusCode).toBe(200);
    const after = (await subscriptionOf(fan, creator))!;
    // one month, then three more, counted from the subscription's first day
    expect(after.currentPeriodEnd.getTime()).toBe(
      addCalendarMonths(before.paidSince, 1 + 3).getTime(),
    );
    expect(after.paidSince.getTime()).toBe(before.paidSince.getTime());
    expect(after.planType).toBe('quarterly');
    const payments = await paymentsOf(after.id);
    expect(payments).toHaveLength(2);
    const second = payments.find((p) => p.chargeId === charge.id)!;
    expect(second.periodStart.getTime()).toBe(before.currentPeriodEnd.getTime());

    const mine = await t.inject({ method: 'GET', url: '/api/v1/subscriptions', headers: as(fan) });
    expect(mine.json().subscriptions).toEqual([
      {
        id: after.id,
        workspace_id: creator.workspaceId,
        username: creator.username,
        label: 'Conceição Araújo',
        avatar_url: null,
        plan_type: 'quarterly',
        status: 'active',
        current_period_end: after.currentPeriodEnd.toISOString(),
        renewal: 'manual',
        recurrence_status: null,
      },
    ]);
  });

  it("renews on the subscription's first day: started 31 January, paid to 28 February, then 31 March", async () => {
    const offset = t.clock.offsetMs;
    try {
      t.clock.offsetMs = Date.parse('2027-01-31T15:00:00.000Z') - Date.now();
      const fan31 = await createUser(t);
      // the creator's access token of today has expired by then: sign in on that day
      const owner = {
        ...creator,
        accessToken: (await signIn(t, creator.email, creator.password)).access_token,
      };
      const ends: string[] = [];
      for (let i = 0; i < 3; i++) {
        const opened = await subscribe(fan31, creator);
        expect(opened.statusCode, opened.body).toBe(200);
        const { charge } = opened.json();
        expect((await confirm(owner, owner, charge.id)).statusCode).toBe(200);
        ends.push(
          (await subscriptionOf(fan31, creator))!.currentPeriodEnd.toISOString().slice(0, 10),
        );
      }
      expect(ends).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    } finally {
      t.clock.offsetMs = offset;
    }
  });

  it('activates exactly once under 10 concurrent confirmations', async () => {
    const fan2 = await createUser(t);
    const { charge } = (await subscribe(fan2, creator)).json();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => confirm(creator, creator, charge.id)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const sub = (await subscriptionOf(fan2, creator))!;
    const payments = await paymentsOf(sub.id);
    expect(payments).toHaveLength(1);
    expect(sub.currentPeriodEnd.getTime()).toBe(
      addCalendarMonths(payments[0]!.periodStart, 1).getTime(),
    );
  });

  it('replaces an expired pending charge with a new one', async () => {
    const fan3 = await createUser(t);
    const first = (await subscribe(fan3, creator)).json();
    t.clock.advance(24 * 3600_000 + 1000);
    try {
      await refreshTokens(fan3);
      const second = (await subscribe(fan3, creator)).json();
      expect(second.charge.id).not.toBe(first.charge.id);
      expect(second.charge.txid).not.toBe(first.charge.txid);
      expect((await chargeRow(first.charge.id)).status).toBe('expired');
      expect((await chargeRow(second.charge.id)).status).toBe('pending');
    } finally {
      t.clock.advance(-(24 * 3600_000 + 1000));
    }
  });
});

describe('subscribers', () => {
  let fan: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(t);
    fan = await createUser(t, { full_name: 'Joana Fã' });
    await t.ctx.db
      .update(workspaces)
      .set({ description: '=HYPERLINK("http://mal.example","clique")' })
      .where(eq(workspaces.id, fan.workspaceId));
    await makeActiveSubscriber(t, fan, owner, 'yearly');
  });

  it('lists active subscribers with their own profile and plan to owner and members', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/subscribers/${owner.workspaceId}`,
      headers: as(owner),
    });
    expect(res.statusCode).toBe(200);
    const sub = (await subscriptionOf(fan, owner))!;
    expect(res.json()).toEqual({
      subscribers: [
        {
          id: sub.id,
          label: 'Joana Fã',
          username: fan.username,
          avatar_url: null,
          description: '=HYPERLINK("http://mal.example","clique")',
          plan_type: 'yearly',
          current_period_end: sub.currentPeriodEnd.toISOString(),
          renewal: 'manual',
        },
      ],
      page: 0,
      size: 20,
      total: 1,
    });
    const page1 = await t.inject({
      method: 'GET',
      url: `/api/v1/subscribers/${owner.workspaceId}?page=1&size=1`,
      headers: as(owner),
    });
    expect(page1.json()).toMatchObject({ subscribers: [], page: 1, size: 1, total: 1 });
    const other = await t.inject({
      method: 'GET',
      url: `/api/v1/subscribers/${owner.workspaceId}`,
      headers: as(fan),
    });
    expect(other.statusCode).toBe(404);
  });

  it('exports CSV with a pt-BR header, safe against formula injection', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/v1/subscribers/${owner.workspaceId}/export.csv`,
      headers: as(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nome,Usuário,Plano,Assinatura válida até,Descrição');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Joana Fã,${fan.username},Anual,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://mal.example"",""clique"")"`);
    const denied = await t.inject({
      method: 'GET',
      url: `/api/v1/subscribers/${owner.workspaceId}/export.csv`,
      headers: as(stranger),
    });
    expect(denied.statusCode).toBe(404);
  });
});

/** What the sweeps did between them (RenewalSweep summed). */
const totals = (sweeps: RenewalSweep[]): RenewalSweep => {
  const sum = { queued: 0, claimed: 0, sent: 0, skipped: 0, retried: 0, failed: 0 };
  for (const s of sweeps)
    for (const k of Object.keys(sum) as (keyof RenewalSweep)[]) sum[k] += s[k];
  return sum;
};
/**
 * Runs the sweeps and checks them against the outbox: every row they wrote (other
 * subscriptions of this file may fall due too) was claimed once and sent once. Answers the rows.
 */
async function sweepOnce(run: () => Promise<RenewalSweep[]>) {
  const all = () => t.ctx.db.select().from(renewalReminders);
  const before = new Set((await all()).map((r) => r.id));
  const sweeps = await run();
  const fresh = (await all()).filter((r) => !before.has(r.id));
  expect(fresh.map((r) => [r.status, r.attempts])).toEqual(fresh.map(() => ['sent', 1]));
  const n = fresh.length;
  expect(totals(sweeps)).toEqual({ ...totals([]), queued: n, claimed: n, sent: n });
  return fresh;
}
const reminderMails = (fan: TestUser) =>
  t.mail.to(fan.email).filter((m) => m.subject.includes('vence'));

describe('expiry and renewal', () => {
  it('ends access at period end; the job marks it expired; a new payment starts from now', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, owner);
    const sub = (await subscriptionOf(fan, owner))!;
    const offset = t.clock.offsetMs;
    try {
      t.clock.advance(sub.currentPeriodEnd.getTime() - t.clock.now().getTime() + 1000);
      await refreshTokens(fan, owner);
      expect(await hasActiveSubscription(t.ctx.db, fan.id, owner.workspaceId, t.clock.now())).toBe(
        false,
      );
      const plans = await t.inject({
        method: 'GET',
        url: `/api/v1/plans?username=${owner.username}`,
        headers: as(fan),
      });
      expect(plans.json().is_subscribed).toBe(false);
      const listed = await t.inject({
        method: 'GET',
        url: `/api/v1/subscribers/${owner.workspaceId}`,
        headers: as(owner),
      });
      expect(listed.json().total).toBe(0);
      const mine = await t.inject({
        method: 'GET',
        url: '/api/v1/subscriptions',
        headers: as(fan),
      });
      expect(mine.json().subscriptions[0].status).toBe('expired');

      const result = await runSubscriptionJobs(t.ctx);
      expect(result.expiredSubscriptions).toBeGreaterThanOrEqual(1);
      expect((await subscriptionOf(fan, owner))!.status).toBe('expired');

      await makeActiveSubscriber(t, fan, owner);
      const renewed = (await subscriptionOf(fan, owner))!;
      expect(renewed.status).toBe('active');
      expect(renewed.paidSince.getTime()).toBeGreaterThan(sub.currentPeriodEnd.getTime());
      expect(renewed.currentPeriodEnd.getTime()).toBe(
        addCalendarMonths(renewed.paidSince, 1).getTime(),
      );
    } finally {
      t.clock.offsetMs = offset;
    }
  });

  it('the timer started by server.ts runs the sweep at once and stops cleanly', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, owner);
    const sub = (await subscriptionOf(fan, owner))!;
    const offset = t.clock.offsetMs;
    try {
      t.clock.advance(sub.currentPeriodEnd.getTime() - t.clock.now().getTime() + 1000);
      const jobs = startSubscriptionJobs(t.ctx);
      await jobs.stop();
      expect((await subscriptionOf(fan, owner))!.status).toBe('expired');
    } finally {
      t.clock.offsetMs = offset;
    }
  });

  it('e-mails one renewal reminder per period, with a fresh charge and the profile link', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    await setUpCreator(t, owner, { plan_type: 'monthly', value: 29.9, discount: 15 });
    await makeActiveSubscriber(t, fan, owner);
    const sub = (await subscriptionOf(fan, owner))!;
    const offset = t.clock.offsetMs;
    try {
      // 5 days before the end: too early.
      t.clock.advance(sub.currentPeriodEnd.getTime() - t.clock.now().getTime() - 5 * DAY);
      const early = await sweepOnce(async () => [await sendRenewalReminders(t.ctx)]);
      expect(early.filter((r) => r.subscriptionId === sub.id)).toEqual([]);
      expect(reminderMails(fan)).toHaveLength(0);

      // 2 days before the end: one reminder, however often the job runs — two sweeps at
      // once and one after: one outbox row, claimed once and sent once between them. A sweep
      // returns once the SMTP server has accepted its messages, so the mails are here already.
      t.clock.advance(3 * DAY);
      const first = await sweepOnce(async () => [
        ...(await Promise.all([sendRenewalReminders(t.ctx), sendRenewalReminders(t.ctx)])),
        await sendRenewalReminders(t.ctx),
      ]);
      expect(first.filter((r) => r.subscriptionId === sub.id)).toMatchObject([
        { periodEnd: sub.currentPeriodEnd },
      ]);
      expect(reminderMails(fan)).toHaveLength(1);
      const mail = reminderMails(fan)[0]!;
      expect(mail.subject).toContain('Sua assinatura de Maria da Silva vence em');
      expect(mail.text).toContain('R$\u00a025,42');
      expect(mail.text).toContain(`http://app.test/profile/${owner.username}`);
      expect(mail.html).toContain(`http://app.test/profile/${owner.username}`);

      const code = /^(000201.*)$/m.exec(mail.text)![1]!.trim();
      const decoded = decodeBrCode(code);
      expect(decoded.amountCents).toBe(2542);
      const [fresh] = await t.ctx.db
        .select()
        .from(charges)
        .where(and(eq(charges.txid, decoded.txid), eq(charges.payerId, fan.id)));
      expect(fresh).toMatchObject({
        status: 'pending',
        paymentSpecs: code,
        workspaceId: owner.workspaceId,
      });
      expect(fresh!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
      expect(mail.html).toContain(code);

      // Paying it extends the subscription; the next period gets its own reminder.
      await refreshTokens(owner);
      expect((await confirm(owner, owner, fresh!.id)).statusCode).toBe(200);
      const extended = (await subscriptionOf(fan, owner))!;
      expect(extended.currentPeriodEnd.getTime()).toBe(
        addCalendarMonths(sub.currentPeriodEnd, 1).getTime(),
      );
      t.clock.advance(extended.currentPeriodEnd.getTime() - t.clock.now().getTime() - 2 * DAY);
      const second = await sweepOnce(async () => [
        await sendRenewalReminders(t.ctx),
        await sendRenewalReminders(t.ctx),
      ]);
      expect(second.filter((r) => r.subscriptionId === sub.id)).toMatchObject([
        { periodEnd: extended.currentPeriodEnd },
      ]);
      expect(reminderMails(fan)).toHaveLength(2);
      expect((await subscriptionOf(fan, owner))!.renewalReminderFor?.getTime()).toBe(
        extended.currentPeriodEnd.getTime(),
      );
    } finally {
      t.clock.offsetMs = offset;
    }
  });
});

describe('OpenAPI', () => {
  it('documents the subscription routes', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      '/api/v1/workspaces/{id}/pix',
      '/api/v1/workspaces/{id}/plan',
      '/api/v1/plans',
      '/api/v1/subscribe/plan',
      '/api/v1/subscriptions',
      '/api/v1/subscriptions/charge',
      '/api/v1/charges/{ws}',
      '/api/v1/charges/{ws}/{id}',
      '/api/v1/charges/{ws}/{id}/confirm',
      '/api/v1/subscribers/{ws}',
      '/api/v1/subscribers/{ws}/export.csv',
    ])
      expect(doc.paths).toHaveProperty([path]);
  });
});
