/**
 * What other modules ask about users. Users and workspaces share one handle
 * namespace: workspaces.service isUsernameAvailable asks both sides, so this
 * file imports no other module (no import cycle through auth.service).
 */
import type { AppContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { isUserUsernameTaken, isUsersOwnHandle } from './users.repo';

export const usernameTaken = () =>
  conflict('USERNAME_TAKEN', 'Este nome de usuário já está em uso.', 'username');

/** True when a user already has this handle (case-insensitively). */
export async function isUserHandleTaken(ctx: AppContext, username: string): Promise<boolean> {
  return isUserUsernameTaken(ctx.db, username);
}

/** True when `username` is the user's own account handle (case-insensitively). */
export async function isOwnHandle(
  ctx: AppContext,
  userId: string,
  username: string,
): Promise<boolean> {
  return isUsersOwnHandle(ctx.db, userId, username);
}
