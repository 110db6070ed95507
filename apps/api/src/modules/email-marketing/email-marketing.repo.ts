import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lockUntilCommit } from '../../db/sql';
import {
  emailCampaigns,
  emailContacts,
  emailMessages,
  emailPlatformSuppressions,
  emailSendCounts,
  emailSuppressions,
} from '../../db/schema/email-marketing';
import type {
  CampaignStatus,
  MessageStatus,
  PlatformSuppressionReason,
} from '../../db/schema/email-marketing';

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

/**
 * The addresses among `emails` no campaign of the workspace may reach: those
 * that unsubscribed from it, and those out of every workspace's campaigns.
 */
export async function suppressedAmong(
  db: DbOrTx,
  workspaceId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const [here, everywhere] = await Promise.all([
    db
      .select({ email: emailSuppressions.email })
      .from(emailSuppressions)
      .where(
        and(
          eq(emailSuppressions.workspaceId, workspaceId),
          inArray(emailSuppressions.email, [...emails]),
        ),
      ),
    platformSuppressedAmong(db, emails),
  ]);
  return new Set([...here.map((r) => r.email), ...everywhere]);
}

export async function isSuppressed(db: DbOrTx, workspaceId: string, email: string) {
  return (await suppressedAmong(db, workspaceId, [email])).has(email);
}

/** The addresses among `emails` that no workspace's campaign may reach. */
export async function platformSuppressedAmong(db: DbOrTx, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: emailPlatformSuppressions.email })
    .from(emailPlatformSuppressions)
    .where(inArray(emailPlatformSuppressions.email, [...emails]));
  return rows.map((r) => r.email);
}

/** Keeps the address out of every workspace's campaigns (the first reason recorded stays). */
export async function suppressEverywhere(
  db: DbOrTx,
  values: {
    email: string;
    reason: PlatformSuppressionReason;
    workspaceId: string;
    detail?: string | null;
  },
): Promise<void> {
  await db.insert(emailPlatformSuppressions).values(values).onConflictDoNothing();
}

// ---- the imported contacts ----

/**
 * Adds or updates contacts by address (one statement per 500). Answers how
 * many were new; `xmax = 0` tells an inserted row from an updated one.
 */
export async function upsertContacts(
  db: DbOrTx,
  workspaceId: string,
  contacts: readonly {
    email: string;
    name: string | null;
    optInMethod: string;
    optInAt: Date;
  }[],
  importedBy: string,
  now: Date,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < contacts.length; i += 500) {
    const rows = await db
      .insert(emailContacts)
      .values(
        contacts.slice(i, i + 500).map((c) => ({
          workspaceId,
          ...c,
          importedBy,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [emailContacts.workspaceId, emailContacts.email],
        set: {
          name: sql`excluded.name`,
          optInMethod: sql`excluded.opt_in_method`,
          optInAt: sql`excluded.opt_in_at`,
          importedBy: sql`excluded.imported_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    inserted += rows.filter((r) => r.inserted).length;
  }
  return inserted;
}

/**
 * The workspace's contact count, after waiting for any other import there (an
 * advisory lock until the transaction ends), so two at once cannot pass the limit.
 */
export async function countContactsLocked(db: DbOrTx, workspaceId: string): Promise<number> {
  await lockUntilCommit(db, `email_contacts:${workspaceId}`);
  return countContacts(db, workspaceId);
}

export async function countContacts(db: DbOrTx, workspaceId: string, q?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(emailContacts)
    .where(contactsWhere(workspaceId, q));
  return row?.n ?? 0;
}

/** Addresses of `emails` that are already contacts of the workspace. */
export async function contactsAmong(
  db: DbOrTx,
  workspaceId: string,
  emails: readonly string[],
  { confirmedOnly = false }: { confirmedOnly?: boolean } = {},
) {
  if (emails.length === 0) return [];
  return db
    .select({ email: emailContacts.email, name: emailContacts.name })
    .from(emailContacts)
    .where(
      and(
        eq(emailContacts.workspaceId, workspaceId),
        inArray(emailContacts.email, [...emails]),
        confirmedOnly ? isNotNull(emailContacts.confirmedAt) : undefined,
      ),
    );
}

/**
 * Every confirmed contact of the workspace (at most CONTACTS_PER_WORKSPACE_MAX), for the
 * `contacts` segment: an address that never followed its double opt-in link is not reached.
 */
export function allContacts(db: DbOrTx, workspaceId: string) {
  return db
    .select({ email: emailContacts.email, name: emailContacts.name })
    .from(emailContacts)
    .where(and(eq(emailContacts.workspaceId, workspaceId), isNotNull(emailContacts.confirmedAt)));
}

/** Among `emails`, the unconfirmed contacts not asked since `before` (to be asked now). */
export function contactsToAsk(
  db: DbOrTx,
  workspaceId: string,
  emails: readonly string[],
  before: Date,
) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ email: emailContacts.email, name: emailContacts.name })
    .from(emailContacts)
    .where(
      and(
        eq(emailContacts.workspaceId, workspaceId),
        inArray(emailContacts.email, [...emails]),
        isNull(emailContacts.confirmedAt),
        or(isNull(emailContacts.confirmationSentAt), lt(emailContacts.confirmationSentAt, before)),
      ),
    );
}

/** Records that the double opt-in e-mail went to these contacts now. */
export async function markConfirmationSent(
  db: DbOrTx,
  workspaceId: string,
  emails: readonly string[],
  now: Date,
) {
  if (emails.length === 0) return;
  await db
    .update(emailContacts)
    .set({ confirmationSentAt: now })
    .where(
      and(eq(emailContacts.workspaceId, workspaceId), inArray(emailContacts.email, [...emails])),
    );
}

/** The contact followed its link: confirmed (the first time counts). False: no such contact. */
export async function confirmContactRow(
  db: DbOrTx,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(emailContacts)
    .set({
      confirmedAt: sql`coalesce(${emailContacts.confirmedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(emailContacts.workspaceId, workspaceId), eq(emailContacts.email, email)))
    .returning({ id: emailContacts.id });
  return rows.length > 0;
}

/** Whether the address is a confirmed contact of the workspace; null: not a contact. */
export async function contactConfirmed(
  db: DbOrTx,
  workspaceId: string,
  email: string,
): Promise<boolean | null> {
  const [row] = await db
    .select({ at: emailContacts.confirmedAt })
    .from(emailContacts)
    .where(and(eq(emailContacts.workspaceId, workspaceId), eq(emailContacts.email, email)))
    .limit(1);
  return row ? row.at !== null : null;
}

const contactsWhere = (workspaceId: string, q?: string) => {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    eq(emailContacts.workspaceId, workspaceId),
    like ? or(ilike(emailContacts.email, like), ilike(emailContacts.name, like)) : undefined,
  );
};

/** A page of the workspace's contacts, by address. */
export function listContacts(
  db: DbOrTx,
  workspaceId: string,
  q: string | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(emailContacts)
    .where(contactsWhere(workspaceId, q))
    .orderBy(asc(emailContacts.email))
    .limit(limit)
    .offset(offset);
}

export async function deleteContactRow(db: DbOrTx, workspaceId: string, id: string) {
  const rows = await db
    .delete(emailContacts)
    .where(and(eq(emailContacts.workspaceId, workspaceId), eq(emailContacts.id, id)))
    .returning({ id: emailContacts.id });
  return rows.length > 0;
}

// ---- the daily quotas ----

/**
 * Takes `n` messages from the day's quota of `scope` (a workspace id, or
 * 'platform') when `max` allows them: one statement, the row locked until the
 * transaction ends. False (nothing taken) when they do not fit.
 */
export async function takeDailySends(
  db: DbOrTx,
  day: string,
  scope: string,
  n: number,
  max: number,
): Promise<boolean> {
  if (n > max) return false;
  const rows = await db
    .insert(emailSendCounts)
    .values({ day, scope, sent: n })
    .onConflictDoUpdate({
      target: [emailSendCounts.day, emailSendCounts.scope],
      set: { sent: sql`${emailSendCounts.sent} + ${n}` },
      setWhere: sql`${emailSendCounts.sent} + ${n} <= ${max}`,
    })
    .returning({ sent: emailSendCounts.sent });
  return rows.length > 0;
}

/** Messages of `scope` queued on `day` so far. */
export async function dailySends(db: DbOrTx, day: string, scope: string): Promise<number> {
  const [row] = await db
    .select({ sent: emailSendCounts.sent })
    .from(emailSendCounts)
    .where(and(eq(emailSendCounts.day, day), eq(emailSendCounts.scope, scope)))
    .limit(1);
  return row?.sent ?? 0;
}

/** Forgets the counters of the days before `day` (the sweep). */
export async function forgetDailySendsBefore(db: DbOrTx, day: string) {
  await db.delete(emailSendCounts).where(lt(emailSendCounts.day, day));
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
 * `sent` (or `failed` when none went out) when none is queued. Counted under the
 * campaign's row lock: of two messages finishing at once, the refresh that runs
 * last counts both (unlocked, one that counted earlier could write `sending` last).
 */
export async function refreshCampaignStatus(db: DbOrTx, campaignId: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: emailCampaigns.id })
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, campaignId))
      .for('update');
    await writeCampaignStatus(tx, campaignId, now);
  });
}

async function writeCampaignStatus(db: DbOrTx, campaignId: string, now: Date) {
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

/**
 * Deletes every campaign message to the address and takes it out of the campaigns' record of
 * what was named (a deleted account, LGPD). The second statement reads every campaign: account
 * deletions are rare, and campaigns few next to their messages.
 */
export async function deleteMessagesTo(db: DbOrTx, email: string) {
  const address = email.toLowerCase();
  await db.delete(emailMessages).where(eq(emailMessages.email, address));
  await db
    .update(emailCampaigns)
    .set({ contacts: sql`array_remove(${emailCampaigns.contacts}, ${address})` })
    .where(sql`${emailCampaigns.contacts} @> array[${address}]::text[]`);
}
