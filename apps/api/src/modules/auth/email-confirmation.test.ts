import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signEmailConfirmation } from '../../lib/jwt';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { ReceivedMail } from '../../../test/support/smtp';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const tokenFrom = (mail: ReceivedMail) => {
  const match = /http:\/\/app\.test\/confirm-email\?token=([\w.%-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
};
const confirm = (token: unknown) =>
  t.inject({ method: 'PUT', url: '/api/v1/confirm-email', payload: { token } as object });
const me = async (token: string) =>
  (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json();

describe('e-mail confirmation', () => {
  it("sign-up sends 'Confirme seu e-mail'; the link confirms the address, shown in /me", async () => {
    const u = await createUser(t, { full_name: 'Lia Moraes' });
    expect((await me(u.accessToken)).email_confirmed).toBe(false);
    const mail = await t.mail.waitForConfirmation(u.email);
    expect(mail.subject).toBe('Confirme seu e-mail');
    expect(mail.text).toContain('Olá, Lia Moraes!');
    expect(mail.html).toContain('Confirmar e-mail');
    const res = await confirm(tokenFrom(mail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'E-mail confirmado.' });
    expect((await me(u.accessToken)).email_confirmed).toBe(true);
    // the link again: not an error
    expect((await confirm(tokenFrom(mail))).statusCode).toBe(200);
  });

  it('refuses forged, expired, foreign-purpose and stale-address tokens, changing nothing', async () => {
    const u = await createUser(t);
    const mail = await t.mail.waitForConfirmation(u.email);
    const token = tokenFrom(mail);
    const expectRefused = async (value: unknown, status = 400) => {
      const res = await confirm(value);
      expect(res.statusCode).toBe(status);
      return res.json();
    };
    expect((await expectRefused(`${token.slice(0, -3)}AAA`)).code).toBe(
      'INVALID_CONFIRMATION_TOKEN',
    );
    // an access token is signed with the same key but is not a confirmation
    expect((await expectRefused(u.accessToken)).code).toBe('INVALID_CONFIRMATION_TOKEN');
    expect((await expectRefused('curto')).code).toBe('VALIDATION_ERROR');
    expect((await expectRefused(42)).code).toBe('VALIDATION_ERROR');
    // a link for another address of the account (the e-mail changed since)
    const other = signEmailConfirmation(
      t.ctx.keys.jwt,
      { userId: u.id, email: 'antigo@example.com' },
      t.clock.now(),
      3600,
    );
    expect((await expectRefused(other)).code).toBe('INVALID_CONFIRMATION_TOKEN');
    // 7 days later the link has expired
    t.clock.advance(8 * 86_400_000);
    try {
      expect((await expectRefused(token)).message).toBe(
        'Este link de confirmação é inválido ou expirou. Peça um novo em Segurança.',
      );
    } finally {
      t.clock.advance(-8 * 86_400_000);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.emailConfirmedAt).toBeNull();
  });

  it('POST /confirm-email sends a new link to the signed-in user; signed out is refused', async () => {
    const u = await createUser(t);
    await t.mail.waitForConfirmation(u.email);
    const anonymous = await t.inject({ method: 'POST', url: '/api/v1/confirm-email' });
    expect(anonymous.statusCode).toBe(401);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/confirm-email',
      headers: bearer(u.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Enviamos um link de confirmação para ${u.email}.` });
    await expect.poll(() => t.mail.confirmationsTo(u.email).length, { timeout: 5000 }).toBe(2);
    const latest = t.mail.confirmationsTo(u.email)[1]!;
    expect((await confirm(tokenFrom(latest))).statusCode).toBe(200);
    const again = await t.inject({
      method: 'POST',
      url: '/api/v1/confirm-email',
      headers: bearer(u.accessToken),
    });
    expect(again.json()).toEqual({ message: 'Seu e-mail já está confirmado.' });
  });
});
