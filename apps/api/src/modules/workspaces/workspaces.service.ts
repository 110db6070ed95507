import type {
  CreateWorkspaceBody,
  UpdateWorkspaceBody,
  Workspace,
  WorkspacesResponse,
} from '@fa-clube/contract';
import { requireActor, requireWorkspaceRole, workspaceNotFound } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import type { AppContext } from '../../lib/context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError } from '../../lib/errors';
import { publicImageUrl } from '../../lib/storage';
import { isUserHandleTaken, isUsersOwnHandle } from './handles.queries';
import {
  closeWorkspacesAndMemberships,
  countOwnedWorkspacesLocked,
  softDeleteWorkspaceRow,
  findWorkspaceByUsername,
  findPrimaryOwnedWorkspace,
  findWorkspaceById,
  insertWorkspaceWithOwner,
  markWorkspaceCreator,
  isWorkspaceUsernameTaken,
  listWorkspacesOfUser,
  lockOwnedWorkspaceIds,
  replaceWorkspaceImagePath,
  updateWorkspace as updateWorkspaceRow,
} from './workspaces.repo';
import type { WorkspaceRow } from './workspaces.repo';
import { removeTeamsOf } from './team.repo';

export function toWorkspaceDto(ctx: AppContext, ws: WorkspaceRow, isOwner: boolean): Workspace {
  return {
    id: ws.id,
    label: ws.label,
    username: ws.username,
    description: ws.description,
    avatar_url: publicImageUrl(ws.avatarPath),
    cover_url: publicImageUrl(ws.coverPath),
    is_owner: isOwner,
    is_creator: ws.creatorSince !== null,
  };
}

export const usernameTaken = () =>
  fieldError('USERNAME_TAKEN', 'username', 'Este nome de usuário já está em uso.');

/** True when the handle is free for a new user (users and workspaces share the namespace). */
export async function isUsernameAvailable(ctx: AppContext, username: string) {
  return (
    !(await isUserHandleTaken(ctx.db, username)) &&
    !(await isWorkspaceUsernameTaken(ctx.db, username))
  );
}

/**
 * Users and workspaces share one handle namespace. A workspace may also take
 * its owner's own account handle (e.g. to rename back to it).
 */
async function assertUsernameFree(
  ctx: AppContext,
  username: string,
  actorId: string,
  workspaceId?: string,
) {
  if (await isUsernameAvailable(ctx, username)) return;
  const otherWorkspace = await isWorkspaceUsernameTaken(ctx.db, username, workspaceId);
  if (!otherWorkspace && (await isUsersOwnHandle(ctx.db, actorId, username))) return;
  throw usernameTaken();
}

/** GET /workspaces: own first, then the ones the user joined. */
export async function listWorkspaces(
  ctx: AppContext,
  actor: Actor | null,
): Promise<WorkspacesResponse> {
  const a = requireActor(actor);
  const rows = await listWorkspacesOfUser(ctx.db, a.userId);
  return { workspaces: rows.map((r) => toWorkspaceDto(ctx, r.ws, r.role === 'owner')) };
}

/**
 * Inside the transaction that gives `userId` one more workspace (a new one, or
 * an ownership transfer): 409 WORKSPACE_LIMIT_REACHED when they already own
 * WORKSPACES_PER_ACCOUNT_MAX. Each workspace has its own storage quota: the cap
 * keeps one account from multiplying it.
 */
export async function assertCanOwnAnother(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  /** Who, for the message: 'Você' (the caller) or the person's name. */
  who = 'Você',
) {
  const max = ctx.config.workspacesPerAccountMax;
  if ((await countOwnedWorkspacesLocked(tx, userId)) < max) return;
  const many = max === 1 ? '1 espaço de trabalho próprio' : `${max} espaços de trabalho próprios`;
  throw new AppError(
    'WORKSPACE_LIMIT_REACHED',
    who === 'Você'
      ? `Você já tem ${many}, o máximo por conta. Exclua um antes de criar outro.`
      : `${who} já tem ${many}, o máximo por conta.`,
  );
}

/** POST /workspaces: another workspace of the caller's own (at most WORKSPACES_PER_ACCOUNT_MAX). */
export async function createWorkspace(
  ctx: AppContext,
  actor: Actor | null,
  input: CreateWorkspaceBody,
): Promise<Workspace> {
  const a = requireActor(actor);
  await assertUsernameFree(ctx, input.username, a.userId);
  try {
    const ws = await ctx.db.transaction(async (tx) => {
      await assertCanOwnAnother(ctx, tx, a.userId);
      // a further workspace of one's own is a creator's by choice (decision 093)
      return addOwnedWorkspace(tx, {
        ownerId: a.userId,
        label: input.label,
        username: input.username,
        description: input.description ?? '',
        creatorSince: ctx.clock.now(),
      });
    });
    return toWorkspaceDto(ctx, ws, true);
  } catch (err) {
    if (isUniqueViolation(err, 'workspaces_username_lower_uq')) throw usernameTaken();
    throw err;
  }
}

/** GET /workspaces/{id}: owner and members. */
export async function getWorkspace(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<Workspace> {
  const { role } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const ws = await findWorkspaceById(ctx.db, workspaceId);
  if (!ws) throw workspaceNotFound();
  return toWorkspaceDto(ctx, ws, role === 'owner');
}

/**
 * POST /workspaces/{id}/creator ('Quero ser criador'): owner only (a member 403, a stranger 404).
 * Idempotent: choosing again keeps the first date. The answer is the workspace, now a creator's.
 */
export async function becomeCreator(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<Workspace> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const ws = await markWorkspaceCreator(ctx.db, workspaceId, ctx.clock.now());
  if (!ws) throw workspaceNotFound();
  return toWorkspaceDto(ctx, ws, true);
}

/**
 * The owner set up a plan (subscriptions module, access already checked): the workspace is a
 * creator's from now on, inside the caller's transaction or on its own.
 */
export async function markCreator(ctx: AppContext, db: DbOrTx, workspaceId: string) {
  await markWorkspaceCreator(db, workspaceId, ctx.clock.now());
}

/** PUT /workspaces/{id}: owner only; each field optional. */
export async function updateWorkspace(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  input: UpdateWorkspaceBody,
): Promise<Workspace> {
  const { actor: a } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const current = await findWorkspaceById(ctx.db, workspaceId);
  if (!current) throw workspaceNotFound();
  const patch: Parameters<typeof updateWorkspaceRow>[2] = {};
  if (input.label !== undefined) patch.label = input.label;
  if (input.description !== undefined) patch.description = input.description;
  if (input.username !== undefined && input.username !== current.username) {
    if (input.username.toLowerCase() !== current.username.toLowerCase())
      await assertUsernameFree(ctx, input.username, a.userId, workspaceId);
    patch.username = input.username;
  }
  if (Object.keys(patch).length === 0) return toWorkspaceDto(ctx, current, true);
  try {
    const ws = await updateWorkspaceRow(ctx.db, workspaceId, patch, ctx.clock.now());
    if (!ws) throw workspaceNotFound();
    return toWorkspaceDto(ctx, ws, true);
  } catch (err) {
    if (isUniqueViolation(err, 'workspaces_username_lower_uq')) throw usernameTaken();
    throw err;
  }
}

/**
 * DELETE /workspaces/{id}: owner only, and never the owner's last own
 * workspace. A soft delete (docs/security.md): profile, posts, members,
 * invitations and files go at once and the username is free again; charges,
 * payments, subscriptions (cancelled) and finance ledger rows are kept.
 */
export async function deleteWorkspace(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<{ message: string }> {
  const { actor: a } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  await ctx.db.transaction(async (tx) => {
    const owned = await lockOwnedWorkspaceIds(tx, a.userId);
    if (!owned.includes(workspaceId)) throw workspaceNotFound();
    if (owned.length < 2)
      throw new AppError(
        'LAST_OWN_WORKSPACE',
        'Você precisa manter pelo menos um espaço de trabalho próprio. Crie outro antes de excluir este.',
      );
    if (!(await softDeleteWorkspaceRow(tx, workspaceId, ctx.clock.now())))
      throw workspaceNotFound();
  });
  await deleteWorkspaceStorage(ctx, workspaceId);
  return { message: 'Espaço de trabalho excluído.' };
}

/**
 * Points the workspace's avatar or cover at a new processed image (inside the
 * caller's transaction) and returns the key it replaced. Called by the files
 * module once an upload is verified; the caller has checked ownership.
 */
export async function replaceWorkspaceImage(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  kind: 'avatar' | 'cover',
  key: string,
): Promise<string | null> {
  const r = await replaceWorkspaceImagePath(tx, workspaceId, kind, key, ctx.clock.now());
  if (!r) throw workspaceNotFound();
  return r.previous;
}

/**
 * A new workspace owned by `ownerId`, inside the caller's transaction (sign-up
 * creates the user and their own workspace together). The caller has checked
 * the handle; the unique index refuses a concurrent taker.
 */
export async function addOwnedWorkspace(
  tx: DbOrTx,
  input: {
    ownerId: string;
    label: string;
    username: string;
    description?: string;
    creatorSince?: Date;
  },
): Promise<WorkspaceRow> {
  return insertWorkspaceWithOwner(tx, input);
}

/** The user's first own workspace (the one created at sign-up), or null. */
export async function findOwnWorkspace(
  ctx: AppContext,
  userId: string,
): Promise<WorkspaceRow | null> {
  return findPrimaryOwnedWorkspace(ctx.db, userId);
}

/** A workspace by id, for modules that have already checked access (or need none). */
export async function findWorkspace(ctx: AppContext, id: string): Promise<WorkspaceRow | null> {
  return findWorkspaceById(ctx.db, id);
}

/** The creator's workspace behind a public profile (`?username=`); 404 PROFILE_NOT_FOUND when none. */
export async function requireProfile(ctx: AppContext, username: string): Promise<WorkspaceRow> {
  const ws = await findWorkspaceByUsername(ctx.db, username);
  if (!ws) throw new AppError('PROFILE_NOT_FOUND');
  return ws;
}

/**
 * Account deletion, inside its transaction: the ids of the workspaces the user owns, locked (as
 * DELETE /workspaces/{id} does) so no member joins one while it is being closed.
 */
export const lockWorkspacesOwnedBy = (tx: DbOrTx, userId: string) =>
  lockOwnedWorkspaceIds(tx, userId);

/**
 * Account deletion, inside its transaction: the owned workspaces (checked empty of other people
 * by the caller) are soft-deleted like DELETE /workspaces/{id} (money records kept), and the
 * user leaves every team.
 */
export const closeWorkspacesOfDeletedAccount = (
  tx: DbOrTx,
  userId: string,
  ownedIds: string[],
  now: Date,
) => closeWorkspacesAndMemberships(tx, userId, ownedIds, now);

/** After the deletion committed: the closed workspaces' files. */
export async function removeClosedWorkspaceFiles(ctx: AppContext, ids: string[]) {
  for (const id of ids) await deleteWorkspaceStorage(ctx, id);
}

/**
 * Everything a deleted workspace had in storage: its file store, pending
 * uploads and public images. Failures are logged (the workspace is already deleted).
 */
async function deleteWorkspaceStorage(ctx: AppContext, workspaceId: string) {
  for (const prefix of [`workspaces/${workspaceId}/`, `public/workspaces/${workspaceId}/`]) {
    try {
      await ctx.storage.deletePrefix(prefix);
    } catch (err) {
      ctx.logger.error({ err, prefix }, 'could not delete workspace files');
    }
  }
}

/**
 * A password reset proved the inbox of an account that never confirmed its address: the
 * team of the workspaces it owns was gathered by whoever registered the address. In the
 * caller's transaction: members and pending invitations removed. Answers the workspaces'
 * ids (for the payments module's part) and what was removed.
 */
export async function forgetUnprovenTeams(tx: DbOrTx, ownerId: string) {
  const workspaceIds = await lockOwnedWorkspaceIds(tx, ownerId);
  return { workspaceIds, ...(await removeTeamsOf(tx, workspaceIds)) };
}
