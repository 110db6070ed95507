import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../../db/schema';
import { encrypt } from '../../lib/crypto';
import { totpCode } from '../../lib/totp';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser, signIn as signInOk } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const STEP_MS = 30_000;
const MINUTE = 60_000;

const getStatus = (token: string) =>
  t.inject({ method: 'GET', url: '/api/v1/2fa', headers: bearer(token) });
const toggle = (token: string, code: string, body?: object) =>
  t.inject({
    method: 'PATCH',
    url: `/api/v1/2fa?code=${encodeURIComponent(code)}`,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });
const signIn = (u: TestUser, code?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: { email: u.email, password: u.password, ...(code ? { two_factor_code: code } : {}) },
  });
const me = (token: string) =>
  t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

/** Turns 2FA on; the secret and the recovery codes. The clock then moves past the used step. */
async function enable(u: TestUser, token = u.accessToken) {
  const { secret } = (await getStatus(token)).json();
  const res = await toggle(token, totpCode(secret, t.clock.now()));
  expect(res.statusCode).toBe(200);
  if (token === u.accessToken) {
    // every session ended, the caller's too: it goes on with the new one
    u.accessToken = res.json().session.access_token;
    u.refreshToken = res.json().session.refresh_token;
  }
  t.clock.advance(STEP_MS);
  return { secret: secret as string, codes: res.json().recovery_codes as string[] };
}

describe('recovery codes', () => {
  it('turning 2FA on answers ten distinct codes, stored only hashed', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { codes } = await enable(u);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const rows = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    // never shown again
    expect((await getStatus(u.accessToken)).json()).toEqual({ two_factor: true });
  });

  it('a recovery code signs in in place of the app code, exactly once', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { codes } = await enable(u);
    const first = await signIn(u, codes[0]);
    expect(first.statusCode).toBe(200);
    const again = await signIn(u, codes[0]);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    // case and dash do not matter; another code still works once
    expect((await signIn(u, codes[1]!.toUpperCase().replace('-', ''))).statusCode).toBe(200);
    expect((await signIn(u, codes[1])).statusCode).toBe(401);
    expect((await signIn(u, 'aaaaa-aaaaa')).statusCode).toBe(401);
  });

  it("another account's code does not work", async () => {
    const a = await createUser(t, {}, { confirmed: true });
    const b = await createUser(t, {}, { confirmed: true });
    const { codes } = await enable(a);
    await enable(b);
    expect((await signIn(b, codes[0])).statusCode).toBe(401);
    expect((await signIn(a, codes[0])).statusCode).toBe(200);
  });

  it('turning 2FA off then on again replaces the codes: the old ones stop working', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const first = await enable(u);
    const off = await toggle(u.accessToken, first.codes[2]!);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Autenticação em dois fatores desativada.',
      two_factor: false,
    });
    expect(off.json().recovery_codes).toBeUndefined();
    u.accessToken = off.json().session.access_token;
    const second = await enable(u);
    expect(second.codes.some((c) => first.codes.includes(c))).toBe(false);
    expect((await signIn(u, first.codes[3])).statusCode).toBe(401);
    expect((await signIn(u, second.codes[3])).statusCode).toBe(200);
  });
});

describe('turning 2FA on needs the password or a recent sign-in', () => {
  it('10 minutes after signing in: 403 without the password, 400 with a wrong one, on with the right one', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = (await getStatus(u.accessToken)).json();
    // rotating the pair keeps the session's start
    const rotated = await t.inject({
      method: 'POST',
      url: '/api/v1/refresh-token',
      payload: { token: u.refreshToken },
    });
    const token = rotated.json().access_token as string;
    t.clock.advance(11 * MINUTE);
    try {
      const bare = await toggle(token, totpCode(secret, t.clock.now()));
      expect(bare.statusCode).toBe(403);
      expect(bare.json()).toMatchObject({
        code: 'REAUTHENTICATION_REQUIRED',
        message: 'Confirme sua senha para ativar a autenticação em dois fatores.',
      });
      const wrong = await toggle(token, totpCode(secret, t.clock.now()), { password: 'errada!!' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ field: 'password', message: 'Senha incorreta.' }]);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
      expect(row!.twoFactorEnabled).toBe(false);

      const right = await toggle(token, totpCode(secret, t.clock.now()), { password: u.password });
      expect(right.statusCode).toBe(200);
      expect(right.json().recovery_codes).toHaveLength(10);
    } finally {
      t.clock.advance(-11 * MINUTE);
    }
  });

  it('turning it off needs only a current code', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = await enable(u);
    t.clock.advance(11 * MINUTE);
    try {
      const off = await toggle(u.accessToken, totpCode(secret, t.clock.now()));
      expect(off.statusCode).toBe(200);
    } finally {
      t.clock.advance(-11 * MINUTE);
    }
  });
});

describe('2FA changes end every session of the account', () => {
  const refresh = (token: string) =>
    t.inject({ method: 'POST', url: '/api/v1/refresh-token', payload: { token } });

  it("turning 2FA on and off refuses every old token, the caller's too; the caller's new session works", async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const other = await signInOk(t, u.email, u.password);
    const before = { access: u.accessToken, refresh: u.refreshToken };
    const { secret } = await enable(u);
    // the answer's session is new
    expect(u.accessToken).not.toBe(before.access);
    expect(u.refreshToken).not.toBe(before.refresh);
    // every old token is refused: the other session and the caller's old pair
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await me(before.access)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(before.refresh)).statusCode).toBe(401);
    // the new pair works, refresh included
    expect((await me(u.accessToken)).statusCode).toBe(200);
    const rotated = await refresh(u.refreshToken);
    expect(rotated.statusCode).toBe(200);
    u.accessToken = rotated.json().access_token;
    u.refreshToken = rotated.json().refresh_token;

    const third = (await signIn(u, totpCode(secret, t.clock.now()))).json();
    t.clock.advance(STEP_MS);
    expect((await me(third.access_token)).statusCode).toBe(200);
    const beforeOff = { access: u.accessToken, refresh: u.refreshToken };
    const off = await toggle(u.accessToken, totpCode(secret, t.clock.now()));
    expect(off.statusCode).toBe(200);
    const fresh = off.json().session;
    expect(fresh.metadata.id).toBe(u.id);
    expect(fresh.expires_in).toBeGreaterThan(0);
    for (const access of [third.access_token, beforeOff.access])
      expect((await me(access)).statusCode).toBe(401);
    for (const token of [third.refresh_token, beforeOff.refresh])
      expect((await refresh(token)).statusCode).toBe(401);
    expect((await me(fresh.access_token)).statusCode).toBe(200);
    expect((await refresh(fresh.refresh_token)).statusCode).toBe(200);
  });

  it('the new session is no fresh sign-in: 10 minutes after the first one, turning 2FA on again needs the password', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = await enable(u);
    t.clock.advance(11 * MINUTE);
    try {
      const off = await toggle(u.accessToken, totpCode(secret, t.clock.now()));
      expect(off.statusCode).toBe(200);
      const token = off.json().session.access_token as string;
      t.clock.advance(STEP_MS);
      const next = (await getStatus(token)).json();
      const again = await toggle(token, totpCode(next.secret, t.clock.now()));
      expect(again.statusCode).toBe(403);
      expect(again.json().code).toBe('REAUTHENTICATION_REQUIRED');
      // and the sessions list still names this device (its sign-in entry moved along)
      const sessions = await t.inject({
        method: 'GET',
        url: '/api/v1/me/sessions',
        headers: bearer(token),
      });
      expect(sessions.statusCode).toBe(200);
      const list = sessions.json().sessions;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ current: true });
      expect(list[0].ip).not.toBeNull();
    } finally {
      t.clock.advance(-11 * MINUTE - STEP_MS);
    }
  });
});

describe('a TOTP secret that cannot be decrypted', () => {
  const otherKey = Buffer.alloc(32, 7);

  it('is a coded 409 at sign-in, never a 500; a recovery code gets in and turns 2FA off', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret, codes } = await enable(u);
    // the encryption key was rotated: the stored secret no longer decrypts
    await t.ctx.db
      .update(users)
      .set({ totpSecretEnc: encrypt(otherKey, secret) })
      .where(eq(users.id, u.id));

    const code = await signIn(u, totpCode(secret, t.clock.now()));
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({
      code: 'TWO_FACTOR_SECRET_UNREADABLE',
      message:
        'Não foi possível ler a configuração do seu 2FA. Use um código de recuperação no lugar do código do aplicativo.',
    });
    const withRecovery = await signIn(u, codes[0]);
    expect(withRecovery.statusCode).toBe(200);
    const token = withRecovery.json().access_token as string;
    const offWithApp = await toggle(token, totpCode(secret, t.clock.now()));
    expect(offWithApp.statusCode).toBe(409);
    const off = await toggle(token, codes[1]!);
    expect(off.statusCode).toBe(200);
    expect((await signIn(u)).statusCode).toBe(200);
  });

  it('while off, a pending secret that cannot be read is replaced by a new one', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const { secret } = (await getStatus(u.accessToken)).json();
    await t.ctx.db
      .update(users)
      .set({ totpSecretEnc: encrypt(otherKey, secret) })
      .where(eq(users.id, u.id));
    const res = await getStatus(u.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.json().secret).not.toBe(secret);
    const on = await toggle(u.accessToken, totpCode(res.json().secret, t.clock.now()));
    expect(on.statusCode).toBe(200);
  });
});
