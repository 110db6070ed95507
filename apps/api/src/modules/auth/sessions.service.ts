import type { SessionMetadata, TokenResponse } from '@fa-clube/contract';
import type { Actor } from '../../read-models/access';
import { addDays } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { timeOrderedId } from '../../db/ids';
import { AppError } from '../../lib/errors';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../lib/jwt';
import { findOwnWorkspace } from '../workspaces/workspaces.service';
import {
  consumeRefreshToken,
  findRefreshTokenByHash,
  insertRefreshToken,
  insertSignInSession,
  revokeAllForUser,
  revokeFamily,
  sessionOrigin,
} from './sessions.repo';
import { moveLoginActivity } from './login-activities.repo';
import type { NewLoginActivity } from './login-activities.repo';
import { findUserById } from './users.repo';
import type { UserRow } from './users.repo';
import type { OwnWorkspaceName } from './sign-in.queries';
import { sessionStartedAt } from '../../read-models/sessions';

export const REFRESH_TOKEN_TTL_DAYS = 30;

/** A step that changes the account must come from the person: a sign-in this recent, or the password. */
const REAUTHENTICATION_WINDOW_MS = 10 * 60 * 1000;

/** Whether the caller's session signed in within the last 10 minutes (a renewal does not count). */
export async function signedInRecently(ctx: AppContext, actor: Actor): Promise<boolean> {
  const since = await sessionStartedAt(ctx.db, actor.sessionId);
  return (
    since !== null && ctx.clock.now().getTime() - since.getTime() <= REAUTHENTICATION_WINDOW_MS
  );
}

/**
 * The session user sent as `metadata`: the user and their own workspace's handle (looked up
 * unless the caller read it already: `null` when the user owns none).
 */
export async function sessionMetadata(
  ctx: AppContext,
  user: UserRow,
  ownWorkspace?: OwnWorkspaceName | null,
): Promise<SessionMetadata> {
  const ws = ownWorkspace === undefined ? await findOwnWorkspace(ctx, user.id) : ownWorkspace;
  return {
    id: user.id,
    username: ws?.username ?? user.username,
    label: ws?.label ?? user.fullName,
    full_name: user.fullName,
  };
}

/**
 * Starts a session: a new refresh-token family and a 15-minute access token.
 * The refresh token is opaque; only its SHA-256 is stored. A sign-in passes
 * its login activity, written in the same statement as the token.
 */
export async function issueSession(
  ctx: AppContext,
  user: UserRow,
  opts: {
    deviceId?: string | null;
    familyId?: string;
    loginActivity?: NewLoginActivity;
    /** A renewed session keeps its sign-in time (it is no fresh sign-in). */
    startedAt?: Date;
    /** The user's own workspace's handle, when already read (null: none). */
    ownWorkspace?: OwnWorkspaceName | null;
  } = {},
): Promise<TokenResponse> {
  const now = ctx.clock.now();
  const familyId = opts.familyId ?? timeOrderedId();
  const refresh = randomToken(32);
  const token = {
    userId: user.id,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: addDays(now, REFRESH_TOKEN_TTL_DAYS),
    deviceId: opts.deviceId ?? null,
    // on the business clock: the session's start decides "signed in recently"
    createdAt: opts.startedAt ?? now,
  };
  const [, metadata] = await Promise.all([
    opts.loginActivity
      ? insertSignInSession(ctx.db, token, opts.loginActivity)
      : insertRefreshToken(ctx.db, token),
    sessionMetadata(ctx, user, opts.ownWorkspace),
  ]);
  return {
    access_token: await signAccessToken(
      ctx.keys.jwt,
      { userId: user.id, sessionId: familyId },
      now,
    ),
    refresh_token: refresh,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    metadata,
  };
}

const invalidRefresh = () =>
  new AppError('INVALID_REFRESH_TOKEN', 'Sessão expirada. Entre novamente.');

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued
 * in the same family. Presenting a spent token again means it leaked: the
 * whole family is revoked.
 */
export async function refreshSession(
  ctx: AppContext,
  token: string,
  deviceId?: string | null,
): Promise<TokenResponse> {
  const now = ctx.clock.now();
  const row = await findRefreshTokenByHash(ctx.db, sha256(token));
  if (!row) throw invalidRefresh();
  if (row.revokedAt) {
    // a spent token came back: it leaked, so every session of the account ends
    if (row.replacedBy) await revokeAllForUser(ctx.db, row.userId, now);
    throw new AppError('REFRESH_TOKEN_REUSED', 'Sessão encerrada por segurança. Entre novamente.');
  }
  if (row.expiresAt <= now) throw invalidRefresh();
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw invalidRefresh();

  const nextId = timeOrderedId();
  const next = randomToken(32);
  const rotated = await ctx.db.transaction(async (tx) => {
    if (!(await consumeRefreshToken(tx, row.id, nextId, now))) return false;
    await insertRefreshToken(tx, {
      id: nextId,
      userId: user.id,
      familyId: row.familyId,
      tokenHash: sha256(next),
      expiresAt: addDays(now, REFRESH_TOKEN_TTL_DAYS),
      deviceId: deviceId ?? row.deviceId,
      createdAt: now,
    });
    return true;
  });
  if (!rotated) {
    // another request spent it between our read and our update: reuse
    await revokeAllForUser(ctx.db, row.userId, now);
    throw new AppError('REFRESH_TOKEN_REUSED', 'Sessão encerrada por segurança. Entre novamente.');
  }
  return {
    access_token: await signAccessToken(
      ctx.keys.jwt,
      { userId: user.id, sessionId: row.familyId },
      now,
    ),
    refresh_token: next,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    metadata: await sessionMetadata(ctx, user),
  };
}

/**
 * POST /logout: ends the session of the given refresh token (whoever holds it
 * may end it), else the session of the caller's access token. Ending a session
 * already ended is not an error.
 */
export async function endSession(
  ctx: AppContext,
  actor: Actor | null,
  refreshToken: string | undefined,
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  if (refreshToken) {
    const row = await findRefreshTokenByHash(ctx.db, sha256(refreshToken));
    if (!row) throw invalidRefresh();
    await revokeFamily(ctx.db, row.familyId, now);
  } else if (!actor) {
    throw new AppError('UNAUTHORIZED', 'Entre na sua conta para continuar.');
  }
  if (actor) await revokeFamily(ctx.db, actor.sessionId, now);
  return { message: 'Sessão encerrada.' };
}

/**
 * The caller's new session after every session of the account ended (2FA turned on or off):
 * same device, same sign-in time (a renewal does not count as a recent sign-in) and the same
 * entry in the access log, under a new refresh-token family.
 */
export async function renewSession(ctx: AppContext, actor: Actor): Promise<TokenResponse> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const origin = await sessionOrigin(ctx.db, actor.sessionId);
  const familyId = timeOrderedId();
  const session = await issueSession(ctx, user, {
    familyId,
    deviceId: origin?.deviceId ?? null,
    startedAt: origin?.startedAt,
  });
  await moveLoginActivity(ctx.db, actor.sessionId, familyId);
  return session;
}
