/**
 * A step that changes where a workspace's money goes (its PSP account, its Pix key) must come
 * from the person, not from whoever holds a bearer token (decision 072): a sign-in of the last
 * 10 minutes, or the password — and the authenticator app's code when 2FA is on. Wrong
 * passwords share the account's lock-out (lib/password-attempts), wrong codes the 2FA one.
 */
import type { OwnerConfirmation } from '@fa-clube/contract';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, validationError } from '../../lib/errors';
import type { FieldError } from '../../lib/errors';
import { checkCurrentPassword } from '../../lib/password-attempts';
import { signedInRecently } from './sessions.service';
import { findUserById } from './users.repo';

const PASSWORD_FIELD = 'confirmation.password';
const CODE_FIELD = 'confirmation.two_factor_code';

/** How the person confirmed: shown in the e-mail that tells the owner what changed. */
export type ConfirmedBy = 'recent-sign-in' | 'password';

function confirmationRequired(twoFactor: boolean): AppError {
  const message = twoFactor
    ? 'Confirme que é você: informe a sua senha e o código do aplicativo autenticador.'
    : 'Confirme que é você: informe a sua senha para alterar para onde vai o dinheiro.';
  const errors: FieldError[] = [{ field: PASSWORD_FIELD, message: 'Informe a sua senha.' }];
  if (twoFactor)
    errors.push({ field: CODE_FIELD, message: 'Informe o código de 6 dígitos do aplicativo.' });
  return new AppError('OWNER_CONFIRMATION_REQUIRED', message, { errors });
}

/**
 * Throws unless the caller confirmed: 403 OWNER_CONFIRMATION_REQUIRED (nothing sent, or the
 * code missing with 2FA on), 400 WRONG_PASSWORD, 400 VALIDATION_ERROR on a wrong code, 429
 * after too many wrong ones. Call it after the access check and before anything changes.
 */
export async function requireOwnerConfirmation(
  ctx: AppContext,
  actor: Actor,
  confirmation: OwnerConfirmation | undefined,
): Promise<ConfirmedBy> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!confirmation) {
    if (await signedInRecently(ctx, actor)) return 'recent-sign-in';
    throw confirmationRequired(user.twoFactorEnabled);
  }
  if (!(await checkCurrentPassword(ctx, user.id, user.passwordHash, confirmation.password)))
    throw fieldError('WRONG_PASSWORD', PASSWORD_FIELD, 'Senha incorreta.');
  if (!user.twoFactorEnabled) return 'password';
  if (!confirmation.two_factor_code) throw confirmationRequired(true);
  try {
    await ctx.secondFactor.verifySignInCode(ctx, user.id, confirmation.two_factor_code);
  } catch (err) {
    if (err instanceof AppError && err.code === 'INVALID_TWO_FACTOR_CODE')
      throw validationError(CODE_FIELD, 'Código inválido ou expirado.');
    throw err;
  }
  return 'password';
}
