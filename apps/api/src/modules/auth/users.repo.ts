import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function isUserUsernameTaken(db: DbOrTx, username: string, exceptUserId?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(2);
  return rows.some((r) => r.id !== exceptUserId);
}

/** True when `username` is the user's own account handle (case-insensitively). */
export async function isUsersOwnHandle(db: DbOrTx, userId: string, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`lower(${users.username}) = ${username.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

export interface NewUser {
  email: string;
  username: string;
  fullName: string;
  passwordHash: string | null;
  googleSub?: string;
}

export async function insertUser(db: DbOrTx, input: NewUser) {
  const [row] = await db.insert(users).values(input).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * One more wrong password; returns the run of consecutive failures. A run
 * whose last failure is older than `forgetBefore` starts again at 1.
 */
export async function incrementFailedLogins(
  db: DbOrTx,
  id: string,
  now: Date,
  forgetBefore: Date,
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${users.lastFailedLoginAt} is null or ${users.lastFailedLoginAt} < ${forgetBefore.toISOString()} then 1 else ${users.failedLoginCount} + 1 end`,
      lastFailedLoginAt: now,
    })
    .where(eq(users.id, id))
    .returning({ count: users.failedLoginCount });
  return row?.count ?? 0;
}

export async function setLockedUntil(db: DbOrTx, id: string, until: Date) {
  await db.update(users).set({ lockedUntil: until }).where(eq(users.id, id));
}

/** A successful sign-in or a password reset ends the run of failures and any lock. */
export async function clearLoginFailures(db: DbOrTx, id: string) {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, lastFailedLoginAt: null })
    .where(eq(users.id, id));
}

/** Links a Google account unless the user already has one. */
export async function linkGoogleSub(db: DbOrTx, id: string, sub: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSub: sub, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.googleSub)))
    .returning({ id: users.id });
  return rows.length === 1;
}
