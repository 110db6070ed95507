import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { findWorkspaceOwnerContact } from '../../read-models/team-members';
import type { DbOrTx } from '../../db/client';
import { contents } from '../../db/schema/content';
import { tips } from '../../db/schema/tips';
import { users } from '../../db/schema/users';

/** A workspace's paid tips with the tipper's name, newest first (tips_workspace_paid_idx). */
export async function listPaidTips(
  db: DbOrTx,
  input: { workspaceId: string; limit: number; offset: number },
) {
  const where = and(eq(tips.workspaceId, input.workspaceId), isNotNull(tips.paidAt));
  const rows = await db
    .select({ tip: tips, username: users.username, fullName: users.fullName })
    .from(tips)
    .leftJoin(users, eq(users.id, tips.tipperId))
    .where(where)
    .orderBy(desc(tips.paidAt), desc(tips.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db.select({ n: count() }).from(tips).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Whether the post belongs to the workspace (a tip may thank one of its posts). */
export async function isPostOf(db: DbOrTx, workspaceId: string, postId: string) {
  const [row] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, postId), eq(contents.workspaceId, workspaceId)))
    .limit(1);
  return Boolean(row);
}

/** The workspace's owner, to tell by e-mail, and the tipper's name. */
export async function findTipNotice(db: DbOrTx, workspaceId: string, tipperId: string | null) {
  const owner = await findWorkspaceOwnerContact(db, workspaceId);
  const [tipper] = tipperId
    ? await db
        .select({ username: users.username, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, tipperId))
        .limit(1)
    : [];
  return owner ? { owner, tipper: tipper ?? null } : null;
}
