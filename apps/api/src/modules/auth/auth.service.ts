import type { MeResponse, SignInBody, SignUpBody, TokenResponse } from '@fa-clube/contract';
import { getWorkspaceRole } from '../../lib/access';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import { sha256 } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { lockoutUntil, secondsUntil } from '../../lib/rate-limit';
import { publicImageUrl } from '../../lib/storage';
import { verifySignInCode } from '../two-factor/two-factor.service';
import {
  addOwnedWorkspace,
  findOwnWorkspace,
  isUsernameAvailable,
} from '../workspaces/workspaces.service';
import type { ClientInfo } from './client-info';
import { recordLoginActivity } from './login-activities.service';
import { issueSession } from './sessions.service';
import {
  clearLoginFailures,
  findUserByEmail,
  findUserById,
  incrementFailedLogins,
  insertUser,
  setLockedUntil,
} from './users.repo';
import type { NewUser, UserRow } from './users.repo';
import { usernameTaken } from './users.service';

export const emailTaken = () => conflict('EMAIL_TAKEN', 'Este e-mail já está em uso.', 'email');

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
  unauthorized('E-mail ou senha incorretos.', 'INVALID_CREDENTIALS');

const accountLocked = (seconds: number) =>
  tooManyRequests(
    seconds,
    'Muitas tentativas de login com senha errada. Aguarde um pouco e tente de novo.',
  );

/** A run of wrong passwords is forgotten after a day without failures. */
const FAILURE_RUN_MEMORY_SECONDS = 24 * 60 * 60;

/**
 * E-mails without an account get the same lockout as accounts, kept in
 * memory, so the 429 does not reveal which e-mails are registered.
 */
const unknownEmailKey = (email: string) => `signin:${sha256(email)}`;

async function recordWrongPassword(ctx: AppContext, user: UserRow | null, email: string) {
  const policy = ctx.config.limits.lockout;
  if (!user) {
    ctx.throttle.recordFailure(unknownEmailKey(email), policy, FAILURE_RUN_MEMORY_SECONDS);
    return;
  }
  const now = ctx.clock.now();
  const failures = await incrementFailedLogins(
    ctx.db,
    user.id,
    now,
    new Date(now.getTime() - FAILURE_RUN_MEMORY_SECONDS * 1000),
  );
  const until = lockoutUntil(failures, policy, now);
  if (until) await setLockedUntil(ctx.db, user.id, until);
}

/**
 * POST /token. Order matters: lock → password → 2FA code, so the code is
 * only looked at (and its step spent) once the password is right, and a
 * locked account does not even get its password checked.
 */
export async function signIn(
  ctx: AppContext,
  input: SignInBody,
  client: ClientInfo,
): Promise<TokenResponse> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(ctx.db, email);
  const locked = user
    ? secondsUntil(user.lockedUntil, ctx.clock.now())
    : ctx.throttle.lockedFor(unknownEmailKey(email));
  if (locked) throw accountLocked(locked);

  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await recordWrongPassword(ctx, user, email);
    throw invalidCredentials();
  }
  await verifySignInCode(ctx, user.id, input.two_factor_code);

  if (user.failedLoginCount > 0 || user.lockedUntil) await clearLoginFailures(ctx.db, user.id);
  await recordLoginActivity(ctx, user.id, client, 'password');
  return issueSession(ctx, user, { deviceId: client.deviceId });
}

export async function getMe(
  ctx: AppContext,
  actor: Actor,
  workspaceId?: string,
): Promise<MeResponse> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  const own = await findOwnWorkspace(ctx, user.id);
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
    // user avatars are added by the files module (users.avatar_path)
    avatar_url: publicImageUrl(user.avatarPath),
    two_factor: user.twoFactorEnabled,
  };
}
