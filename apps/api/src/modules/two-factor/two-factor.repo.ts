import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export interface TwoFactorState {
  id: string;
  email: string;
  enabled: boolean;
  secretEnc: string | null;
  lastStep: number | null;
}

const columns = {
  id: users.id,
  email: users.email,
  enabled: users.twoFactorEnabled,
  secretEnc: users.totpSecretEnc,
  lastStep: users.totpLastStep,
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

/** Turns 2FA off and forgets the secret (a later enable starts with a new one). */
export async function disableTwoFactor(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabled: false, totpSecretEnc: null, totpLastStep: null })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true), stepIsNew(step)))
    .returning({ id: users.id });
  return rows.length === 1;
}
