import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { charges, plans, renewalReminders, subscriptions } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Mailer } from '../../lib/mailer';
import { decodeBrCode } from '../../lib/pix';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import {
  makeActiveSubscriber,
  readSubscription,
  setUpCreator,
} from '../../../test/support/subscriptions';
import { claimDueReminders, enqueueReminder } from './renewal-reminders.repo';
import { REMINDER_MAX_ATTEMPTS, reminderBackoffMs, sendRenewalReminders } from './renewal.jobs';
import type { RenewalSweep } from './renewal.jobs';

const DAY = 86_400_000;
const MINUTE = 60_000;
let t: TestContext;
let realSend: Mailer['send'];

beforeAll(async () => {
  t = await createTestContext();
  realSend = t.ctx.mailer.send.bind(t.ctx.mailer);
});
afterEach(() => {
  t.ctx.mailer.send = realSend;
});
afterAll(async () => {
  await t.close();
});

/** A fan subscribed to a fresh creator, with the clock 2 days before the period ends. */
async function dueSubscription() {
  const owner = await createUser(t);
  const fan = await createUser(t);
  await setUpCreator(t, owner, { plan_type: 'monthly', value: 19.9, discount: 0 });
  await setUpCreator(t, owner, { plan_type: 'quarterly', value: 49.9, discount: 0 });
  await makeActiveSubscriber(t, fan, owner);
  const sub = (await readSubscription(t, fan, owner))!;
  t.clock.advance(sub.currentPeriodEnd.getTime() - t.clock.now().getTime() - 2 * DAY);
  return { owner, fan, sub };
}
const remindersOf = (subscriptionId: string) =>
  t.ctx.db
    .select()
    .from(renewalReminders)
    .where(eq(renewalReminders.subscriptionId, subscriptionId));
/** The subscription's one outbox row (a second row for the period fails the test). */
const reminderOf = async (subscriptionId: string) => {
  const rows = await remindersOf(subscriptionId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const renewalCharges = (subscriptionId: string) =>
  t.ctx.db.select().from(charges).where(eq(charges.renewalOf, subscriptionId));
const reminderMails = (fan: TestUser) =>
  t.mail.to(fan.email).filter((m) => m.subject.includes('vence'));
/** A sweep's answer: zero everywhere but `counts`. */
const swept = (counts: Partial<RenewalSweep>): RenewalSweep => ({
  queued: 0,
  claimed: 0,
  sent: 0,
  skipped: 0,
  retried: 0,
  failed: 0,
  ...counts,
});
const sweep = () => sendRenewalReminders(t.ctx);

describe('renewal reminders through an outbox', () => {
  it('a failing SMTP server: retried with backoff, one charge for all tries, sent once it works', async () => {
    const offset = t.clock.offsetMs;
    try {
      const { fan, sub } = await dueSubscription();
      let failures = 0;
      t.ctx.mailer.send = async () => {
        failures++;
        throw new Error('SMTP 421 serviço indisponível');
      };
      expect(await sweep()).toEqual(swept({ queued: 1, claimed: 1, retried: 1 }));
      let row = await reminderOf(sub.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toContain('SMTP 421');
      expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(
        reminderBackoffMs(1) - 5_000,
      );
      const [first] = await renewalCharges(sub.id);
      expect(first).toMatchObject({ status: 'pending' });
      expect(row.chargeId).toBe(first!.id);

      // sweeps before the backoff ends do nothing: no send, no new charge
      expect(await sweep()).toEqual(swept({}));
      expect(await sweep()).toEqual(swept({}));
      expect(failures).toBe(1);

      // the second try fails too: the wait doubles
      t.clock.advance(reminderBackoffMs(1) + 1000);
      expect(await sweep()).toEqual(swept({ claimed: 1, retried: 1 }));
      expect(failures).toBe(2);
      row = await reminderOf(sub.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(
        reminderBackoffMs(2) - 5_000,
      );

      // SMTP is back: the third try sends the same charge
      t.ctx.mailer.send = realSend;
      t.clock.advance(reminderBackoffMs(2) + 1000);
      expect(await sweep()).toEqual(swept({ claimed: 1, sent: 1 }));
      // the sweep returns once the SMTP server accepted the message: it is here already
      expect(reminderMails(fan)).toHaveLength(1);
      const mail = reminderMails(fan)[0]!;
      const code = /^(000201.*)$/m.exec(mail.text)![1]!.trim();
      expect(decodeBrCode(code).txid).toBe(first!.txid);
      row = await reminderOf(sub.id);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, chargeId: first!.id });
      expect(row.sentAt).not.toBeNull();
      const all = await t.ctx.db
        .select()
        .from(charges)
        .where(and(eq(charges.payerId, fan.id), eq(charges.status, 'pending')));
      expect(all).toHaveLength(1);
      expect(await renewalCharges(sub.id)).toHaveLength(1);

      // and never again for this period
      expect(await sweep()).toEqual(swept({}));
      expect(await reminderOf(sub.id)).toMatchObject({ status: 'sent', attempts: 3 });
      expect(reminderMails(fan)).toHaveLength(1);
    } finally {
      t.clock.offsetMs = offset;
    }
  });

  it('a crash after the claim loses nothing: the lease runs out and the next sweep sends it', async () => {
    const offset = t.clock.offsetMs;
    try {
      const { fan, sub } = await dueSubscription();
      // a sweep that wrote the outbox, claimed the row, then died before sending
      await enqueueReminder(t.ctx.db, {
        subscriptionId: sub.id,
        periodEnd: sub.currentPeriodEnd,
        now: t.clock.now(),
      });
      const now = t.clock.now();
      const claimed = await claimDueReminders(t.ctx.db, {
        now,
        leaseUntil: new Date(now.getTime() + 5 * MINUTE),
        limit: 100,
      });
      expect(claimed.map((r) => r.subscriptionId)).toContain(sub.id);

      // while the lease holds, other sweeps leave it alone
      expect(await sweep()).toEqual(swept({}));
      expect(await reminderOf(sub.id)).toMatchObject({ status: 'sending', attempts: 1 });
      expect(reminderMails(fan)).toHaveLength(0);

      t.clock.advance(5 * MINUTE + 1000);
      expect(await sweep()).toEqual(swept({ claimed: 1, sent: 1 }));
      expect(await reminderOf(sub.id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(reminderMails(fan)).toHaveLength(1);
    } finally {
      t.clock.offsetMs = offset;
    }
  });

  it('a period end with microseconds (written by SQL) is reminded once, not retried forever', async () => {
    const offset = t.clock.offsetMs;
    try {
      const { fan, sub } = await dueSubscription();
      await t.ctx.db
        .update(subscriptions)
        .set({
          currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + interval '123 microseconds'`,
        })
        .where(eq(subscriptions.id, sub.id));
      expect(await sweep()).toEqual(swept({ queued: 1, claimed: 1, sent: 1 }));
      expect(await sweep()).toEqual(swept({}));
      expect(await reminderOf(sub.id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(reminderMails(fan)).toHaveLength(1);
    } finally {
      t.clock.offsetMs = offset;
    }
  });

  it('gives up after REMINDER_MAX_ATTEMPTS failures, keeping the reason', async () => {
    const offset = t.clock.offsetMs;
    try {
      const { sub } = await dueSubscription();
      t.ctx.mailer.send = async () => {
        throw new Error('SMTP recusou');
      };
      for (let i = 1; i <= REMINDER_MAX_ATTEMPTS; i++) {
        expect(await sweep()).toEqual(
          swept({
            queued: i === 1 ? 1 : 0,
            claimed: 1,
            ...(i < REMINDER_MAX_ATTEMPTS ? { retried: 1 } : { failed: 1 }),
          }),
        );
        t.clock.advance(reminderBackoffMs(i) + 1000);
      }
      // given up: no later sweep claims it
      expect(await sweep()).toEqual(swept({}));
      const row = await reminderOf(sub.id);
      expect(row).toMatchObject({ status: 'failed', attempts: REMINDER_MAX_ATTEMPTS });
      expect(row.lastError).toContain('SMTP recusou');
      expect(await renewalCharges(sub.id)).toHaveLength(1);
    } finally {
      t.clock.offsetMs = offset;
    }
  });

  it('the database refuses a second open renewal charge for one subscription', async () => {
    const offset = t.clock.offsetMs;
    try {
      const { owner, sub } = await dueSubscription();
      expect(await sweep()).toEqual(swept({ queued: 1, claimed: 1, sent: 1 }));
      const [open] = await renewalCharges(sub.id);
      // another plan of the creator, so only the renewal index can refuse it
      const [quarterly] = await t.ctx.db
        .select()
        .from(plans)
        .where(and(eq(plans.workspaceId, owner.workspaceId), eq(plans.planType, 'quarterly')));
      const { id: _id, txid: _txid, endToEndId: _e2e, ...rest } = open!;
      const err = await t.ctx.db
        .insert(charges)
        .values({
          ...rest,
          txid: `DUPLICADO${Date.now()}`,
          planId: quarterly!.id,
          planType: 'quarterly',
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(err, 'charges_one_open_renewal_uq')).toBe(true);
      // once paid or expired, the next period may open its own
      await t.ctx.db.update(charges).set({ status: 'expired' }).where(eq(charges.id, open!.id));
      await t.ctx.db.insert(charges).values({
        ...rest,
        txid: `SEGUINTE${Date.now()}`,
        planId: quarterly!.id,
        planType: 'quarterly',
      });
    } finally {
      t.clock.offsetMs = offset;
    }
  });
});
