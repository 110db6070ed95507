import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pixSettings } from '../../db/schema/payments';

export type PixSettingsRow = typeof pixSettings.$inferSelect;

export async function findPixSettings(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select()
    .from(pixSettings)
    .where(eq(pixSettings.workspaceId, workspaceId))
    .limit(1);
  return row ?? null;
}

export async function upsertPixSettings(
  db: DbOrTx,
  input: {
    workspaceId: string;
    key: string;
    keyType: string;
    name: string;
    city: string;
    now: Date;
  },
) {
  const values = {
    key: input.key,
    keyType: input.keyType,
    name: input.name,
    city: input.city,
    updatedAt: input.now,
  };
  const [row] = await db
    .insert(pixSettings)
    .values({ workspaceId: input.workspaceId, ...values })
    .onConflictDoUpdate({ target: pixSettings.workspaceId, set: values })
    .returning();
  return row!;
}

/** Removes the workspaces' Pix receiving data (a reset took the account back from a squatter). */
export async function deletePixSettingsOf(db: DbOrTx, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return;
  await db.delete(pixSettings).where(inArray(pixSettings.workspaceId, workspaceIds));
}
