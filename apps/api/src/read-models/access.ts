/**
 * Read model: who may do what in a workspace. Every service's first statement
 * is one of these checks (requireWorkspaceRole, contentAccess); they read the
 * workspaces' membership and the subscriptions, so they live here and not in
 * either module.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { subscriptions } from '../db/schema/subscriptions';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import type { WorkspaceRole } from '../db/schema/workspaces';
import { queryRows } from '../db/sql';
import { AppError } from '../lib/errors';
import { activeSubscription, activeSubscriptionSql } from './active-subscription';

/** The authenticated caller (set by the auth plugin). */
export interface Actor {
  userId: string;
  /** Refresh-token family of this session. */
  sessionId: string;
}

export const workspaceNotFound = () =>
  new AppError('WORKSPACE_NOT_FOUND', 'Espaço de trabalho não encontrado.');
export const ownerRequired = () =>
  new AppError('OWNER_REQUIRED', 'Apenas o proprietário do espaço de trabalho pode fazer isso.');

export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor) throw new AppError('UNAUTHORIZED');
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
        activeSubscription(now),
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

/**
 * The access check of a creator's content read from `{ws}`, in one statement:
 * the caller must belong to `{ws}` (else 404, as requireWorkspaceRole), and
 * their access to the creator `username` (contentAccess's rule). `creatorId`
 * is null when there is no such creator.
 */
export async function requireCreatorAccess(
  db: DbOrTx,
  actor: Actor | null | undefined,
  workspaceId: string,
  username: string,
  now: Date,
): Promise<{ actor: Actor; creatorId: string | null; access: ContentAccess }> {
  const a = requireActor(actor);
  const m = workspaceMembers;
  const [row] = await queryRows<{
    caller_role: WorkspaceRole | null;
    creator_id: string | null;
    creator_role: WorkspaceRole | null;
    subscribed: boolean | null;
  }>(
    db,
    sql`
    select (select ${m.role} from ${m} where ${m.workspaceId} = ${workspaceId}
             and ${m.userId} = ${a.userId}) as caller_role,
           w.id as creator_id,
           (select ${m.role} from ${m} where ${m.workspaceId} = w.id
             and ${m.userId} = ${a.userId}) as creator_role,
           exists (select 1 from ${subscriptions} s
                    where s.workspace_id = w.id and s.subscriber_id = ${a.userId}
                      and ${activeSubscriptionSql('s', now)}) as subscribed
      from (select 1) one
      left join ${workspaces} w on lower(w.username) = ${username.trim().toLowerCase()}
             and w.deleted_at is null`,
  );
  if (!row?.caller_role) throw workspaceNotFound();
  const access: ContentAccess = row.creator_role ?? (row.subscribed ? 'subscriber' : 'none');
  return { actor: a, creatorId: row.creator_id, access };
}
