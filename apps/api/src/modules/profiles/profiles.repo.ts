import { and, asc, count, desc, eq, gt, max, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { contents, subscriptions, users, workspaceMembers, workspaces } from '../../db/schema';
import type { WorkspaceRole } from '../../db/schema';

/** An active subscription of `workspaceId` (a SQL column or value) at `now`. */
const activeSubscription = (workspaceId: AnyPgColumn, now: Date) =>
  and(
    eq(subscriptions.workspaceId, workspaceId),
    eq(subscriptions.status, 'active'),
    gt(subscriptions.currentPeriodEnd, now),
  );

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
      totalContent: sql<number>`(select count(*) from ${contents} c
          where c.workspace_id = w.id)`.mapWith(Number),
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
              and s.status = 'active'
              and s.current_period_end > ${input.now.toISOString()}::timestamptz)`.mapWith(Boolean)
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(w)
    .where(sql`lower(w.username) = ${input.username.trim().toLowerCase()}`)
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
 * active subscription). Freshest first, by whole days since the latest post;
 * within a day, the most active subscribers first.
 */
export async function listRecommended(
  db: DbOrTx,
  input: { viewerId: string; now: Date; limit: number },
): Promise<RecommendedRow[]> {
  const posting = db
    .select({
      workspaceId: contents.workspaceId,
      totalContent: count().as('total_content'),
      latestAt: max(contents.createdAt).as('latest_at'),
    })
    .from(contents)
    .groupBy(contents.workspaceId)
    .as('posting');
  const now = sql`${input.now.toISOString()}::timestamptz`;
  return db
    .select({
      username: workspaces.username,
      label: workspaces.label,
      description: workspaces.description,
      avatarPath: workspaces.avatarPath,
      coverPath: workspaces.coverPath,
      totalContent: sql<number>`${posting.totalContent}`.mapWith(Number),
    })
    .from(posting)
    .innerJoin(workspaces, eq(workspaces.id, posting.workspaceId))
    .where(
      and(
        notExists(
          db
            .select({ one: sql`1` })
            .from(workspaceMembers)
            .where(
              and(
                eq(workspaceMembers.workspaceId, posting.workspaceId),
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
                activeSubscription(posting.workspaceId, input.now),
                eq(subscriptions.subscriberId, input.viewerId),
              ),
            ),
        ),
      ),
    )
    .orderBy(
      asc(sql`floor(extract(epoch from (${now} - ${posting.latestAt})) / 86400)`),
      desc(
        sql`(select count(*) from ${subscriptions}
              where ${activeSubscription(posting.workspaceId, input.now)})`,
      ),
      desc(posting.latestAt),
      asc(workspaces.id),
    )
    .limit(input.limit);
}
