/**
 * Read model: users' handles, for the one handle namespace that users and
 * workspaces share (`@username` names a person's account and a creator's
 * workspace alike). workspaces.service isUsernameAvailable asks both sides.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

const lower = (username: string) => username.trim().toLowerCase();

/** True when a user has this handle (case-insensitively). */
export async function isUserHandleTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${lower(username)}`)
    .limit(1);
  return Boolean(row);
}

/** True when `username` is the user's own account handle (case-insensitively). */
export async function isUsersOwnHandle(db: DbOrTx, userId: string, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`lower(${users.username}) = ${lower(username)}`))
    .limit(1);
  return Boolean(row);
}
