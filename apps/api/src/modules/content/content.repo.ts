import { and, asc, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentAttachments, contentLikes, contents } from '../../db/schema/content';
import { queryRows, ts, lockUntilCommit } from '../../db/sql';
import type { MediaContentType, MediaKind } from '@fa-clube/contract';

/** The workspace a post belongs to, or null. */
export async function findContentWorkspaceId(
  db: DbOrTx,
  contentId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: contents.workspaceId })
    .from(contents)
    .where(eq(contents.id, contentId))
    .limit(1);
  return row?.workspaceId ?? null;
}

/** A re-encoded image's size in pixels (files.service processWorkspaceImage). */
interface Dimensions {
  width: number;
  height: number;
}

/** One smaller width of an image (a row pointing at the image: `variant_of`). */
export interface NewVariant extends Dimensions {
  filePath: string;
  size: number;
}

export interface NewAttachment extends Partial<Dimensions> {
  filePath: string;
  label: string;
  kind: MediaKind;
  contentType: MediaContentType;
  size: number;
  variants?: NewVariant[];
  poster?: { filePath: string; contentType: MediaContentType; size: number } & Dimensions;
}

/** The rows of an image's smaller widths (same post, position and type as the image). */
async function insertVariants(
  tx: DbOrTx,
  image: { id: string; contentId: string; position: number; contentType: string },
  variants: readonly NewVariant[],
) {
  if (variants.length === 0) return;
  await tx.insert(contentAttachments).values(
    variants.map((v) => ({
      contentId: image.contentId,
      filePath: v.filePath,
      kind: 'image',
      contentType: image.contentType,
      size: v.size,
      width: v.width,
      height: v.height,
      position: image.position,
      variantOf: image.id,
    })),
  );
}

/** Inserts a post and its attachments (posters as rows pointing at their video). */
export async function insertContent(
  tx: DbOrTx,
  input: {
    workspaceId: string;
    authorId: string;
    description: string;
    createdAt: Date;
    attachments: NewAttachment[];
    /** Pay-per-view price in centavos; null for a free post. */
    priceCents?: number | null;
  },
): Promise<string> {
  const [post] = await tx
    .insert(contents)
    .values({
      workspaceId: input.workspaceId,
      authorId: input.authorId,
      description: input.description,
      priceCents: input.priceCents ?? null,
      createdAt: input.createdAt,
    })
    .returning({ id: contents.id });
  for (const [position, a] of input.attachments.entries()) {
    const [media] = await tx
      .insert(contentAttachments)
      .values({
        contentId: post!.id,
        filePath: a.filePath,
        label: a.label,
        kind: a.kind,
        contentType: a.contentType,
        size: a.size,
        width: a.width,
        height: a.height,
        position,
      })
      .returning({ id: contentAttachments.id });
    await insertVariants(
      tx,
      { id: media!.id, contentId: post!.id, position, contentType: a.contentType },
      a.variants ?? [],
    );
    if (a.poster)
      await tx.insert(contentAttachments).values({
        contentId: post!.id,
        filePath: a.poster.filePath,
        label: '',
        kind: 'image',
        contentType: a.poster.contentType,
        size: a.poster.size,
        width: a.poster.width,
        height: a.poster.height,
        position,
        posterOf: media!.id,
      });
  }
  return post!.id;
}

/**
 * Deletes a post of the workspace: its attachment rows first (answering their
 * paths, so the files can go next), then the post (its likes cascade).
 * Null when the workspace has no such post.
 */
export async function deleteContent(
  tx: DbOrTx,
  workspaceId: string,
  contentId: string,
): Promise<{ filePaths: string[] } | null> {
  const files = await tx
    .delete(contentAttachments)
    .where(
      and(
        eq(contentAttachments.contentId, contentId),
        exists(
          tx
            .select({ id: contents.id })
            .from(contents)
            .where(and(eq(contents.id, contentId), eq(contents.workspaceId, workspaceId))),
        ),
      ),
    )
    .returning({ filePath: contentAttachments.filePath });
  const gone = await tx
    .delete(contents)
    .where(and(eq(contents.id, contentId), eq(contents.workspaceId, workspaceId)))
    .returning({ id: contents.id });
  if (gone.length === 0) return null;
  return { filePaths: files.map((f) => f.filePath) };
}

/**
 * Toggles the user's like and answers the count after it, or null when the
 * post is gone. Toggles of one post are serialised on its row (FOR NO KEY
 * UPDATE, which does not block the likes' foreign-key checks): each one flips
 * the state exactly once and reads an exact count; the primary key makes a
 * double like impossible. The count is the post's maintained like_count in
 * the toggling statement's snapshot (taken after the lock) plus its own change
 * (the trigger applies that change to like_count in the same transaction).
 */
export async function toggleLike(
  db: DbOrTx,
  contentId: string,
  userId: string,
  now: Date,
): Promise<{ likes: number; liked: boolean } | null> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(eq(contents.id, contentId))
      .for('no key update');
    if (!post) return null;
    const [row] = await queryRows<{ likes: unknown; liked: unknown }>(
      tx,
      sql`
      with del as (
        delete from ${contentLikes}
         where content_id = ${contentId} and user_id = ${userId}
        returning 1),
      ins as (
        insert into ${contentLikes} (content_id, user_id, created_at)
        select ${contentId}::uuid, ${userId}::uuid, ${ts(now)} where not exists (select 1 from del)
        on conflict do nothing
        returning 1)
      select (select like_count from ${contents} where id = ${contentId})
               - (select count(*) from del) + (select count(*) from ins) as likes,
             exists (select 1 from ins) as liked`,
    );
    return { likes: Number(row!.likes), liked: Boolean(row!.liked) };
  });
}

/**
 * Inside the transaction that will attach them: locks the workspace's file
 * paths (advisory, until commit, in a fixed order) and answers those already
 * attached to a post. Two posts racing for one file thus cannot both take it.
 */
export async function lockAttachedFiles(
  tx: DbOrTx,
  workspaceId: string,
  filePaths: string[],
): Promise<string[]> {
  const sorted = [...new Set(filePaths)].sort();
  for (const path of sorted) await lockUntilCommit(tx, `content_file:${workspaceId}:${path}`);
  if (sorted.length === 0) return [];
  const rows = await tx
    .selectDistinct({ filePath: contentAttachments.filePath })
    .from(contentAttachments)
    .innerJoin(contents, eq(contents.id, contentAttachments.contentId))
    .where(
      and(eq(contents.workspaceId, workspaceId), inArray(contentAttachments.filePath, sorted)),
    );
  return rows.map((r) => r.filePath);
}

/** Account deletion: the person's likes go; posts they wrote in teams stay the team's, unsigned. */
export async function forgetPerson(tx: DbOrTx, userId: string) {
  await tx.delete(contentLikes).where(eq(contentLikes.userId, userId));
  await tx.update(contents).set({ authorId: null }).where(eq(contents.authorId, userId));
}

// ---- images posted before re-encoding existed (media-backfill.jobs.ts) ----

/** The condition of contentAttachments_unprocessed_idx: an image not re-encoded yet. */
const unprocessed = () =>
  and(
    eq(contentAttachments.kind, 'image'),
    isNull(contentAttachments.width),
    eq(contentAttachments.status, 'ready'),
  );

/** Ids of images still to re-encode, after `afterId`, in id order (the partial index). */
export async function listUnprocessedImages(db: DbOrTx, afterId: string | null, limit: number) {
  const rows = await db
    .select({ id: contentAttachments.id })
    .from(contentAttachments)
    .where(and(unprocessed(), ...(afterId ? [gt(contentAttachments.id, afterId)] : [])))
    .orderBy(asc(contentAttachments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface UnprocessedImage {
  id: string;
  contentId: string;
  workspaceId: string;
  filePath: string;
  position: number;
  /** Set on a video's poster (one width only). */
  posterOf: string | null;
}

/** One image still to re-encode, or null (done, failed, or its post is gone). */
export async function findUnprocessedImage(
  db: DbOrTx,
  id: string,
): Promise<UnprocessedImage | null> {
  const [row] = await db
    .select({
      id: contentAttachments.id,
      contentId: contentAttachments.contentId,
      workspaceId: contents.workspaceId,
      filePath: contentAttachments.filePath,
      position: contentAttachments.position,
      posterOf: contentAttachments.posterOf,
    })
    .from(contentAttachments)
    .innerJoin(contents, eq(contents.id, contentAttachments.contentId))
    .where(and(eq(contentAttachments.id, id), unprocessed()))
    .limit(1);
  return row ?? null;
}

/**
 * Points an old image's row at its re-encoded file and adds its widths, unless
 * the row changed meanwhile (re-encoded by another run, or its post deleted):
 * false then.
 */
export async function saveReencodedImage(
  tx: DbOrTx,
  image: UnprocessedImage,
  reencoded: NewVariant & { contentType: MediaContentType; variants: NewVariant[] },
): Promise<boolean> {
  const updated = await tx
    .update(contentAttachments)
    .set({
      filePath: reencoded.filePath,
      contentType: reencoded.contentType,
      size: reencoded.size,
      width: reencoded.width,
      height: reencoded.height,
    })
    .where(
      and(
        eq(contentAttachments.id, image.id),
        eq(contentAttachments.filePath, image.filePath),
        unprocessed(),
      ),
    )
    .returning({ id: contentAttachments.id });
  if (updated.length === 0) return false;
  await insertVariants(
    tx,
    {
      id: image.id,
      contentId: image.contentId,
      position: image.position,
      contentType: reencoded.contentType,
    },
    reencoded.variants,
  );
  return true;
}

/** An old image that cannot be re-encoded: its owner alone gets it, with the reason. */
export async function markImageFailed(db: DbOrTx, id: string, reason: string) {
  await db
    .update(contentAttachments)
    .set({ status: 'failed', reason })
    .where(and(eq(contentAttachments.id, id), unprocessed()));
}
