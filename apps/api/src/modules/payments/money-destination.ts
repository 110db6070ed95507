/**
 * Where a workspace's money goes: its PSP connection and its Pix key. Changing either
 * redirects what fans pay, so each change is guarded alike (docs/decisions/069-guarded-money-destination.md):
 * rate limited per user (RATE_LIMIT_PIX_CHANGES), counted after the access check.
 */
import type { AppContext } from '../../lib/context';
import { rateLimited } from '../../lib/errors';

export async function countPixChange(ctx: AppContext, userId: string) {
  const wait = await ctx.throttle.consume(`pix-change:${userId}`, ctx.config.limits.pixChanges);
  if (wait)
    throw rateLimited(
      wait,
      'Muitas alterações na conta Pix em pouco tempo. Tente novamente mais tarde.',
    );
}
