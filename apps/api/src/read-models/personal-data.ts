/**
 * Read model: everything the platform holds about one person, across domains, for the LGPD
 * export (GET /me/export) and the checks before deleting an account. Every query is keyed by
 * the person's own id: nobody else's rows are read.
 */
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contentAttachments, contentLikes, contents } from '../db/schema/content';
import { subscriptionPayments, subscriptions } from '../db/schema/subscriptions';
import { charges } from '../db/schema/payments';
import { trueidCustomers } from '../db/schema/trueid';
import { loginActivities, users } from '../db/schema/users';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import { activeSubscription } from './active-subscription';

export async function readPersonalData(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const [memberships, subs, paid, written, likes, activities, verifications] = await Promise.all([
    db
      .select({
        workspace: workspaces,
        role: workspaceMembers.role,
        since: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(asc(workspaceMembers.createdAt)),
    db
      .select({ subscription: subscriptions, username: workspaces.username })
      .from(subscriptions)
      .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
      .where(eq(subscriptions.subscriberId, userId))
      .orderBy(desc(subscriptions.currentPeriodEnd)),
    db
      .select({
        charge: charges,
        username: workspaces.username,
        periodStart: subscriptionPayments.periodStart,
        periodEnd: subscriptionPayments.periodEnd,
      })
      .from(charges)
      .innerJoin(workspaces, eq(workspaces.id, charges.workspaceId))
      .leftJoin(subscriptionPayments, eq(subscriptionPayments.chargeId, charges.id))
      .where(eq(charges.payerId, userId))
      .orderBy(desc(charges.createdAt)),
    db
      .select({ content: contents, username: workspaces.username })
      .from(contents)
      .innerJoin(workspaces, eq(workspaces.id, contents.workspaceId))
      .where(eq(contents.authorId, userId))
      .orderBy(desc(contents.createdAt)),
    db
      .select({ contentId: contentLikes.contentId, createdAt: contentLikes.createdAt })
      .from(contentLikes)
      .where(eq(contentLikes.userId, userId))
      .orderBy(desc(contentLikes.createdAt)),
    db
      .select()
      .from(loginActivities)
      .where(eq(loginActivities.userId, userId))
      .orderBy(desc(loginActivities.createdAt)),
    db
      .select({ customer: trueidCustomers, username: workspaces.username })
      .from(trueidCustomers)
      .innerJoin(workspaces, eq(workspaces.id, trueidCustomers.workspaceId))
      .where(eq(trueidCustomers.userId, userId))
      .orderBy(desc(trueidCustomers.createdAt)),
  ]);
  const postIds = written.map((w) => w.content.id);
  const attachments =
    postIds.length === 0
      ? []
      : await db
          .select({
            contentId: contentAttachments.contentId,
            filePath: contentAttachments.filePath,
            kind: contentAttachments.kind,
          })
          .from(contentAttachments)
          .where(inArray(contentAttachments.contentId, postIds));
  return { user, memberships, subs, paid, written, attachments, likes, activities, verifications };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof readPersonalData>>>;

/**
 * The person's owned workspaces that still have other people: another member, or a subscriber
 * whose period has not ended. An account is not deleted while one exists.
 */
export async function ownedWorkspacesWithPeople(
  db: DbOrTx,
  userId: string,
  ownedIds: string[],
  now: Date,
): Promise<string[]> {
  if (ownedIds.length === 0) return [];
  const [members, subscribers] = await Promise.all([
    db
      .select({ username: workspaces.username })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(
        and(inArray(workspaceMembers.workspaceId, ownedIds), ne(workspaceMembers.userId, userId)),
      ),
    db
      .select({ username: workspaces.username })
      .from(subscriptions)
      .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
      .where(and(inArray(subscriptions.workspaceId, ownedIds), activeSubscription(now))),
  ]);
  return [...new Set([...members, ...subscribers].map((r) => r.username))].sort();
}
