import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

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

export interface NewUser {
  email: string;
  username: string;
  fullName: string;
  passwordHash: string | null;
  googleSub?: string;
  /** Set when the address is already proved (a Google sign-in with a verified e-mail). */
  emailConfirmedAt?: Date;
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

/** Links a Google account unless the user already has one. */
export async function linkGoogleSub(db: DbOrTx, id: string, sub: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSub: sub, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.googleSub)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Unlinks the Google account (only an account that keeps a password: see unlinkGoogle). */
export async function unlinkGoogleSub(db: DbOrTx, id: string) {
  await db
    .update(users)
    .set({ googleSub: null, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNotNull(users.passwordHash)));
}

/** Sets users.avatar_path (row locked) and returns the key it replaced. */
export async function replaceUserAvatarPath(
  tx: DbOrTx,
  userId: string,
  key: string,
  now: Date,
): Promise<{ previous: string | null } | null> {
  const [current] = await tx
    .select({ avatarPath: users.avatarPath })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!current) return null;
  await tx.update(users).set({ avatarPath: key, updatedAt: now }).where(eq(users.id, userId));
  return { previous: current.avatarPath };
}

/**
 * Marks the address confirmed when it is still the one the link was sent to; true when the
 * account now has it confirmed (also when it already was).
 */
export async function confirmEmail(
  db: DbOrTx,
  id: string,
  email: string,
  now: Date,
): Promise<boolean> {
  await db
    .update(users)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(
      and(
        eq(users.id, id),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.emailConfirmedAt),
      ),
    );
  const [row] = await db
    .select({ confirmedAt: users.emailConfirmedAt, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return Boolean(row?.confirmedAt && row.email.toLowerCase() === email.toLowerCase());
}
