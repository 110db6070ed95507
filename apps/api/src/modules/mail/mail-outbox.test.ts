import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createMailer, renderEmail } from '../../lib/mailer';
import type { Mailer } from '../../lib/mailer';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import { startTestSmtp } from '../../../test/support/smtp';
import type { TestSmtp } from '../../../test/support/smtp';
import { CONFIRMATION_SUBJECT } from '../../../test/support/smtp';
import {
  deliverDueMail,
  drainMail,
  enqueueMail,
  MAIL_MAX_ATTEMPTS,
  mailBackoffMs,
  outboxMessageId,
} from './mail.service';

let t: TestContext;
let realMailer: Mailer;

beforeAll(async () => {
  t = await createTestContext();
  realMailer = t.ctx.mailer;
});
afterEach(() => {
  t.ctx.mailer = realMailer;
});
afterAll(async () => {
  await t.close();
});

/** An SMTP server that can be stopped and started again on the same port. */
async function flakySmtp() {
  let sink: TestSmtp | null = await startTestSmtp();
  const port = Number(new URL(sink.url).port);
  const url = sink.url;
  const mailer = createMailer({ smtpUrl: url, from: t.config.mail.from, logger: t.ctx.logger });
  const received: TestSmtp['messages'] = [];
  return {
    mailer,
    received,
    async stop() {
      const closing = sink!;
      sink = null;
      await closing.close();
      received.push(...closing.messages);
    },
    async start() {
      sink = await startTestSmtp({ port });
    },
    all: () => [...received, ...(sink?.messages ?? [])],
    async close() {
      mailer.close();
      await sink?.close();
    },
  };
}

/** The outbox rows to `to`, but the sign-up confirmations. */
const rowsFor = async (to: string) =>
  (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).filter(
    (r) => r.kind !== 'email-confirmation',
  );

describe('the mail outbox', () => {
  it('SMTP down: resets and invitations answer 2xx, then each e-mail arrives once when it is back', async () => {
    const smtp = await flakySmtp();
    try {
      const owner = await createUser(t);
      const fan = await createUser(t);
      const invitee = `convidada_${Date.now()}@example.com`;
      await smtp.stop();
      t.ctx.mailer = smtp.mailer;

      const reset = await t.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { email: fan.email },
      });
      expect(reset.statusCode).toBe(200);
      const invite = await t.inject({
        method: 'POST',
        url: `/api/v1/workspaces/${owner.workspaceId}/invite`,
        headers: bearer(owner.accessToken),
        payload: { email: invitee },
      });
      expect(invite.statusCode).toBe(201);
      expect(invite.json().email_sent).toBe(true);

      // the tries right after the answers failed: both wait in the outbox
      let rows: (typeof mailOutbox.$inferSelect)[] = [];
      for (let i = 0; i < 100; i++) {
        await drainMail(t.ctx);
        rows = [...(await rowsFor(fan.email)), ...(await rowsFor(invitee))];
        if (rows.length === 2 && rows.every((r) => r.attempts >= 1 && r.status === 'pending'))
          break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(rows.map((r) => r.kind).sort()).toEqual(['invitation', 'password-reset']);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
        // the link is a secret: stored encrypted, never in clear
        expect(row.payload).toMatch(/^v1\./);
        expect(row.payload).not.toContain('reset-password');
        expect(row.payload).not.toContain('invite');
      }
      expect(smtp.all()).toHaveLength(0);

      // before the backoff ends a sweep does nothing; after it, SMTP still down: retried later
      expect(await deliverDueMail(t.ctx)).toBe(0);
      t.clock.advance(mailBackoffMs(1) + 1_000);
      expect(await deliverDueMail(t.ctx)).toBe(0);
      const later = await rowsFor(fan.email);
      expect(later[0]).toMatchObject({ status: 'pending', attempts: 2 });

      // SMTP back: two workers sweep at once, every message goes out exactly once
      await smtp.start();
      t.clock.advance(mailBackoffMs(2) + 1_000);
      const sent = await Promise.all([deliverDueMail(t.ctx), deliverDueMail(t.ctx)]);
      expect(sent[0] + sent[1]).toBeGreaterThanOrEqual(2);
      expect(await deliverDueMail(t.ctx)).toBe(0);
      const toFan = smtp
        .all()
        .filter((m) => m.to.includes(fan.email) && m.subject !== CONFIRMATION_SUBJECT);
      const toInvitee = smtp.all().filter((m) => m.to.includes(invitee));
      expect(toFan).toHaveLength(1);
      expect(toInvitee).toHaveLength(1);
      expect(toFan[0]!.subject).toBe('Redefinição de senha do Fã Clube');
      expect(toFan[0]!.text).toContain('/reset-password?token=');
      expect(toInvitee[0]!.text).toContain(invite.json().invite_link);
      const done = [...(await rowsFor(fan.email)), ...(await rowsFor(invitee))];
      for (const row of done) {
        expect(row).toMatchObject({ status: 'sent', payload: null, claimedUntil: null });
        const mail = smtp.all().find((m) => m.to.includes(row.toAddress))!;
        expect(mail.headers['message-id']).toBe(outboxMessageId(t.ctx, row.id));
      }

      // the link works
      const token = new URL(
        /https?:\/\/\S+reset-password\?token=\S+/.exec(toFan[0]!.text)![0],
      ).searchParams.get('token')!;
      const use = await t.inject({
        method: 'PUT',
        url: '/api/v1/reset-password',
        payload: { token, password: 'outra-senha-segura-1' },
      });
      expect(use.statusCode).toBe(200);
    } finally {
      await smtp.close();
    }
  });

  it('two workers sweeping a full outbox send each message once', async () => {
    // earlier tests' mail out of the way first: only this batch is due
    await drainMail(t.ctx);
    await deliverDueMail(t.ctx);
    const smtp = await flakySmtp();
    try {
      t.ctx.mailer = smtp.mailer;
      const to = `lote_${Date.now()}@example.com`;
      const ids: string[] = [];
      for (let i = 0; i < 60; i++)
        ids.push(
          await enqueueMail(
            t.ctx,
            t.ctx.db,
            renderEmail({
              kind: 'test',
              to,
              subject: `mensagem ${i}`,
              title: 'Teste',
              paragraphs: [`número ${i}`],
            }),
          ),
        );
      const counts = await Promise.all([deliverDueMail(t.ctx), deliverDueMail(t.ctx)]);
      expect(counts[0] + counts[1]).toBe(60);
      const got = smtp.all().filter((m) => m.to.includes(to));
      expect(got).toHaveLength(60);
      expect(new Set(got.map((m) => m.subject)).size).toBe(60);
      const rows = await t.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('gives a message up after MAIL_MAX_ATTEMPTS failures and erases its text', async () => {
    const to = `falha_${Date.now()}@example.com`;
    const id = await enqueueMail(
      t.ctx,
      t.ctx.db,
      renderEmail({ kind: 'test', to, subject: 'x', title: 'x', paragraphs: ['x'] }),
    );
    await t.ctx.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    t.ctx.mailer = {
      send: () => Promise.reject(new Error('SMTP 554 recusado')),
      close() {},
    };
    expect(await deliverDueMail(t.ctx, { ids: [id] })).toBe(0);
    const [row] = await rowsFor(to);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      payload: null,
      lastError: 'SMTP 554 recusado',
    });
    t.clock.advance(24 * 3_600_000);
    expect(await deliverDueMail(t.ctx, { ids: [id] })).toBe(0);
  });

  it('a claim whose lease ran out (the process died while sending) is sent again with the same Message-ID', async () => {
    const smtp = await flakySmtp();
    try {
      t.ctx.mailer = smtp.mailer;
      const to = `lease_${Date.now()}@example.com`;
      const id = await enqueueMail(
        t.ctx,
        t.ctx.db,
        renderEmail({ kind: 'test', to, subject: 'lease', title: 'x', paragraphs: ['x'] }),
      );
      // a worker claimed it and died: the row stays 'sending' until the lease ends
      const past = new Date(t.clock.now().getTime() - 1_000);
      await t.ctx.db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: 1, claimedUntil: past })
        .where(eq(mailOutbox.id, id));
      expect(await deliverDueMail(t.ctx, { ids: [id] })).toBe(1);
      const got = smtp.all().filter((m) => m.to.includes(to));
      expect(got).toHaveLength(1);
      expect(got[0]!.headers['message-id']).toBe(outboxMessageId(t.ctx, id));
      expect((await rowsFor(to))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await smtp.close();
    }
  });
});
