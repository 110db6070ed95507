import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixNotifications } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import { freePort, newEndToEndId } from '../../../test/support/pix-psp';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, creatorWithPsp } from '../../../test/support/psp-connection';
import { readCharge } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';

let t: TestContext;
let psp: TestPsp;
let otherPsp: TestPsp | undefined;
let creator: TestUser;
let member: TestUser;
let stranger: TestUser;
let fan: TestUser;

beforeAll(async () => {
  // the creator's own PSP, connected: its webhooks reach this server
  const port = await freePort();
  t = await createTestContext({
    env: { APP_URL: `http://127.0.0.1:${port}`, PIX_CA_FILE: testCertificates().files.ca },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  ({ creator, psp } = await creatorWithPsp(t, { value: 29.9 }));
  expect((await connect(t, creator, psp)).statusCode).toBe(200);
  member = await createUser(t);
  stranger = await createUser(t);
  fan = await createUser(t);
  await addTeamMember(t, creator, member);
});
afterAll(async () => {
  await t.close();
  await psp.close();
  await otherPsp?.close();
});

const subscribe = async (who: TestUser) => {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${creator.username}&plan_type=monthly`,
    headers: bearer(who.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { charge: { id: string; txid: string } };
};
const reviews = (who?: TestUser, query = '') =>
  t.inject({
    method: 'GET',
    url: `/api/v1/charges/${creator.workspaceId}/reviews${query}`,
    headers: who ? bearer(who.accessToken) : {},
  });
const resolve = (id: string, who?: TestUser) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/charges/${creator.workspaceId}/reviews/${id}/resolve`,
    headers: who ? bearer(who.accessToken) : {},
  });

describe('payments to review', () => {
  let wrongAmount: string;
  let secondPix: string;
  let chargeId: string;

  it('records money that granted nothing and lists it to the owner with amount, payer and date', async () => {
    const { charge } = await subscribe(fan);
    chargeId = charge.id;
    wrongAmount = newEndToEndId();
    expect((await psp.pay(charge.txid, { amount: '2.99', endToEndId: wrongAmount })).status).toBe(
      200,
    );
    // the right amount pays the charge; a second Pix for the same txid grants nothing
    expect((await psp.pay(charge.txid)).status).toBe(200);
    expect((await readCharge(t, charge.id)).status).toBe('paid');
    secondPix = newEndToEndId();
    const again = await psp.pay(charge.txid, { endToEndId: secondPix });
    expect(await again.json()).toEqual({ received: 1, applied: 0 });
    // the PSP retrying the same notification is not more money
    await psp.pay(charge.txid, { endToEndId: secondPix });

    const res = await reviews(creator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 0, size: 20, total: 2 });
    expect(body.reviews.map((r: { id: string }) => r.id).sort()).toEqual(
      [wrongAmount, secondPix].sort(),
    );
    const wrong = body.reviews.find((r: { id: string }) => r.id === wrongAmount);
    expect(wrong).toMatchObject({
      txid: charge.txid,
      amount: 2.99,
      currency: 'BRL',
      reason: 'amount_mismatch',
      charge_id: charge.id,
      charge_value: 29.9,
      plan_type: 'monthly',
      username: fan.username,
      status: 'open',
      resolved_at: null,
    });
    expect(typeof wrong.label).toBe('string');
    expect(Date.parse(wrong.received_at)).not.toBeNaN();
    expect(Date.parse(wrong.paid_at)).not.toBeNaN();
    expect(body.reviews.find((r: { id: string }) => r.id === secondPix)).toMatchObject({
      amount: 29.9,
      reason: 'already_paid',
    });
  });

  it('is the owner’s alone: members 403, strangers and subscribers 404, signed out 401', async () => {
    const asMember = await reviews(member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('OWNER_REQUIRED');
    for (const who of [stranger, fan]) {
      const res = await reviews(who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
    }
    expect((await reviews()).statusCode).toBe(401);

    expect((await resolve(wrongAmount, member)).json().code).toBe('OWNER_REQUIRED');
    expect((await resolve(wrongAmount, stranger)).json().code).toBe('WORKSPACE_NOT_FOUND');
    expect((await resolve(wrongAmount)).statusCode).toBe(401);
    const [row] = await t.ctx.db
      .select()
      .from(pixNotifications)
      .where(eq(pixNotifications.endToEndId, wrongAmount));
    expect(row?.resolvedAt).toBeNull();
  });

  it('the owner marks one resolved, once; it moves to the resolved list', async () => {
    const res = await resolve(wrongAmount, creator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: wrongAmount, status: 'resolved', charge_id: chargeId });
    expect(Date.parse(res.json().resolved_at)).not.toBeNaN();

    const again = await resolve(wrongAmount, creator);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PAYMENT_REVIEW_RESOLVED');

    const open = (await reviews(creator)).json();
    expect(open.reviews.map((r: { id: string }) => r.id)).toEqual([secondPix]);
    const resolved = (await reviews(creator, '?status=resolved')).json();
    expect(resolved.reviews.map((r: { id: string }) => r.id)).toEqual([wrongAmount]);
  });

  it('refuses unknown ids (404) and malformed ids or queries (400)', async () => {
    const unknown = await resolve(newEndToEndId(), creator);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PAYMENT_REVIEW_NOT_FOUND');
    expect((await resolve('não-é-um-id', creator)).statusCode).toBe(400);
    expect((await reviews(creator, '?status=todos')).statusCode).toBe(400);
    expect((await reviews(creator, '?size=1000')).statusCode).toBe(400);
  });

  it('an applied payment or another workspace’s money is never a review', async () => {
    const made = await creatorWithPsp(t, { value: 10 });
    const other = made.creator;
    otherPsp = made.psp;
    expect((await connect(t, other, otherPsp)).statusCode).toBe(200);
    const res = await t.inject({
      method: 'POST',
      url: `/api/v1/subscribe/plan?username=${other.username}&plan_type=monthly`,
      headers: bearer(fan.accessToken),
    });
    const txid = res.json().charge.txid as string;
    await otherPsp.pay(txid, { amount: '1.00' });
    const mine = (await reviews(creator)).json();
    expect(mine.total).toBe(1);
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/v1/charges/${other.workspaceId}/reviews`,
      headers: bearer(other.accessToken),
    });
    expect(theirs.json().total).toBe(1);
    // and the owner cannot resolve it through their own workspace
    const cross = await resolve(theirs.json().reviews[0].id, creator);
    expect(cross.statusCode).toBe(404);
  });
});
