import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentAttachments, contents, uploads, users } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadStatus = 'pending' | 'processing' | 'complete' | 'failed' | 'expired';

export async function insertUpload(db: DbOrTx, input: typeof uploads.$inferInsert) {
  const [row] = await db.insert(uploads).values(input).returning();
  return row!;
}

/** An upload of this user (anyone else's is "not found"). */
export async function findUploadOfUser(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Moves an upload from one status to another; false when another request moved it first. */
export async function transitionUpload(
  db: DbOrTx,
  id: string,
  from: UploadStatus,
  to: UploadStatus,
  now?: Date,
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: to, ...(to === 'complete' && now ? { completedAt: now } : {}) })
    .where(and(eq(uploads.id, id), eq(uploads.status, from)))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/** Pending uploads whose URL expired before `before` (their bytes can no longer change). */
export async function findStalePendingUploads(
  db: DbOrTx,
  before: Date,
  userId?: string,
  limit = 100,
): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.status, 'pending'),
        lt(uploads.expiresAt, before),
        ...(userId ? [eq(uploads.userId, userId)] : []),
      ),
    )
    .limit(limit);
}

export async function markUploadsExpired(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(uploads)
    .set({ status: 'expired' })
    .where(and(inArray(uploads.id, ids), eq(uploads.status, 'pending')));
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

/** True when a post of the workspace has this file (workspace-relative path) attached. */
export async function isFileAttached(db: DbOrTx, workspaceId: string, filePath: string) {
  const [row] = await db
    .select({ id: contentAttachments.id })
    .from(contentAttachments)
    .innerJoin(contents, eq(contents.id, contentAttachments.contentId))
    .where(and(eq(contents.workspaceId, workspaceId), eq(contentAttachments.filePath, filePath)))
    .limit(1);
  return Boolean(row);
}
