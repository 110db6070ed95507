import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitations, users, workspaceMembers } from '../../db/schema';
import type { WorkspaceRole } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

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
export async function listMembers(db: DbOrTx, workspaceId: string): Promise<MemberRow[]> {
  return selectMembers(db)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(
      sql`case when ${workspaceMembers.role} = 'owner' then 0 else 1 end`,
      asc(workspaceMembers.createdAt),
      asc(users.id),
    );
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

/** Adds a member; false when the user already belongs to the workspace. */
export async function addMember(db: DbOrTx, workspaceId: string, userId: string) {
  const rows = await db
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role: 'member' })
    .onConflictDoNothing()
    .returning({ userId: workspaceMembers.userId });
  return rows.length === 1;
}

/** Removes a non-owner member; false when there was none. */
export async function removeMember(db: DbOrTx, workspaceId: string, userId: string) {
  const rows = await db
    .delete(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, 'member'),
      ),
    )
    .returning({ userId: workspaceMembers.userId });
  return rows.length === 1;
}

export async function setRole(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  from: WorkspaceRole,
  to: WorkspaceRole,
): Promise<boolean> {
  const rows = await db
    .update(workspaceMembers)
    .set({ role: to })
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, from),
      ),
    )
    .returning({ userId: workspaceMembers.userId });
  return rows.length === 1;
}

export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

// ---- invitations ----

/** The not-yet-accepted invitation for this e-mail (expired or not). */
export async function findOpenInvitation(
  db: DbOrTx,
  workspaceId: string,
  email: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
        isNull(invitations.acceptedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  db: DbOrTx,
  input: { workspaceId: string; email: string; invitedBy: string; expiresAt: Date; now: Date },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(invitations)
    .values({
      workspaceId: input.workspaceId,
      email: input.email,
      invitedBy: input.invitedBy,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/** Re-inviting a pending e-mail: a fresh expiry, same invitation id and link. */
export async function refreshInvitation(
  db: DbOrTx,
  id: string,
  input: { invitedBy: string; expiresAt: Date },
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ invitedBy: input.invitedBy, expiresAt: input.expiresAt })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning();
  return row ?? null;
}

export async function listPendingInvitations(
  db: DbOrTx,
  workspaceId: string,
  now: Date,
): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

export async function findInvitation(db: DbOrTx, id: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  return row ?? null;
}

/** Deletes a not-yet-accepted invitation of the workspace. */
export async function deleteInvitation(db: DbOrTx, workspaceId: string, id: string) {
  const rows = await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** Marks the invitation used; false when it already was (the first acceptance wins). */
export async function markInvitationAccepted(db: DbOrTx, id: string, userId: string, now: Date) {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}
