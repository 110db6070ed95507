import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { decrypt } from '../../lib/crypto';
import { totpCode } from '../../lib/totp';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, confirmEmail, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const STEP_MS = 30_000;

async function userRow(id: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const getStatus = (u: TestUser) =>
  t.inject({ method: 'GET', url: '/api/v1/2fa', headers: bearer(u.accessToken) });
/** PATCH /2fa; on success the caller carries on with the new session it answers. */
async function toggle(u: TestUser, code: string) {
  const res = await t.inject({
    method: 'PATCH',
    url: `/api/v1/2fa?code=${encodeURIComponent(code)}`,
    headers: bearer(u.accessToken),
  });
  if (res.statusCode === 200) {
    u.accessToken = res.json().session.access_token;
    u.refreshToken = res.json().session.refresh_token;
  }
  return res;
}
const signIn = (u: TestUser, code?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: { email: u.email, password: u.password, ...(code ? { two_factor_code: code } : {}) },
  });

/** Enables 2FA through the API; returns the secret. The clock then moves past the used step. */
async function enable(u: TestUser): Promise<string> {
  const { secret } = (await getStatus(u)).json();
  const res = await toggle(u, totpCode(secret, t.clock.now()));
  expect(res.statusCode).toBe(200);
  t.clock.advance(STEP_MS);
  return secret;
}

describe('GET /api/v1/2fa', () => {
  it('while off: a stable pending secret, stored encrypted, as an otpauth URI', async () => {
    const u = await createUser(t, { email: 'Ana.QR@example.com' }, { confirmed: true });
    const first = await getStatus(u);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body.two_factor).toBe(false);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.qrcode);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(body.qrcode)).toMatch(
      /^otpauth:\/\/totp\/Fã Clube:ana\.qr@example\.com\?/,
    );
    expect(uri.searchParams.get('issuer')).toBe('Fã Clube');
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');

    // created once, then reused
    expect((await getStatus(u)).json().secret).toBe(body.secret);

    // at rest: encrypted, not the base32 text
    const row = await userRow(u.id);
    expect(row.totpSecretEnc).not.toContain(body.secret);
    expect(decrypt(t.ctx.keys.encryption, row.totpSecretEnc!)).toBe(body.secret);
    expect(row.twoFactorEnabled).toBe(false);
  });

  it('needs a session', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/2fa' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/v1/2fa', () => {
  it('turns 2FA on with a valid code, then only says two_factor: true', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = (await getStatus(u)).json();
    const res = await toggle(u, totpCode(secret, t.clock.now()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Autenticação em dois fatores ativada.',
      two_factor: true,
    });
    expect(res.json().recovery_codes).toHaveLength(10);
    expect((await userRow(u.id)).twoFactorEnabled).toBe(true);
    expect((await getStatus(u)).json()).toEqual({ two_factor: true });

    const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(u.accessToken) });
    expect(me.json().two_factor).toBe(true);
    expect(JSON.stringify(me.json())).not.toContain(secret);
  });

  it('refuses to turn 2FA on while the address is not confirmed (403 EMAIL_NOT_CONFIRMED)', async () => {
    const u = await createUser(t);
    const { secret } = (await getStatus(u)).json();
    const res = await toggle(u, totpCode(secret, t.clock.now()));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_CONFIRMED');
    expect((await userRow(u.id)).twoFactorEnabled).toBe(false);
    await confirmEmail(t, u);
    t.clock.advance(STEP_MS);
    try {
      expect((await toggle(u, totpCode(secret, t.clock.now()))).statusCode).toBe(200);
      expect((await userRow(u.id)).twoFactorEnabledAt).toBeInstanceOf(Date);
    } finally {
      t.clock.advance(-STEP_MS);
    }
  });

  it('accepts a code of the previous 30-second step, not older or newer ones', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = (await getStatus(u)).json();
    // one second into a step, so no step boundary passes during the test
    t.clock.advance(STEP_MS - (t.clock.now().getTime() % STEP_MS) + 1000);
    const now = t.clock.now().getTime();
    for (const offset of [-2 * STEP_MS, 2 * STEP_MS]) {
      const res = await toggle(u, totpCode(secret, new Date(now + offset)));
      expect(res.statusCode).toBe(400);
    }
    const previous = await toggle(u, totpCode(secret, new Date(now - STEP_MS)));
    expect(previous.statusCode).toBe(200);
  });

  it('refuses a wrong code with 400 VALIDATION_ERROR on `code` (not 401: the session stays)', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = (await getStatus(u)).json();
    const right = totpCode(secret, t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await toggle(u, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Código inválido ou já utilizado. Confira o aplicativo autenticador.',
      errors: [{ field: 'code' }],
    });
    expect((await userRow(u.id)).twoFactorEnabled).toBe(false);

    const malformed = await toggle(u, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
  });

  it('turns 2FA off with a current code and forgets the secret', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const secret = await enable(u);
    const off = await toggle(u, totpCode(secret, t.clock.now()));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Autenticação em dois fatores desativada.',
      two_factor: false,
    });
    expect(off.json().recovery_codes).toBeUndefined();
    const row = await userRow(u.id);
    expect(row.twoFactorEnabled).toBe(false);
    expect(row.totpSecretEnc).toBeNull();
    // a new secret is offered next time
    const next = (await getStatus(u)).json();
    expect(next.two_factor).toBe(false);
    expect(next.secret).not.toBe(secret);
    // and sign-in no longer asks for a code
    expect((await signIn(u)).statusCode).toBe(200);
  });

  it('accepts a code only once: the code that enabled 2FA cannot disable it', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = (await getStatus(u)).json();
    const code = totpCode(secret, t.clock.now());
    expect((await toggle(u, code)).statusCode).toBe(200);
    const replay = await toggle(u, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('VALIDATION_ERROR');
    expect((await userRow(u.id)).twoFactorEnabled).toBe(true);
    // nor can a code of an earlier step (within the window)
    const earlier = await toggle(u, totpCode(secret, new Date(t.clock.now().getTime() - STEP_MS)));
    expect(earlier.statusCode).toBe(400);
  });
});

describe('sign-in with 2FA', () => {
  it('asks for the code (401, "2FA Required") only after the right password', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    await enable(u);
    const wrongPassword = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: u.email, password: 'senha-errada-1' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');
    expect(wrongPassword.json().message).not.toContain('2FA');

    const noCode = await signIn(u);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({
      message: '2FA Required: informe o código do seu aplicativo autenticador.',
      code: 'TWO_FACTOR_REQUIRED',
    });
    expect(noCode.json()).not.toHaveProperty('access_token');
  });

  it('refuses a wrong code with 401 and another message', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const secret = await enable(u);
    const right = totpCode(secret, t.clock.now());
    const res = await signIn(u, right === '123456' ? '654321' : '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    expect(res.json().message).not.toContain('2FA Required');
  });

  it('signs in with the right code once; the same code is refused the second time', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const secret = await enable(u);
    const code = totpCode(secret, t.clock.now());
    const ok = await signIn(u, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
    const replay = await signIn(u, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    // the next step's code works
    t.clock.advance(STEP_MS);
    expect((await signIn(u, totpCode(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('a code used to sign in cannot then turn 2FA off (one counter for both)', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const secret = await enable(u);
    const code = totpCode(secret, t.clock.now());
    const session = await signIn(u, code);
    expect(session.statusCode).toBe(200);
    const off = await t.inject({
      method: 'PATCH',
      url: `/api/v1/2fa?code=${code}`,
      headers: bearer(session.json().access_token),
    });
    expect(off.statusCode).toBe(400);
    expect((await userRow(u.id)).twoFactorEnabled).toBe(true);
  });

  it('never shows the secret once 2FA is on, in /2fa or /me', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const secret = await enable(u);
    const status = await getStatus(u);
    expect(status.body).not.toContain(secret);
    const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(u.accessToken) });
    expect(me.body).not.toContain(secret);
    expect(me.body).not.toMatch(/totp|secret/i);
  });
});
