import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets, recoveryCodes, refreshTokens, users } from '../../db/schema';
import { drainMail } from '../mail/mail.service';
import { requestPasswordReset } from './password-reset.service';
import { sha256 } from '../../lib/crypto';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createUser, signIn } from '../../../test/support/fixtures';
import type { ReceivedMail } from '../../../test/support/smtp';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const requestLink = (email: string) =>
  t.inject({ method: 'POST', url: '/api/v1/reset-password', payload: { email } });
const reset = (token: string, password: string) =>
  t.inject({ method: 'PUT', url: '/api/v1/reset-password', payload: { token, password } });

/** The token in the e-mailed link (text part), checking the link's shape. */
function tokenFrom(mail: ReceivedMail): string {
  const match = /http:\/\/app\.test\/reset-password\?token=([\w%-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

async function mailedToken(email: string, seen = 0): Promise<string> {
  const mail = await t.mail.waitFor(email, () => t.mail.to(email).length > seen);
  return tokenFrom(t.mail.to(email)[seen] ?? mail);
}

describe('POST /api/v1/reset-password', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const u = await createUser(t);
    const known = await requestLink(u.email.toUpperCase());
    const unknown = await requestLink('ninguem-aqui@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      message: 'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.',
    });

    const mail = await t.mail.waitFor(u.email);
    expect(mail.subject).toBe('Redefinição de senha do Fã Clube');
    expect(mail.text).toContain('O link vale por 1 hora');
    expect(mail.text).toContain(`Olá, ${u.fullName}!`);
    const token = tokenFrom(mail);
    expect(mail.html).toContain(`href="http://app.test/reset-password?token=${token}"`);
    expect(mail.html).toContain('Redefinir senha');

    // only the SHA-256 is stored
    const rows = await t.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(3_600_000);

    // the outbox, not what happened to arrive: one message to the known address, sent on the
    // first try; none to the unknown one, and no work left running after its answer that
    // could write one later
    expect(
      (await requestPasswordReset(t.ctx, 'ninguem-aqui@example.com', '198.51.100.7')).background,
    ).toBeUndefined();
    await drainMail(t.ctx);
    const outbox = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, [u.email, 'ninguem-aqui@example.com']));
    expect(outbox.filter((m) => m.kind !== 'email-confirmation')).toMatchObject([
      { toAddress: u.email, kind: 'password-reset', status: 'sent', attempts: 1 },
    ]);
    expect(t.mail.to('ninguem-aqui@example.com')).toHaveLength(0);
    expect(t.mail.to(u.email)).toHaveLength(1);
  });

  it('validates the e-mail', async () => {
    const res = await requestLink('sem-arroba');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('PUT /api/v1/reset-password', () => {
  it('sets the new password once, revokes every session', async () => {
    const u = await createUser(t);
    const otherSession = await signIn(t, u.email, u.password);

    await requestLink(u.email);
    const token = await mailedToken(u.email);
    const res = await reset(token, 'nova-senha-forte-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Senha redefinida com sucesso. Entre com a nova senha.',
    });

    // new password in, old one out
    const oldPassword = await t.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { email: u.email, password: u.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await signIn(t, u.email, 'nova-senha-forte-1')).access_token).toBeTruthy();

    // every refresh token issued before the reset is revoked
    for (const refresh of [u.refreshToken, otherSession.refresh_token]) {
      const r = await t.inject({ method: 'POST', url: `/api/v1/refresh-token?token=${refresh}` });
      expect(r.statusCode).toBe(401);
    }
    const live = await t.ctx.db
      .select({ revokedAt: refreshTokens.revokedAt, createdAt: refreshTokens.createdAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, u.id));
    expect(live.filter((r) => r.revokedAt === null)).toHaveLength(1); // the sign-in just above

    // single use
    const again = await reset(token, 'outra-senha-forte-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses an expired link (1 hour)', async () => {
    const u = await createUser(t);
    await requestLink(u.email);
    const token = await mailedToken(u.email);
    t.clock.advance(60 * 60_000 + 1000);
    try {
      const res = await reset(token, 'nova-senha-forte-1');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo link.',
        code: 'INVALID_RESET_TOKEN',
      });
    } finally {
      t.clock.advance(-(60 * 60_000 + 1000));
    }
    expect((await signIn(t, u.email, u.password)).access_token).toBeTruthy();
  });

  it('refuses an unknown token', async () => {
    const res = await reset('token-que-nao-existe-123456', 'nova-senha-forte-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('keeps the three newest links usable; a fourth request spends the oldest; a reset spends all', async () => {
    const u = await createUser(t);
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      await requestLink(u.email);
      tokens.push(await mailedToken(u.email, i));
    }
    expect(new Set(tokens).size).toBe(4);
    expect((await reset(tokens[0]!, 'nova-senha-forte-1')).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await reset(tokens[2]!, 'nova-senha-forte-1')).statusCode).toBe(200);
    // the reset spent the other live links
    for (const other of [tokens[1]!, tokens[3]!])
      expect((await reset(other, 'nova-senha-forte-2')).json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('proves the inbox: confirms the address and removes a Google link and 2FA set up before it', async () => {
    // someone registered the address first, linked their Google account and turned 2FA on
    // (as the server allowed before these required a confirmed address)
    const u = await createUser(t);
    const before = new Date(t.clock.now().getTime() - 60_000);
    await t.ctx.db
      .update(users)
      .set({
        emailConfirmedAt: null,
        googleSub: 'google-de-quem-se-adiantou',
        googleLinkedAt: before,
        twoFactorEnabled: true,
        twoFactorEnabledAt: before,
        totpSecretEnc: 'segredo-de-quem-se-adiantou',
      })
      .where(eq(users.id, u.id));
    await t.ctx.db.insert(recoveryCodes).values({ userId: u.id, codeHash: 'codigo-dele' });

    await requestLink(u.email);
    const res = await reset(await mailedToken(u.email), 'nova-senha-forte-1');
    expect(res.statusCode).toBe(200);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({
      googleSub: null,
      googleLinkedAt: null,
      twoFactorEnabled: false,
      twoFactorEnabledAt: null,
      totpSecretEnc: null,
    });
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
    expect(
      await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id)),
    ).toEqual([]);
    // signing in needs no code now, and the owner is told what was removed
    expect((await signIn(t, u.email, 'nova-senha-forte-1')).access_token).toBeTruthy();
    await drainMail(t.ctx);
    const notice = t.mail
      .to(u.email)
      .find((m) => m.subject === 'Sua senha do Fã Clube foi redefinida');
    expect(notice?.text).toContain('a conta Google vinculada e a autenticação em dois fatores');
  });

  it('keeps a Google link and 2FA set up after the address was proved', async () => {
    const u = await createUser(t);
    const confirmed = new Date(t.clock.now().getTime() - 120_000);
    const after = new Date(confirmed.getTime() + 60_000);
    await t.ctx.db
      .update(users)
      .set({
        emailConfirmedAt: confirmed,
        googleSub: `google-da-dona-${u.id}`,
        googleLinkedAt: after,
        twoFactorEnabled: true,
        twoFactorEnabledAt: after,
        totpSecretEnc: 'segredo-da-dona',
      })
      .where(eq(users.id, u.id));
    await requestLink(u.email);
    expect((await reset(await mailedToken(u.email), 'nova-senha-forte-1')).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({
      googleSub: `google-da-dona-${u.id}`,
      twoFactorEnabled: true,
      emailConfirmedAt: confirmed,
    });
    await drainMail(t.ctx);
    expect(t.mail.to(u.email).map((m) => m.subject)).not.toContain(
      'Sua senha do Fã Clube foi redefinida',
    );
  });

  it('validates the new password', async () => {
    const res = await reset('qualquer-token-123456', 'curta');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
