import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitations, workspaceMembers } from '../../db/schema/workspaces';
import type { WorkspaceRole } from '../../db/schema/workspaces';

export type InvitationRow = typeof invitations.$inferSelect;

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

/** One page of the pending, unexpired invitations, oldest first; with how many there are. */
export async function listPendingInvitations(
  db: DbOrTx,
  workspaceId: string,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const where = and(
    eq(invitations.workspaceId, workspaceId),
    isNull(invitations.acceptedAt),
    gt(invitations.expiresAt, now),
  );
  const rows = await db
    .select()
    .from(invitations)
    .where(where)
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(invitations).where(where);
  return { rows, total: total?.n ?? 0 };
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

/**
 * The workspaces' team taken back (a reset proved the owner's inbox on an account a squatter
 * had set up): every non-owner member and every invitation not yet accepted removed. Answers
 * how many of each.
 */
export async function removeTeamsOf(db: DbOrTx, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return { members: 0, invitations: 0 };
  const members = await db
    .delete(workspaceMembers)
    .where(
      and(inArray(workspaceMembers.workspaceId, workspaceIds), eq(workspaceMembers.role, 'member')),
    )
    .returning({ userId: workspaceMembers.userId });
  const invites = await db
    .delete(invitations)
    .where(and(inArray(invitations.workspaceId, workspaceIds), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return { members: members.length, invitations: invites.length };
}
