import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lockUntilCommit } from '../../db/sql';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';

export async function insertWorkspaceWithOwner(
  db: DbOrTx,
  input: {
    ownerId: string;
    label: string;
    username: string;
    description?: string;
    /** Set for a workspace created as a creator's (not the one of a sign-up). */
    creatorSince?: Date;
  },
) {
  const [ws] = await db
    .insert(workspaces)
    .values({
      label: input.label,
      username: input.username,
      description: input.description ?? '',
      creatorSince: input.creatorSince ?? null,
    })
    .returning();
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: ws!.id, userId: input.ownerId, role: 'owner' });
  return ws!;
}

export async function isWorkspaceUsernameTaken(
  db: DbOrTx,
  username: string,
  exceptWorkspaceId?: string,
) {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(
      and(
        sql`lower(${workspaces.username}) = ${username.toLowerCase()}`,
        isNull(workspaces.deletedAt),
      ),
    )
    .limit(2);
  return rows.some((r) => r.id !== exceptWorkspaceId);
}

/** The user's first own workspace (the one created at sign-up), or null. */
export async function findPrimaryOwnedWorkspace(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ ws: workspaces })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1);
  return row?.ws ?? null;
}

export type WorkspaceRow = typeof workspaces.$inferSelect;

export async function findWorkspaceById(db: DbOrTx, id: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, id), isNull(workspaces.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The user's workspaces with their role: own first, then joined, each oldest first. */
export async function listWorkspacesOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ ws: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      sql`case when ${workspaceMembers.role} = 'owner' then 0 else 1 end`,
      asc(workspaceMembers.createdAt),
      asc(workspaces.id),
    );
}

/** Marks the workspace a creator's (once: an earlier date stays); null when it is gone. */
export async function markWorkspaceCreator(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<WorkspaceRow | null> {
  const [row] = await db
    .update(workspaces)
    .set({
      creatorSince: sql`coalesce(${workspaces.creatorSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(workspaces.id, id), isNull(workspaces.deletedAt)))
    .returning();
  return row ?? null;
}

export async function updateWorkspace(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<WorkspaceRow, 'label' | 'username' | 'description'>>,
  now: Date,
): Promise<WorkspaceRow | null> {
  const [row] = await db
    .update(workspaces)
    .set({ ...patch, updatedAt: now })
    .where(eq(workspaces.id, id))
    .returning();
  return row ?? null;
}

/**
 * Points the workspace at a new processed image and returns the key it
 * replaces. The row is locked so concurrent replacements each see the key
 * the other wrote (and it gets deleted, never leaked).
 */
export async function replaceWorkspaceImagePath(
  tx: DbOrTx,
  id: string,
  kind: 'avatar' | 'cover',
  key: string,
  now: Date,
): Promise<{ previous: string | null } | null> {
  const [current] = await tx
    .select({ avatarPath: workspaces.avatarPath, coverPath: workspaces.coverPath })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .for('update');
  if (!current) return null;
  await tx
    .update(workspaces)
    .set(
      kind === 'avatar' ? { avatarPath: key, updatedAt: now } : { coverPath: key, updatedAt: now },
    )
    .where(eq(workspaces.id, id));
  return { previous: kind === 'avatar' ? current.avatarPath : current.coverPath };
}

/**
 * Ids of the workspaces the user owns, locked until the end of the
 * transaction so two concurrent deletions cannot both pass the "keep one" rule.
 */
/**
 * How many workspaces the user owns, counted after waiting for any other
 * change to what they own (an advisory lock until the transaction ends), so two
 * creations or transfers at once cannot both pass the limit.
 */
export async function countOwnedWorkspacesLocked(tx: DbOrTx, userId: string): Promise<number> {
  await lockUntilCommit(tx, `owned_workspaces:${userId}`);
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
  return row?.n ?? 0;
}

export async function lockOwnedWorkspaceIds(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Soft-deletes the workspace: deleted_at set and its public images dropped;
 * the trigger workspace_soft_delete removes posts, members, invitations and
 * file-store rows and cancels open charges and active subscriptions in the
 * same statement. Charges, payments and ledger rows stay.
 */
export async function softDeleteWorkspaceRow(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(workspaces)
    .set({ deletedAt: now, avatarPath: null, coverPath: null, updatedAt: now })
    .where(and(eq(workspaces.id, id), isNull(workspaces.deletedAt)))
    .returning({ id: workspaces.id });
  return rows.length === 1;
}

/** A workspace by its handle, case-insensitively. */
export async function findWorkspaceByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(
      and(
        sql`lower(${workspaces.username}) = ${username.trim().toLowerCase()}`,
        isNull(workspaces.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Soft-deletes the workspaces (as DELETE /workspaces/{id} does: the trigger removes what is under
 * them and keeps the money records) and removes the user's other memberships.
 */
export async function closeWorkspacesAndMemberships(
  tx: DbOrTx,
  userId: string,
  ids: string[],
  now: Date,
) {
  if (ids.length > 0)
    await tx
      .update(workspaces)
      .set({ deletedAt: now, avatarPath: null, coverPath: null, updatedAt: now })
      .where(and(inArray(workspaces.id, ids), isNull(workspaces.deletedAt)));
  await tx.delete(workspaceMembers).where(eq(workspaceMembers.userId, userId));
}
