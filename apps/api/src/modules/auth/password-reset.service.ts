import type { AppContext } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, rateLimited } from '../../lib/errors';
import { renderEmail } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { deliverSoon, enqueueMail } from '../mail/mail.service';
import { ipSource } from '../../lib/rate-limit';
import {
  consumePasswordReset,
  findUsableReset,
  insertPasswordReset,
  invalidateUnusedResets,
  keepNewestResets,
} from './password-resets.repo';
import { revokeAllForUser } from './sessions.repo';
import { findUserByEmail, findUserById, updateUser } from './users.repo';
import type { UserRow } from './users.repo';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Links of one account usable at once: a new request spends the oldest beyond these. */
export const RESET_LIVE_LINKS = 3;
/** An address takes requests from this many sources' worth of RATE_LIMIT_RESET_EMAIL. */
const RESET_SOURCES_PER_ADDRESS = 5;

export const RESET_REQUESTED_MESSAGE =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.';

/**
 * POST /reset-password. The answer is the same whether the e-mail has an
 * account or not, and so is its timing: the lookup is the only work done
 * before answering; creating the link and sending the e-mail happen after.
 * Returns the background work so the caller can track it. The per-address limit is kept per
 * source too: someone else asking from elsewhere cannot use up the owner's requests.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<{ message: string; background?: Promise<void> }> {
  const normalized = email.trim().toLowerCase();
  const { resetEmail } = ctx.config.limits;
  const address = `reset:${sha256(normalized)}`;
  // per address and source; and, so that many sources cannot flood an inbox, per address at
  // RESET_SOURCES_PER_ADDRESS times that
  const wait =
    (await ctx.throttle.consume(`${address}:${ipSource(ip)}`, resetEmail)) ||
    (await ctx.throttle.consume(address, {
      ...resetEmail,
      max: resetEmail.max * RESET_SOURCES_PER_ADDRESS,
    }));
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
    // the newest few links work (this one included): older unused ones are spent
    await keepNewestResets(tx, user.id, RESET_LIVE_LINKS - 1, now);
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

/** 'a, b e c' */
const listPt = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;

/** What a reset removes: set up before the address was proved, by whoever registered it. */
function unprovenSetUp(user: UserRow) {
  const confirmed = user.emailConfirmedAt;
  const before = (at: Date | null) => !confirmed || (at !== null && at < confirmed);
  return {
    google: user.googleSub !== null && before(user.googleLinkedAt),
    twoFactor: user.twoFactorEnabled && before(user.twoFactorEnabledAt),
  };
}

/**
 * PUT /reset-password: spends the link, sets the new password, ends every session (all refresh
 * tokens revoked) and lifts any sign-in lock. Opening the link proves the inbox: the address
 * counts as confirmed, and a Google link or 2FA set up before it was proved is removed — an
 * account registered with someone else's address keeps no way in once its owner takes it back
 * (the owner is told by e-mail what was removed). On an account that had never confirmed its
 * address, the team of its workspaces (members, pending invitations), their Pix key and open
 * charges, and their PSP connection go too: a squatter set them up (issue 37).
 */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const tokenHash = sha256(token);
  // a bad link is refused before the (deliberately slow) password hash
  if (!(await findUsableReset(ctx.db, tokenHash, ctx.clock.now()))) throw invalidResetToken();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const after: { commit?: () => Promise<void> } = {};
  const mailId = await ctx.db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, tokenHash, now);
    const user = userId ? await findUserById(tx, userId) : null;
    if (!user) throw invalidResetToken();
    const removed = unprovenSetUp(user);
    await updateUser(tx, user.id, {
      passwordHash,
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      ...(removed.google ? { googleSub: null, googleLinkedAt: null } : {}),
      ...(removed.twoFactor
        ? {
            twoFactorEnabled: false,
            twoFactorEnabledAt: null,
            totpSecretEnc: null,
            totpLastStep: null,
          }
        : {}),
    });
    if (removed.twoFactor) await ctx.secondFactor.forget(tx, user.id);
    // an account that never proved its address: its team and where its money goes were set
    // by whoever registered the address, and go with the rest (issue 37)
    const squatted = user.emailConfirmedAt ? null : await ctx.squatter.forget(ctx, tx, user.id);
    after.commit = squatted?.afterCommit;
    await revokeAllForUser(tx, user.id, now);
    await invalidateUnusedResets(tx, user.id, now);
    const lines = [
      removed.google ? 'a conta Google vinculada' : null,
      removed.twoFactor ? 'a autenticação em dois fatores' : null,
      ...(squatted?.removed ?? []),
    ].filter((l): l is string => l !== null);
    if (lines.length === 0) return null;
    return enqueueMail(
      ctx,
      tx,
      renderEmail({
        kind: 'password-reset-removed',
        to: user.email,
        subject: 'Sua senha do Fã Clube foi redefinida',
        title: 'Senha redefinida',
        paragraphs: [
          `Olá, ${user.fullName}!`,
          'A senha da sua conta no Fã Clube foi redefinida pelo link enviado a este endereço, e todas as sessões foram encerradas.',
          `Por segurança, removemos o que foi configurado antes de o seu e-mail ser confirmado: ${listPt(lines)}. Se foi você quem configurou, basta configurar de novo.`,
        ],
      }),
    );
  });
  if (mailId) deliverSoon(ctx, [mailId]);
  // what an ended connection left at the PSP (webhooks, recurrences, secrets): after the commit
  await after.commit?.();
  return { message: 'Senha redefinida com sucesso. Entre com a nova senha.' };
}
