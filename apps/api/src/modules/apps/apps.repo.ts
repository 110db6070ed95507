import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workspaceApps } from '../../db/schema/apps';

export type WorkspaceAppRow = typeof workspaceApps.$inferSelect;

/** The workspace's app rows (only apps ever installed or configured have one). */
export const listWorkspaceApps = (db: DbOrTx, workspaceId: string) =>
  db.select().from(workspaceApps).where(eq(workspaceApps.workspaceId, workspaceId));

export async function findWorkspaceApp(
  db: DbOrTx,
  workspaceId: string,
  label: string,
): Promise<WorkspaceAppRow | undefined> {
  const [row] = await db
    .select()
    .from(workspaceApps)
    .where(and(eq(workspaceApps.workspaceId, workspaceId), eq(workspaceApps.label, label)))
    .limit(1);
  return row;
}

/** Sets whether the app is installed; settings (and the app's data) are kept either way. */
export async function upsertInstalled(
  db: DbOrTx,
  workspaceId: string,
  label: string,
  installedAt: Date | null,
  now: Date,
): Promise<WorkspaceAppRow> {
  const [row] = await db
    .insert(workspaceApps)
    .values({ workspaceId, label, installedAt, updatedAt: now })
    .onConflictDoUpdate({
      target: [workspaceApps.workspaceId, workspaceApps.label],
      set: { installedAt, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function upsertSettings(
  db: DbOrTx,
  workspaceId: string,
  label: string,
  settings: Record<string, unknown>,
  now: Date,
): Promise<WorkspaceAppRow> {
  const [row] = await db
    .insert(workspaceApps)
    .values({ workspaceId, label, settings, updatedAt: now })
    .onConflictDoUpdate({
      target: [workspaceApps.workspaceId, workspaceApps.label],
      set: { settings, updatedAt: now },
    })
    .returning();
  return row!;
}
