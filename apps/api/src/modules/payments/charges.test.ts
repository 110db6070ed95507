import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { charges, financeCategories, financeTransactions } from '../../db/schema';
import type { ChargeKindHandler } from '../../lib/context';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { readCharge, setUpCreator } from '../../../test/support/subscriptions';
import { openCharge } from './payments.service';

let t: TestContext;
let owner: TestUser;
let planId: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t);
  ({ planId } = await setUpCreator(t, owner, { plan_type: 'monthly', value: 19.9 }));
});
afterAll(async () => {
  await t.close();
});

/** A charge of `kind` for a new fan, opened through the payments interface. */
async function openChargeOf(kind: 'tip' | 'post', amountCents = 500) {
  const fan = await createUser(t);
  const charge = await openCharge(t.ctx, {
    payerId: fan.id,
    workspace: { id: owner.workspaceId, username: owner.username },
    kind,
    itemId: null,
    amountCents,
    description: `Gorjeta @${owner.username}`,
    plan: { id: planId, planType: 'monthly' },
  });
  return { fan, charge };
}

const confirm = (chargeId: string) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/charges/${owner.workspaceId}/${chargeId}/confirm`,
    headers: bearer(owner.accessToken),
  });

const bookingOf = async (chargeId: string) => {
  const [row] = await t.ctx.db
    .select({ label: financeTransactions.label, category: financeCategories.label })
    .from(financeTransactions)
    .leftJoin(financeCategories, eq(financeCategories.id, financeTransactions.categoryId))
    .where(eq(financeTransactions.chargeId, chargeId));
  return row ?? null;
};

describe('GET /charges/{ws}: kind', () => {
  it('answers each charge with its kind; ?kind= filters; another kind is 400', async () => {
    const fan = await createUser(t);
    const subscribed = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${owner.username}&plan_type=monthly`,
      headers: bearer(fan.accessToken),
    });
    expect(subscribed.statusCode).toBe(200);
    const { charge: tip } = await openChargeOf('tip');
    const list = async (query: string) =>
      t.inject({
        method: 'GET',
        url: `/api/v1/charges/${owner.workspaceId}${query}`,
        headers: bearer(owner.accessToken),
      });
    const all = (await list('')).json().charges as { id: string; kind: string }[];
    expect(all.find((c) => c.id === subscribed.json().charge.id)?.kind).toBe('subscription');
    expect(all.find((c) => c.id === tip.id)?.kind).toBe('tip');
    const tips = await list('?kind=tip');
    expect(tips.json()).toMatchObject({ total: 1, charges: [{ id: tip.id, kind: 'tip' }] });
    const plansOnly = (await list('?kind=subscription&status=pending')).json();
    expect(plansOnly.charges.map((c: { kind: string }) => c.kind)).not.toContain('tip');
    expect(plansOnly.charges.map((c: { id: string }) => c.id)).toContain(
      subscribed.json().charge.id,
    );
    const wrong = await list('?kind=gift');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('VALIDATION_ERROR');
  });

  it('a new charge is a subscription one unless said otherwise (the column default)', async () => {
    const [row] = await t.ctx.db
      .select({ kind: charges.kind, itemId: charges.itemId })
      .from(charges)
      .where(and(eq(charges.workspaceId, owner.workspaceId), eq(charges.kind, 'subscription')))
      .limit(1);
    expect(row).toEqual({ kind: 'subscription', itemId: null });
  });
});

describe('tell me when it is paid: the handler of the charge’s kind', () => {
  it('is called once, inside the transaction that marks the charge paid and books it', async () => {
    const { charge } = await openChargeOf('tip', 700);
    const seen: { status: string; booked: boolean }[] = [];
    const handler: ChargeKindHandler = {
      paid: vi.fn(async (tx, paid) => {
        // what the transaction wrote so far: the charge paid, its ledger row
        const [row] = await tx.select().from(charges).where(eq(charges.id, paid.id));
        const booked = await tx
          .select()
          .from(financeTransactions)
          .where(eq(financeTransactions.chargeId, paid.id));
        seen.push({ status: row!.status, booked: booked.length === 1 });
        return {};
      }),
    };
    t.ctx.chargeKinds.tip = handler;
    try {
      // two confirmations at once: one pays, the handler runs once
      const answers = await Promise.all([confirm(charge.id), confirm(charge.id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const ok = answers.find((a) => a.statusCode === 200)!.json();
      expect(ok.charge).toMatchObject({ id: charge.id, kind: 'tip', status: 'paid' });
      expect(ok.subscription).toBeUndefined();
      expect(handler.paid).toHaveBeenCalledTimes(1);
      expect(vi.mocked(handler.paid).mock.calls[0]![1]).toMatchObject({
        id: charge.id,
        kind: 'tip',
        itemId: null,
        payerId: charge.payerId,
        valueCents: 700,
        contractId: null,
      });
      expect(seen).toEqual([{ status: 'paid', booked: true }]);
      // booked once, under the tip's own category
      expect(await bookingOf(charge.id)).toEqual({
        label: expect.stringMatching(/^Gorjeta — @/),
        category: 'Gorjetas',
      });
    } finally {
      delete t.ctx.chargeKinds.tip;
    }
  });

  it('rolls the payment back with it when it throws: the charge stays pending, nothing booked', async () => {
    const { charge } = await openChargeOf('post', 1500);
    const paid = vi.fn(async () => {
      throw new Error('the post was deleted meanwhile');
    });
    t.ctx.chargeKinds.post = { paid };
    try {
      const res = await confirm(charge.id);
      expect(res.statusCode).toBe(500);
      expect(paid).toHaveBeenCalledTimes(1);
      expect((await readCharge(t, charge.id)).status).toBe('pending');
      expect(await bookingOf(charge.id)).toBeNull();
    } finally {
      delete t.ctx.chargeKinds.post;
    }
  });

  it('a kind no module sells is never granted: the payment is not applied', async () => {
    const { charge } = await openChargeOf('tip');
    const res = await confirm(charge.id);
    expect(res.statusCode).toBe(500);
    expect((await readCharge(t, charge.id)).status).toBe('pending');
    expect(await bookingOf(charge.id)).toBeNull();
  });
});
