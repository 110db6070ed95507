import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { AppError, rateLimited } from '../../lib/errors';
import { signEmailConfirmation, verifyEmailConfirmation } from '../../lib/jwt';
import { renderEmail } from '../../lib/mailer';
import { queueMail } from '../mail/mail.service';
import { confirmEmail, findUserById } from './users.repo';
import type { UserRow } from './users.repo';

/** A confirmation link works for 7 days (a new one can be asked for from Segurança). */
export const CONFIRMATION_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Sends 'Confirme seu e-mail' with a signed link to /confirm-email. Sign-up sends it; the
 * person can ask for another from Segurança. Until the address is confirmed, Google sign-in
 * does not link to the account (pre-account takeover: whoever registered an address first
 * does not keep a password into the account its owner later builds with Google).
 */
export async function sendConfirmationLink(ctx: AppContext, user: UserRow): Promise<void> {
  const token = signEmailConfirmation(
    ctx.keys.jwt,
    { userId: user.id, email: user.email },
    ctx.clock.now(),
    CONFIRMATION_TTL_SECONDS,
  );
  const url = `${ctx.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await queueMail(
    ctx,
    renderEmail({
      kind: 'email-confirmation',
      to: user.email,
      subject: 'Confirme seu e-mail',
      title: 'Confirme seu e-mail',
      paragraphs: [
        `Olá, ${user.fullName}!`,
        'Confirme que este endereço é seu para proteger sua conta no Fã Clube.',
        'O link vale por 7 dias.',
        'Se você não criou uma conta no Fã Clube, ignore este e-mail.',
      ],
      action: { label: 'Confirmar e-mail', url },
    }),
  );
}

const invalidConfirmation = () =>
  new AppError(
    'INVALID_CONFIRMATION_TOKEN',
    'Este link de confirmação é inválido ou expirou. Peça um novo em Segurança.',
  );

/** PUT /confirm-email: the link's token proves the address; confirming again is not an error. */
export async function confirmEmailAddress(
  ctx: AppContext,
  token: string,
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  const claims = verifyEmailConfirmation(ctx.keys.jwt, token, now);
  if (!claims) throw invalidConfirmation();
  if (!(await confirmEmail(ctx.db, claims.userId, claims.email, now))) throw invalidConfirmation();
  return { message: 'E-mail confirmado.' };
}

/** POST /confirm-email: a new link to the signed-in user's address (a few per hour). */
export async function resendConfirmationLink(
  ctx: AppContext,
  actor: Actor,
): Promise<{ message: string }> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.emailConfirmedAt) return { message: 'Seu e-mail já está confirmado.' };
  const wait = await ctx.throttle.consume(`confirm:${user.id}`, ctx.config.limits.resetEmail);
  if (wait) throw rateLimited(wait);
  await sendConfirmationLink(ctx, user);
  return { message: `Enviamos um link de confirmação para ${user.email}.` };
}
