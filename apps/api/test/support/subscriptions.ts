import { and, eq } from 'drizzle-orm';
import type { PlanType } from '@fa-clube/contract';
import { charges, subscriptions } from '../../src/db/schema';
import type { TestContext } from './context';
import { bearer } from './fixtures';
import type { TestUser } from './fixtures';

/** Pix data the helpers give a creator: a valid random key, folded name and city. */
export const TEST_PIX = {
  key: 'd3c1e5b8-3f6a-4b2c-9d1e-7a8b9c0d1e2f',
  key_type: 'random',
  name: 'Criadora de Teste',
  city: 'São Paulo',
} as const;

async function expectOk(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
}

/**
 * Gives the owner's workspace Pix data (when it has none) and a plan of
 * `planType` at `value` reais less `discount` percent, through the API.
 */
export async function setUpCreator(
  t: TestContext,
  owner: TestUser,
  plan: { plan_type?: PlanType; value?: number; discount?: number } = {},
): Promise<{ planId: string }> {
  const auth = bearer(owner.accessToken);
  const pixUrl = `/api/v1/workspaces/${owner.workspaceId}/pix`;
  const current = await t.inject({ method: 'GET', url: pixUrl, headers: auth });
  if (current.statusCode === 404)
    await expectOk(
      await t.inject({ method: 'PUT', url: pixUrl, headers: auth, payload: TEST_PIX }),
      'PUT pix',
    );
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${owner.workspaceId}/plan`,
    headers: auth,
    payload: { plan_type: 'monthly', value: 29.9, discount: 0, ...plan },
  });
  await expectOk(res, 'POST plan');
  return { planId: res.json().id };
}

/**
 * Makes `subscriber` an active subscriber of `owner`'s own workspace the way
 * production does: the creator gets Pix data and a plan (if needed), the
 * subscriber opens a charge, the owner confirms it. Extends the subscription
 * when it is already active. Works for a workspace without a connected PSP (the owner confirms).
 */
export async function makeActiveSubscriber(
  t: TestContext,
  subscriber: TestUser,
  owner: TestUser,
  planType: PlanType = 'monthly',
): Promise<{ chargeId: string; txid: string; currentPeriodEnd: string }> {
  const plans = await t.inject({ method: 'GET', url: `/api/v1/plans?username=${owner.username}` });
  await expectOk(plans, 'GET plans');
  if (!plans.json().plans.some((p: { plan_type: string }) => p.plan_type === planType))
    await setUpCreator(t, owner, { plan_type: planType });
  const open = await t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${owner.username}&plan_type=${planType}`,
    headers: bearer(subscriber.accessToken),
  });
  await expectOk(open, 'POST subscribe/plan');
  const charge = open.json().charge as { id: string; txid: string };
  const confirm = await t.inject({
    method: 'POST',
    url: `/api/v1/charges/${owner.workspaceId}/${charge.id}/confirm`,
    headers: bearer(owner.accessToken),
  });
  await expectOk(confirm, 'POST confirm');
  return {
    chargeId: charge.id,
    txid: charge.txid,
    currentPeriodEnd: confirm.json().subscription.current_period_end,
  };
}

/** A charge as stored, read back from the database. */
export async function readCharge(t: TestContext, chargeId: string) {
  const [row] = await t.ctx.db.select().from(charges).where(eq(charges.id, chargeId));
  return row!;
}

/** The subscriber's subscription to `owner`'s own workspace as stored, or undefined. */
export async function readSubscription(t: TestContext, subscriber: TestUser, owner: TestUser) {
  const [row] = await t.ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, subscriber.id),
        eq(subscriptions.workspaceId, owner.workspaceId),
      ),
    );
  return row;
}
