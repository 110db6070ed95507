import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { timeOrderedId } from '../../db/ids';
import { chatMessages, chatSettings, chats, eventTickets } from '../../db/schema/chat';
import type { ChatSide } from '../../db/schema/chat';

/** A workspace file sent in a message: its workspace-relative path, kind and media type. */
export interface MessageAttachment {
  path: string;
  kind: 'image' | 'video';
  contentType: string;
}

/** The fan's conversation with the workspace: the existing one, or a new one (`created`). */
export async function insertChatIfAbsent(
  db: DbOrTx,
  input: { workspaceId: string; fanId: string; now: Date },
): Promise<{ id: string; created: boolean }> {
  const id = timeOrderedId();
  const [row] = await db
    .insert(chats)
    .values({ id, lastActivityId: id, createdAt: input.now, ...input })
    .onConflictDoNothing({ target: [chats.workspaceId, chats.fanId] })
    .returning({ id: chats.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.workspaceId, input.workspaceId), eq(chats.fanId, input.fanId)))
    .limit(1);
  return { id: existing!.id, created: false };
}

/** The fan's conversation with the workspace, or null. */
export async function findChatOfFan(db: DbOrTx, workspaceId: string, fanId: string) {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.workspaceId, workspaceId), eq(chats.fanId, fanId)))
    .limit(1);
  return row ?? null;
}

/** A conversation's workspace and fan, or null. */
export async function findChatOfId(db: DbOrTx, chatId: string) {
  const [row] = await db
    .select({ workspaceId: chats.workspaceId, fanId: chats.fanId })
    .from(chats)
    .where(eq(chats.id, chatId))
    .limit(1);
  return row ?? null;
}

/**
 * Writes a message and, on its conversation: the newest activity, the other side's unread count
 * one up (its digest due `digestAt` when this starts its unread burst), the sender's side read.
 */
export async function insertMessage(
  tx: DbOrTx,
  input: {
    chatId: string;
    /** Null: the workspace's own (a welcome message whose author left). */
    senderId: string | null;
    side: ChatSide;
    text: string;
    /** A paid tip (issue 32). */
    tip?: { cents: number; message: string | null };
    /** A workspace message's file and price (issue 32), and the message to many it delivers. */
    attachment?: MessageAttachment | null;
    priceCents?: number | null;
    broadcastId?: string | null;
    now: Date;
    digestAt: Date;
  },
) {
  const [message] = await tx
    .insert(chatMessages)
    .values({
      chatId: input.chatId,
      senderId: input.senderId,
      side: input.side,
      text: input.text,
      tipCents: input.tip?.cents ?? null,
      tipMessage: input.tip?.message ?? null,
      attachmentPath: input.attachment?.path ?? null,
      attachmentKind: input.attachment?.kind ?? null,
      attachmentContentType: input.attachment?.contentType ?? null,
      priceCents: input.priceCents ?? null,
      broadcastId: input.broadcastId ?? null,
      createdAt: input.now,
    })
    .returning();
  const fan = input.side === 'fan';
  await tx
    .update(chats)
    .set({
      lastActivityId: sql`greatest(${chats.lastActivityId}, ${message!.id}::uuid)`,
      fanUnread: fan ? 0 : sql`${chats.fanUnread} + 1`,
      ...(fan ? { fanReadAt: input.now } : {}),
      fanDigestAt: fan
        ? null
        : sql`case when ${chats.fanUnread} = 0 then ${input.digestAt.toISOString()}::timestamptz
                   else ${chats.fanDigestAt} end`,
      creatorUnread: fan ? sql`${chats.creatorUnread} + 1` : 0,
      creatorDigestAt: fan
        ? sql`case when ${chats.creatorUnread} = 0 then ${input.digestAt.toISOString()}::timestamptz
                   else ${chats.creatorDigestAt} end`
        : null,
    })
    .where(eq(chats.id, input.chatId));
  return message!;
}

/** The side has read everything: its count and its pending digest go (the fan's: when). */
export async function markSideRead(db: DbOrTx, chatId: string, side: ChatSide, now: Date) {
  await db
    .update(chats)
    .set(
      side === 'fan'
        ? { fanUnread: 0, fanDigestAt: null, fanReadAt: now }
        : { creatorUnread: 0, creatorDigestAt: null },
    )
    .where(eq(chats.id, chatId));
}

export async function setChatBlocked(db: DbOrTx, chatId: string, at: Date | null) {
  await db.update(chats).set({ blockedAt: at }).where(eq(chats.id, chatId));
}

/**
 * Claims up to `limit` sides whose digest is due (oldest first; rows another sweep holds are
 * skipped): their due time is cleared, so each unread burst is mailed once. Inside the
 * transaction that writes the e-mails, so a failure leaves them due.
 */
export async function claimDueDigests(
  tx: DbOrTx,
  side: ChatSide,
  now: Date,
  limit: number,
): Promise<string[]> {
  const column = side === 'fan' ? chats.fanDigestAt : chats.creatorDigestAt;
  const due = tx
    .select({ id: chats.id })
    .from(chats)
    .where(lte(column, now))
    .orderBy(column)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(chats)
    .set(side === 'fan' ? { fanDigestAt: null } : { creatorDigestAt: null })
    .where(sql`${chats.id} in ${due}`)
    .returning({ id: chats.id });
  return rows.map((r) => r.id);
}

export async function findChatSettings(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(chatSettings)
    .where(eq(chatSettings.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function upsertChatSettings(
  db: DbOrTx,
  input: { userId: string; emailNotifications: boolean; now: Date },
) {
  await db
    .insert(chatSettings)
    .values({
      userId: input.userId,
      emailNotifications: input.emailNotifications,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: chatSettings.userId,
      set: { emailNotifications: input.emailNotifications, updatedAt: input.now },
    });
}

/**
 * Account deletion: the person's messages lose their author, their conversations as a fan lose
 * their fan (and any pending digest), their preferences go.
 */
export async function anonymiseChatsOf(tx: DbOrTx, userId: string) {
  await tx.update(chatMessages).set({ senderId: null }).where(eq(chatMessages.senderId, userId));
  await tx
    .update(chats)
    .set({ fanId: null, fanUnread: 0, fanDigestAt: null })
    .where(eq(chats.fanId, userId));
  await tx.delete(chatSettings).where(eq(chatSettings.userId, userId));
}

/** The fan turns the workspace's messages to many off (true) or on. */
export async function setBroadcastsOff(db: DbOrTx, chatId: string, off: boolean) {
  await db.update(chats).set({ fanBroadcastsOff: off }).where(eq(chats.id, chatId));
}

/** A paid message by its id, with its conversation's workspace and fan; null if there is none. */
export async function findPricedMessage(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({
      chatId: chatMessages.chatId,
      id: chatMessages.id,
      priceCents: chatMessages.priceCents,
      paidAt: chatMessages.paidAt,
      paidChargeId: chatMessages.paidChargeId,
      workspaceId: chats.workspaceId,
      fanId: chats.fanId,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(and(eq(chatMessages.id, messageId), isNotNull(chatMessages.priceCents)))
    .limit(1);
  return row ?? null;
}

/** The paid message is the fan's from now, once: false when it already was (or is not priced). */
export async function markMessagePaid(
  tx: DbOrTx,
  input: { chatId: string; messageId: string; chargeId: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(chatMessages)
    .set({ paidAt: input.now, paidChargeId: input.chargeId })
    .where(
      and(
        eq(chatMessages.chatId, input.chatId),
        eq(chatMessages.id, input.messageId),
        isNotNull(chatMessages.priceCents),
        isNull(chatMessages.paidAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** A refunded purchase: the message is locked again for the fan. */
export async function unmarkMessagePaid(
  tx: DbOrTx,
  input: { chatId: string; messageId: string; chargeId: string },
) {
  await tx
    .update(chatMessages)
    .set({ paidAt: null, paidChargeId: null })
    .where(
      and(
        eq(chatMessages.chatId, input.chatId),
        eq(chatMessages.id, input.messageId),
        eq(chatMessages.paidChargeId, input.chargeId),
      ),
    );
}

/** What decides whether a message to many goes into this conversation. */
export async function findChatPreferences(db: DbOrTx, chatId: string) {
  const [row] = await db
    .select({ blockedAt: chats.blockedAt, fanBroadcastsOff: chats.fanBroadcastsOff })
    .from(chats)
    .where(eq(chats.id, chatId))
    .limit(1);
  return row ?? null;
}

/** A new stream ticket (its hash); expired ones are swept on the way (bounded by the index). */
export async function insertEventTicket(
  db: DbOrTx,
  input: {
    hash: string;
    userId: string;
    sessionId: string;
    tokenExpiresAt: Date;
    expiresAt: Date;
    now: Date;
  },
) {
  await db.delete(eventTickets).where(lte(eventTickets.expiresAt, input.now));
  await db.insert(eventTickets).values({
    hash: input.hash,
    userId: input.userId,
    sessionId: input.sessionId,
    tokenExpiresAt: input.tokenExpiresAt,
    expiresAt: input.expiresAt,
  });
}

/** Takes a ticket once: deleted as it is read; null when unknown, already used or expired. */
export async function takeEventTicket(db: DbOrTx, hash: string, now: Date) {
  const [row] = await db.delete(eventTickets).where(eq(eventTickets.hash, hash)).returning({
    userId: eventTickets.userId,
    sessionId: eventTickets.sessionId,
    tokenExpiresAt: eventTickets.tokenExpiresAt,
    expiresAt: eventTickets.expiresAt,
  });
  return row && row.expiresAt > now ? row : null;
}
