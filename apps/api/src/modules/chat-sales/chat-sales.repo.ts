import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  chatBroadcastRecipients,
  chatBroadcasts,
  welcomeDeliveries,
  welcomeMessages,
} from '../../db/schema/chat-sales';

export type BroadcastRow = typeof chatBroadcasts.$inferSelect;

export async function insertBroadcast(tx: DbOrTx, input: typeof chatBroadcasts.$inferInsert) {
  return (await tx.insert(chatBroadcasts).values(input).returning())[0]!;
}

export async function setBroadcastRecipients(tx: DbOrTx, id: string, recipients: number) {
  await tx.update(chatBroadcasts).set({ recipients }).where(eq(chatBroadcasts.id, id));
}

export async function findBroadcast(db: DbOrTx, id: string) {
  const [row] = await db.select().from(chatBroadcasts).where(eq(chatBroadcasts.id, id)).limit(1);
  return row ?? null;
}

/** The workspace's messages to many since `since` (the daily cap), oldest first. */
export async function broadcastTimesSince(db: DbOrTx, workspaceId: string, since: Date) {
  return db
    .select({ createdAt: chatBroadcasts.createdAt })
    .from(chatBroadcasts)
    .where(and(eq(chatBroadcasts.workspaceId, workspaceId), gt(chatBroadcasts.createdAt, since)))
    .orderBy(asc(chatBroadcasts.createdAt));
}

/** A page of the workspace's messages to many, newest first, and how many there are. */
export async function listBroadcastRows(
  db: DbOrTx,
  input: { workspaceId: string; limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(chatBroadcasts)
    .where(eq(chatBroadcasts.workspaceId, input.workspaceId))
    .orderBy(desc(chatBroadcasts.createdAt), desc(chatBroadcasts.id))
    .limit(input.limit)
    .offset(input.offset);
  const [total] = await db
    .select({ n: count() })
    .from(chatBroadcasts)
    .where(eq(chatBroadcasts.workspaceId, input.workspaceId));
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Claims up to `limit` recipients still queued (rows another worker holds are skipped), in the
 * transaction that delivers them: they are marked done in it, so each is delivered once.
 */
export async function claimQueuedRecipients(tx: DbOrTx, broadcastId: string, limit: number) {
  return tx
    .select({ fanId: chatBroadcastRecipients.fanId })
    .from(chatBroadcastRecipients)
    .where(
      and(
        eq(chatBroadcastRecipients.broadcastId, broadcastId),
        eq(chatBroadcastRecipients.status, 'queued'),
      ),
    )
    .orderBy(asc(chatBroadcastRecipients.fanId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markRecipient(
  tx: DbOrTx,
  input: {
    broadcastId: string;
    fanId: string;
    sent: { chatId: string; messageId: string } | null;
    now: Date;
  },
) {
  await tx
    .update(chatBroadcastRecipients)
    .set({
      status: input.sent ? 'delivered' : 'skipped',
      chatId: input.sent?.chatId ?? null,
      messageId: input.sent?.messageId ?? null,
      doneAt: input.now,
    })
    .where(
      and(
        eq(chatBroadcastRecipients.broadcastId, input.broadcastId),
        eq(chatBroadcastRecipients.fanId, input.fanId),
      ),
    );
}

/** Every recipient still queued is skipped (the workspace was closed). */
export async function skipQueuedRecipients(db: DbOrTx, broadcastId: string, now: Date) {
  await db
    .update(chatBroadcastRecipients)
    .set({ status: 'skipped', doneAt: now })
    .where(
      and(
        eq(chatBroadcastRecipients.broadcastId, broadcastId),
        eq(chatBroadcastRecipients.status, 'queued'),
      ),
    );
}

/** Marks the broadcast finished when none of its recipients is left queued; answers whether it is. */
export async function finishIfDone(db: DbOrTx, broadcastId: string, now: Date) {
  const rows = await db
    .update(chatBroadcasts)
    .set({ finishedAt: now })
    .where(
      and(
        eq(chatBroadcasts.id, broadcastId),
        isNull(chatBroadcasts.finishedAt),
        sql`not exists (select 1 from ${chatBroadcastRecipients} r
                         where r.broadcast_id = ${broadcastId} and r.status = 'queued')`,
      ),
    )
    .returning({ id: chatBroadcasts.id });
  return rows.length > 0;
}

/** Messages to many not finished, created before `before` (the sweep sends their job again). */
export async function unfinishedBroadcasts(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: chatBroadcasts.id })
    .from(chatBroadcasts)
    .where(and(isNull(chatBroadcasts.finishedAt), sql`${chatBroadcasts.createdAt} < ${before}`))
    .orderBy(asc(chatBroadcasts.createdAt))
    .limit(limit);
}

export async function findWelcome(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select()
    .from(welcomeMessages)
    .where(eq(welcomeMessages.workspaceId, workspaceId))
    .limit(1);
  return row ?? null;
}

export async function upsertWelcome(db: DbOrTx, row: typeof welcomeMessages.$inferInsert) {
  const { workspaceId, ...set } = row;
  await db
    .insert(welcomeMessages)
    .values(row)
    .onConflictDoUpdate({ target: welcomeMessages.workspaceId, set: { workspaceId, ...set } });
}

/** The welcome message already went to this fan of this workspace (once, ever). */
export async function findWelcomeDelivery(db: DbOrTx, workspaceId: string, fanId: string) {
  const [row] = await db
    .select({ chargeId: welcomeDeliveries.chargeId })
    .from(welcomeDeliveries)
    .where(and(eq(welcomeDeliveries.workspaceId, workspaceId), eq(welcomeDeliveries.fanId, fanId)))
    .limit(1);
  return row ?? null;
}

export async function insertWelcomeDelivery(
  tx: DbOrTx,
  row: typeof welcomeDeliveries.$inferInsert,
) {
  await tx.insert(welcomeDeliveries).values(row);
}

export async function findWelcomeOfCharge(db: DbOrTx, chargeId: string) {
  const [row] = await db
    .select()
    .from(welcomeDeliveries)
    .where(eq(welcomeDeliveries.chargeId, chargeId))
    .limit(1);
  return row ?? null;
}
