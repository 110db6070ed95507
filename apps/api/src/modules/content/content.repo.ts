import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  contentAttachments,
  contentLikes,
  contents,
  subscriptions,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import type { MediaContentType, MediaKind } from '@fa-clube/contract';

/**
 * SQL of the content domain. Lists are built in two statements whatever the
 * page size: the page (posts joined with their workspace, likes, the caller's
 * like, ownership and the attachments as JSON, all aggregated in SQL) and the
 * total. See docs/decisions/018-content-access-and-feed.md.
 */

export interface AttachmentRow {
  file_path: string;
  label: string;
  kind: MediaKind;
  content_type: MediaContentType;
  poster_path: string | null;
}

export interface ContentRow {
  id: string;
  workspaceId: string;
  description: string;
  createdAt: Date;
  label: string;
  username: string;
  avatarPath: string | null;
  likes: number;
  liked: boolean;
  isOwner: boolean;
  attachments: AttachmentRow[];
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Raw rows of a statement (PGlite and node-postgres both answer `{ rows }`). */
async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Workspaces whose posts the viewer sees: own or joined, and actively subscribed. */
function visibleWorkspaceIds(viewerId: string, now: Date): SQL {
  return sql`
    select m.workspace_id from ${workspaceMembers} m where m.user_id = ${viewerId}
    union
    select s.workspace_id from ${subscriptions} s
     where s.subscriber_id = ${viewerId} and s.status = 'active' and s.current_period_end > ${ts(now)}`;
}

/**
 * The posts of `page` (a subquery of contents rows: id, workspace_id,
 * description, created_at) with everything a feed item shows, in one statement.
 */
function itemsQuery(viewerId: string, page: SQL): SQL {
  return sql`
    select p.id, p.workspace_id, p.description, p.created_at,
           w.label, w.username, w.avatar_path,
           (select count(*) from ${contentLikes} l where l.content_id = p.id) as likes,
           exists (select 1 from ${contentLikes} l
                    where l.content_id = p.id and l.user_id = ${viewerId}) as liked,
           exists (select 1 from ${workspaceMembers} m
                    where m.workspace_id = p.workspace_id and m.user_id = ${viewerId}
                      and m.role = 'owner') as is_owner,
           (select coalesce(json_agg(json_build_object(
                      'file_path', a.file_path, 'label', a.label, 'kind', a.kind,
                      'content_type', a.content_type, 'poster_path', pa.file_path)
                    order by a.position, a.id), '[]'::json)
              from ${contentAttachments} a
              left join ${contentAttachments} pa
                on pa.content_id = a.content_id and pa.poster_of = a.id
             where a.content_id = p.id and a.poster_of is null) as attachments
      from (${page}) p
      join ${workspaces} w on w.id = p.workspace_id
     order by p.created_at desc, p.id desc`;
}

async function selectItems(db: DbOrTx, query: SQL): Promise<ContentRow[]> {
  const rows = await queryRows<Record<string, unknown>>(db, query);
  return rows.map((r) => ({
    id: r.id as string,
    workspaceId: r.workspace_id as string,
    description: r.description as string,
    createdAt: new Date(r.created_at as string),
    label: r.label as string,
    username: r.username as string,
    avatarPath: (r.avatar_path as string | null) ?? null,
    likes: Number(r.likes),
    liked: Boolean(r.liked),
    isOwner: Boolean(r.is_owner),
    attachments: (typeof r.attachments === 'string'
      ? JSON.parse(r.attachments)
      : r.attachments) as AttachmentRow[],
  }));
}

const countQuery = (query: SQL) => sql`select count(*) as n from (${query}) q`;

async function countRows(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(db, query);
  return Number(row?.n ?? 0);
}

/**
 * The two statements of a feed page (exported for the benchmark's EXPLAIN).
 * Each visible workspace contributes at most `offset + limit` posts through
 * its (workspace_id, created_at, id) index (a lateral top-N per workspace),
 * so a page never sorts every post.
 */
export function feedQueries(input: { viewerId: string; now: Date; limit: number; offset: number }) {
  const visible = visibleWorkspaceIds(input.viewerId, input.now);
  const page = sql`
    select c.id, c.workspace_id, c.description, c.created_at
      from (${visible}) v
      cross join lateral (
        select x.id, x.workspace_id, x.description, x.created_at from ${contents} x
         where x.workspace_id = v.workspace_id
         order by x.created_at desc, x.id desc
         limit ${input.offset + input.limit}) c
     order by c.created_at desc, c.id desc
     limit ${input.limit} offset ${input.offset}`;
  return {
    items: itemsQuery(input.viewerId, page),
    total: countQuery(sql`select 1 from ${contents} c where c.workspace_id in (${visible})`),
  };
}

/** The viewer's feed page, newest first, and the total. */
export async function listFeed(
  db: DbOrTx,
  input: { viewerId: string; now: Date; limit: number; offset: number },
): Promise<{ rows: ContentRow[]; total: number }> {
  const q = feedQueries(input);
  // Independent statements: on PostgreSQL they run side by side on two connections.
  const [rows, total] = await Promise.all([selectItems(db, q.items), countRows(db, q.total)]);
  return { rows, total };
}

/** A creator's posts, newest first. */
export async function listWorkspaceContents(
  db: DbOrTx,
  input: { viewerId: string; workspaceId: string; limit: number; offset: number },
): Promise<{ rows: ContentRow[]; total: number }> {
  const page = sql`
    select c.id, c.workspace_id, c.description, c.created_at from ${contents} c
     where c.workspace_id = ${input.workspaceId}
     order by c.created_at desc, c.id desc
     limit ${input.limit} offset ${input.offset}`;
  const [rows, total] = await Promise.all([
    selectItems(db, itemsQuery(input.viewerId, page)),
    countContents(db, input.workspaceId),
  ]);
  return { rows, total };
}

/** One post as a feed item, or null. */
export async function findContentItem(
  db: DbOrTx,
  viewerId: string,
  contentId: string,
): Promise<ContentRow | null> {
  const [row] = await selectItems(
    db,
    itemsQuery(
      viewerId,
      sql`select c.id, c.workspace_id, c.description, c.created_at from ${contents} c
           where c.id = ${contentId}`,
    ),
  );
  return row ?? null;
}

export async function countContents(db: DbOrTx, workspaceId: string): Promise<number> {
  return countRows(
    db,
    countQuery(sql`select 1 from ${contents} c where c.workspace_id = ${workspaceId}`),
  );
}

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
  },
): Promise<string> {
  const [post] = await tx
    .insert(contents)
    .values({
      workspaceId: input.workspaceId,
      authorId: input.authorId,
      description: input.description,
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
 * double like impossible. The count is read in the toggling statement (its
 * snapshot, taken after the lock, plus its own change).
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
      select (select count(*) from ${contentLikes} where content_id = ${contentId})
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
  for (const path of sorted)
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`content_file:${workspaceId}:${path}`}, 0))`,
    );
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
