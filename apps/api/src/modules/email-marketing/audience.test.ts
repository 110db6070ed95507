// Who a campaign may reach and how much may go out (docs/decisions/042): the
// workspace's audience (active subscribers, contacts imported with their
// consent, the sender's own address), a sender with a confirmed address and an
// account older than a day, daily quotas per workspace and for the platform,
// and addresses out of every workspace's campaigns (hard bounces, "from every
// creator"). PGlite by default, PostgreSQL with TEST_DATABASE_URL.
import { CONTACTS_PER_WORKSPACE_MAX } from '@fa-clube/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../lib/queue';
import type { JobQueue, QueueDefinition } from '../../lib/queue';
import { setAppInstalled } from '../../../test/support/apps';
import { confirmContacts } from '../../../test/support/contacts';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, confirmEmail, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { createTeam } from '../../../test/support/workspaces';
import { sendQueue } from './email-marketing.service';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const DAY = 86_400_000;

let t: TestContext;
let queue: JobQueue | null = null;

/** The module's real queue, sending through the context's SMTP (1 s back-off). */
async function startQueue(c: TestContext) {
  const q = createJobQueue({ database: c.database, logger, pollIntervalMs: 100 });
  q.define({ ...(sendQueue(c.ctx) as QueueDefinition<unknown>), retryDelaySeconds: 1 });
  await q.start();
  c.ctx.queue = q;
  return q;
}

/** A context of its own settings, with its queue, for one test. */
async function withContext(env: Record<string, string>, test: (c: TestContext) => Promise<void>) {
  const c = await createTestContext({ env });
  const q = await startQueue(c);
  try {
    await test(c);
  } finally {
    await q.stop({ timeoutMs: 3000 });
    await c.close();
  }
}

beforeAll(async () => {
  // the sender's account age has its own test, with the default
  t = await createTestContext({ env: { EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: '0' } });
});
beforeEach(async () => {
  queue = await startQueue(t);
});
afterEach(async () => {
  await queue?.stop({ timeoutMs: 3000 });
});
afterAll(async () => {
  await t?.close();
});

const call =
  (c: TestContext, who: TestUser | undefined) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    c.inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? bearer(who.accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

const base = (who: TestUser) => `/apps/email-marketing/${who.workspaceId}`;
const yesterday = () => new Date(Date.now() - DAY).toISOString();
const contact = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  opt_in: { method: 'form', at: yesterday() },
  ...extra,
});

async function sender(c: TestContext = t, overrides: Parameters<typeof createUser>[1] = {}) {
  const owner = await createUser(c, overrides);
  await confirmEmail(c, owner);
  await setAppInstalled(c, owner, 'email-marketing');
  return owner;
}

/**
 * Imports the addresses and confirms each through its double opt-in link (`confirm: 'link'`);
 * 'stored': marked confirmed in the table (an address whose server refuses every mail can never
 * follow its link); 'none': left as imported.
 */
async function importContacts(
  c: TestContext,
  owner: TestUser,
  emails: string[],
  confirm: 'link' | 'stored' | 'none' = 'link',
) {
  const res = await call(c, owner)('PUT', `${base(owner)}/contacts`, {
    contacts: emails.map((e) => contact(e)),
  });
  expect(res.statusCode, res.body).toBe(200);
  if (confirm === 'link') await confirmContacts(c, emails);
  if (confirm === 'stored')
    await c.database.executeSql(
      'UPDATE email_contacts SET confirmed_at = now() WHERE workspace_id = $1 AND email = ANY($2)',
      [owner.workspaceId, emails],
    );
  return res.json();
}

const send = (c: TestContext, owner: TestUser, contacts: string[], subject = 'Oi') =>
  call(c, owner)('POST', `${base(owner)}/send-email`, {
    subject,
    contacts,
    template: 'Olá, {{ nome }}! <a href="{{ link_cancelar }}">Sair</a>',
  });

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const campaignOf = async (owner: TestUser, res: LightMyRequestResponse) =>
  (await call(t, owner)('GET', `${base(owner)}/campaigns/${res.json().id}`)).json();

describe('the audience', () => {
  it('sends only to active subscribers, imported contacts and the sender; any other address is refused, nothing queued', async () => {
    const owner = await sender(t, { full_name: 'Lia Criadora' });
    const fan = await createUser(t, { full_name: 'Rui Fã' });
    await makeActiveSubscriber(t, fan, owner);
    await importContacts(t, owner, ['Contato.Um@Example.com']);

    const refused = await send(t, owner, [
      'subscribers',
      'contato.um@example.com',
      'estranho@example.com',
      'outro@example.com',
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CONTACTS_NOT_IN_AUDIENCE',
      errors: [
        {
          field: 'contacts.2',
          message: 'estranho@example.com não é assinante nem contato importado.',
        },
        {
          field: 'contacts.3',
          message: 'outro@example.com não é assinante nem contato importado.',
        },
      ],
    });
    expect(refused.json().message).toMatch(/^2 endereços não são do seu público/);
    const none = await call(t, owner)('GET', `${base(owner)}/campaigns`);
    expect(none.json().total).toBe(0);

    // a subscriber named by address, an imported contact, the sender's own address
    const ok = await send(t, owner, [fan.email, 'contato.um@example.com', owner.email]);
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().queued).toBe(3);
    await waitUntil(() => t.mail.to('contato.um@example.com').length > 0);
    await waitUntil(() => t.mail.to(fan.email).length > 0);
    expect(t.mail.to(fan.email)[0]!.html).toContain('Olá, Rui Fã!');
  });

  it('the "contacts" segment reaches every imported contact, with its name', async () => {
    const owner = await sender();
    const res = await call(t, owner)('PUT', `${base(owner)}/contacts`, {
      contacts: [contact('seg.a@example.com', { name: 'Ana Lista' }), contact('seg.b@example.com')],
    });
    expect(res.json()).toEqual({ imported: 2, updated: 0, total: 2, confirmations_sent: 2 });
    // not reached before they confirm
    expect((await send(t, owner, ['contacts'])).json().code).toBe('NO_RECIPIENTS');
    await confirmContacts(t, ['seg.a@example.com', 'seg.b@example.com']);
    const sent = await send(t, owner, ['contacts']);
    expect(sent.json().queued).toBe(2);
    await waitUntil(() => t.mail.to('seg.a@example.com').length > 0);
    expect(t.mail.to('seg.a@example.com')[0]!.html).toContain('Olá, Ana Lista!');
    await waitUntil(() => t.mail.to('seg.b@example.com').length > 0);
    expect(t.mail.to('seg.b@example.com')[0]!.html).toContain('Olá, fã!');
  });
});

describe('the imported contacts', () => {
  it('adds and updates by address with how and when each agreed; lists, searches, pages and deletes', async () => {
    const owner = await sender();
    const ws = base(owner);
    const first = await call(t, owner)('PUT', `${ws}/contacts`, {
      contacts: [
        contact('b@example.com', { name: ' Bia ' }),
        contact('A@Example.com', {
          opt_in: { method: 'double_opt_in', at: '2024-03-01T12:00:00-03:00' },
        }),
        // the same address twice: the last one
        contact('b@example.com', { name: 'Beatriz' }),
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ imported: 2, updated: 0, total: 2, confirmations_sent: 2 });
    const again = await call(t, owner)('PUT', `${ws}/contacts`, {
      contacts: [contact('a@example.com', { name: 'Ana' }), contact('c@example.com')],
    });
    // a contact is asked once a day: only the new one now
    expect(again.json()).toEqual({ imported: 1, updated: 1, total: 3, confirmations_sent: 1 });
    await confirmContacts(t, ['a@example.com']);

    const list = await call(t, owner)('GET', `${ws}/contacts?size=2`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(list.json().contacts).toEqual([
      {
        id: expect.any(String),
        email: 'a@example.com',
        name: 'Ana',
        opt_in: { method: 'form', at: expect.any(String) },
        unsubscribed: false,
        confirmed_at: expect.any(String),
        created_at: expect.any(String),
      },
      expect.objectContaining({ email: 'b@example.com', name: 'Beatriz' }),
    ]);
    const page2 = await call(t, owner)('GET', `${ws}/contacts?size=2&page=2`);
    expect(page2.json().contacts.map((c: { email: string }) => c.email)).toEqual(['c@example.com']);
    const search = await call(t, owner)('GET', `${ws}/contacts?q=beatr`);
    expect(search.json()).toMatchObject({ total: 1, contacts: [{ email: 'b@example.com' }] });
    // a percent sign is a letter to search, not a wildcard
    expect((await call(t, owner)('GET', `${ws}/contacts?q=%25`)).json().total).toBe(0);

    const id = list.json().contacts[0].id;
    const removed = await call(t, owner)('DELETE', `${ws}/contacts/${id}`);
    expect(removed.json()).toEqual({ message: 'Contato excluído.' });
    expect((await call(t, owner)('DELETE', `${ws}/contacts/${id}`)).json().code).toBe(
      'CONTACT_NOT_FOUND',
    );
    // no longer of the audience
    expect((await send(t, owner, ['a@example.com'])).json().code).toBe('CONTACTS_NOT_IN_AUDIENCE');
  });

  it('become sendable only after the double opt-in link; the link asks before it confirms', async () => {
    const owner = await sender(t, { full_name: 'Criadora Dupla' });
    const address = `dupla.${owner.username}@example.com`;
    const res = await importContacts(t, owner, [address], 'none');
    expect(res.confirmations_sent).toBe(1);
    const listed = (await call(t, owner)('GET', `${base(owner)}/contacts`)).json().contacts[0];
    expect(listed).toMatchObject({ email: address, confirmed_at: null });
    // not of the audience yet, one by one or through the segment
    expect((await send(t, owner, [address])).json().code).toBe('CONTACTS_NOT_IN_AUDIENCE');
    expect((await send(t, owner, ['contacts'])).json().code).toBe('NO_RECIPIENTS');

    const mail = await t.mail.waitForConfirmation(address);
    expect(mail.subject).toBe('Confirme que quer receber os e-mails de Criadora Dupla');
    const token = decodeURIComponent(/\/contacts\/confirm\?token=([\w.%-]+)/.exec(mail.text)![1]!);
    const url = `/api/v1/email-contacts/confirm?token=${encodeURIComponent(token)}`;
    // GET only describes (a link scanner confirms no one)
    const info = await t.inject({ method: 'GET', url });
    expect(info.json()).toMatchObject({ confirmed: false, workspace: { label: 'Criadora Dupla' } });
    expect(info.json().email).toMatch(/^du\*\*\*@example\.com$/);
    expect((await send(t, owner, [address])).json().code).toBe('CONTACTS_NOT_IN_AUDIENCE');
    // a forged token, or an unsubscribe token, confirms nothing
    for (const bad of [`${token}x`, 'abc.def'])
      expect(
        (
          await t.inject({
            method: 'POST',
            url: `/api/v1/email-contacts/confirm?token=${encodeURIComponent(bad)}`,
          })
        ).json().code,
      ).toBe('CONTACT_CONFIRMATION_INVALID');

    const confirmed = await t.inject({ method: 'POST', url });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ confirmed: true });
    const after = (await call(t, owner)('GET', `${base(owner)}/contacts`)).json().contacts[0];
    expect(after.confirmed_at).toEqual(expect.any(String));
    expect((await send(t, owner, [address])).statusCode).toBe(202);

    // a deleted contact's link confirms nothing
    expect((await call(t, owner)('DELETE', `${base(owner)}/contacts/${after.id}`)).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: 'POST', url })).json().code).toBe(
      'CONTACT_CONFIRMATION_INVALID',
    );
  });

  it('refuses bad contacts and consent with a pt-BR message, changing nothing', async () => {
    const owner = await sender();
    const put = (contacts: unknown) =>
      call(t, owner)('PUT', `${base(owner)}/contacts`, { contacts });
    const cases: [unknown, string, RegExp][] = [
      [[contact('nao-e-email')], 'contacts.0.email', /e-mail/i],
      [[{ email: 'a@example.com' }], 'contacts.0.opt_in', /./],
      [
        [contact('a@example.com', { opt_in: { method: 'comprado', at: yesterday() } })],
        'contacts.0.opt_in.method',
        /Como a pessoa aceitou/,
      ],
      [
        [contact('a@example.com', { opt_in: { method: 'form', at: 'ontem' } })],
        'contacts.0.opt_in.at',
        /ISO 8601/,
      ],
      [
        [contact('a@example.com', { opt_in: { method: 'form', at: '1990-01-01T00:00:00Z' } })],
        'contacts.0.opt_in.at',
        /antiga/,
      ],
      [[contact('a@example.com', { name: 'x'.repeat(101) })], 'contacts.0.name', /100/],
      [[contact('a@example.com', { name: 'Ana\nBcc: x' })], 'contacts.0.name', /quebras de linha/],
      [[], 'contacts', /pelo menos um/],
      [Array.from({ length: 1001 }, (_, i) => contact(`x${i}@example.com`)), 'contacts', /1\.000/],
    ];
    for (const [contacts, field, message] of cases) {
      const res = await put(contacts);
      expect(res.statusCode, JSON.stringify(contacts).slice(0, 200)).toBe(400);
      const error = res.json().errors.find((e: { field: string }) => e.field === field);
      expect(error, res.body).toBeTruthy();
      expect(error.message).toMatch(message);
    }
    const future = await put([
      contact('a@example.com', {
        opt_in: { method: 'form', at: new Date(Date.now() + DAY).toISOString() },
      }),
    ]);
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([
      {
        field: 'contacts.0.opt_in.at',
        message: 'A data do consentimento não pode estar no futuro.',
      },
    ]);
    expect((await call(t, owner)('GET', `${base(owner)}/contacts`)).json().total).toBe(0);
  });

  it(`keeps at most ${CONTACTS_PER_WORKSPACE_MAX.toLocaleString('pt-BR')} contacts per workspace (409)`, async () => {
    const owner = await sender();
    // the workspace almost full, written directly (ten thousand imports would only be slow)
    await t.database.executeSql(
      `INSERT INTO email_contacts (workspace_id, email, opt_in_method, opt_in_at)
       SELECT $1, 'cheio' || i || '@example.com', 'form', now() FROM generate_series(1, $2::int) i`,
      [owner.workspaceId, CONTACTS_PER_WORKSPACE_MAX - 1],
    );
    const full = await call(t, owner)('PUT', `${base(owner)}/contacts`, {
      contacts: [
        contact('novo1@example.com'),
        contact('novo2@example.com'),
        contact('cheio1@example.com'),
      ],
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('CONTACT_LIMIT_REACHED');
    expect(full.json().message).toContain('os 2 novos não cabem');
    // updating those already there and one new still fits
    const fits = await call(t, owner)('PUT', `${base(owner)}/contacts`, {
      contacts: [contact('novo1@example.com'), contact('cheio1@example.com', { name: 'Um' })],
    });
    expect(fits.json()).toEqual({
      imported: 1,
      updated: 1,
      total: CONTACTS_PER_WORKSPACE_MAX,
      confirmations_sent: 2,
    });
  });

  it('lets the owner import and delete, members read; subscribers, strangers and signed-out callers are refused', async () => {
    const { owner, member, stranger } = await createTeam(t);
    await setAppInstalled(t, owner, 'email-marketing');
    const fan = await createUser(t);
    await makeActiveSubscriber(t, fan, owner);
    await importContacts(t, owner, ['time@example.com']);
    const id = (await call(t, owner)('GET', `${base(owner)}/contacts`)).json().contacts[0].id;
    const body = { contacts: [contact('intruso@example.com')] };
    const paths = [
      ['PUT', `${base(owner)}/contacts`, body],
      ['DELETE', `${base(owner)}/contacts/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of paths) {
      expect((await call(t, member)(method, url, payload)).json().code).toBe('OWNER_REQUIRED');
      for (const who of [stranger, fan])
        expect((await call(t, who)(method, url, payload)).json().code).toBe('WORKSPACE_NOT_FOUND');
      expect((await call(t, undefined)(method, url, payload)).statusCode).toBe(401);
    }
    expect((await call(t, member)('GET', `${base(owner)}/contacts`)).statusCode).toBe(200);
    for (const who of [stranger, fan])
      expect((await call(t, who)('GET', `${base(owner)}/contacts`)).statusCode).toBe(404);
    expect((await call(t, undefined)('GET', `${base(owner)}/contacts`)).statusCode).toBe(401);
    const list = (await call(t, owner)('GET', `${base(owner)}/contacts`)).json();
    expect(list.contacts.map((c: { email: string }) => c.email)).toEqual(['time@example.com']);
    // not installed: 409
    await setAppInstalled(t, owner, 'email-marketing', false);
    expect((await call(t, owner)('GET', `${base(owner)}/contacts`)).json().code).toBe(
      'APP_NOT_INSTALLED',
    );
  });
});

describe('the sender', () => {
  it('needs a confirmed address', async () => {
    const owner = await createUser(t);
    await setAppInstalled(t, owner, 'email-marketing');
    const res = await send(t, owner, [owner.email]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SENDER_EMAIL_UNCONFIRMED');
    await confirmEmail(t, owner);
    expect((await send(t, owner, [owner.email])).statusCode).toBe(202);
  });

  it('needs an account older than a day (EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS, 24 by default)', async () => {
    await withContext({}, async (c) => {
      const owner = await sender(c);
      const res = await send(c, owner, [owner.email]);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SENDER_ACCOUNT_TOO_NEW');
      expect(res.json().message).toMatch(
        /^Contas novas enviam campanhas 24 horas depois de criadas: a sua pode enviar a partir de \d{2}\/\d{2}\/\d{4}/,
      );
      c.clock.advance(DAY + 60_000);
      const again = {
        ...owner,
        accessToken: (await signIn(c, owner.email, owner.password)).access_token,
      };
      expect((await send(c, again, [owner.email])).statusCode).toBe(202);
    });
  });
});

describe('daily quotas', () => {
  it('per workspace and for the platform, per São Paulo day; a refused campaign queues nothing', async () => {
    const env = {
      EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: '0',
      EMAIL_MARKETING_DAILY_WORKSPACE: '3',
      EMAIL_MARKETING_DAILY_PLATFORM: '5',
      // the account's share has its own test
      EMAIL_MARKETING_ACCOUNT_SHARE_PERCENT: '100',
    };
    await withContext(env, async (c) => {
      const a = await sender(c);
      const b = await sender(c);
      const list = ['q1@example.com', 'q2@example.com', 'q3@example.com', 'q4@example.com'];
      await importContacts(c, a, list);
      await importContacts(c, b, list);
      expect((await send(c, a, list.slice(0, 2))).statusCode).toBe(202);
      const over = await send(c, a, list.slice(0, 2));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'EMAIL_DAILY_LIMIT_REACHED',
        message:
          'Cada espaço de trabalho envia até 3 e-mails de campanha por dia. Hoje resta 1, e esta campanha tem 2 destinatários. Envie amanhã ou escolha menos destinatários.',
      });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      expect((await call(c, a)('GET', `${base(a)}/campaigns`)).json().total).toBe(1);
      expect((await send(c, a, list.slice(0, 1))).statusCode).toBe(202);
      // the platform: 3 of 5 went today; B's three do not fit, two do
      const platform = await send(c, b, list.slice(0, 3));
      expect(platform.statusCode).toBe(429);
      expect(platform.json().message).toMatch(
        /limite de e-mails de campanhas de todos os criadores/,
      );
      // nothing of B's refused campaign was taken from B's own quota either
      expect((await send(c, b, list.slice(0, 2))).statusCode).toBe(202);
      expect((await send(c, b, list.slice(0, 1))).statusCode).toBe(429);
      // the next day
      c.clock.advance(DAY);
      const fresh = { ...a, accessToken: (await signIn(c, a.email, a.password)).access_token };
      expect((await send(c, fresh, list.slice(0, 3))).statusCode).toBe(202);
    });
  });

  it('per account over all its workspaces, and never more than its share of the platform', async () => {
    const env = {
      EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: '0',
      EMAIL_MARKETING_DAILY_WORKSPACE: '3',
      EMAIL_MARKETING_DAILY_ACCOUNT: '4',
      EMAIL_MARKETING_DAILY_PLATFORM: '100',
      EMAIL_MARKETING_ACCOUNT_SHARE_PERCENT: '50',
    };
    await withContext(env, async (c) => {
      const a = await sender(c);
      const made = await call(c, a)('POST', '/workspaces', {
        label: 'Segundo espaço',
        username: `${a.username.slice(0, 24)}_dois`,
      });
      expect(made.statusCode, made.body).toBe(201);
      const second = { ...a, workspaceId: made.json().id as string };
      await setAppInstalled(c, second, 'email-marketing');
      const list = ['s1@example.com', 's2@example.com', 's3@example.com'];
      await importContacts(c, a, list);
      await importContacts(c, second, list);
      expect((await send(c, a, list)).statusCode).toBe(202);
      // the second workspace has its own 3, but the account has 1 left of its 4
      const over = await send(c, second, list.slice(0, 2));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'EMAIL_DAILY_LIMIT_REACHED',
        message:
          'Cada conta envia até 4 e-mails de campanha por dia, somando todos os seus espaços de trabalho. Hoje resta 1, e esta campanha tem 2 destinatários. Envie amanhã ou escolha menos destinatários.',
      });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(c, second)('GET', `${base(second)}/campaigns`)).json().total).toBe(0);
      expect((await send(c, second, list.slice(0, 1))).statusCode).toBe(202);
    });
    // the share: 10 % of a platform of 20 is 2 a day, below the account's own 4
    await withContext(
      { ...env, EMAIL_MARKETING_DAILY_PLATFORM: '20', EMAIL_MARKETING_ACCOUNT_SHARE_PERCENT: '10' },
      async (c) => {
        const a = await sender(c);
        await importContacts(c, a, ['t1@example.com', 't2@example.com', 't3@example.com']);
        const over = await send(c, a, ['t1@example.com', 't2@example.com', 't3@example.com']);
        expect(over.statusCode).toBe(429);
        expect(over.json().message).toMatch(/^Cada conta envia até 2 e-mails/);
        expect((await send(c, a, ['t1@example.com', 't2@example.com'])).statusCode).toBe(202);
      },
    );
  });

  it('two campaigns at once for the last places: one passes', async () => {
    const env = {
      EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: '0',
      EMAIL_MARKETING_DAILY_WORKSPACE: '3',
    };
    await withContext(env, async (c) => {
      const a = await sender(c);
      await importContacts(c, a, ['r1@example.com', 'r2@example.com']);
      const race = await Promise.all([
        send(c, a, ['r1@example.com', 'r2@example.com']),
        send(c, a, ['r1@example.com', 'r2@example.com']),
      ]);
      expect(race.map((r) => r.statusCode).sort()).toEqual([202, 429]);
    });
  });
});

describe('addresses out of every workspace’s campaigns', () => {
  it('a hard bounce anywhere: the message fails without retries and no workspace sends to the address again', async () => {
    const a = await sender();
    const b = await sender();
    const dead = `ninguem.${a.username}@bounce.test`;
    await importContacts(t, a, [dead, 'vivo@example.com'], 'stored');
    await importContacts(t, b, [dead], 'stored');
    const first = await send(t, a, [dead, 'vivo@example.com']);
    expect(first.json().queued).toBe(2);
    await waitUntil(async () => (await campaignOf(a, first)).queued === 0);
    expect(await campaignOf(a, first)).toMatchObject({ sent: 1, failed: 1 });
    const [row] = (
      await t.database.executeSql(
        'SELECT attempts, last_error FROM email_messages WHERE campaign_id = $1 AND email = $2',
        [first.json().id, dead],
      )
    ).rows as { attempts: number; last_error: string }[];
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toContain('550');
    const [suppression] = (
      await t.database.executeSql(
        'SELECT reason, workspace_id FROM email_platform_suppressions WHERE email = $1',
        [dead],
      )
    ).rows as { reason: string; workspace_id: string }[];
    expect(suppression).toEqual({ reason: 'bounce', workspace_id: a.workspaceId });
    // another creator's campaign to it: nobody left
    expect((await send(t, b, [dead])).json().code).toBe('NO_RECIPIENTS');
    const listed = (await call(t, b)('GET', `${base(b)}/contacts`)).json().contacts[0];
    expect(listed).toMatchObject({ email: dead, unsubscribed: true });
  });

  it('"from every creator" on the unsubscribe page keeps the address out of every workspace; the one-click header only out of one', async () => {
    const a = await sender(t, { full_name: 'Criadora A' });
    const b = await sender(t, { full_name: 'Criadora B' });
    const fan = `fa.${a.username}@example.com`;
    const other = `outra.${a.username}@example.com`;
    for (const owner of [a, b]) await importContacts(t, owner, [fan, other]);
    const sent = await send(t, a, [fan, other]);
    expect(sent.statusCode).toBe(202);
    await waitUntil(() => t.mail.to(fan).length > 0 && t.mail.to(other).length > 0);
    const tokenOf = (address: string) =>
      new URL(
        /<(https?:[^>]+)>/.exec(t.mail.to(address)[0]!.headers['list-unsubscribe']!)![1]!,
      ).searchParams.get('token')!;

    // the one-click POST: out of A's campaigns only
    const oneClick = await t.inject({
      method: 'POST',
      url: `/api/v1/unsubscribe?token=${encodeURIComponent(tokenOf(other))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toMatchObject({ unsubscribed: true, everywhere: false });
    // the page's choice: out of every creator's
    const all = await t.inject({
      method: 'POST',
      url: `/api/v1/unsubscribe?token=${encodeURIComponent(tokenOf(fan))}&scope=all`,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ unsubscribed: true, everywhere: true });
    const info = await t.inject({
      method: 'GET',
      url: `/api/v1/unsubscribe?token=${encodeURIComponent(tokenOf(fan))}`,
    });
    expect(info.json()).toMatchObject({ unsubscribed: true, everywhere: true });
    expect(
      (await t.inject({ method: 'POST', url: `/api/v1/unsubscribe?token=x&scope=tudo` }))
        .statusCode,
    ).toBe(400);

    // B's campaign: the one who left every creator is skipped, the other still reached
    const fromB = await send(t, b, [fan, other]);
    expect(fromB.json().queued).toBe(1);
    expect((await send(t, b, [fan])).json().code).toBe('NO_RECIPIENTS');
    // importing the address again does not bring it back (nor asks it to confirm again)
    expect((await importContacts(t, b, [fan], 'none')).confirmations_sent).toBe(0);
    expect((await send(t, b, ['contacts'])).json().queued).toBe(1);
  });
});
