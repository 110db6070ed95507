import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';

export async function insertWorkspaceWithOwner(
  db: DbOrTx,
  input: { ownerId: string; label: string; username: string; description?: string },
) {
  const [ws] = await db
    .insert(workspaces)
    .values({ label: input.label, username: input.username, description: input.description ?? '' })
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
    .where(sql`lower(${workspaces.username}) = ${username.toLowerCase()}`)
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
