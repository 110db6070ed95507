/**
 * Read model: a creator's public profile page and the recommended profiles.
 * They read workspaces, their owners, subscriptions and the maintained
 * workspace figures (post counts, latest post, active subscribers) at once.
 */
import { and, asc, eq, gt, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { contents } from '../../db/schema/content';
import { workspaceFigures } from '../../db/schema/figures';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import {
  SEARCH_ACCENTED,
  SEARCH_PLAIN,
  creatorNameVector,
  workspaceMembers,
  workspaces,
} from '../../db/schema/workspaces';
import type { WorkspaceRole } from '../../db/schema/workspaces';
import { activeSubscription, activeSubscriptionSql } from '../../read-models/active-subscription';

/** An active subscription of `workspaceId` (a SQL column or value) at `now`. */
const activeSubscriptionOf = (workspaceId: AnyPgColumn, now: Date) =>
  and(eq(subscriptions.workspaceId, workspaceId), activeSubscription(now));

export interface ProfileRow {
  id: string;
  label: string;
  username: string;
  description: string;
  avatarPath: string | null;
  coverPath: string | null;
  totalContent: number;
  ownerFullName: string;
  /** The viewer's role in the workspace (null when signed out or not on the team). */
  viewerRole: WorkspaceRole | null;
  viewerSubscribed: boolean;
}

/** A creator's public profile and the viewer's relation to it, in one statement. */
export async function findProfile(
  db: DbOrTx,
  input: { username: string; viewerId: string | null; now: Date },
): Promise<ProfileRow | null> {
  const viewer = input.viewerId;
  // Correlated subqueries name the outer row `w` explicitly: drizzle writes the
  // columns of a single-table select unqualified.
  const w = alias(workspaces, 'w');
  const [row] = await db
    .select({
      id: w.id,
      label: w.label,
      username: w.username,
      description: w.description,
      avatarPath: w.avatarPath,
      coverPath: w.coverPath,
      // the maintained figure (published, media ready); the team also sees, and counts, the
      // posts whose video is processing or failed (few: contents_media_pending_idx)
      totalContent: (viewer
        ? sql<number>`coalesce((select f.post_count from ${workspaceFigures} f
          where f.workspace_id = w.id), 0)
          + case when exists (select 1 from ${workspaceMembers} tm
                               where tm.workspace_id = w.id and tm.user_id = ${viewer})
                 then (select count(*) from ${contents} pc
                        where pc.workspace_id = w.id and pc.media_pending
                          and pc.publish_at is null)
                 else 0 end`
        : sql<number>`coalesce((select f.post_count from ${workspaceFigures} f
          where f.workspace_id = w.id), 0)`
      ).mapWith(Number),
      ownerFullName: sql<string>`coalesce((select u.full_name from ${workspaceMembers} m
          join ${users} u on u.id = m.user_id
          where m.workspace_id = w.id and m.role = 'owner'), w.label)`,
      viewerRole: viewer
        ? sql<WorkspaceRole | null>`(select m.role from ${workspaceMembers} m
            where m.workspace_id = w.id and m.user_id = ${viewer})`
        : sql<null>`null`,
      viewerSubscribed: viewer
        ? sql<boolean>`exists (select 1 from ${subscriptions} s
            where s.workspace_id = w.id and s.subscriber_id = ${viewer}
              and ${activeSubscriptionSql('s', input.now)})`.mapWith(Boolean)
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(w)
    .where(sql`lower(w.username) = ${input.username.trim().toLowerCase()} and w.deleted_at is null`)
    .limit(1);
  return row ?? null;
}

export interface RecommendedRow {
  username: string;
  label: string;
  description: string;
  avatarPath: string | null;
  coverPath: string | null;
  totalContent: number;
}

/**
 * Creators with posts that the viewer does not follow (not on their team, no
 * active subscription): the latest post's day (in Brazil) first, then the most
 * active subscribers, then the latest post. Read in that order from
 * workspace_figures_recommended_idx, skipping the few the viewer follows, so
 * it reads about `limit` + (what the viewer follows) index entries whatever
 * the number of creators and posts. The ORDER BY must stay the index's.
 */
export function listRecommended(
  db: DbOrTx,
  input: { viewerId: string; now: Date; limit: number },
): Promise<RecommendedRow[]> {
  return recommendedQuery(db, input);
}

/** The recommendations' statement, unexecuted (the benchmark's reference runs its SQL). */
export function recommendedQuery(
  db: DbOrTx,
  input: { viewerId: string; now: Date; limit: number },
) {
  const f = workspaceFigures;
  return db
    .select({
      username: workspaces.username,
      label: workspaces.label,
      description: workspaces.description,
      avatarPath: workspaces.avatarPath,
      coverPath: workspaces.coverPath,
      totalContent: f.postCount,
    })
    .from(f)
    .innerJoin(workspaces, eq(workspaces.id, f.workspaceId))
    .where(
      and(
        gt(f.postCount, 0),
        isNull(workspaces.deletedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(workspaceMembers)
            .where(
              and(
                eq(workspaceMembers.workspaceId, f.workspaceId),
                eq(workspaceMembers.userId, input.viewerId),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptions)
            .where(
              and(
                activeSubscriptionOf(f.workspaceId, input.now),
                eq(subscriptions.subscriberId, input.viewerId),
              ),
            ),
        ),
      ),
    )
    .orderBy(
      sql`((timezone('America/Sao_Paulo', ${f.latestPostAt}))::date) desc`,
      sql`${f.activeSubscribers} desc nulls last`,
      sql`${f.latestPostAt} desc nulls last`,
      asc(f.workspaceId),
    )
    .limit(input.limit);
}

/** The search's text as the index holds names: lower case, the same accents taken off. */
function plainText(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    const i = SEARCH_ACCENTED.indexOf(ch);
    out += i >= 0 ? SEARCH_PLAIN[i] : ch;
  }
  return out;
}

/**
 * What the search looks for: the name's words, each as a prefix ('ana cla' → 'ana:* & cla:*',
 * letters and digits only, so nothing of the query language gets through), and the @username
 * prefix when the text could be one.
 */
export function creatorSearchTerms(q: string): { words: string | null; handle: string | null } {
  const plain = plainText(q);
  const tokens = plain
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  const handle = /^[a-z0-9._]+$/.test(plain) ? plain : null;
  return { words: tokens.length ? tokens.map((w) => `${w}:*`).join(' & ') : null, handle };
}

/**
 * GET /profiles/search: creators (decision 093) whose @username starts with the text or whose
 * name has words starting with each of its words. Both go through partial indexes of the
 * searchable workspaces (btree text_pattern_ops on lower(username), GIN on the name's vector):
 * the cost follows the matches, not the table (decision 094). An exact @username comes first,
 * then @username prefixes, then the creators with more posts.
 */
export async function searchCreators(
  db: DbOrTx,
  input: { q: string; limit: number },
): Promise<RecommendedRow[]> {
  const { words, handle } = creatorSearchTerms(input.q);
  const f = workspaceFigures;
  const username = sql`lower(${workspaces.username})`;
  const handleLike = handle ? `${handle.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const matches = [
    handleLike ? sql`${username} like ${handleLike}` : null,
    words ? sql`${creatorNameVector(workspaces.label)} @@ to_tsquery('simple', ${words})` : null,
  ].filter((m) => m !== null);
  if (matches.length === 0) return [];
  return db
    .select({
      username: workspaces.username,
      label: workspaces.label,
      description: workspaces.description,
      avatarPath: workspaces.avatarPath,
      coverPath: workspaces.coverPath,
      totalContent: sql<number>`coalesce(${f.postCount}, 0)`.mapWith(Number),
    })
    .from(workspaces)
    .leftJoin(f, eq(f.workspaceId, workspaces.id))
    .where(and(isNotNull(workspaces.creatorSince), isNull(workspaces.deletedAt), or(...matches)))
    .orderBy(
      handle ? sql`(${username} = ${handle}) desc` : sql`1`,
      handleLike ? sql`(${username} like ${handleLike}) desc` : sql`1`,
      sql`${f.postCount} desc nulls last`,
      asc(workspaces.label),
      asc(workspaces.id),
    )
    .limit(input.limit);
}
