import type { MeResponse, SignInBody, SignUpBody, TokenResponse } from '@fa-clube/contract';
import { getWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { sha256 } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, rateLimited } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { ipSource } from '../../lib/rate-limit';
import { publicImageUrl } from '../../lib/storage';
import {
  addOwnedWorkspace,
  findOwnWorkspace,
  isUsernameAvailable,
  usernameTaken,
} from '../workspaces/workspaces.service';
import type { ClientInfo } from './client-info';
import { findUserForSignIn } from './sign-in.queries';
import { loginActivity } from './login-activities.service';
import { issueSession } from './sessions.service';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  replaceUserAvatarPath,
  updateUser,
} from './users.repo';
import type { NewUser, UserRow } from './users.repo';

export const emailTaken = () => fieldError('EMAIL_TAKEN', 'email', 'Este e-mail já está em uso.');

/**
 * Creates a user and their own workspace (same username, label = full name,
 * the user its owner) in one transaction. Sign-up and Google sign-in both
 * create accounts through here.
 */
export async function createAccount(ctx: AppContext, input: NewUser): Promise<UserRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, { ...input, email: input.email.toLowerCase() });
      await addOwnedWorkspace(tx, {
        ownerId: user.id,
        label: input.fullName,
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

export async function signUp(ctx: AppContext, input: SignUpBody) {
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  if (!(await isUsernameAvailable(ctx, input.username))) throw usernameTaken();
  return createAccount(ctx, {
    email: input.email,
    username: input.username,
    fullName: input.full_name,
    passwordHash: await hashPassword(input.password),
  });
}

export const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'E-mail ou senha incorretos.');

const accountLocked = (seconds: number) =>
  rateLimited(
    seconds,
    'Muitas tentativas de login com senha errada. Aguarde um pouco e tente de novo.',
  );

/** A run of wrong passwords is forgotten after a day without failures. */
const FAILURE_RUN_MEMORY_SECONDS = 24 * 60 * 60;

/**
 * Wrong passwords lock the account for one source only, so nobody can keep a creator locked
 * out by failing on purpose: the source is a device that signed in to this account before
 * (X-Device-Id), else the client address (an IPv6 client by its /64). An unknown device id
 * does not count as a source of its own: rotating made-up ids buys no fresh attempts.
 * E-mails without an account are locked the same way (same answers: no enumeration).
 */
function signInSource(knownDevice: boolean, client: ClientInfo): string {
  if (knownDevice && client.deviceId) return `device:${sha256(client.deviceId)}`;
  return `ip:${ipSource(client.ip)}`;
}

const lockKey = (user: UserRow | null, email: string, source: string) =>
  user ? `signin:${user.id}:${source}` : `signin:${sha256(email)}:${source}`;

/**
 * POST /token. Order matters: lock → password → 2FA code, so the code is
 * only looked at (and its step spent) once the password is right, and a
 * locked source does not even get its password checked.
 */
export async function signIn(
  ctx: AppContext,
  input: SignInBody,
  client: ClientInfo,
): Promise<TokenResponse> {
  const email = input.email.trim().toLowerCase();
  const found = await findUserForSignIn(ctx.db, email, client.deviceId);
  const user = found?.user ?? null;
  const key = lockKey(user, email, signInSource(found?.knownDevice ?? false, client));
  const locked = await ctx.throttle.lockedFor(key);
  if (locked) throw accountLocked(locked);

  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await ctx.throttle.recordFailure(key, ctx.config.limits.lockout, FAILURE_RUN_MEMORY_SECONDS);
    throw invalidCredentials();
  }
  // the row read above says whether 2FA is on: no second read when it is off
  if (user.twoFactorEnabled)
    await ctx.secondFactor.verifySignInCode(ctx, user.id, input.two_factor_code);

  await ctx.throttle.reset(key);
  return issueSession(ctx, user, {
    deviceId: client.deviceId,
    loginActivity: await loginActivity(ctx, user.id, client, 'password'),
    ownWorkspace: found?.ownWorkspace ?? null,
  });
}

export async function getMe(
  ctx: AppContext,
  actor: Actor,
  workspaceId?: string,
): Promise<MeResponse> {
  // independent reads, side by side
  const [user, own, role] = await Promise.all([
    findUserById(ctx.db, actor.userId),
    findOwnWorkspace(ctx, actor.userId),
    workspaceId ? getWorkspaceRole(ctx.db, actor.userId, workspaceId) : null,
  ]);
  if (!user) throw new AppError('UNAUTHORIZED');
  const isOwner = workspaceId ? role === 'owner' : Boolean(own);
  return {
    id: user.id,
    username: own?.username ?? user.username,
    label: own?.label ?? user.fullName,
    is_owner: isOwner,
    full_name: user.fullName,
    email: user.email,
    // user avatars are added by the files module (users.avatar_path)
    avatar_url: publicImageUrl(user.avatarPath),
    two_factor: user.twoFactorEnabled,
    email_confirmed: Boolean(user.emailConfirmedAt),
    has_password: user.passwordHash !== null,
    google_linked: user.googleSub !== null,
  };
}

/**
 * Points the user's avatar at a new processed image, inside the caller's
 * transaction (the files module's image uploads), and returns the key it
 * replaced; null when the user is gone.
 */
export async function replaceUserAvatar(
  tx: DbOrTx,
  userId: string,
  key: string,
  now: Date,
): Promise<{ previous: string | null } | null> {
  return replaceUserAvatarPath(tx, userId, key, now);
}

/*
 * The auth module's tables for the other modules: `users`, `refresh_tokens`, `login_activities`
 * and `password_resets` are written here only (account and two-factor call these, inside their
 * own transactions where they pass one).
 */

export { findUserById, findUserByEmail, anonymiseUser } from './users.repo';
export type { UserRow } from './users.repo';
export {
  findTwoFactorState,
  setPendingSecretIfAbsent,
  clearPendingSecret,
  acceptStep,
  enableTwoFactor,
  disableTwoFactor,
} from './users.repo';
export type { TwoFactorState } from './users.repo';
export {
  revokeAllForUser as revokeAllSessions,
  revokeSession,
  revokeOtherSessions,
} from './sessions.repo';
export { renewSession, signedInRecently } from './sessions.service';
export { requireOwnerConfirmation } from './owner-confirmation.service';
export type { ConfirmedBy } from './owner-confirmation.service';
export { insertLoginActivity as recordAccountActivity } from './login-activities.repo';
export { deletePasswordResetsOf } from './password-resets.repo';

export async function setFullName(db: DbOrTx, userId: string, fullName: string) {
  await updateUser(db, userId, { fullName });
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await updateUser(db, userId, { passwordHash });
}

/** A new address, proved (its owner followed the link sent to it). */
export async function setConfirmedEmail(db: DbOrTx, userId: string, email: string, now: Date) {
  await updateUser(db, userId, { email, emailConfirmedAt: now });
}
