import type { TwoFactorStatus } from '@fa-clube/contract';
import { AUTH_ERROR_CODES } from '@fa-clube/contract';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { decrypt, encrypt } from '../../lib/crypto';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { matchTotp, newTotpSecret, provisioningUri } from '../../lib/totp';
import {
  acceptStep,
  disableTwoFactor,
  enableTwoFactor,
  findTwoFactorState,
  setPendingSecretIfAbsent,
} from './two-factor.repo';
import type { TwoFactorState } from './two-factor.repo';

const INVALID_CODE_MESSAGE = 'Código inválido ou já utilizado. Confira o aplicativo autenticador.';

/**
 * Wrong codes per account share one counter for sign-in and PATCH /2fa
 * (RATE_LIMIT_TWO_FACTOR): an attacker who knows the password cannot try the
 * million codes.
 */
const throttleKey = (userId: string) => `2fa:${userId}`;

function checkThrottle(ctx: AppContext, userId: string) {
  const wait = ctx.throttle.blockedFor(throttleKey(userId), ctx.config.limits.twoFactor);
  if (wait)
    throw tooManyRequests(wait, 'Muitas tentativas de código. Aguarde um pouco e tente de novo.');
}

/** The code's time step when it is right for the stored secret, else null (and one failure counted). */
function stepFor(ctx: AppContext, state: TwoFactorState, code: string): number | null {
  const secret = state.secretEnc ? decrypt(ctx.keys.encryption, state.secretEnc) : null;
  const step = secret ? matchTotp(secret, code.trim(), ctx.clock.now()) : null;
  if (step === null || (state.lastStep !== null && step <= state.lastStep)) {
    ctx.throttle.hit(throttleKey(state.id), ctx.config.limits.twoFactor);
    return null;
  }
  return step;
}

/** GET /2fa: while off, the pending secret (created once, then reused) as a provisioning URI. */
export async function getTwoFactorStatus(ctx: AppContext, actor: Actor): Promise<TwoFactorStatus> {
  let state = await findTwoFactorState(ctx.db, actor.userId);
  if (!state) throw unauthorized();
  if (state.enabled) return { two_factor: true };
  if (!state.secretEnc) {
    await setPendingSecretIfAbsent(ctx.db, state.id, encrypt(ctx.keys.encryption, newTotpSecret()));
    state = (await findTwoFactorState(ctx.db, actor.userId))!;
  }
  const secret = decrypt(ctx.keys.encryption, state.secretEnc!);
  return { two_factor: false, qrcode: provisioningUri(secret, state.email), secret };
}

const wrongCodeOnToggle = () =>
  // 400, not 401: a 401 outside the login page ends the session in the web client.
  badRequest(AUTH_ERROR_CODES.invalidTwoFactorCode, INVALID_CODE_MESSAGE, [
    { field: 'code', message: INVALID_CODE_MESSAGE },
  ]);

/** PATCH /2fa?code=: off → on with a code of the pending secret; on → off with a current code. */
export async function toggleTwoFactor(
  ctx: AppContext,
  actor: Actor,
  code: string,
): Promise<{ message: string; two_factor: boolean }> {
  const state = await findTwoFactorState(ctx.db, actor.userId);
  if (!state) throw unauthorized();
  checkThrottle(ctx, state.id);
  if (!state.enabled && !state.secretEnc)
    throw badRequest(
      AUTH_ERROR_CODES.twoFactorNotSetUp,
      'Abra a configuração do 2FA para ler o QR code antes de informar o código.',
    );
  const step = stepFor(ctx, state, code);
  if (step === null) throw wrongCodeOnToggle();
  if (state.enabled) {
    if (!(await disableTwoFactor(ctx.db, state.id, step))) throw wrongCodeOnToggle();
    ctx.throttle.reset(throttleKey(state.id));
    return { message: 'Autenticação em dois fatores desativada.', two_factor: false };
  }
  if (!(await enableTwoFactor(ctx.db, state.id, step))) throw wrongCodeOnToggle();
  ctx.throttle.reset(throttleKey(state.id));
  return { message: 'Autenticação em dois fatores ativada.', two_factor: true };
}

export const twoFactorRequired = () =>
  unauthorized(
    '2FA Required: informe o código do seu aplicativo autenticador.',
    AUTH_ERROR_CODES.twoFactorRequired,
  );

/**
 * The sign-in code step, called once the password is known to be right:
 * no code → 401 TWO_FACTOR_REQUIRED; wrong, stale or replayed → 401
 * INVALID_TWO_FACTOR_CODE; too many wrong ones → 429.
 */
export async function verifySignInCode(
  ctx: AppContext,
  userId: string,
  code: string | undefined,
): Promise<void> {
  const state = await findTwoFactorState(ctx.db, userId);
  if (!state?.enabled) return;
  if (!code) throw twoFactorRequired();
  checkThrottle(ctx, userId);
  const step = stepFor(ctx, state, code);
  if (step === null || !(await acceptStep(ctx.db, userId, step)))
    throw new AppError(401, AUTH_ERROR_CODES.invalidTwoFactorCode, INVALID_CODE_MESSAGE);
  ctx.throttle.reset(throttleKey(userId));
}
