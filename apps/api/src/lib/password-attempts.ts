import type { AppContext } from './context';
import { rateLimited } from './errors';
import { verifyPassword } from './password';

/** A run of wrong current passwords is forgotten after a day without failures. */
const RUN_MEMORY_SECONDS = 24 * 60 * 60;

const key = (userId: string) => `current-password:${userId}`;

/**
 * Checks the current password a signed-in person types to confirm something (delete the
 * account, change the password or the e-mail, turn 2FA on). Wrong ones share one lock-out per
 * account with the sign-in's policy (LOGIN_LOCKOUT_*: 5 in a row → 1 min, doubling, cap 15 min),
 * in the throttle (Redis when REDIS_URL is set), so a stolen session cannot be used as a
 * password oracle. While locked even the right password is refused: 429 with Retry-After.
 * Answers whether the password is right (the caller picks its field error).
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  userId: string,
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  const locked = await ctx.throttle.lockedFor(key(userId));
  if (locked)
    throw rateLimited(
      locked,
      'Muitas tentativas com a senha errada. Aguarde um pouco e tente de novo.',
    );
  if (passwordHash && (await verifyPassword(passwordHash, password))) {
    await ctx.throttle.reset(key(userId));
    return true;
  }
  await ctx.throttle.recordFailure(key(userId), ctx.config.limits.lockout, RUN_MEMORY_SECONDS);
  return false;
}
