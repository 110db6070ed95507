import { and, asc, eq, exists, gt, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
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
  /** A video to process in the job queue (content/video.jobs.ts): its first run. */
  processing?: boolean;
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
    /** A scheduled post: when it is published; null/absent publishes it now. */
    publishAt?: Date | null;
  },
): Promise<string> {
  const [post] = await tx
    .insert(contents)
    .values({
      workspaceId: input.workspaceId,
      authorId: input.authorId,
      description: input.description,
      priceCents: input.priceCents ?? null,
      publishAt: input.publishAt ?? null,
      // a video to process: not counted in the figures, not shown to fans, until it is ready
      mediaPending: input.attachments.some((a) => a.processing),
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
        ...(a.processing ? { status: 'processing', progress: 0, attempts: 1 } : {}),
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
): Promise<{ filePaths: string[]; hlsPaths: string[] } | null> {
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
    .returning({ filePath: contentAttachments.filePath, hlsPath: contentAttachments.hlsPath });
  const gone = await tx
    .delete(contents)
    .where(and(eq(contents.id, contentId), eq(contents.workspaceId, workspaceId)))
    .returning({ id: contents.id });
  if (gone.length === 0) return null;
  return {
    filePaths: files.map((f) => f.filePath),
    hlsPaths: files.flatMap((f) => (f.hlsPath ? [f.hlsPath] : [])),
  };
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

// ---- videos processed in the job queue (video.jobs.ts) ----

/** The condition of content_attachments_pending_video_idx, narrowed to those still to process. */
const processingVideo = () =>
  and(
    eq(contentAttachments.kind, 'video'),
    ne(contentAttachments.status, 'ready'),
    eq(contentAttachments.status, 'processing'),
  );

/** Videos still to process after `afterId`, in id order (the pending-video index), with their run. */
export async function listProcessingVideos(db: DbOrTx, afterId: string | null, limit: number) {
  return db
    .select({ id: contentAttachments.id, attempts: contentAttachments.attempts })
    .from(contentAttachments)
    .where(and(processingVideo(), ...(afterId ? [gt(contentAttachments.id, afterId)] : [])))
    .orderBy(asc(contentAttachments.id))
    .limit(limit);
}

export interface VideoToProcess {
  id: string;
  contentId: string;
  workspaceId: string;
  /** The upload, as sent. */
  filePath: string;
  position: number;
  attempts: number;
  /** The owner gave a poster image. */
  hasPoster: boolean;
}

/** A video still to process in run `attempts`, or null (done, failed, retried since, or deleted). */
export async function findVideoToProcess(
  db: DbOrTx,
  id: string,
  attempts: number,
): Promise<VideoToProcess | null> {
  const [row] = await db
    .select({
      id: contentAttachments.id,
      contentId: contentAttachments.contentId,
      workspaceId: contents.workspaceId,
      filePath: contentAttachments.filePath,
      position: contentAttachments.position,
      attempts: contentAttachments.attempts,
      hasPoster: sql<boolean>`exists (select 1 from ${contentAttachments} p
                                       where p.poster_of = ${contentAttachments.id})`,
    })
    .from(contentAttachments)
    .innerJoin(contents, eq(contents.id, contentAttachments.contentId))
    .where(
      and(
        eq(contentAttachments.id, id),
        eq(contentAttachments.attempts, attempts),
        processingVideo(),
      ),
    )
    .limit(1);
  return row ? { ...row, hasPoster: Boolean(row.hasPoster) } : null;
}

/** How far a video's processing is (its owner's 'Processando vídeo… 40 %'). */
export async function setVideoProgress(
  db: DbOrTx,
  video: Pick<VideoToProcess, 'id' | 'attempts'>,
  percent: number,
) {
  await db
    .update(contentAttachments)
    .set({ progress: percent })
    .where(
      and(
        eq(contentAttachments.id, video.id),
        eq(contentAttachments.attempts, video.attempts),
        processingVideo(),
      ),
    );
}

/**
 * Points a processed video's row at its MP4 (ready) and adds the poster made from it, unless the
 * row changed meanwhile (deleted, or another run saved it): false then.
 */
export async function saveProcessedVideo(
  tx: DbOrTx,
  video: VideoToProcess,
  mp4: NewVariant & { hlsPath?: string | null },
  poster: (NewVariant & { contentType: MediaContentType }) | null,
): Promise<boolean> {
  const updated = await tx
    .update(contentAttachments)
    .set({
      filePath: mp4.filePath,
      contentType: 'video/mp4',
      size: mp4.size,
      width: mp4.width,
      height: mp4.height,
      status: 'ready',
      progress: null,
      reason: null,
      hlsPath: mp4.hlsPath ?? null,
    })
    .where(
      and(
        eq(contentAttachments.id, video.id),
        eq(contentAttachments.filePath, video.filePath),
        eq(contentAttachments.attempts, video.attempts),
        processingVideo(),
      ),
    )
    .returning({ id: contentAttachments.id });
  if (updated.length === 0) return false;
  if (poster)
    await tx.insert(contentAttachments).values({
      contentId: video.contentId,
      filePath: poster.filePath,
      kind: 'image',
      contentType: poster.contentType,
      size: poster.size,
      width: poster.width,
      height: poster.height,
      position: video.position,
      posterOf: video.id,
    });
  // the post's last video ready: fans see it, and the figures count it (trigger on media_pending)
  await tx
    .update(contents)
    .set({ mediaPending: false })
    .where(
      and(
        eq(contents.id, video.contentId),
        eq(contents.mediaPending, true),
        notExists(
          tx
            .select({ id: contentAttachments.id })
            .from(contentAttachments)
            .where(
              and(
                eq(contentAttachments.contentId, video.contentId),
                eq(contentAttachments.kind, 'video'),
                ne(contentAttachments.status, 'ready'),
              ),
            ),
        ),
      ),
    );
  return true;
}

/** Whether a video's row points at this HLS playlist (another run of the same paths saved it). */
export async function isVideoHlsSaved(db: DbOrTx, id: string, hlsPath: string): Promise<boolean> {
  const rows = await db
    .select({ id: contentAttachments.id })
    .from(contentAttachments)
    .where(and(eq(contentAttachments.id, id), eq(contentAttachments.hlsPath, hlsPath)));
  return rows.length > 0;
}

/** A video that could not be processed: its owner sees the reason and may retry or delete. */
export async function markVideoFailed(
  db: DbOrTx,
  video: Pick<VideoToProcess, 'id' | 'attempts'>,
  reason: string,
) {
  await db
    .update(contentAttachments)
    .set({ status: 'failed', reason, progress: null })
    .where(
      and(
        eq(contentAttachments.id, video.id),
        eq(contentAttachments.attempts, video.attempts),
        processingVideo(),
      ),
    );
}

/**
 * The failed videos of a post of the workspace back to processing, in a new run: answers them
 * (empty when the post has none, or is not the workspace's).
 */
export async function retryFailedVideos(db: DbOrTx, workspaceId: string, contentId: string) {
  return db
    .update(contentAttachments)
    .set({
      status: 'processing',
      progress: 0,
      reason: null,
      attempts: sql`${contentAttachments.attempts} + 1`,
    })
    .where(
      and(
        eq(contentAttachments.contentId, contentId),
        eq(contentAttachments.kind, 'video'),
        eq(contentAttachments.status, 'failed'),
        exists(
          db
            .select({ id: contents.id })
            .from(contents)
            .where(and(eq(contents.id, contentId), eq(contents.workspaceId, workspaceId))),
        ),
      ),
    )
    .returning({ id: contentAttachments.id, attempts: contentAttachments.attempts });
}

/** The videos of a post waiting for their job (just posted). */
export async function listPostVideosToProcess(db: DbOrTx, contentId: string) {
  return db
    .select({ id: contentAttachments.id, attempts: contentAttachments.attempts })
    .from(contentAttachments)
    .where(and(eq(contentAttachments.contentId, contentId), processingVideo()));
}

/**
 * Scheduled posts (issue 35). Publishing clears `publish_at` and dates the post at that time, so
 * the feed and profile only ask "is publish_at null" (a probe of contents_scheduled_idx); the
 * figures trigger counts the post when publish_at becomes null (migration scheduled_posts).
 */

/**
 * Publishes the scheduled posts due at `now`, at most `limit` in one statement; answers their
 * ids. Rows another process is publishing are skipped (`skip locked`), and a published row no
 * longer matches, so each post is published once whatever the number of processes.
 */
export async function publishDuePosts(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<{ contentId: string; workspaceId: string }[]> {
  const rows = await queryRows<{ id: string; workspace_id: string }>(
    db,
    sql`update ${contents} c set created_at = c.publish_at, publish_at = null
          where c.id in (select d.id from ${contents} d
                          where d.publish_at is not null and d.publish_at <= ${ts(now)}
                          order by d.publish_at, d.id
                          limit ${limit} for update skip locked)
            and c.publish_at is not null
        returning c.id, c.workspace_id`,
  );
  return rows.map((r) => ({ contentId: r.id, workspaceId: r.workspace_id }));
}

/**
 * Moves a scheduled post of the workspace to `publishAt`, or publishes it now (`publishAt`
 * null: dated `now`). Answers 'moved' | 'published' (it was not scheduled) | 'missing'.
 */
export async function reschedulePost(
  db: DbOrTx,
  workspaceId: string,
  contentId: string,
  publishAt: Date | null,
  now: Date,
): Promise<'moved' | 'published' | 'missing'> {
  const [row] = await queryRows<{ id: string }>(
    db,
    publishAt
      ? sql`update ${contents} set publish_at = ${ts(publishAt)}
             where id = ${contentId} and workspace_id = ${workspaceId} and publish_at is not null
         returning id`
      : sql`update ${contents} set publish_at = null, created_at = ${ts(now)}
             where id = ${contentId} and workspace_id = ${workspaceId} and publish_at is not null
         returning id`,
  );
  if (row) return 'moved';
  return (await findContentWorkspaceId(db, contentId)) === workspaceId ? 'published' : 'missing';
}
