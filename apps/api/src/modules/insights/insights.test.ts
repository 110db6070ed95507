// GET /insights/{ws}: figures checked against a fixture written out by hand — five fans, their
// paid periods (renewals, a lapse, a late return), one-off sales, a refund — with payments at
// 23:59 and 00:00 São Paulo on month boundaries. Rows are written directly: the figures are
// what the tables say, whichever module wrote them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, pixNotifications, pixRecurrences, pixRefunds } from '../../db/schema/payments';
import { contents } from '../../db/schema/content';
import { plans, subscriptionPayments, subscriptions } from '../../db/schema/subscriptions';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { createTeam } from '../../../test/support/workspaces';
import { monthsEndingAt } from './insights.service';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let fans: TestUser[];
let otherWs: TestUser;
const ids: Record<string, string> = {};

/** An instant written on São Paulo's clock (UTC−3). */
const sp = (local: string) => new Date(`${local}-03:00`);
const NOW = sp('2026-12-15T12:00:00');

async function paidCharge(
  ws: string,
  payer: TestUser,
  kind: 'subscription' | 'post' | 'message' | 'tip',
  cents: number,
  paidAt: Date,
  extra: { itemId?: string; planType?: 'monthly' | 'quarterly' | 'yearly' } = {},
) {
  const id = randomUUID();
  await t.ctx.db.insert(charges).values({
    id,
    workspaceId: ws,
    payerId: payer.id,
    kind,
    itemId: extra.itemId ?? null,
    planType: extra.planType ?? null,
    valueCents: cents,
    txid: `tx${id.replaceAll('-', '')}`.slice(0, 35),
    paymentSpecs: 'brcode',
    status: 'paid',
    provider: 'manual',
    expiresAt: paidAt,
    paidAt,
    createdAt: paidAt,
  });
  return id;
}

/** A subscription with its paid periods ([paid at, start, end]) and its status now. */
async function subscription(
  fan: TestUser,
  planType: 'monthly' | 'quarterly' | 'yearly',
  cents: number,
  periods: [paidAt: Date, start: Date, end: Date][],
  status: 'active' | 'expired' = 'active',
) {
  const [id] = await t.ctx.db
    .insert(subscriptions)
    .values({
      workspaceId: owner.workspaceId,
      subscriberId: fan.id,
      planType,
      status,
      paidSince: periods[0]![1],
      currentPeriodEnd: periods.at(-1)![2],
    })
    .returning({ id: subscriptions.id });
  for (const [paidAt, start, end] of periods) {
    const chargeId = await paidCharge(owner.workspaceId, fan, 'subscription', cents, paidAt, {
      planType,
    });
    await t.ctx.db.insert(subscriptionPayments).values({
      subscriptionId: id!.id,
      chargeId,
      periodStart: start,
      periodEnd: end,
    });
  }
  return id!.id;
}

beforeAll(async () => {
  t = await createTestContext();
  t.clock.offsetMs = NOW.getTime() - Date.now();
  ({ owner, member, stranger } = await createTeam(t));
  fans = [];
  for (let i = 0; i < 5; i++) fans.push(await createUser(t));
  otherWs = await createUser(t);
  const [a, b, c, d, e] = fans as [TestUser, TestUser, TestUser, TestUser, TestUser];
  const planRows = await t.ctx.db
    .insert(plans)
    .values([
      { workspaceId: owner.workspaceId, planType: 'monthly', valueCents: 3000, discount: 0 },
      { workspaceId: owner.workspaceId, planType: 'quarterly', valueCents: 9000, discount: 10 },
      { workspaceId: owner.workspaceId, planType: 'yearly', valueCents: 30000, discount: 20 },
    ])
    .returning({ id: plans.id, planType: plans.planType });

  // A: monthly from Oct 1 00:00, renewed at Oct 31 23:59 (an October payment) and on Dec 1
  await subscription(a, 'monthly', 3000, [
    [sp('2026-10-01T00:00:00'), sp('2026-10-01T00:00:00'), sp('2026-11-01T00:00:00')],
    [sp('2026-10-31T23:59:00'), sp('2026-11-01T00:00:00'), sp('2026-12-01T00:00:00')],
    [sp('2026-12-01T10:00:00'), sp('2026-12-01T00:00:00'), sp('2027-01-01T00:00:00')],
  ]);
  // B: quarterly (R$ 81,00 after 10 %), paid Nov 30 at 23:59: November's
  await subscription(b, 'quarterly', 8100, [
    [sp('2026-11-30T23:59:00'), sp('2026-11-30T23:59:00'), sp('2027-02-28T23:59:00')],
  ]);
  // C: yearly (R$ 240,00 after 20 %), paid Dec 1 at 00:00: December's; renews by Pix Automático
  const cSub = await subscription(c, 'yearly', 24000, [
    [sp('2026-12-01T00:00:00'), sp('2026-12-01T00:00:00'), sp('2027-12-01T00:00:00')],
  ]);
  await t.ctx.db.insert(pixRecurrences).values({
    subscriptionId: cSub,
    workspaceId: owner.workspaceId,
    payerId: c.id,
    planId: planRows.find((p) => p.planType === 'yearly')!.id,
    idRec: 'RR1234567820261201abcdefghijk',
    status: 'APROVADA',
    valueCents: 24000,
  } as typeof pixRecurrences.$inferInsert);
  // D: one month from Oct 10, never renewed: churned in November
  await subscription(
    d,
    'monthly',
    3000,
    [[sp('2026-10-10T09:00:00'), sp('2026-10-10T09:00:00'), sp('2026-11-10T09:00:00')]],
    'expired',
  );
  // E: from Sep 20; lapsed Oct 20, came back Oct 25 (new again), lapsed Nov 25
  await subscription(
    e,
    'monthly',
    3000,
    [
      [sp('2026-09-20T08:00:00'), sp('2026-09-20T08:00:00'), sp('2026-10-20T08:00:00')],
      [sp('2026-10-25T08:00:00'), sp('2026-10-25T08:00:00'), sp('2026-11-25T08:00:00')],
    ],
    'expired',
  );

  // posts: P1 sold twice in November (one refunded in December), P2 liked, P0 old
  const post = async (description: string, likes: number, createdAt: Date) => {
    const [row] = await t.ctx.db
      .insert(contents)
      .values({ workspaceId: owner.workspaceId, description, likeCount: likes, createdAt })
      .returning({ id: contents.id });
    return row!.id;
  };
  ids.p0 = await post('Antigo e muito curtido', 10, sp('2026-08-01T10:00:00'));
  ids.p1 = await post('Ensaio exclusivo', 1, sp('2026-11-01T10:00:00'));
  ids.p2 = await post('Bastidores', 3, sp('2026-11-20T10:00:00'));
  ids.p3 = await post('Sem curtidas', 0, sp('2026-12-02T10:00:00'));
  await paidCharge(owner.workspaceId, a, 'post', 1500, sp('2026-11-05T10:00:00'), {
    itemId: ids.p1,
  });
  const refunded = await paidCharge(owner.workspaceId, b, 'post', 1500, sp('2026-11-05T11:00:00'), {
    itemId: ids.p1,
  });
  const e2e = `E${refunded.replaceAll('-', '')}`.slice(0, 32);
  await t.ctx.db.insert(pixNotifications).values({
    endToEndId: e2e,
    provider: 'psp',
    workspaceId: owner.workspaceId,
    amountCents: 1500,
    chargeId: refunded,
    outcome: 'applied',
  });
  await t.ctx.db.insert(pixRefunds).values({
    id: 'D1234567',
    endToEndId: e2e,
    workspaceId: owner.workspaceId,
    amountCents: 1500,
    status: 'DEVOLVIDO',
    updatedAt: sp('2026-12-02T09:00:00'),
  });
  await paidCharge(owner.workspaceId, d, 'message', 500, sp('2026-10-15T10:00:00'));
  await paidCharge(owner.workspaceId, c, 'tip', 1000, sp('2026-12-03T10:00:00'));
  // what must not count: another workspace's sale, a charge never paid
  await paidCharge(otherWs.workspaceId, a, 'tip', 99_900, sp('2026-12-03T10:00:00'));
  await t.ctx.db.insert(charges).values({
    workspaceId: owner.workspaceId,
    payerId: a.id,
    kind: 'tip',
    valueCents: 7700,
    txid: 'txpendente0000000000000000001',
    paymentSpecs: 'brcode',
    status: 'pending',
    provider: 'manual',
    expiresAt: sp('2026-12-20T10:00:00'),
  });
});

afterAll(async () => {
  await t?.close();
});

const insights = (who: TestUser | undefined, query = '?months=3', suffix = '') =>
  t.inject({
    method: 'GET',
    url: `/api/v1/insights/${owner.workspaceId}${suffix}${query}`,
    headers: who ? bearer(who.accessToken) : {},
  });

describe('GET /insights/{ws}', () => {
  it('answers the figures the fixture makes, month by month in São Paulo time', async () => {
    const res = await insights(owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      currency: 'BRL',
      // 30,00 + 81,00 ÷ 3 + 240,00 ÷ 12
      mrr: 77,
      active_subscribers: 3,
      by_plan: { monthly: 1, quarterly: 1, yearly: 1 },
      automatic_renewals: 1,
      // November: D and E lapsed out of A, D and E with paid time on Nov 1
      churn_rate: 0.6667,
    });
    expect(body.months).toEqual([
      {
        month: '2026-10',
        new: 3, // A (Oct 1 00:00), D, E back after lapsing
        renewed: 1, // A at Oct 31 23:59
        churned: 1, // E on Oct 20
        revenue: { subscriptions: 120, posts: 0, messages: 5, tips: 0, total: 125 },
        refunds: 0,
      },
      {
        month: '2026-11',
        new: 1, // B at Nov 30 23:59
        renewed: 0,
        churned: 2, // D, E
        revenue: { subscriptions: 81, posts: 30, messages: 0, tips: 0, total: 111 },
        refunds: 0,
      },
      {
        month: '2026-12',
        new: 1, // C at Dec 1 00:00
        renewed: 1, // A
        churned: 0,
        revenue: { subscriptions: 270, posts: -15, messages: 0, tips: 10, total: 265 },
        refunds: 15,
      },
    ]);
    expect(body.top_posts).toEqual([
      { id: ids.p1, description: 'Ensaio exclusivo', likes: 1, purchases: 2, revenue: 30 },
      { id: ids.p2, description: 'Bastidores', likes: 3, purchases: 0, revenue: 0 },
    ]);
  });

  it('defaults to 12 months, the current one last', async () => {
    const body = (await insights(owner, '')).json();
    expect(body.months).toHaveLength(12);
    expect(body.months[0].month).toBe('2026-01');
    expect(body.months.at(-1).month).toBe('2026-12');
  });

  it('is for the owner and the team: a fan, a stranger get 404, signed out 401', async () => {
    expect((await insights(member)).statusCode).toBe(200);
    for (const who of [fans[0], stranger]) {
      const res = await insights(who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
    }
    expect((await insights(undefined)).statusCode).toBe(401);
  });

  it('refuses months outside 1..36 with a pt-BR message', async () => {
    for (const q of ['?months=0', '?months=37', '?months=abc', '?months=1.5']) {
      const res = await insights(owner, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toMatch(/mês|meses/);
    }
  });

  it('exports the months as a pt-BR CSV', async () => {
    const res = await insights(owner, '?months=3', '/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('visao-geral.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Mês;Novos;Renovados;Cancelados;Assinaturas (R$);Posts (R$);Mensagens (R$);Gorjetas (R$);Total (R$);Reembolsos (R$)',
      '2026-10;3;1;1;120,00;0,00;5,00;0,00;125,00;0,00',
      '2026-11;1;0;2;81,00;30,00;0,00;0,00;111,00;0,00',
      '2026-12;1;1;0;270,00;-15,00;0,00;10,00;265,00;15,00',
    ]);
    expect((await insights(stranger, '', '/export.csv')).statusCode).toBe(404);
  });
});

describe('São Paulo months', () => {
  it('starts each month at 00:00 in São Paulo (03:00 UTC)', () => {
    expect(monthsEndingAt(sp('2026-03-01T00:00:00'), 3)).toEqual([
      { month: '2026-01', start: new Date('2026-01-01T03:00:00Z') },
      { month: '2026-02', start: new Date('2026-02-01T03:00:00Z') },
      { month: '2026-03', start: new Date('2026-03-01T03:00:00Z') },
    ]);
    // 23:59 on the last day is still that month
    expect(monthsEndingAt(sp('2026-02-28T23:59:00'), 1)[0]!.month).toBe('2026-02');
  });
});
