import type { AppContext } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, rateLimited } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { deliverSoon, enqueueMail } from '../mail/mail.service';
import {
  consumePasswordReset,
  findUsableReset,
  insertPasswordReset,
  invalidateUnusedResets,
} from './password-resets.repo';
import { revokeAllForUser } from './sessions.repo';
import { findUserByEmail, updateUser } from './users.repo';
import type { UserRow } from './users.repo';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const RESET_REQUESTED_MESSAGE =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.';

/**
 * POST /reset-password. The answer is the same whether the e-mail has an
 * account or not, and so is its timing: the lookup is the only work done
 * before answering; creating the link and sending the e-mail happen after.
 * Returns the background work so the caller can track it.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
): Promise<{ message: string; background?: Promise<void> }> {
  const normalized = email.trim().toLowerCase();
  const wait = await ctx.throttle.consume(
    `reset:${sha256(normalized)}`,
    ctx.config.limits.resetEmail,
  );
  if (wait) throw rateLimited(wait);
  const user = await findUserByEmail(ctx.db, normalized);
  if (!user) return { message: RESET_REQUESTED_MESSAGE };
  const background = sendResetLink(ctx, user).catch((err: unknown) => {
    ctx.logger.error({ err }, 'falha ao enviar o e-mail de redefinição de senha');
  });
  return { message: RESET_REQUESTED_MESSAGE, background };
}

async function sendResetLink(ctx: AppContext, user: UserRow) {
  const now = ctx.clock.now();
  const token = randomToken(32);
  const url = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // the link and its e-mail (mail outbox) are written together: SMTP down
  // delays the e-mail, it never loses it
  const mailId = await ctx.db.transaction(async (tx) => {
    // only the newest link works: older unused ones are spent
    await invalidateUnusedResets(tx, user.id, now);
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    return enqueueMail(
      ctx,
      tx,
      renderEmail({
        kind: 'password-reset',
        to: user.email,
        subject: 'Redefinição de senha do Fã Clube',
        title: 'Redefina sua senha',
        paragraphs: [
          `Olá, ${user.fullName}!`,
          'Recebemos um pedido para redefinir a senha da sua conta no Fã Clube. Clique no botão abaixo para escolher uma nova senha.',
          'O link vale por 1 hora e só pode ser usado uma vez.',
          'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
        ],
        action: { label: 'Redefinir senha', url },
      }),
    );
  });
  deliverSoon(ctx, [mailId]);
}

export const invalidResetToken = () =>
  new AppError(
    'INVALID_RESET_TOKEN',
    'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo link.',
  );

/**
 * PUT /reset-password: spends the link, sets the new password, ends every
 * session (all refresh tokens revoked) and lifts any sign-in lock.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const tokenHash = sha256(token);
  // a bad link is refused before the (deliberately slow) password hash
  if (!(await findUsableReset(ctx.db, tokenHash, ctx.clock.now()))) throw invalidResetToken();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, tokenHash, now);
    if (!userId) throw invalidResetToken();
    await updateUser(tx, userId, { passwordHash });
    await revokeAllForUser(tx, userId, now);
    await invalidateUnusedResets(tx, userId, now);
  });
  return { message: 'Senha redefinida com sucesso. Entre com a nova senha.' };
}
