import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { subscriptions, workspaceMembers, workspaces } from '../db/schema';
import type { WorkspaceRole } from '../db/schema';
import { forbidden, notFound, unauthorized } from './errors';

/** The authenticated caller (set by the auth plugin). */
export interface Actor {
  userId: string;
  /** Refresh-token family of this session. */
  sessionId: string;
}

export const workspaceNotFound = () =>
  notFound('Espaço de trabalho não encontrado.', 'WORKSPACE_NOT_FOUND');
export const ownerRequired = () =>
  forbidden('Apenas o proprietário do espaço de trabalho pode fazer isso.', 'OWNER_REQUIRED');

export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

export async function getWorkspaceRole(
  db: DbOrTx,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceRole | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * The first statement of every service method that touches workspace data.
 * A stranger gets 404 (the workspace's existence does not leak); a member
 * asking for an owner-only action gets 403.
 */
export async function requireWorkspaceRole(
  db: DbOrTx,
  actor: Actor | null | undefined,
  workspaceId: string,
  needed: WorkspaceRole,
): Promise<{ actor: Actor; role: WorkspaceRole }> {
  const a = requireActor(actor);
  const role = await getWorkspaceRole(db, a.userId, workspaceId);
  if (!role) throw workspaceNotFound();
  if (needed === 'owner' && role !== 'owner') throw ownerRequired();
  return { actor: a, role };
}

export async function hasActiveSubscription(
  db: DbOrTx,
  userId: string,
  workspaceId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        eq(subscriptions.subscriberId, userId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type ContentAccess = 'owner' | 'member' | 'subscriber' | 'none';

/** Who may see a creator's posts: owner, members and active subscribers. */
export async function contentAccess(
  db: DbOrTx,
  actor: Actor | null | undefined,
  workspaceId: string,
  now: Date,
): Promise<ContentAccess> {
  if (!actor) return 'none';
  const role = await getWorkspaceRole(db, actor.userId, workspaceId);
  if (role) return role;
  return (await hasActiveSubscription(db, actor.userId, workspaceId, now)) ? 'subscriber' : 'none';
}

export async function findWorkspaceByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(sql`lower(${workspaces.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}
