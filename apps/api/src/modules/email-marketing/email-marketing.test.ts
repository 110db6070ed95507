// The e-mail marketing app through the API, its job queue and the tests' SMTP
// server (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mailer';
import type { Mail, Mailer } from '../../lib/mailer';
import { createJobQueue } from '../../lib/queue';
import type { JobQueue, QueueDefinition } from '../../lib/queue';
import { setAppInstalled, setAppSettings } from '../../../test/support/apps';
import { confirmContacts } from '../../../test/support/contacts';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, confirmEmail, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';
import type { ReceivedMail } from '../../../test/support/smtp';
import { waitUntil } from '../../../test/support/wait';
import { maskEmail, sendQueue } from './email-marketing.service';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let t: TestContext;
let realMailer: Mailer;
const queues: JobQueue[] = [];

/** A queue "process" running the module's real handler, with a 1 s back-off for the tests. */
async function startQueue(overrides: Partial<QueueDefinition<unknown>> = {}) {
  const queue = createJobQueue({ database: t.database, logger, pollIntervalMs: 100 });
  queue.define({
    ...(sendQueue(t.ctx) as QueueDefinition<unknown>),
    retryDelaySeconds: 1,
    ...overrides,
  });
  await queue.start();
  queues.push(queue);
  t.ctx.queue = queue;
  return queue;
}

beforeAll(async () => {
  // the sender's account age is tested on its own (audience.test.ts), with the default
  t = await createTestContext({ env: { EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: '0' } });
  realMailer = t.ctx.mailer;
});
beforeEach(async () => {
  t.mail.clear();
  t.ctx.mailer = realMailer;
  await startQueue();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 3000 })));
});
afterAll(async () => {
  await t?.close();
});

/** A creator who may send: the address confirmed and the app installed. */
async function createSender(overrides: Parameters<typeof createUser>[1] = {}) {
  const owner = await createUser(t, overrides);
  await confirmEmail(t, owner);
  await setAppInstalled(t, owner, 'email-marketing');
  return owner;
}

/** Imports addresses into the owner's audience, with a form opt-in. */
async function importContacts(owner: TestUser, emails: string[]) {
  const res = await t.inject({
    method: 'PUT',
    url: `/api/v1/apps/email-marketing/${owner.workspaceId}/contacts`,
    headers: bearer(owner.accessToken),
    payload: {
      contacts: emails.map((email) => ({
        email,
        opt_in: { method: 'form', at: new Date(Date.now() - 86_400_000).toISOString() },
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await confirmContacts(t, emails);
}

const sendUrl = (ws: string) => `/api/v1/apps/email-marketing/${ws}/send-email`;
const campaignsUrl = (ws: string) => `/api/v1/apps/email-marketing/${ws}/campaigns`;

async function send(
  owner: TestUser,
  payload: Record<string, unknown>,
  workspaceId = owner.workspaceId,
) {
  return t.inject({
    method: 'POST',
    url: sendUrl(workspaceId),
    headers: bearer(owner.accessToken),
    payload,
  });
}

async function campaign(owner: TestUser, id: string) {
  const res = await t.inject({
    method: 'GET',
    url: `${campaignsUrl(owner.workspaceId)}/${id}`,
    headers: bearer(owner.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Until the campaign is finished: nothing queued and the status written after its last message. */
const waitForCampaign = (owner: TestUser, id: string) =>
  waitUntil(async () => {
    const c = await campaign(owner, id);
    return c.queued === 0 && (c.status === 'sent' || c.status === 'failed');
  });

/** The first message to `address`, waiting up to 20 s (the queue polls; the machine may be busy). */
async function mailTo(address: string): Promise<ReceivedMail> {
  await waitUntil(async () => t.mail.to(address).length > 0);
  return t.mail.to(address)[0]!;
}

const TEMPLATE =
  '<h1 onclick="x()">Olá, {{ nome }}!</h1><script>alert(1)</script>' +
  '<p>Novidades.</p><p><a href="{{ link_cancelar }}">Sair da lista</a></p>';

const unsubscribeUrlOf = (mail: ReceivedMail) => {
  const header = mail.headers['list-unsubscribe']!;
  return header.match(/<(https?:[^>]+)>/)![1]!;
};

describe('sending a campaign', () => {
  it('delivers to addresses and to a segment, once each, with placeholders escaped and the RFC 8058 headers', async () => {
    const owner = await createSender({ full_name: 'Ana Criadora' });
    await importContacts(owner, ['externo@example.com']);
    const monthly = await createUser(t, { full_name: 'Bia Mensal' });
    // a name with markup (sign-up refuses it; it stands for any value that reaches the template)
    await t.database.executeSql('UPDATE users SET full_name = $1 WHERE id = $2', [
      'Bia <b>Negrito</b> & Cia',
      monthly.id,
    ]);
    const yearly = await createUser(t, { full_name: 'Caio Anual' });
    await makeActiveSubscriber(t, monthly, owner, 'monthly');
    await makeActiveSubscriber(t, yearly, owner, 'yearly');

    const res = await send(owner, {
      subject: '  Novidades de novembro  ',
      // the monthly subscriber is also listed by address: one message
      contacts: ['subscribers:monthly', 'Externo@Example.com', monthly.email.toUpperCase()],
      template: TEMPLATE,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id, queued } = res.json();
    expect(queued).toBe(2);

    const toBia = await mailTo(monthly.email);
    const toExternal = await mailTo('externo@example.com');
    await waitForCampaign(owner, id);
    expect(t.mail.to(yearly.email)).toHaveLength(0);
    expect(t.mail.to(monthly.email)).toHaveLength(1);

    expect(toBia.subject).toBe('Novidades de novembro');
    expect(toBia.html).toContain('Olá, Bia &lt;b&gt;Negrito&lt;/b&gt; &amp; Cia!');
    expect(toBia.html).not.toContain('<script');
    expect(toBia.html).not.toContain('onclick');
    // the text part carries the name as written (html-to-text upper-cases the heading)
    expect(toBia.text.toLowerCase()).toContain('olá, bia <b>negrito</b> & cia!');
    expect(toExternal.html).toContain('Olá, fã!');
    expect(toBia.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(toBia.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/app\.test\/api\/v1\/unsubscribe\?token=[^>]+>$/,
    );
    // the platform's address, the creator's name marked as sent through it
    expect(toBia.from).toBe('"Ana Criadora via Fã Clube" <nao-responda@faclube.test>');
    // {{ link_cancelar }} opens the web page, which asks before unsubscribing
    expect(toBia.html).toMatch(/href="http:\/\/app\.test\/unsubscribe\?token=/);

    const c = await campaign(owner, id);
    expect(c).toMatchObject({
      id,
      subject: 'Novidades de novembro',
      status: 'sent',
      queued: 0,
      sent: 2,
      failed: 0,
      unsubscribed: 0,
    });
    expect(c.finished_at).not.toBeNull();

    const list = await t.inject({
      method: 'GET',
      url: campaignsUrl(owner.workspaceId),
      headers: bearer(owner.accessToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, size: 20, total: 1 });
    expect(list.json().campaigns[0]).toMatchObject({ id, sent: 2 });
  });

  it('refuses header injection, unknown placeholders, bad contacts and empty audiences, changing nothing', async () => {
    const owner = await createSender();
    for (const [payload, field] of [
      [
        { subject: 'Oi\r\nBcc: vitima@example.com', contacts: ['a@example.com'], template: 'x' },
        'subject',
      ],
      [{ subject: 'Oi\nX-Extra: 1', contacts: ['a@example.com'], template: 'x' }, 'subject'],
      [{ subject: 'Oi', contacts: ['a@example.com'], template: '{{ senha }}' }, 'template'],
      [{ subject: 'Oi', contacts: ['nao-e-email'], template: 'x' }, 'contacts.0'],
      [{ subject: 'Oi', contacts: [], template: 'x' }, 'contacts'],
      [{ subject: '', contacts: ['a@example.com'], template: 'x' }, 'subject'],
    ] as const) {
      const res = await send(owner, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // no subscribers yet: nobody to send to
    const empty = await send(owner, { subject: 'Oi', contacts: ['subscribers'], template: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('NO_RECIPIENTS');
    const list = await t.inject({
      method: 'GET',
      url: campaignsUrl(owner.workspaceId),
      headers: bearer(owner.accessToken),
    });
    expect(list.json().total).toBe(0);
    // nothing went out (the owner's sign-up confirmation leaves the outbox after its answer, at
    // any moment: `to` leaves confirmations out)
    for (const address of ['a@example.com', 'vitima@example.com', owner.email])
      expect(t.mail.to(address)).toHaveLength(0);
    expect(t.mail.messages.every((m) => m.to.includes(owner.email.toLowerCase()))).toBe(true);
  });

  it('lets only the owner send; members read the campaigns; subscribers, strangers and signed-out callers are refused', async () => {
    const { owner, member, stranger } = await createTeam(t);
    await confirmEmail(t, owner);
    await setAppInstalled(t, owner, 'email-marketing');
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, owner);
    const payload = { subject: 'Oi', contacts: ['subscribers'], template: 'Olá {{ nome }}' };

    const byMember = await send(member, payload, owner.workspaceId);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('OWNER_REQUIRED');
    for (const caller of [stranger, fan]) {
      const res = await t.inject({
        method: 'POST',
        url: sendUrl(owner.workspaceId),
        headers: bearer(caller.accessToken),
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('WORKSPACE_NOT_FOUND');
    }
    const anon = await t.inject({ method: 'POST', url: sendUrl(owner.workspaceId), payload });
    expect(anon.statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail.to(fan.email)).toHaveLength(0);

    const sent = await send(owner, payload);
    expect(sent.statusCode).toBe(202);
    const id = sent.json().id;
    await mailTo(fan.email);

    const read = (who?: TestUser, url = campaignsUrl(owner.workspaceId)) =>
      t.inject({ method: 'GET', url, headers: who ? bearer(who.accessToken) : {} });
    expect((await read(member)).statusCode).toBe(200);
    expect((await read(member, `${campaignsUrl(owner.workspaceId)}/${id}`)).statusCode).toBe(200);
    for (const who of [stranger, fan]) {
      expect((await read(who)).statusCode).toBe(404);
      expect((await read(who, `${campaignsUrl(owner.workspaceId)}/${id}`)).statusCode).toBe(404);
    }
    expect((await read(undefined)).statusCode).toBe(401);
    // another workspace's campaign id is not found here
    await setAppInstalled(t, stranger, 'email-marketing');
    const other = await read(stranger, `${campaignsUrl(stranger.workspaceId)}/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('CAMPAIGN_NOT_FOUND');
  });
});

describe('the app', () => {
  it("answers 409 APP_NOT_INSTALLED while off, keeps the campaigns while uninstalled, and sends at the workspace's rate", async () => {
    const owner = await createUser(t);
    await confirmEmail(t, owner);
    const payload = { subject: 'Oi', contacts: ['a@example.com'], template: 'Oi' };
    const off = await send(owner, payload);
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('APP_NOT_INSTALLED');
    const list = () =>
      t.inject({
        method: 'GET',
        url: campaignsUrl(owner.workspaceId),
        headers: bearer(owner.accessToken),
      });
    expect((await list()).json().code).toBe('APP_NOT_INSTALLED');

    await setAppInstalled(t, owner, 'email-marketing');
    await importContacts(owner, ['a@example.com', 'b@example.com']);
    // one message per minute: the second waits in the queue
    await setAppSettings(t, owner, 'email-marketing', { rate_per_minute: 1 });
    const res = await send(owner, { ...payload, contacts: ['a@example.com', 'b@example.com'] });
    expect(res.statusCode).toBe(202);
    const id = res.json().id;
    await waitUntil(async () => (await campaign(owner, id)).sent === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await campaign(owner, id)).toMatchObject({ status: 'sending', sent: 1, queued: 1 });
    expect(t.mail.to('a@example.com').length + t.mail.to('b@example.com').length).toBe(1);

    await setAppInstalled(t, owner, 'email-marketing', false);
    expect((await list()).statusCode).toBe(409);
    await setAppInstalled(t, owner, 'email-marketing');
    expect((await list()).json().campaigns.map((c: { id: string }) => c.id)).toEqual([id]);
  });
});

describe('unsubscribing', () => {
  it('GET describes without changing; the one-click POST unsubscribes for good and the next campaign skips the address', async () => {
    const owner = await createSender({ full_name: 'Duda Criadora' });
    const fan = await createUser(t);
    const other = await createUser(t);
    await makeActiveSubscriber(t, fan, owner);
    await makeActiveSubscriber(t, other, owner);
    const first = await send(owner, {
      subject: 'Primeira',
      contacts: ['subscribers'],
      template: 'Oi',
    });
    expect(first.json().queued).toBe(2);
    const mail = await mailTo(fan.email);
    const url = new URL(unsubscribeUrlOf(mail));
    const path = `${url.pathname}${url.search}`;

    const info = await t.inject({ method: 'GET', url: path });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      workspace: { label: 'Duda Criadora', username: owner.username },
      email: maskEmail(fan.email),
      unsubscribed: false,
      everywhere: false,
    });
    expect(info.json().email).not.toBe(fan.email);

    // RFC 8058: a form POST with List-Unsubscribe=One-Click, no session
    const oneClick = await t.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().unsubscribed).toBe(true);
    expect((await t.inject({ method: 'GET', url: path })).json().unsubscribed).toBe(true);
    // twice is fine and counts once
    expect((await t.inject({ method: 'POST', url: path })).statusCode).toBe(200);

    await waitForCampaign(owner, first.json().id);
    expect(await campaign(owner, first.json().id)).toMatchObject({ sent: 2, unsubscribed: 1 });

    t.mail.clear();
    const second = await send(owner, {
      subject: 'Segunda',
      contacts: ['subscribers', fan.email],
      template: 'Oi',
    });
    expect(second.json().queued).toBe(1);
    await mailTo(other.email);
    await waitForCampaign(owner, second.json().id);
    expect(t.mail.to(fan.email)).toHaveLength(0);

    // only that address, only that workspace: alone it is refused with NO_RECIPIENTS
    const alone = await send(owner, { subject: 'Só', contacts: [fan.email], template: 'Oi' });
    expect(alone.json().code).toBe('NO_RECIPIENTS');
  });

  it('refuses forged and malformed tokens', async () => {
    const owner = await createSender();
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, owner);
    await send(owner, { subject: 'Oi', contacts: ['subscribers'], template: 'Oi' });
    const token = new URL(unsubscribeUrlOf(await mailTo(fan.email))).searchParams.get('token')!;
    const [payload] = token.split('.');
    for (const bad of [`${payload}.AAAA`, 'x', `${payload}`, '']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.inject({
          method,
          url: `/api/v1/unsubscribe?token=${encodeURIComponent(bad)}`,
        });
        expect(res.statusCode).toBe(400);
      }
    }
    const missing = await t.inject({ method: 'POST', url: '/api/v1/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    const [row] = (
      await t.database.executeSql(
        'SELECT count(*)::int AS n FROM email_suppressions WHERE workspace_id = $1',
        [owner.workspaceId],
      )
    ).rows as { n: number }[];
    expect(row!.n).toBe(0);
  });
});

describe('delivery guarantees', () => {
  it('retries a failing SMTP server with back-off and sends each message once', async () => {
    const owner = await createSender();
    const fans = [await createUser(t), await createUser(t)];
    for (const fan of fans) await makeActiveSubscriber(t, fan, owner);
    // the first three attempts reach an SMTP server that is down (connection refused)
    const down = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x <x@faclube.test>',
      logger,
    });
    let failures = 3;
    const attempts: string[] = [];
    t.ctx.mailer = {
      async send(mail: Mail) {
        attempts.push(mail.to);
        if (failures > 0) {
          failures -= 1;
          return down.send(mail);
        }
        return realMailer.send(mail);
      },
      close() {},
    };
    const res = await send(owner, { subject: 'Volta', contacts: ['subscribers'], template: 'Oi' });
    const id = res.json().id;
    await waitForCampaign(owner, id);
    for (const fan of fans) expect(t.mail.to(fan.email)).toHaveLength(1);
    expect(attempts.length).toBe(5);
    expect(await campaign(owner, id)).toMatchObject({ status: 'sent', sent: 2, failed: 0 });
    const rows = (
      await t.database.executeSql(
        `SELECT attempts FROM email_messages WHERE campaign_id = $1 ORDER BY attempts`,
        [id],
      )
    ).rows as { attempts: number }[];
    expect(rows.reduce((n, r) => n + r.attempts, 0)).toBe(5);
    down.close();
  });

  it('marks a message failed after its last retry, and the campaign failed when none went out', async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 3000 })));
    await startQueue({ retryLimit: 1 });
    const owner = await createSender();
    await importContacts(owner, ['ninguem@example.com']);
    const down = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x <x@faclube.test>',
      logger,
    });
    t.ctx.mailer = down;
    const res = await send(owner, {
      subject: 'Nada',
      contacts: ['ninguem@example.com'],
      template: 'Oi',
    });
    const id = res.json().id;
    await waitForCampaign(owner, id);
    expect(await campaign(owner, id)).toMatchObject({ status: 'failed', sent: 0, failed: 1 });
    down.close();
  });

  it('a restart mid-campaign sends every message exactly once', async () => {
    const owner = await createSender();
    const addresses = Array.from({ length: 8 }, (_, i) => `fa${i}.${owner.username}@example.com`);
    await importContacts(owner, addresses);
    // a slow SMTP: the campaign is still going when the "server" stops
    t.ctx.mailer = {
      async send(mail: Mail) {
        await new Promise((r) => setTimeout(r, 150));
        return realMailer.send(mail);
      },
      close() {},
    };
    const res = await send(owner, {
      subject: 'Reinício',
      contacts: addresses,
      template: 'Oi {{ nome }}',
    });
    expect(res.json().queued).toBe(8);
    const id = res.json().id;
    await waitUntil(async () => (await campaign(owner, id)).sent >= 2);
    // shutdown: in-flight messages finish or go back to the queue
    await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 3000 })));
    const midway = await campaign(owner, id);
    expect(midway.sent).toBeLessThan(8);
    expect(midway.queued).toBeGreaterThan(0);

    // the next process picks up the rest
    await startQueue();
    await waitForCampaign(owner, id);
    for (const address of addresses) expect(t.mail.to(address)).toHaveLength(1);
    expect(await campaign(owner, id)).toMatchObject({ status: 'sent', sent: 8, queued: 0 });
  });

  it('the sweep puts back on the queue a message whose job was never sent', async () => {
    const owner = await createSender();
    await importContacts(owner, ['perdida@example.com']);
    const res = await send(owner, {
      subject: 'Perdida',
      contacts: ['perdida@example.com'],
      template: 'Oi',
    });
    const id = res.json().id;
    await waitForCampaign(owner, id);
    t.mail.clear();
    // a message recorded but whose job is gone (a crash between the commit and the send)
    await t.database.executeSql(
      `INSERT INTO email_messages (campaign_id, workspace_id, email, created_at)
       VALUES ($1, $2, 'orfa@example.com', now() - interval '5 minutes')`,
      [id, owner.workspaceId],
    );
    const { sweepQueuedMessages } = await import('./email-marketing.service');
    expect(await sweepQueuedMessages(t.ctx, new AbortController().signal)).toEqual({ resent: 1 });
    await mailTo('orfa@example.com');
    await waitForCampaign(owner, id);
    expect(await sweepQueuedMessages(t.ctx, new AbortController().signal)).toEqual({ resent: 0 });
    expect(t.mail.to('orfa@example.com')).toHaveLength(1);
    expect(t.mail.to('perdida@example.com')).toHaveLength(0);
  });
});
