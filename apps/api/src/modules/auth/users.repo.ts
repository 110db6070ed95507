import { eq, sql } from 'drizzle-orm';
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

export async function insertUser(
  db: DbOrTx,
  input: {
    email: string;
    username: string;
    fullName: string;
    passwordHash: string | null;
    googleSub?: string;
  },
) {
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
