/**
 * Read model: the people of a workspace's team, with their account's name,
 * e-mail and avatar (workspace_members joined with users).
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/users';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import type { WorkspaceRole } from '../db/schema/workspaces';

export interface MemberRow {
  userId: string;
  fullName: string;
  email: string;
  avatarPath: string | null;
  role: WorkspaceRole;
}

const memberColumns = {
  userId: users.id,
  fullName: users.fullName,
  email: users.email,
  avatarPath: users.avatarPath,
  role: workspaceMembers.role,
};

/** Workspace members with their user's name, e-mail and avatar; add the filter. */
const selectMembers = (db: DbOrTx) =>
  db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId));

/** Owner first, then members in the order they joined. */
/** One page of the team, owner first, then by join date; with the team's size. */
export async function listMembers(
  db: DbOrTx,
  workspaceId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const rows = await selectMembers(db)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(
      sql`case when ${workspaceMembers.role} = 'owner' then 0 else 1 end`,
      asc(workspaceMembers.createdAt),
      asc(users.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return { rows, total: total?.n ?? 0 };
}

export async function findMemberByEmail(
  db: DbOrTx,
  workspaceId: string,
  email: string,
): Promise<MemberRow | null> {
  const [row] = await selectMembers(db)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findMember(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | null> {
  const [row] = await selectMembers(db)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The name and e-mail of a user (the inviter, who accepts an invitation, a
 * campaign's sender), whether the address is confirmed, and the account's age.
 */
export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The user ids of a workspace's team (who hears its live events: chat, a Pix waiting). */
export async function teamMemberIds(db: DbOrTx, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows.map((r) => r.userId);
}

/** The owner of a workspace with the workspace's names (a notice to the creator). */
export async function findWorkspaceOwnerContact(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      label: workspaces.label,
      username: workspaces.username,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .limit(1);
  return row ?? null;
}
