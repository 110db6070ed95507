/**
 * Read model: the user behind a sign-in's e-mail with their own workspace's handle (the session's
 * `metadata` shows it) and whether the device signed in to them before (the lock-out's source),
 * in one prepared statement — the sign-in's only read (issue 12: a sign-in within 10% of the
 * argon2 ceiling).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { refreshTokens, users } from '../../db/schema/users';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';

export type SignInUser = typeof users.$inferSelect;

/** The handle a session shows: the user's first own workspace's. */
export interface OwnWorkspaceName {
  username: string;
  label: string;
}

const signInUser = perDatabase((db) => {
  const own = db
    .select({ username: workspaces.username, label: workspaces.label })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, users.id), eq(workspaceMembers.role, 'owner')))
    .orderBy(workspaceMembers.createdAt)
    .limit(1)
    .as('own');
  // a session of this user was ever started from the device (X-Device-Id); none without one
  const knownDevice = sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.userId} = ${users.id} and ${refreshTokens.deviceId} = ${sql.placeholder('deviceId')})`;
  return db
    .select({ user: users, username: own.username, label: own.label, knownDevice })
    .from(users)
    .leftJoinLateral(own, sql`true`)
    .where(sql`lower(${users.email}) = ${sql.placeholder('email')}`)
    .limit(1)
    .prepare('sign_in_user');
});

/**
 * A sign-in's user by e-mail with their own workspace's handle (as findPrimaryOwnedWorkspace
 * picks it) and whether `deviceId` ever got a session of theirs, in one prepared statement: the
 * sign-in answers with the handle and locks wrong passwords out per source.
 */
export async function findUserForSignIn(
  db: Db,
  email: string,
  deviceId: string | null,
): Promise<{
  user: SignInUser;
  ownWorkspace: OwnWorkspaceName | null;
  knownDevice: boolean;
} | null> {
  const [row] = await signInUser(db).execute({ email: email.trim().toLowerCase(), deviceId });
  if (!row) return null;
  const { user, username, label, knownDevice } = row;
  return {
    user,
    ownWorkspace: username !== null && label !== null ? { username, label } : null,
    knownDevice,
  };
}
