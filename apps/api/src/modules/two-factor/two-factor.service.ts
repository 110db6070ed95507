import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_CODE_PATTERN,
} from '@fa-clube/contract';
import type { TwoFactorStatus, TwoFactorToggleResponse } from '@fa-clube/contract';
import type { Actor } from '../../read-models/access';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { decrypt, encrypt, sha256 } from '../../lib/crypto';
import { AppError, rateLimited, validationError } from '../../lib/errors';
import { checkCurrentPassword } from '../../lib/password-attempts';
import { matchTotp, newTotpSecret, provisioningUri } from '../../lib/totp';
import {
  acceptStep,
  clearPendingSecret,
  disableTwoFactor,
  enableTwoFactor,
  findTwoFactorState,
  revokeAllSessions,
  setPendingSecretIfAbsent,
  signedInRecently,
} from '../auth/auth.service';
import type { TwoFactorState } from '../auth/auth.service';
import { deleteRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from './two-factor.repo';

const INVALID_CODE_MESSAGE = 'Código inválido ou já utilizado. Confira o aplicativo autenticador.';

/**
 * Wrong codes per account share one counter for sign-in and PATCH /2fa
 * (RATE_LIMIT_TWO_FACTOR): an attacker who knows the password cannot try the
 * million codes.
 */
const throttleKey = (userId: string) => `2fa:${userId}`;

async function checkThrottle(ctx: AppContext, userId: string) {
  const wait = await ctx.throttle.blockedFor(throttleKey(userId), ctx.config.limits.twoFactor);
  if (wait)
    throw rateLimited(wait, 'Muitas tentativas de código. Aguarde um pouco e tente de novo.');
}

const secretUnreadable = () =>
  new AppError(
    'TWO_FACTOR_SECRET_UNREADABLE',
    'Não foi possível ler a configuração do seu 2FA. Use um código de recuperação no lugar do código do aplicativo.',
  );

/** The stored secret, or null when it cannot be decrypted (the encryption key changed). */
function readSecret(ctx: AppContext, secretEnc: string): string | null {
  try {
    return decrypt(ctx.keys.encryption, secretEnc);
  } catch {
    return null;
  }
}

/**
 * The code's time step when it is right for the stored secret, else null (and one failure
 * counted). An unreadable secret is a coded 409, never a 500: the person can still sign in
 * and turn 2FA off with a recovery code.
 */
async function stepFor(
  ctx: AppContext,
  state: TwoFactorState,
  code: string,
): Promise<number | null> {
  const secret = state.secretEnc ? readSecret(ctx, state.secretEnc) : null;
  if (state.secretEnc && secret === null) throw secretUnreadable();
  const step = secret ? matchTotp(secret, code.trim(), ctx.clock.now()) : null;
  if (step === null || (state.lastStep !== null && step <= state.lastStep)) {
    await ctx.throttle.hit(throttleKey(state.id), ctx.config.limits.twoFactor);
    return null;
  }
  return step;
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** "k7m2p-x6q4r": 50 random bits, easy to copy from paper. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Recovery codes are compared without case and dash. */
const recoveryHash = (code: string) => sha256(code.trim().toLowerCase().replace(/-/g, ''));

const isRecoveryCode = (code: string) =>
  !TWO_FACTOR_CODE_PATTERN.test(code.trim()) && RECOVERY_CODE_PATTERN.test(code.trim());

/** Spends a recovery code (counted as a failure when wrong). */
async function useRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  if (await spendRecoveryCode(ctx.db, userId, recoveryHash(code), ctx.clock.now())) return true;
  await ctx.throttle.hit(throttleKey(userId), ctx.config.limits.twoFactor);
  return false;
}

/** Turning 2FA on must be done by the person, not by someone at an unattended session. */
async function requireRecentAuthentication(
  ctx: AppContext,
  actor: Actor,
  state: TwoFactorState,
  password: string | undefined,
) {
  if (password !== undefined) {
    if (await checkCurrentPassword(ctx, state.id, state.passwordHash, password)) return;
    throw validationError('password', 'Senha incorreta.');
  }
  if (await signedInRecently(ctx, actor)) return;
  throw new AppError(
    'REAUTHENTICATION_REQUIRED',
    'Confirme sua senha para ativar a autenticação em dois fatores.',
  );
}

/** GET /2fa: while off, the pending secret (created once, then reused) as a provisioning URI. */
export async function getTwoFactorStatus(ctx: AppContext, actor: Actor): Promise<TwoFactorStatus> {
  let state = await findTwoFactorState(ctx.db, actor.userId);
  if (!state) throw new AppError('UNAUTHORIZED');
  if (state.enabled) return { two_factor: true };
  // a pending secret that can no longer be read is replaced (nothing depends on it yet)
  if (state.secretEnc && readSecret(ctx, state.secretEnc) === null) {
    await clearPendingSecret(ctx.db, state.id);
    state = { ...state, secretEnc: null };
  }
  if (!state.secretEnc) {
    await setPendingSecretIfAbsent(ctx.db, state.id, encrypt(ctx.keys.encryption, newTotpSecret()));
    state = (await findTwoFactorState(ctx.db, actor.userId))!;
  }
  const secret = readSecret(ctx, state.secretEnc!);
  if (secret === null) throw secretUnreadable();
  return { two_factor: false, qrcode: provisioningUri(secret, state.email), secret };
}

const wrongCodeOnToggle = () =>
  // 400, not 401: a 401 outside the login page ends the session in the web client.
  validationError('code', INVALID_CODE_MESSAGE);

/**
 * PATCH /2fa?code=: off → on with a code of the pending secret (and the password, or a
 * sign-in in the last 10 minutes), answering ten recovery codes; on → off with a current
 * code or a recovery code. Either way every session of the account ends, the caller's too:
 * the route gives the caller a new one (renewSession).
 */
export async function toggleTwoFactor(
  ctx: AppContext,
  actor: Actor,
  code: string,
  password?: string,
): Promise<Omit<TwoFactorToggleResponse, 'session'>> {
  const state = await findTwoFactorState(ctx.db, actor.userId);
  if (!state) throw new AppError('UNAUTHORIZED');
  await checkThrottle(ctx, state.id);
  const now = ctx.clock.now();

  if (state.enabled) {
    let ok: boolean;
    let step: number | null = null;
    if (isRecoveryCode(code)) ok = await useRecoveryCode(ctx, state.id, code);
    else {
      step = await stepFor(ctx, state, code);
      ok = step !== null;
    }
    if (!ok) throw wrongCodeOnToggle();
    const disabled = await ctx.db.transaction(async (tx) => {
      if (!(await disableTwoFactor(tx, state.id, step))) return false;
      await deleteRecoveryCodes(tx, state.id);
      await revokeAllSessions(tx, state.id, now);
      return true;
    });
    if (!disabled) throw wrongCodeOnToggle();
    await ctx.throttle.reset(throttleKey(state.id));
    return { message: 'Autenticação em dois fatores desativada.', two_factor: false };
  }

  // a second factor set up by someone who never proved the address would outlive a reset
  if (!state.emailConfirmedAt)
    throw new AppError(
      'EMAIL_NOT_CONFIRMED',
      'Confirme seu e-mail antes de ativar a autenticação em dois fatores: enviamos o link para o seu endereço.',
    );
  if (!state.secretEnc)
    throw new AppError(
      'TWO_FACTOR_NOT_SET_UP',
      'Abra a configuração do 2FA para ler o QR code antes de informar o código.',
    );
  await requireRecentAuthentication(ctx, actor, state, password);
  if (isRecoveryCode(code)) throw wrongCodeOnToggle();
  const step = await stepFor(ctx, state, code);
  if (step === null) throw wrongCodeOnToggle();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await ctx.db.transaction(async (tx) => {
    if (!(await enableTwoFactor(tx, state.id, step, now))) return false;
    await replaceRecoveryCodes(tx, state.id, codes.map(recoveryHash));
    await revokeAllSessions(tx, state.id, now);
    return true;
  });
  if (!enabled) throw wrongCodeOnToggle();
  await ctx.throttle.reset(throttleKey(state.id));
  return {
    message: 'Autenticação em dois fatores ativada.',
    two_factor: true,
    recovery_codes: codes,
  };
}

export const twoFactorRequired = () =>
  new AppError(
    'TWO_FACTOR_REQUIRED',
    '2FA Required: informe o código do seu aplicativo autenticador.',
  );

/**
 * The sign-in code step, called once the password is known to be right:
 * no code → 401 TWO_FACTOR_REQUIRED; wrong, stale or replayed → 401
 * INVALID_TWO_FACTOR_CODE; too many wrong ones → 429. A recovery code works in
 * place of the app's code, once; an unreadable secret is a 409 that says so.
 */
export async function verifySignInCode(
  ctx: AppContext,
  userId: string,
  code: string | undefined,
): Promise<void> {
  const state = await findTwoFactorState(ctx.db, userId);
  if (!state?.enabled) return;
  if (!code) throw twoFactorRequired();
  await checkThrottle(ctx, userId);
  if (isRecoveryCode(code)) {
    if (!(await useRecoveryCode(ctx, userId, code)))
      throw new AppError('INVALID_TWO_FACTOR_CODE', INVALID_CODE_MESSAGE);
  } else {
    const step = await stepFor(ctx, state, code);
    if (step === null || !(await acceptStep(ctx.db, userId, step)))
      throw new AppError('INVALID_TWO_FACTOR_CODE', INVALID_CODE_MESSAGE);
  }
  await ctx.throttle.reset(throttleKey(userId));
}

/** Forgets the person's recovery codes (account deletion; the account row's 2FA state goes with it). */
export async function forgetRecoveryCodesOf(tx: DbOrTx, userId: string): Promise<void> {
  await deleteRecoveryCodes(tx, userId);
}
