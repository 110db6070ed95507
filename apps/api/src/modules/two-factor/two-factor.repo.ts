import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recoveryCodes, refreshTokens, users } from '../../db/schema/users';

export interface TwoFactorState {
  id: string;
  email: string;
  enabled: boolean;
  secretEnc: string | null;
  lastStep: number | null;
  passwordHash: string | null;
}

const columns = {
  id: users.id,
  email: users.email,
  enabled: users.twoFactorEnabled,
  secretEnc: users.totpSecretEnc,
  lastStep: users.totpLastStep,
  passwordHash: users.passwordHash,
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

export async function enableTwoFactor(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabled: true, totpLastStep: step })
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
    .set({ twoFactorEnabled: false, totpSecretEnc: null, totpLastStep: null })
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

/** The recovery codes of a fresh 2FA set-up replace any earlier ones. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Spends a recovery code; false when it is unknown or was already used. */
export async function spendRecoveryCode(
  db: DbOrTx,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/**
 * Ends every session of the user, the caller's too (2FA turned on or off). It writes the auth
 * module's refresh tokens directly: auth already depends on this module (the sign-in code
 * step), so calling back into it would close a module cycle.
 */
export async function revokeAllSessions(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
