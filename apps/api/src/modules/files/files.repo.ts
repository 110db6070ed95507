import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { uploads, workspaceObjects, workspaceStorage } from '../../db/schema/files';

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

// ---- the file store's quota: workspace_objects rows, workspace_storage kept by a trigger ----

/** Bytes the workspace's file store takes (reserved and stored). */
export async function findStorageUsed(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ used: workspaceStorage.usedBytes })
    .from(workspaceStorage)
    .where(eq(workspaceStorage.workspaceId, workspaceId))
    .limit(1);
  return row?.used ?? 0;
}

/** Locks the workspace's usage row (creating it) and answers its figure. */
async function lockUsage(tx: DbOrTx, workspaceId: string): Promise<number> {
  await tx.insert(workspaceStorage).values({ workspaceId }).onConflictDoNothing();
  const [row] = await tx
    .select({ used: workspaceStorage.usedBytes })
    .from(workspaceStorage)
    .where(eq(workspaceStorage.workspaceId, workspaceId))
    .for('update');
  return row?.used ?? 0;
}

async function findObjectBytes(tx: DbOrTx, workspaceId: string, filePath: string) {
  const [row] = await tx
    .select({ bytes: workspaceObjects.bytes })
    .from(workspaceObjects)
    .where(
      and(eq(workspaceObjects.workspaceId, workspaceId), eq(workspaceObjects.filePath, filePath)),
    )
    .limit(1);
  return row?.bytes ?? null;
}

/**
 * Reserves room for an upload to `filePath` (replacing what that path held):
 * `bytes` when the size is declared, else as much as `maxBytes` allows within
 * the quota. Answers the reserved bytes, or null when nothing fits.
 */
export async function reserveObject(
  db: Db,
  input: {
    workspaceId: string;
    filePath: string;
    bytes?: number;
    maxBytes: number;
    quota: number;
    now: Date;
    /** A smaller budget for every key under `prefix` (what is stored and reserved there). */
    budget?: { prefix: string; bytes: number };
  },
): Promise<number | null | 'over-budget'> {
  return db.transaction(async (tx) => {
    const used = await lockUsage(tx, input.workspaceId);
    const previous = (await findObjectBytes(tx, input.workspaceId, input.filePath)) ?? 0;
    const free = input.quota - (used - previous);
    const bytes = input.bytes ?? Math.min(input.maxBytes, free);
    if (input.budget) {
      // under the usage row's lock: two requests at once cannot both fit in what is left
      const spent = await sumBytesUnder(tx, input.workspaceId, input.budget.prefix);
      if (spent - previous + bytes > input.budget.bytes) return 'over-budget';
    }
    if (bytes <= 0 || bytes > free) return null;
    await tx
      .insert(workspaceObjects)
      .values({
        workspaceId: input.workspaceId,
        filePath: input.filePath,
        bytes,
        state: 'pending',
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: [workspaceObjects.workspaceId, workspaceObjects.filePath],
        set: { bytes, state: 'pending', updatedAt: input.now },
      });
    return bytes;
  });
}

/**
 * The bytes of `filePath` arrived: count their real size. 'missing' when no
 * upload was reserved for the path (the URL outlived its file), 'over' when the
 * real size would pass the quota (the row is dropped; the caller deletes the bytes).
 */
export async function settleObject(
  db: Db,
  input: { workspaceId: string; filePath: string; bytes: number; quota: number; now: Date },
): Promise<'ok' | 'missing' | 'over'> {
  return db.transaction(async (tx) => {
    const used = await lockUsage(tx, input.workspaceId);
    const previous = await findObjectBytes(tx, input.workspaceId, input.filePath);
    if (previous === null) return 'missing';
    const where = and(
      eq(workspaceObjects.workspaceId, input.workspaceId),
      eq(workspaceObjects.filePath, input.filePath),
    );
    if (used - previous + input.bytes > input.quota) {
      await tx.delete(workspaceObjects).where(where);
      return 'over';
    }
    await tx
      .update(workspaceObjects)
      .set({ bytes: input.bytes, state: 'stored', updatedAt: input.now })
      .where(where);
    return 'ok';
  });
}

/** Forgets objects of the store (deleted files); the trigger gives their bytes back. */
export async function removeObjects(db: DbOrTx, workspaceId: string, filePaths: readonly string[]) {
  if (filePaths.length === 0) return;
  await db
    .delete(workspaceObjects)
    .where(
      and(
        eq(workspaceObjects.workspaceId, workspaceId),
        inArray(workspaceObjects.filePath, [...filePaths]),
      ),
    );
}

/**
 * Inside the transaction that saves what replaces them: forgets the objects of
 * `filePaths` (their bytes are deleted after the commit), answering how many
 * were there. Row locks order two transactions claiming one path: the second
 * finds it gone.
 */
export async function claimObjects(db: DbOrTx, workspaceId: string, filePaths: readonly string[]) {
  if (filePaths.length === 0) return 0;
  const rows = await db
    .delete(workspaceObjects)
    .where(
      and(
        eq(workspaceObjects.workspaceId, workspaceId),
        inArray(workspaceObjects.filePath, [...filePaths]),
      ),
    )
    .returning({ filePath: workspaceObjects.filePath });
  return rows.length;
}

/** The bytes stored and reserved under `prefix`. */
async function sumBytesUnder(tx: DbOrTx, workspaceId: string, prefix: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string | null>`sum(${workspaceObjects.bytes})` })
    .from(workspaceObjects)
    .where(
      and(
        eq(workspaceObjects.workspaceId, workspaceId),
        sql`starts_with(${workspaceObjects.filePath}, ${prefix})`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Reservations under `prefix` whose upload URL expired before `before`. */
export async function findExpiredReservationsUnder(
  db: DbOrTx,
  workspaceId: string,
  prefix: string,
  before: Date,
) {
  return db
    .select()
    .from(workspaceObjects)
    .where(
      and(
        eq(workspaceObjects.workspaceId, workspaceId),
        eq(workspaceObjects.state, 'pending'),
        lt(workspaceObjects.updatedAt, before),
        sql`starts_with(${workspaceObjects.filePath}, ${prefix})`,
      ),
    )
    .limit(100);
}

/** Forgets every object whose path starts with `prefix` (a whole folder of keys). */
export async function removeObjectsUnder(db: DbOrTx, workspaceId: string, prefix: string) {
  await db
    .delete(workspaceObjects)
    .where(
      and(
        eq(workspaceObjects.workspaceId, workspaceId),
        sql`starts_with(${workspaceObjects.filePath}, ${prefix})`,
      ),
    );
}

/** The reserved bytes of one object, or null when the store does not count it. */
export const findObjectReservation = (db: DbOrTx, workspaceId: string, filePath: string) =>
  findObjectBytes(db, workspaceId, filePath);

/** Reservations whose upload URL has long expired (the bytes arrived on S3, or never came). */
export async function findStaleReservations(db: DbOrTx, before: Date, limit = 200) {
  return db
    .select()
    .from(workspaceObjects)
    .where(and(eq(workspaceObjects.state, 'pending'), lt(workspaceObjects.updatedAt, before)))
    .limit(limit);
}

/**
 * Counts files the server wrote itself (re-encoded images) as stored, replacing
 * what their paths held, in one transaction: false, with nothing counted, when
 * they do not fit in the quota (unless `force`: an old post's image re-encoded
 * by the backfill, whose original was already counted and goes next).
 */
export async function recordStoredObjects(
  db: Db,
  input: {
    workspaceId: string;
    objects: ReadonlyArray<{ filePath: string; bytes: number }>;
    quota: number;
    force: boolean;
    now: Date;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await lockUsage(tx, input.workspaceId);
    const paths = input.objects.map((o) => o.filePath);
    const previous = await tx
      .select({ bytes: workspaceObjects.bytes })
      .from(workspaceObjects)
      .where(
        and(
          eq(workspaceObjects.workspaceId, input.workspaceId),
          inArray(workspaceObjects.filePath, paths),
        ),
      );
    const before = previous.reduce((n, r) => n + r.bytes, 0);
    const after = input.objects.reduce((n, o) => n + o.bytes, 0);
    if (!input.force && used - before + after > input.quota) return false;
    await tx
      .insert(workspaceObjects)
      .values(
        input.objects.map((o) => ({
          workspaceId: input.workspaceId,
          filePath: o.filePath,
          bytes: o.bytes,
          state: 'stored',
          createdAt: input.now,
          updatedAt: input.now,
        })),
      )
      .onConflictDoUpdate({
        target: [workspaceObjects.workspaceId, workspaceObjects.filePath],
        set: { bytes: sql`excluded.bytes`, state: 'stored', updatedAt: input.now },
      });
    return true;
  });
}
