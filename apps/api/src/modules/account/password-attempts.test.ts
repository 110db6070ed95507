import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { totpCode } from '../../lib/totp';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';

/**
 * Every endpoint that checks the current password shares one lock-out per account
 * (lib/password-attempts.ts): a stolen session is no password oracle.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: { LOGIN_LOCKOUT_THRESHOLD: '3', LOGIN_LOCKOUT_SECONDS: '60' },
  });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const LOCKED = 'Muitas tentativas com a senha errada. Aguarde um pouco e tente de novo.';

const deleteMe = (u: TestUser, password: string) =>
  t.inject({
    method: 'DELETE',
    url: '/api/v1/me',
    headers: bearer(u.accessToken),
    payload: { password },
  });
const changePassword = (u: TestUser, current: string) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/me/password',
    headers: bearer(u.accessToken),
    payload: { current_password: current, password: 'outra-senha-forte-9' },
  });
const changeEmail = (u: TestUser, current: string) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/me/email',
    headers: bearer(u.accessToken),
    payload: { current_password: current, email: `novo_${u.username}@example.com` },
  });

async function exists(u: TestUser) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
  return row!.email === u.email;
}

function expectLocked(res: Awaited<ReturnType<typeof deleteMe>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: LOCKED });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('wrong current passwords are throttled per account', () => {
  it('DELETE /me: after 3 wrong passwords even the right one is refused with 429 + Retry-After, then works', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    for (let i = 0; i < 3; i++) {
      const wrong = await deleteMe(u, `errada-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('WRONG_PASSWORD');
    }
    expectLocked(await deleteMe(u, u.password));
    expect(await exists(u)).toBe(true);

    t.clock.advance(2 * MINUTE);
    try {
      const ok = await deleteMe(u, u.password);
      expect(ok.statusCode).toBe(200);
      expect(await exists(u)).toBe(false);
    } finally {
      t.clock.advance(-2 * MINUTE);
    }
  });

  it('password change, e-mail change and DELETE /me count together; another account is not affected', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const bystander = await createUser(t, {}, { confirmed: true });
    expect((await changePassword(u, 'errada-1')).statusCode).toBe(400);
    expect((await changeEmail(u, 'errada-2')).statusCode).toBe(400);
    expect((await deleteMe(u, 'errada-3')).statusCode).toBe(400);

    expectLocked(await changePassword(u, u.password));
    expectLocked(await changeEmail(u, u.password));
    expectLocked(await deleteMe(u, u.password));
    // the password did not change
    const signIn = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: u.email, password: u.password },
    });
    expect(signIn.statusCode).toBe(200);

    expect((await changePassword(bystander, bystander.password)).statusCode).toBe(200);
  });

  it('turning 2FA on with a password shares the lock', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    const status = await t.inject({
      method: 'GET',
      url: '/api/v1/2fa',
      headers: bearer(u.accessToken),
    });
    const secret = status.json().secret as string;
    const enable = (password: string) =>
      t.inject({
        method: 'PATCH',
        url: `/api/v1/2fa?code=${totpCode(secret, t.clock.now())}`,
        headers: bearer(u.accessToken),
        payload: { password },
      });
    for (let i = 0; i < 2; i++) expect((await enable(`errada-${i}`)).statusCode).toBe(400);
    expect((await deleteMe(u, 'errada-x')).statusCode).toBe(400);
    expectLocked(await enable(u.password));
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.twoFactorEnabled).toBe(false);
  });

  it('a right password ends the run of failures', async () => {
    const u = await createUser(t, {}, { confirmed: true });
    expect((await changePassword(u, 'errada-1')).statusCode).toBe(400);
    expect((await changePassword(u, 'errada-2')).statusCode).toBe(400);
    const ok = await changeEmail(u, u.password);
    expect(ok.statusCode).toBe(202);
    expect((await changePassword(u, 'errada-3')).statusCode).toBe(400);
    expect((await changePassword(u, 'errada-4')).statusCode).toBe(400);
    expect((await changePassword(u, u.password)).statusCode).toBe(200);
  });
});
