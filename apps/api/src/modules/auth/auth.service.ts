import type { MeResponse, SignInBody, SignUpBody, TokenResponse } from '@fa-clube/contract';
import { getWorkspaceRole } from '../../lib/access';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import {
  findPrimaryOwnedWorkspace,
  insertWorkspaceWithOwner,
  isWorkspaceUsernameTaken,
} from '../workspaces/workspaces.repo';
import { issueSession } from './sessions.service';
import { findUserByEmail, findUserById, insertUser, isUserUsernameTaken } from './users.repo';

export const emailTaken = () => conflict('EMAIL_TAKEN', 'Este e-mail já está em uso.', 'email');
export const usernameTaken = () =>
  conflict('USERNAME_TAKEN', 'Este nome de usuário já está em uso.', 'username');

/** True when the handle is free for a new user (users and workspaces share the namespace). */
export async function isUsernameAvailable(ctx: AppContext, username: string) {
  return (
    !(await isUserUsernameTaken(ctx.db, username)) &&
    !(await isWorkspaceUsernameTaken(ctx.db, username))
  );
}

/** Creates the user and their own workspace (same username, label = full name) in one transaction. */
export async function signUp(ctx: AppContext, input: SignUpBody) {
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  if (!(await isUsernameAvailable(ctx, input.username))) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email.toLowerCase(),
        username: input.username,
        fullName: input.full_name,
        passwordHash,
      });
      await insertWorkspaceWithOwner(tx, {
        ownerId: user.id,
        label: input.full_name,
        username: input.username,
      });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_uq')) throw emailTaken();
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

export const invalidCredentials = () =>
  unauthorized('E-mail ou senha incorretos.', 'INVALID_CREDENTIALS');

export async function signIn(
  ctx: AppContext,
  input: SignInBody,
  meta: { deviceId: string | null },
): Promise<TokenResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw invalidCredentials();
  return issueSession(ctx, user, { deviceId: meta.deviceId });
}

export async function getMe(
  ctx: AppContext,
  actor: Actor,
  workspaceId?: string,
): Promise<MeResponse> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const own = await findPrimaryOwnedWorkspace(ctx.db, user.id);
  const isOwner = workspaceId
    ? (await getWorkspaceRole(ctx.db, user.id, workspaceId)) === 'owner'
    : Boolean(own);
  return {
    id: user.id,
    username: own?.username ?? user.username,
    label: own?.label ?? user.fullName,
    is_owner: isOwner,
    full_name: user.fullName,
    email: user.email,
    avatar_url: null,
    two_factor: user.twoFactorEnabled,
  };
}
