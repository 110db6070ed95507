import type {
  CreateWorkspaceBody,
  UpdateWorkspaceBody,
  Workspace,
  WorkspacesResponse,
} from '@fa-clube/contract';
import { requireActor, requireWorkspaceRole, workspaceNotFound } from '../../lib/access';
import type { Actor } from '../../lib/access';
import type { AppContext } from '../../lib/context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import { publicImageUrl } from '../../lib/storage';
import { isOwnHandle, isUserHandleTaken, usernameTaken } from '../auth/users.service';
import { deleteWorkspaceStorage } from '../files/files.service';
import {
  deleteWorkspaceRow,
  findPrimaryOwnedWorkspace,
  findWorkspaceById,
  insertWorkspaceWithOwner,
  isWorkspaceUsernameTaken,
  listWorkspacesOfUser,
  lockOwnedWorkspaceIds,
  replaceWorkspaceImagePath,
  updateWorkspace as updateWorkspaceRow,
} from './workspaces.repo';
import type { WorkspaceRow } from './workspaces.repo';

export function toWorkspaceDto(ctx: AppContext, ws: WorkspaceRow, isOwner: boolean): Workspace {
  return {
    id: ws.id,
    label: ws.label,
    username: ws.username,
    description: ws.description,
    avatar_url: publicImageUrl(ws.avatarPath),
    cover_url: publicImageUrl(ws.coverPath),
    is_owner: isOwner,
  };
}

/** True when the handle is free for a new user (users and workspaces share the namespace). */
export async function isUsernameAvailable(ctx: AppContext, username: string) {
  return (
    !(await isUserHandleTaken(ctx, username)) && !(await isWorkspaceUsernameTaken(ctx.db, username))
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
  if (!otherWorkspace && (await isOwnHandle(ctx, actorId, username))) return;
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

/** POST /workspaces: another workspace of the caller's own. */
export async function createWorkspace(
  ctx: AppContext,
  actor: Actor | null,
  input: CreateWorkspaceBody,
): Promise<Workspace> {
  const a = requireActor(actor);
  await assertUsernameFree(ctx, input.username, a.userId);
  try {
    const ws = await ctx.db.transaction((tx) =>
      addOwnedWorkspace(tx, {
        ownerId: a.userId,
        label: input.label,
        username: input.username,
        description: input.description ?? '',
      }),
    );
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
 * workspace. Members, invitations, plans, charges, subscriptions, posts and
 * uploads go with the row (FK cascades); then its stored files are removed.
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
      throw conflict(
        'LAST_OWN_WORKSPACE',
        'Você precisa manter pelo menos um espaço de trabalho próprio. Crie outro antes de excluir este.',
      );
    if (!(await deleteWorkspaceRow(tx, workspaceId))) throw workspaceNotFound();
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
  input: { ownerId: string; label: string; username: string; description?: string },
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
