import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { MediaContentType, MediaKind } from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import {
  contentAttachments,
  contentLikes,
  contentPurchases,
  contents,
} from '../../db/schema/content';
import { workspaceFigures } from '../../db/schema/figures';
import { subscriptions } from '../../db/schema/subscriptions';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import type { WorkspaceRole } from '../../db/schema/workspaces';
import { queryRows } from '../../db/sql';
import { activeSubscriptionSql } from '../../read-models/active-subscription';

/**
 * Read model: posts as the feed, a creator's profile and one post show them.
 * Lists are built in two statements whatever the page size: the page (posts
 * joined with their workspace, likes, the caller's like, ownership and the
 * attachments as JSON, all aggregated in SQL) and the total, read from the
 * maintained workspace_figures (never a count of posts). They read the
 * content, workspaces, subscriptions and figures tables. Orders over one
 * workspace's posts are written `desc nulls last`, exactly as
 * contents_workspace_created_idx is built, so PostgreSQL reads the index in
 * order and stops at the page instead of sorting every post of the workspace.
 * See docs/decisions/018-content-access-and-feed.md and 026-scale.md.
 */

export interface AttachmentRow {
  file_path: string;
  label: string;
  kind: MediaKind;
  content_type: MediaContentType;
  poster_path: string | null;
  /** Re-encoded images: their size; null otherwise. */
  width: number | null;
  height: number | null;
  /** An image's smaller widths, smallest first (not the image itself). */
  variants: { file_path: string; width: number }[];
  status: 'ready' | 'processing' | 'failed';
  reason: string | null;
  /** A video being processed: percent done. */
  progress: number | null;
  /** A ready video over a minute: its HLS master playlist. */
  hls_path: string | null;
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
  /** Pay-per-view price in centavos; null for a free post. */
  priceCents: number | null;
  /** The viewer is the owner or a member of the post's workspace (sees priced posts unlocked). */
  isTeam: boolean;
  /** The viewer bought this priced post. */
  purchased: boolean;
  /** A scheduled post (shown to the team only): when it is published; null once published. */
  publishAt: Date | null;
  attachments: AttachmentRow[];
}

/**
 * The post `postId` has a video not ready (processing or failed): hidden from all but the team.
 * A probe of content_attachments_pending_video_idx, which holds only such rows.
 */
export const mediaPendingSql = (postId: SQL) =>
  sql`exists (select 1 from ${contentAttachments} pv
               where pv.content_id = ${postId} and pv.kind = 'video' and pv.status <> 'ready')`;

/**
 * The post `postId` is scheduled (not yet published): nobody but the team sees it, and the feed
 * and profile lists show published posts only (the team has GET /contents/{ws}/scheduled). A
 * probe of contents_scheduled_idx, which holds only scheduled posts, so the lists keep reading
 * contents_workspace_created_idx alone.
 */
export const scheduledSql = (postId: SQL) =>
  sql`exists (select 1 from ${contents} sp where sp.id = ${postId} and sp.publish_at is not null)`;

const isTeamSql = (workspaceId: SQL, viewerId: string) =>
  sql`exists (select 1 from ${workspaceMembers} tm
               where tm.workspace_id = ${workspaceId} and tm.user_id = ${viewerId})`;

/** Workspaces whose posts the viewer sees: own or joined, and actively subscribed. */
function visibleWorkspaceIds(viewerId: string, now: Date): SQL {
  return sql`
    select m.workspace_id from ${workspaceMembers} m where m.user_id = ${viewerId}
    union
    select s.workspace_id from ${subscriptions} s
     where s.subscriber_id = ${viewerId} and ${activeSubscriptionSql('s', now)}`;
}

/**
 * Scalar queries that ride along on every row of a page (uncorrelated: each
 * runs once): the list's total, and `guard`, the caller's role in `{ws}`
 * (the access check, answered in the same round trip).
 */
interface PageExtras {
  total: SQL;
  guard?: SQL;
}

/**
 * The posts of `page` (a subquery of contents rows: id, workspace_id,
 * description, like_count, price_cents, publish_at, created_at) with everything a feed item shows, in
 * one statement.
 */
function itemsQuery(viewerId: string, page: SQL, extra?: PageExtras): SQL {
  return sql`
    select p.id, p.workspace_id, p.description, p.created_at, p.publish_at,
           (${extra?.total ?? sql`null::bigint`}) as total,
           (${extra?.guard ?? sql`null::text`}) as guard,
           w.label, w.username, w.avatar_path, p.like_count as likes,
           exists (select 1 from ${contentLikes} l
                    where l.content_id = p.id and l.user_id = ${viewerId}) as liked,
           exists (select 1 from ${workspaceMembers} m
                    where m.workspace_id = p.workspace_id and m.user_id = ${viewerId}
                      and m.role = 'owner') as is_owner,
           p.price_cents,
           exists (select 1 from ${workspaceMembers} m
                    where m.workspace_id = p.workspace_id and m.user_id = ${viewerId}) as is_team,
           (p.price_cents is not null and exists (
              select 1 from ${contentPurchases} b
               where b.content_id = p.id and b.buyer_id = ${viewerId})) as purchased,
           (select coalesce(json_agg(json_build_object(
                      'file_path', a.file_path, 'label', a.label, 'kind', a.kind,
                      'content_type', a.content_type, 'poster_path', pa.file_path,
                      'width', a.width, 'height', a.height, 'status', a.status,
                      'reason', a.reason, 'progress', a.progress, 'hls_path', a.hls_path,
                      'variants', (select coalesce(json_agg(json_build_object(
                                           'file_path', v.file_path, 'width', v.width)
                                         order by v.width), '[]'::json)
                                     from ${contentAttachments} v
                                    where v.variant_of = a.id))
                    order by a.position, a.id), '[]'::json)
              from ${contentAttachments} a
              left join ${contentAttachments} pa
                on pa.content_id = a.content_id and pa.poster_of = a.id and pa.status = 'ready'
             where a.content_id = p.id and a.poster_of is null
               and a.variant_of is null) as attachments
      from (${page}) p
      join ${workspaces} w on w.id = p.workspace_id
     order by p.created_at desc, p.id desc`;
}

async function selectItems(
  db: DbOrTx,
  query: SQL,
): Promise<(ContentRow & { total: number; guard: string | null })[]> {
  const rows = await queryRows<Record<string, unknown>>(db, query);
  return rows.map((r) => ({
    total: Number(r.total),
    guard: (r.guard as string | null) ?? null,
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
    priceCents:
      r.price_cents === null || r.price_cents === undefined ? null : Number(r.price_cents),
    isTeam: Boolean(r.is_team),
    purchased: Boolean(r.purchased),
    publishAt: r.publish_at ? new Date(r.publish_at as string) : null,
    attachments: (typeof r.attachments === 'string'
      ? JSON.parse(r.attachments)
      : r.attachments) as AttachmentRow[],
  }));
}

/**
 * Posts of the workspaces `ids` (a query of workspace ids) the viewer is shown: their maintained
 * figures (published posts whose media is ready), plus, in the workspaces the viewer is of the
 * team of, the posts whose video is processing or failed (listed to the team, not counted in the
 * figures; few: read through contents_media_pending_idx).
 */
const postTotalQuery = (ids: SQL, viewerId: string) =>
  // one primary-key lookup per workspace (never a scan of every creator's figures)
  sql`select coalesce(sum(
            coalesce((select f.post_count from ${workspaceFigures} f
                       where f.workspace_id = i.workspace_id), 0)
            + case when ${isTeamSql(sql`i.workspace_id`, viewerId)}
                   then (select count(*) from ${contents} pc
                          where pc.workspace_id = i.workspace_id and pc.media_pending
                            and pc.publish_at is null)
                   else 0 end), 0) as n
        from (${ids}) i(workspace_id)`;

/**
 * The two statements of a feed page (exported for the benchmark's EXPLAIN).
 * Each visible workspace contributes at most `offset + limit` post keys
 * (created_at, id) through an index-only scan of its (workspace_id,
 * created_at, id) range (a lateral top-N per workspace); only the page's
 * posts are then read. A page never sorts or reads every post; the total is
 * the sum of the visible workspaces' maintained post counts.
 */
export function feedQueries(input: FeedInput) {
  const visible = visibleWorkspaceIds(input.viewerId, input.now);
  const page = sql`
    select c.id, c.workspace_id, c.description, c.like_count, c.price_cents, c.publish_at, c.created_at
      from (select k.id from (${visible}) v
             cross join lateral (
               select x.id, x.created_at from ${contents} x
                where x.workspace_id = v.workspace_id
                  and not ${scheduledSql(sql`x.id`)}
                  and (${isTeamSql(sql`v.workspace_id`, input.viewerId)}
                       or not ${mediaPendingSql(sql`x.id`)})
                order by x.created_at desc nulls last, x.id desc nulls last
                limit ${input.offset + input.limit}) k
             order by k.created_at desc, k.id desc
             limit ${input.limit} offset ${input.offset}) top
      join ${contents} c on c.id = top.id`;
  const extras = {
    total: postTotalQuery(visible, input.viewerId),
    guard: sql`select m.role from ${workspaceMembers} m
                where m.workspace_id = ${input.workspaceId} and m.user_id = ${input.viewerId}`,
  };
  return { items: itemsQuery(input.viewerId, page, extras), ...extras };
}

interface FeedInput {
  viewerId: string;
  /** `{ws}`: the caller's role in it comes back as `callerRole`. */
  workspaceId: string;
  now: Date;
  limit: number;
  offset: number;
}

/** The viewer's feed page, newest first, and the total. */
export async function listFeed(
  db: DbOrTx,
  input: FeedInput,
): Promise<{ rows: ContentRow[]; total: number; callerRole: WorkspaceRole | null }> {
  const { rows, total, guard } = await selectPage(db, feedQueries(input));
  return { rows, total, callerRole: guard as WorkspaceRole | null };
}

/**
 * A page with its total in one statement (one connection per request); a
 * page past the end has no row to carry the total, so it is asked alone.
 */
async function selectPage(
  db: DbOrTx,
  q: { items: SQL } & PageExtras,
): Promise<{ rows: ContentRow[]; total: number; guard: string | null }> {
  const rows = await selectItems(db, q.items);
  if (rows[0]) return { rows, total: rows[0].total, guard: rows[0].guard };
  const [alone] = await queryRows<{ total: unknown; guard: string | null }>(
    db,
    sql`select (${q.total}) as total, (${q.guard ?? sql`null::text`}) as guard`,
  );
  return { rows, total: Number(alone?.total ?? 0), guard: alone?.guard ?? null };
}

/** The two statements of a page of a creator's posts (exported for the benchmark). */
export function workspaceContentsQueries(input: {
  viewerId: string;
  workspaceId: string;
  limit: number;
  offset: number;
}) {
  const page = sql`
    select c.id, c.workspace_id, c.description, c.like_count, c.price_cents, c.publish_at, c.created_at from ${contents} c
     where c.workspace_id = ${input.workspaceId}
       and not ${scheduledSql(sql`c.id`)}
       and (${isTeamSql(sql`${input.workspaceId}::uuid`, input.viewerId)}
            or not ${mediaPendingSql(sql`c.id`)})
     order by c.created_at desc nulls last, c.id desc nulls last
     limit ${input.limit} offset ${input.offset}`;
  const extras = {
    total: postTotalQuery(sql`select ${input.workspaceId}::uuid`, input.viewerId),
  };
  return { items: itemsQuery(input.viewerId, page, extras), ...extras };
}

/** A creator's posts, newest first. */
export async function listWorkspaceContents(
  db: DbOrTx,
  input: { viewerId: string; workspaceId: string; limit: number; offset: number },
): Promise<{ rows: ContentRow[]; total: number }> {
  const { rows, total } = await selectPage(db, workspaceContentsQueries(input));
  return { rows, total };
}

/**
 * A workspace's scheduled posts, soonest first, at most `limit` (read through
 * contents_scheduled_idx, then filtered by workspace: the scheduled posts are few). For the team
 * only: the caller checks access.
 */
export async function listScheduledContents(
  db: DbOrTx,
  input: { viewerId: string; workspaceId: string; limit: number },
): Promise<ContentRow[]> {
  const rows = await selectItems(
    db,
    itemsQuery(
      input.viewerId,
      sql`select c.id, c.workspace_id, c.description, c.like_count, c.price_cents, c.publish_at, c.created_at
            from ${contents} c
           where c.workspace_id = ${input.workspaceId} and c.publish_at is not null
           order by c.publish_at, c.id
           limit ${input.limit}`,
    ),
  );
  return rows.sort(
    (a, b) => a.publishAt!.getTime() - b.publishAt!.getTime() || a.id.localeCompare(b.id),
  );
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
      sql`select c.id, c.workspace_id, c.description, c.like_count, c.price_cents, c.publish_at, c.created_at from ${contents} c
           where c.id = ${contentId}`,
    ),
  );
  return row ?? null;
}

/** These posts as feed items (a page of purchases), in no particular order. */
export async function findContentItems(
  db: DbOrTx,
  viewerId: string,
  contentIds: string[],
): Promise<ContentRow[]> {
  if (contentIds.length === 0) return [];
  const ids = sql.join(
    contentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return selectItems(
    db,
    itemsQuery(
      viewerId,
      sql`select c.id, c.workspace_id, c.description, c.like_count, c.price_cents, c.publish_at, c.created_at
            from ${contents} c where c.id in (${ids})`,
    ),
  );
}
