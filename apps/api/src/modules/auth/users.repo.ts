import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
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
  googleLinkedAt?: Date;
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
export async function linkGoogleSub(
  db: DbOrTx,
  id: string,
  sub: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSub: sub, googleLinkedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.googleSub)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Unlinks the Google account (only an account that keeps a password: see unlinkGoogle). */
export async function unlinkGoogleSub(db: DbOrTx, id: string) {
  await db
    .update(users)
    .set({ googleSub: null, googleLinkedAt: null, updatedAt: new Date() })
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

/** A deleted account's row, kept for the creators' books: nothing in it names the person. */
export async function anonymiseUser(db: DbOrTx, id: string, tag: string, now: Date) {
  await db
    .update(users)
    .set({
      email: `excluida.${tag}@conta-excluida.invalid`,
      username: `excluido_${tag}`,
      fullName: 'Conta excluída',
      passwordHash: null,
      avatarPath: null,
      googleSub: null,
      googleLinkedAt: null,
      twoFactorEnabled: false,
      twoFactorEnabledAt: null,
      totpSecretEnc: null,
      totpLastStep: null,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}

// ---- two-factor state (the two-factor module calls these through auth.service) ----

export interface TwoFactorState {
  id: string;
  email: string;
  enabled: boolean;
  secretEnc: string | null;
  lastStep: number | null;
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
}

const columns = {
  id: users.id,
  email: users.email,
  enabled: users.twoFactorEnabled,
  secretEnc: users.totpSecretEnc,
  lastStep: users.totpLastStep,
  passwordHash: users.passwordHash,
  emailConfirmedAt: users.emailConfirmedAt,
};

export async function findTwoFactorState(
  db: DbOrTx,
  userId: string,
): Promise<TwoFactorState | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Stores a pending secret unless one is already there (two tabs opening the dialog at once). */
export async function setPendingSecretIfAbsent(db: DbOrTx, userId: string, secretEnc: string) {
  const rows = await db
    .update(users)
    .set({ totpSecretEnc: secretEnc, totpLastStep: null })
    .where(
      and(eq(users.id, userId), isNull(users.totpSecretEnc), eq(users.twoFactorEnabled, false)),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** A code's time step is accepted only when it is newer than the last accepted one. */
const stepIsNew = (step: number) => or(isNull(users.totpLastStep), lt(users.totpLastStep, step));

/** Records an accepted sign-in code; false when that step (or a later one) was already used. */
export async function acceptStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true), stepIsNew(step)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function enableTwoFactor(
  db: DbOrTx,
  userId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabled: true, twoFactorEnabledAt: now, totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.twoFactorEnabled, false),
        isNotNull(users.totpSecretEnc),
        stepIsNew(step),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Forgets a pending secret (one that can no longer be decrypted) while 2FA is off. */
export async function clearPendingSecret(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ totpSecretEnc: null, totpLastStep: null })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)));
}

/**
 * Turns 2FA off and forgets the secret (a later enable starts with a new one). `step` is the
 * app code's time step, null when a recovery code (already spent) was used instead.
 */
export async function disableTwoFactor(
  db: DbOrTx,
  userId: string,
  step: number | null,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      twoFactorEnabled: false,
      twoFactorEnabledAt: null,
      totpSecretEnc: null,
      totpLastStep: null,
    })
    .where(
      and(
        eq(users.id, userId),
        eq(users.twoFactorEnabled, true),
        ...(step === null ? [] : [stepIsNew(step)]),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}
