import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges } from '../../db/schema';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { openSse } from '../../../test/support/sse';
import { setUpCreator } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';
import { runPaymentJobs } from './reconcile.jobs';
import { WAITING_DIGEST_GAP_MS } from './waiting.service';

/**
 * Issue 34: a workspace without a PSP confirms each Pix by hand; its owner and members see how
 * many wait (GET /charges/{ws}/waiting), live, and the owner gets an hourly e-mail digest.
 */
let t: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member, stranger } = await createTeam(t, { owner: 'Lívia Castro' }));
  await setUpCreator(t, owner, { plan_type: 'monthly', value: 19.9 });
});
afterAll(async () => {
  await t.close();
});

const waiting = (token?: string, ws = owner.workspaceId) =>
  t.inject({
    method: 'GET',
    url: `/api/v1/charges/${ws}/waiting`,
    headers: token ? bearer(token) : {},
  });

/** A new fan opens a monthly charge: a Pix that waits for the owner. */
async function openCharge(fan?: TestUser) {
  const payer = fan ?? (await createUser(t));
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/subscribe/plan?username=${owner.username}&plan_type=monthly`,
    headers: bearer(payer.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { payer, chargeId: res.json().charge.id as string };
}

const confirm = (chargeId: string) =>
  t.inject({
    method: 'POST',
    url: `/api/v1/charges/${owner.workspaceId}/${chargeId}/confirm`,
    headers: bearer(owner.accessToken),
  });

const digestsTo = (to: string) =>
  t.mail.to(to).filter((m) => /aguardam? a sua confirmação$/.test(m.subject));

describe('GET /charges/{ws}/waiting', () => {
  it('counts the Pix that wait for the owner, for the owner and members only', async () => {
    expect((await waiting(owner.accessToken)).json()).toEqual({ count: 0 });
    const first = await openCharge();
    const second = await openCharge();
    for (const who of [owner, member]) {
      const res = await waiting(who.accessToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ count: 2 });
    }
    // the payer, a stranger and a signed-out caller are refused, and learn no count
    for (const token of [first.payer.accessToken, stranger.accessToken]) {
      const res = await waiting(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).not.toHaveProperty('count');
    }
    expect((await waiting()).statusCode).toBe(401);
    expect((await waiting(owner.accessToken, 'nao-e-uuid')).statusCode).toBe(400);

    // confirmed: no longer waits; an expired code neither
    expect((await confirm(first.chargeId)).statusCode).toBe(200);
    expect((await waiting(owner.accessToken)).json()).toEqual({ count: 1 });
    await t.ctx.db
      .update(charges)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(charges.id, second.chargeId));
    expect((await waiting(member.accessToken)).json()).toEqual({ count: 0 });
  });

  it('tells the owner and members live when a Pix opens and when it is confirmed', async () => {
    const base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
    const ownerStream = await openSse(`${base}/events`, { token: owner.accessToken });
    const memberStream = await openSse(`${base}/events`, { token: member.accessToken });
    const strangerStream = await openSse(`${base}/events`, { token: stranger.accessToken });
    try {
      const { chargeId } = await openCharge();
      for (const stream of [ownerStream, memberStream]) {
        const [event] = await stream.waitFor(1);
        expect(event).toMatchObject({ event: 'charges.waiting', id: null });
        expect(JSON.parse(event!.data)).toEqual({ workspace_id: owner.workspaceId });
      }
      expect((await confirm(chargeId)).statusCode).toBe(200);
      const events = await ownerStream.waitFor(2);
      expect(events[1]!.event).toBe('charges.waiting');
      expect(strangerStream.events).toEqual([]);
    } finally {
      ownerStream.close();
      memberStream.close();
      strangerStream.close();
    }
  });
});

describe('the e-mail digest', () => {
  it('goes to the owner at most once an hour, only when a Pix opened since still waits', async () => {
    // nothing waits (the earlier charges were confirmed or expired): no e-mail
    t.clock.advance(WAITING_DIGEST_GAP_MS);
    await runPaymentJobs(t.ctx);
    expect(digestsTo(owner.email)).toHaveLength(0);

    const { payer } = await openCharge();
    await openCharge();
    expect((await runPaymentJobs(t.ctx)).waitingDigests).toBe(1);
    const mail = await t.mail.waitFor(owner.email, (m) => m.subject.startsWith('2 Pix'));
    expect(mail.subject).toBe('2 Pix aguardam a sua confirmação');
    expect(mail.text).toContain(`@${payer.username}`);
    expect(mail.text).toMatch(/R\$\s19,90, plano Mensal/);
    expect(mail.text).toContain('http://app.test/subscribers?aba=pendentes');
    // never to a member
    expect(digestsTo(member.email)).toHaveLength(0);

    // within the hour: another Pix opens, no second e-mail (twice, as two processes would)
    t.clock.advance(30 * 60_000);
    await openCharge();
    await Promise.all([runPaymentJobs(t.ctx), runPaymentJobs(t.ctx)]);
    expect(digestsTo(owner.email)).toHaveLength(1);

    // an hour after the first: the one opened since makes the next digest, once
    t.clock.advance(31 * 60_000);
    const [a, b] = await Promise.all([runPaymentJobs(t.ctx), runPaymentJobs(t.ctx)]);
    expect(a.waitingDigests + b.waitingDigests).toBe(1);
    await t.mail.waitFor(owner.email, (m) => m.subject.startsWith('3 Pix'));
    expect(digestsTo(owner.email)).toHaveLength(2);

    // another hour, nothing new opened: the same waiting Pix are not mailed again
    t.clock.advance(WAITING_DIGEST_GAP_MS + 60_000);
    expect((await runPaymentJobs(t.ctx)).waitingDigests).toBe(0);
    expect(digestsTo(owner.email)).toHaveLength(2);
  });
});
