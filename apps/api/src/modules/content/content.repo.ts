import { and, eq, exists, inArray, sql } from 'drizzle-orm';
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

export interface NewAttachment {
  filePath: string;
  label: string;
  kind: MediaKind;
  contentType: MediaContentType;
  size: number;
  poster?: { filePath: string; contentType: MediaContentType; size: number };
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
        position,
      })
      .returning({ id: contentAttachments.id });
    if (a.poster)
      await tx.insert(contentAttachments).values({
        contentId: post!.id,
        filePath: a.poster.filePath,
        label: '',
        kind: 'image',
        contentType: a.poster.contentType,
        size: a.poster.size,
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
