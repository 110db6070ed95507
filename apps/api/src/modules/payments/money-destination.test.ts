import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, pixConnections, pixSettings } from '../../db/schema';
import { totpCode } from '../../lib/totp';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { testCertificates } from '../../../test/support/pix-certs';
import type { TestPsp } from '../../../test/support/pix-psp';
import { connect, connectionBody, creatorWithPsp } from '../../../test/support/psp-connection';
import { TEST_PIX } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { maskPixKey } from './money-destination';

// Where a workspace's money goes (its PSP connection and its Pix key) changes only when the owner
// confirms it: a sign-in of the last 10 minutes, or the password (and the 2FA code when on).
// Each change e-mails the owner what changed, masked, with when and from where (decision 072).

let t: TestContext;
const psps: TestPsp[] = [];
const certs = testCertificates();
const ELEVEN_MINUTES = 11 * 60_000;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PIX_CA_FILE: certs.files.ca,
      LOGIN_LOCKOUT_THRESHOLD: '3',
      LOGIN_LOCKOUT_SECONDS: '60',
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all(psps.map((p) => p.close()));
});

async function setUp() {
  const made = await creatorWithPsp(t);
  psps.push(made.psp);
  return made;
}

const putPix = (
  u: TestUser,
  key: string,
  extra: Record<string, unknown> = {},
  ws = u.workspaceId,
) =>
  t.inject({
    method: 'PUT',
    url: `/api/v1/workspaces/${ws}/pix`,
    headers: {
      ...bearer(u.accessToken),
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    },
    payload: { ...TEST_PIX, key, ...extra },
  });
const disconnect = (u: TestUser, payload?: Record<string, unknown>, ws = u.workspaceId) =>
  t.inject({
    method: 'DELETE',
    url: `/api/v1/workspaces/${ws}/pix/connection`,
    headers: bearer(u.accessToken),
    ...(payload ? { payload } : {}),
  });
const storedKey = async (workspaceId: string) =>
  (await t.ctx.db.select().from(pixSettings).where(eq(pixSettings.workspaceId, workspaceId)))[0]
    ?.key;
const connected = async (workspaceId: string) =>
  (
    await t.ctx.db
      .select()
      .from(pixConnections)
      .where(
        and(eq(pixConnections.workspaceId, workspaceId), eq(pixConnections.status, 'connected')),
      )
  ).length;
/** The notices written to the mail outbox for `u` (written before the request answers). */
const noticesTo = async (u: TestUser) =>
  (
    await t.ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'pix-destination-changed'), eq(mailOutbox.toAddress, u.email)))
  ).length;

function expectConfirmationRequired(res: Awaited<ReturnType<typeof putPix>>, twoFactor = false) {
  expect(res.statusCode, res.body).toBe(403);
  const body = res.json() as { code: string; message: string; errors: { field: string }[] };
  expect(body.code).toBe('OWNER_CONFIRMATION_REQUIRED');
  expect(body.message).toMatch(/senha/);
  const fields = body.errors.map((e) => e.field);
  expect(fields).toContain('confirmation.password');
  if (twoFactor) expect(fields).toContain('confirmation.two_factor_code');
  else expect(fields).not.toContain('confirmation.two_factor_code');
}

describe('changing the Pix key', () => {
  it('a fresh sign-in is enough; later the bearer alone is refused and nothing changes', async () => {
    const { creator, key } = await setUp(); // creatorWithPsp set the key right after signing in
    expect(await storedKey(creator.workspaceId)).toBe(key);
    t.clock.advance(ELEVEN_MINUTES);
    const other = randomUUID();
    expectConfirmationRequired(await putPix(creator, other));
    expect(await storedKey(creator.workspaceId)).toBe(key);
  });

  it('the password confirms it, and the owner is e-mailed the masked key, when and from where', async () => {
    const { creator } = await setUp();
    t.clock.advance(ELEVEN_MINUTES);
    const mailsBefore = await noticesTo(creator);
    const res = await putPix(creator, 'Maria.Pix@Example.com', {
      key_type: 'email',
      confirmation: { password: creator.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedKey(creator.workspaceId)).toBe('maria.pix@example.com');
    const mail = await t.mail.waitFor(creator.email, (m) => /foi alterada/.test(m.subject));
    expect(mail.subject).toMatch(/^A chave Pix de Maria da Silva foi alterada$/);
    expect(mail.text).toContain(maskPixKey('email', 'maria.pix@example.com'));
    expect(mail.text).toContain('ma***@example.com');
    expect(mail.text).not.toContain('maria.pix@example.com');
    expect(mail.text).toContain('IP 127.0.0.1');
    expect(mail.text).toMatch(/Firefox 128/);
    expect(mail.text).toMatch(/com a senha da conta/);
    expect(await noticesTo(creator)).toBe(mailsBefore + 1);
  });

  it('a wrong password is refused, nothing changes, no e-mail; three in a row lock like sign-in', async () => {
    const { creator, key } = await setUp();
    t.clock.advance(ELEVEN_MINUTES);
    const wrong = await putPix(creator, randomUUID(), { confirmation: { password: 'errada' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      errors: [{ field: 'confirmation.password' }],
    });
    expect(await storedKey(creator.workspaceId)).toBe(key);
    await putPix(creator, randomUUID(), { confirmation: { password: 'errada-2' } });
    await putPix(creator, randomUUID(), { confirmation: { password: 'errada-3' } });
    const locked = await putPix(creator, randomUUID(), {
      confirmation: { password: creator.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedKey(creator.workspaceId)).toBe(key);
    expect(await noticesTo(creator)).toBe(1); // the key set at sign-up only
  });

  it('with 2FA on the password alone is not enough: the code is asked for and checked', async () => {
    const { creator, key } = await setUp();
    await confirmAddress(creator);
    const status = await t.inject({
      method: 'GET',
      url: '/api/v1/2fa',
      headers: bearer(creator.accessToken),
    });
    const secret = status.json().secret as string;
    const on = await t.inject({
      method: 'PATCH',
      url: `/api/v1/2fa?code=${totpCode(secret, t.clock.now())}`,
      headers: bearer(creator.accessToken),
      payload: { password: creator.password },
    });
    expect(on.statusCode, on.body).toBe(200);
    const owner = { ...creator, accessToken: on.json().session.access_token as string };
    t.clock.advance(ELEVEN_MINUTES);

    expectConfirmationRequired(await putPix(owner, randomUUID()), true);
    expectConfirmationRequired(
      await putPix(owner, randomUUID(), { confirmation: { password: owner.password } }),
      true,
    );
    const wrongCode = await putPix(owner, randomUUID(), {
      confirmation: { password: owner.password, two_factor_code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'confirmation.two_factor_code' }],
    });
    expect(await storedKey(creator.workspaceId)).toBe(key);

    const next = randomUUID();
    const ok = await putPix(owner, next, {
      confirmation: { password: owner.password, two_factor_code: totpCode(secret, t.clock.now()) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedKey(creator.workspaceId)).toBe(next);
  });

  it('the receiver name and city change without confirmation and without an e-mail', async () => {
    const { creator, key } = await setUp();
    t.clock.advance(ELEVEN_MINUTES);
    const res = await putPix(creator, key, { name: 'Outro Nome', city: 'Recife' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticesTo(creator)).toBe(1); // the key set at sign-up only
  });

  it('a member is refused even with their own password; a stranger gets 404', async () => {
    const { creator, key } = await setUp();
    const member = await createUser(t);
    const stranger = await createUser(t);
    await addTeamMember(t, creator, member);
    const asMember = await putPix(
      member,
      randomUUID(),
      { confirmation: { password: member.password } },
      creator.workspaceId,
    );
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('OWNER_REQUIRED');
    const asStranger = await putPix(
      stranger,
      randomUUID(),
      { confirmation: { password: stranger.password } },
      creator.workspaceId,
    );
    expect(asStranger.statusCode).toBe(404);
    expect(await storedKey(creator.workspaceId)).toBe(key);
  });
});

async function confirmAddress(u: TestUser) {
  const { confirmEmail } = await import('../../../test/support/fixtures');
  await confirmEmail(t, u);
}

describe('connecting and disconnecting the PSP', () => {
  it('connecting after the window needs the password; the e-mail names the PSP host', async () => {
    const { creator, psp } = await setUp();
    t.clock.advance(ELEVEN_MINUTES);
    expectConfirmationRequired(await connect(t, creator, psp));
    const wrong = await connect(t, creator, psp, { confirmation: { password: 'errada' } });
    expect(wrong.statusCode).toBe(400);
    expect(await connected(creator.workspaceId)).toBe(0);
    expect(psp.requests).toHaveLength(0); // refused before the PSP is asked anything

    const ok = await connect(t, creator, psp, { confirmation: { password: creator.password } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await connected(creator.workspaceId)).toBe(1);
    const host = new URL(psp.url).host;
    const mail = await t.mail.waitFor(creator.email, (m) => /PSP/.test(m.subject));
    expect(mail.subject).toMatch(/foi conectada/);
    expect(mail.text).toContain(host);
    expect(mail.text).not.toContain(connectionBodySecret(psp));
  });

  it('disconnecting after the window needs the password; a member cannot; the e-mail says so', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200); // fresh sign-in
    const member = await createUser(t);
    await addTeamMember(t, creator, member);
    t.clock.advance(ELEVEN_MINUTES);

    expectConfirmationRequired(await disconnect(creator));
    expect(await connected(creator.workspaceId)).toBe(1);
    const asMember = await disconnect(
      member,
      { confirmation: { password: member.password } },
      creator.workspaceId,
    );
    expect(asMember.statusCode).toBe(403);
    expect(await connected(creator.workspaceId)).toBe(1);

    const ok = await disconnect(creator, { confirmation: { password: creator.password } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await connected(creator.workspaceId)).toBe(0);
    const mail = await t.mail.waitFor(creator.email, (m) => /desconectada/.test(m.subject));
    expect(mail.text).toContain(new URL(psp.url).host);
    expect(mail.text).toMatch(/sessão que entrou há menos de 10 minutos|com a senha da conta/);
  });

  it('replacing a connection with a fresh sign-in needs nothing more, and is e-mailed too', async () => {
    const { creator, psp } = await setUp();
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    expect((await connect(t, creator, psp)).statusCode).toBe(200);
    const mail = await t.mail.waitFor(creator.email, (m) => /foi trocada/.test(m.subject));
    expect(mail.text).toMatch(/sessão que entrou há menos de 10 minutos/);
  });
});

const connectionBodySecret = (psp: TestPsp) => connectionBody(psp).client_secret;

describe('maskPixKey', () => {
  it('keeps enough to recognise the key, never the whole of it', () => {
    expect(maskPixKey('cpf', '12345678909')).toBe('***.456.789-**');
    expect(maskPixKey('email', 'maria.pix@example.com')).toBe('ma***@example.com');
    expect(maskPixKey('phone', '+5511987654321')).toBe('+5511*****4321');
    expect(maskPixKey('random', 'd3c1e5b8-3f6a-4b2c-9d1e-7a8b9c0d1e2f')).toBe('d3c1…1e2f');
    expect(maskPixKey('cnpj', '12345678000195')).toBe('12**********95');
  });
});
