import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailCampaigns, emailMessages, emailSuppressions } from '../../db/schema/email-marketing';
import type { CampaignStatus, MessageStatus } from '../../db/schema/email-marketing';

export type CampaignRow = typeof emailCampaigns.$inferSelect;

export interface CampaignCounts {
  queued: number;
  sent: number;
  failed: number;
  unsubscribed: number;
}

export async function insertCampaign(
  db: DbOrTx,
  values: {
    workspaceId: string;
    createdBy: string;
    subject: string;
    template: string;
    contacts: string[];
  },
): Promise<CampaignRow> {
  return (await db.insert(emailCampaigns).values(values).returning())[0]!;
}

export async function insertMessages(
  db: DbOrTx,
  campaignId: string,
  workspaceId: string,
  recipients: readonly { email: string; name: string | null }[],
): Promise<{ id: string }[]> {
  if (recipients.length === 0) return [];
  const ids: { id: string }[] = [];
  // in chunks: one statement's parameters stay far below PostgreSQL's limit
  for (let i = 0; i < recipients.length; i += 500) {
    const chunk = recipients.slice(i, i + 500);
    ids.push(
      ...(await db
        .insert(emailMessages)
        .values(chunk.map((r) => ({ campaignId, workspaceId, email: r.email, name: r.name })))
        .onConflictDoNothing()
        .returning({ id: emailMessages.id })),
    );
  }
  return ids;
}

export async function findCampaign(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

export async function listCampaigns(
  db: DbOrTx,
  workspaceId: string,
  limit: number,
  offset: number,
) {
  const rows = await db
    .select()
    .from(emailCampaigns)
    .where(eq(emailCampaigns.workspaceId, workspaceId))
    .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.workspaceId, workspaceId));
  return { rows, total: total?.n ?? 0 };
}

/** queued / sent / failed per campaign, and who unsubscribed through each one's link. */
export async function campaignCounts(
  db: DbOrTx,
  campaignIds: readonly string[],
): Promise<Map<string, CampaignCounts>> {
  const counts = new Map<string, CampaignCounts>(
    campaignIds.map((id) => [id, { queued: 0, sent: 0, failed: 0, unsubscribed: 0 }]),
  );
  if (campaignIds.length === 0) return counts;
  const byStatus = await db
    .select({ id: emailMessages.campaignId, status: emailMessages.status, n: count() })
    .from(emailMessages)
    .where(inArray(emailMessages.campaignId, [...campaignIds]))
    .groupBy(emailMessages.campaignId, emailMessages.status);
  for (const row of byStatus) {
    const c = counts.get(row.id)!;
    if (row.status === 'queued' || row.status === 'sent' || row.status === 'failed')
      c[row.status] = Number(row.n);
  }
  const unsubscribed = await db
    .select({ id: emailSuppressions.campaignId, n: count() })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.campaignId, [...campaignIds]))
    .groupBy(emailSuppressions.campaignId);
  for (const row of unsubscribed) if (row.id) counts.get(row.id)!.unsubscribed = Number(row.n);
  return counts;
}

/** The addresses among `emails` that unsubscribed from the workspace. */
export async function suppressedAmong(
  db: DbOrTx,
  workspaceId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.workspaceId, workspaceId),
        inArray(emailSuppressions.email, [...emails]),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

export async function isSuppressed(db: DbOrTx, workspaceId: string, email: string) {
  return (await suppressedAmong(db, workspaceId, [email])).has(email);
}

/** Adds the address to the workspace's suppression list (once: the first campaign counts). */
export async function suppress(
  db: DbOrTx,
  workspaceId: string,
  email: string,
  campaignId: string | null,
): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ workspaceId, email, campaignId })
    .onConflictDoNothing();
}

export async function findMessage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ message: emailMessages, campaign: emailCampaigns })
    .from(emailMessages)
    .innerJoin(emailCampaigns, eq(emailCampaigns.id, emailMessages.campaignId))
    .where(eq(emailMessages.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Moves a message out of `queued`; false when it was not queued any more (sent
 * by an earlier run), so the caller does nothing twice.
 */
export async function finishMessage(
  db: DbOrTx,
  id: string,
  status: Exclude<MessageStatus, 'queued'>,
  at: Date,
  error?: string,
): Promise<boolean> {
  const rows = await db
    .update(emailMessages)
    .set({
      status,
      ...(status === 'sent' ? { sentAt: at } : {}),
      ...(error !== undefined ? { lastError: error } : {}),
    })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'queued')))
    .returning({ id: emailMessages.id });
  return rows.length > 0;
}

export async function recordAttempt(db: DbOrTx, id: string, error: string | null) {
  await db
    .update(emailMessages)
    .set({ attempts: sql`${emailMessages.attempts} + 1`, lastError: error })
    .where(eq(emailMessages.id, id));
}

/**
 * The campaign's status from its messages: `sending` once one left the queue,
 * `sent` (or `failed` when none went out) when none is queued.
 */
export async function refreshCampaignStatus(db: DbOrTx, campaignId: string, now: Date) {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${emailMessages.status} = 'queued')`.mapWith(
        Number,
      ),
      sent: sql<number>`count(*) filter (where ${emailMessages.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${emailMessages.status} = 'failed')`.mapWith(
        Number,
      ),
    })
    .from(emailMessages)
    .where(eq(emailMessages.campaignId, campaignId));
  const c = row ?? { queued: 0, sent: 0, failed: 0 };
  const status: CampaignStatus =
    c.queued > 0
      ? c.sent + c.failed > 0
        ? 'sending'
        : 'queued'
      : c.sent === 0 && c.failed > 0
        ? 'failed'
        : 'sent';
  await db
    .update(emailCampaigns)
    .set({ status, finishedAt: c.queued > 0 ? null : now })
    .where(eq(emailCampaigns.id, campaignId));
}

/** Messages still queued, oldest first (the sweep sends their jobs again, idempotently). */
export async function queuedMessageIds(db: DbOrTx, olderThan: Date, limit: number) {
  const rows = await db
    .select({ id: emailMessages.id, workspaceId: emailMessages.workspaceId })
    .from(emailMessages)
    .where(and(eq(emailMessages.status, 'queued'), lt(emailMessages.createdAt, olderThan)))
    .orderBy(emailMessages.createdAt)
    .limit(limit);
  return rows;
}
