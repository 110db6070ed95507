/**
 * What the chat sells and sends to many (issue 32, decision 084): the purchase of a paid
 * message (a charge of kind `message` through payments' "open a charge for this item; tell me
 * when it is paid"), 'Mensagem para todos' delivered by the job queue in batches, exactly once
 * per fan, and the welcome message sent once when a fan's first subscription starts. The
 * messages themselves are chat's (its service writes them).
 */
import { BROADCASTS_PAGING, centsToMajor, majorToCents, pageOffset } from '@fa-clube/contract';
import type {
  Broadcast,
  BroadcastAudience,
  BroadcastBody,
  BroadcastCreated,
  BroadcastsResponse,
  ChargeDetail,
  WelcomeMessage,
  WelcomeMessageBody,
} from '@fa-clube/contract';
import type { AppContext, ChargeKindHandler } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { queueName } from '../../lib/queue';
import type { QueueDefinition } from '../../lib/queue';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import {
  deliverWorkspaceMessage,
  findMessageForSale,
  markMessagePurchased,
  prepareMessageAttachment,
  priceNeedsAttachment,
  publishChargePaid,
  publishChatUpdated,
  publishMessage,
  requireChatParticipant,
  unmarkMessagePurchased,
} from '../chat/chat.service';
import { signedViewUrl } from '../files/files.service';
import { chargeDetailOf, limitSaleCharges, openChargeRow } from '../payments/payments.service';
import { findWorkspace } from '../workspaces/workspaces.service';
import { broadcastCounts, insertAudience, isFirstPaidPeriod } from './chat-sales.queries';
import {
  broadcastTimesSince,
  claimQueuedRecipients,
  findWelcomeDelivery,
  insertWelcomeDelivery,
  findBroadcast,
  findWelcome,
  findWelcomeOfCharge,
  finishIfDone,
  insertBroadcast,
  listBroadcastRows,
  markRecipient,
  setBroadcastRecipients,
  skipQueuedRecipients,
  unfinishedBroadcasts,
  upsertWelcome,
} from './chat-sales.repo';
import type { BroadcastRow } from './chat-sales.repo';

const messageNotFound = () => new AppError('CHAT_NOT_FOUND', 'Mensagem não encontrada.');

/**
 * POST /chats/{ws}/{chatId}/messages/{id}/purchase: the conversation's fan opens the charge of
 * a paid message (201), or gets the open one again (200). 409 ALREADY_PURCHASED once bought;
 * 400 NOT_FOR_SALE for a free message or for the team; anyone else 404.
 */
export async function purchaseMessage(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
  messageId: string,
): Promise<{ charge: ChargeDetail; created: boolean }> {
  const me = await requireChatParticipant(ctx, actor, ws, chatId);
  const message = await findMessageForSale(ctx.db, messageId);
  if (!message || message.chatId !== chatId) {
    // a free message of this conversation is not for sale; anything else is not here
    throw me.side === 'fan'
      ? new AppError('NOT_FOR_SALE', 'Esta mensagem não está à venda.')
      : messageNotFound();
  }
  if (me.side !== 'fan') throw new AppError('NOT_FOR_SALE', 'Esta mensagem não está à venda.');
  if (message.paidAt) throw new AppError('ALREADY_PURCHASED', 'Você já comprou esta mensagem.');
  await limitSaleCharges(ctx, me.userId);
  const creator = await findWorkspace(ctx, message.workspaceId);
  if (!creator) throw messageNotFound();
  const { charge, created } = await openChargeRow(ctx, {
    payerId: me.userId,
    workspace: { id: message.workspaceId, username: creator.username },
    kind: 'message',
    itemId: message.id,
    amountCents: message.priceCents!,
    description: `Mensagem paga de @${creator.username}`,
  });
  return { charge: await chargeDetailOf(ctx, charge), created };
}

/** What chat-sales sells through payments: a paid message (bootstrap.ts wires it). */
export const messageCharges: ChargeKindHandler = {
  // a message whose conversation is gone, or already bought by an older charge paid late: the
  // money grants nothing and waits in payments to review, refundable (decision 070)
  async available(tx, charge) {
    if (!charge.itemId) return false;
    const m = await findMessageForSale(tx, charge.itemId);
    return Boolean(m && m.fanId === charge.payerId && !m.paidAt);
  },
  async paid(tx, charge, now) {
    const m = charge.itemId ? await findMessageForSale(tx, charge.itemId) : null;
    if (!m) throw new AppError('ITEM_UNAVAILABLE');
    const made = await markMessagePurchased(tx, {
      chatId: m.chatId,
      messageId: m.id,
      chargeId: charge.id,
      now,
    });
    if (!made) throw new AppError('ITEM_UNAVAILABLE');
    return {};
  },
  async settled(ctx, charge) {
    const m = charge.itemId ? await findMessageForSale(ctx.db, charge.itemId) : null;
    if (m) await publishChatUpdated(ctx, m.chatId);
    await publishChargePaid(ctx, charge.payerId, {
      charge_id: charge.id,
      kind: charge.kind,
      item_id: charge.itemId,
    });
  },
  async refunded(tx, charge) {
    const m = charge.itemId ? await findMessageForSale(tx, charge.itemId) : null;
    if (m)
      await unmarkMessagePurchased(tx, { chatId: m.chatId, messageId: m.id, chargeId: charge.id });
  },
  // the fan's open thread locks the message again at once (the web refetches on chat.updated)
  async afterRefund(ctx, charge) {
    const m = charge.itemId ? await findMessageForSale(ctx.db, charge.itemId) : null;
    if (m) await publishChatUpdated(ctx, m.chatId);
  },
};

// ---------------------------------------------------------------- messages to many

const BROADCAST_QUEUE = queueName<{ broadcastId: string }>('chat-sales.broadcast');
/** Fans delivered per transaction; the job checks its stop signal between batches. */
export const BROADCAST_BATCH = 100;
const DAY_MS = 86_400_000;

function toBroadcast(row: BroadcastRow, counts: Awaited<ReturnType<typeof broadcastCounts>>) {
  const c = counts.get(row.id)!;
  return {
    id: row.id,
    text: row.text,
    audience: row.audience as BroadcastAudience,
    attachment_kind: row.attachmentKind,
    price: row.priceCents === null ? null : centsToMajor(row.priceCents),
    status: row.finishedAt ? 'sent' : 'sending',
    recipients: row.recipients,
    delivered: c.delivered,
    skipped: c.skipped,
    read: c.read,
    purchased: c.purchased,
    revenue: centsToMajor(c.revenueCents),
    created_at: row.createdAt.toISOString(),
  } satisfies Broadcast;
}

/**
 * POST /chats/{ws}/broadcasts: the owner sends one message to an audience. The recipients are
 * resolved once, in the transaction that writes the broadcast; the job delivers them (202).
 * At most BROADCASTS_PER_DAY in 24 hours (429 with Retry-After); nobody in the audience: 400.
 */
export async function sendBroadcast(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  body: BroadcastBody,
): Promise<BroadcastCreated> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, ws, 'owner');
  const now = ctx.clock.now();
  const recent = await broadcastTimesSince(ctx.db, ws, new Date(now.getTime() - DAY_MS));
  if (recent.length >= ctx.config.broadcastsPerDay) {
    const oldest = recent[recent.length - ctx.config.broadcastsPerDay]!.createdAt;
    const wait = Math.ceil((oldest.getTime() + DAY_MS - now.getTime()) / 1000);
    throw new AppError('BROADCAST_DAILY_LIMIT', undefined, { retryAfter: Math.max(1, wait) });
  }
  if (body.price != null && !body.attachment) throw priceNeedsAttachment();
  const attachment = body.attachment
    ? await prepareMessageAttachment(ctx, ws, body.attachment.file_path)
    : null;
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertBroadcast(tx, {
      workspaceId: ws,
      authorId: me.userId,
      text: body.text.trim(),
      attachmentPath: attachment?.path ?? null,
      attachmentKind: attachment?.kind ?? null,
      attachmentContentType: attachment?.contentType ?? null,
      priceCents: body.price == null ? null : majorToCents(body.price),
      audience: body.audience,
      recipients: 0,
      createdAt: now,
    });
    const recipients = await insertAudience(tx, {
      broadcastId: row.id,
      workspaceId: ws,
      audience: body.audience,
      now,
    });
    if (recipients === 0) throw new AppError('NO_FANS_IN_AUDIENCE');
    await setBroadcastRecipients(tx, row.id, recipients);
    return { id: row.id, recipients };
  });
  // after the commit; a crash or a queue not running here is covered by the sweep (same key)
  await ctx.queue
    .send(BROADCAST_QUEUE, { broadcastId: created.id }, { key: created.id })
    .catch((err: unknown) =>
      ctx.logger.warn({ err, broadcastId: created.id }, 'message to many left for the sweep'),
    );
  return created;
}

/** GET /chats/{ws}/broadcasts: the workspace's messages to many with their counts (team). */
export async function listBroadcasts(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  query: { page: number; size: number },
): Promise<BroadcastsResponse> {
  await requireWorkspaceRole(ctx.db, actor, ws, 'member');
  const { rows, total } = await listBroadcastRows(ctx.db, {
    workspaceId: ws,
    limit: query.size,
    offset: pageOffset(BROADCASTS_PAGING, query.page, query.size),
  });
  const counts = await broadcastCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { broadcasts: rows.map((r) => toBroadcast(r, counts)), ...query, total };
}

/**
 * Delivers a message to many: batches of `batch` queued recipients, each batch in one
 * transaction that writes the fans' messages and marks them done (so a stop or a crash never
 * delivers one twice), then publishes the batch live. Between batches it stops when `signal`
 * is aborted (the job goes back to the queue and resumes with who is left).
 */
export async function deliverBroadcast(
  ctx: AppContext,
  broadcastId: string,
  signal: AbortSignal,
  batch = BROADCAST_BATCH,
): Promise<void> {
  const b = await findBroadcast(ctx.db, broadcastId);
  if (!b || b.finishedAt) return;
  // a workspace closed meanwhile sends nothing more: who is left is skipped
  const workspace = await findWorkspace(ctx, b.workspaceId);
  if (!workspace || workspace.deletedAt) {
    await skipQueuedRecipients(ctx.db, b.id, ctx.clock.now());
    await finishIfDone(ctx.db, b.id, ctx.clock.now());
    return;
  }
  const attachment =
    b.attachmentPath && b.attachmentKind
      ? {
          path: b.attachmentPath,
          kind: b.attachmentKind,
          contentType: b.attachmentContentType ?? '',
        }
      : null;
  for (;;) {
    if (signal.aborted) throw new Error('entrega interrompida: o job volta para a fila');
    const now = ctx.clock.now();
    const sent = await ctx.db.transaction(async (tx) => {
      const fans = await claimQueuedRecipients(tx, b.id, batch);
      const out: { chatId: string; messageId: string }[] = [];
      for (const { fanId } of fans) {
        const delivered = await deliverWorkspaceMessage(tx, {
          workspaceId: b.workspaceId,
          fanId,
          senderId: b.authorId,
          text: b.text,
          attachment,
          priceCents: b.priceCents,
          broadcastId: b.id,
          skipUnwanted: true,
          now,
        });
        await markRecipient(tx, { broadcastId: b.id, fanId, sent: delivered, now });
        if (delivered) out.push(delivered);
      }
      return { claimed: fans.length, out };
    });
    for (const m of sent.out)
      await publishMessage(ctx, m.chatId, m.messageId).catch((err: unknown) =>
        ctx.logger.warn({ err, broadcastId }, 'could not publish a message to many live'),
      );
    if (sent.claimed < batch) break;
  }
  await finishIfDone(ctx.db, b.id, ctx.clock.now());
}

export function broadcastQueue(ctx: AppContext): QueueDefinition<{ broadcastId: string }> {
  return {
    name: BROADCAST_QUEUE,
    handler: (job, { signal }) => deliverBroadcast(ctx, job.data.broadcastId, signal),
    concurrency: 1,
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: 600,
  };
}

/** Sends again the job of any message to many still unfinished after a minute (same key: a no-op while it exists). */
export async function sweepUnfinishedBroadcasts(ctx: AppContext, signal: AbortSignal) {
  const before = new Date(ctx.clock.now().getTime() - 60_000);
  let resent = 0;
  for (const b of await unfinishedBroadcasts(ctx.db, before, 100)) {
    if (signal.aborted) break;
    const r = await ctx.queue.send(BROADCAST_QUEUE, { broadcastId: b.id }, { key: b.id });
    if (r.created) resent += 1;
  }
  return { resent };
}

// ---------------------------------------------------------------- the welcome message

/** GET /workspaces/{id}/welcome-message (owner and members). */
export async function getWelcomeMessage(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
): Promise<WelcomeMessage> {
  await requireWorkspaceRole(ctx.db, actor, ws, 'member');
  const row = await findWelcome(ctx.db, ws);
  if (!row) return { enabled: false, text: '', attachment: null, price: null, updated_at: null };
  return {
    enabled: row.enabled,
    text: row.text,
    attachment:
      row.attachmentPath && row.attachmentKind
        ? {
            file_path: row.attachmentPath,
            kind: row.attachmentKind,
            url: (await signedViewUrl(ctx, ws, row.attachmentPath)).url,
          }
        : null,
    price: row.priceCents === null ? null : centsToMajor(row.priceCents),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * PUT /workspaces/{id}/welcome-message (owner): the message sent once into the conversation of
 * each fan whose first subscription starts from now on. An attachment already saved is kept
 * when the same path is sent again (it is not re-encoded twice).
 */
export async function putWelcomeMessage(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  body: WelcomeMessageBody,
): Promise<WelcomeMessage> {
  const { actor: me } = await requireWorkspaceRole(ctx.db, actor, ws, 'owner');
  if (body.price != null && !body.attachment) throw priceNeedsAttachment();
  const current = await findWelcome(ctx.db, ws);
  const keep =
    current?.attachmentPath && body.attachment?.file_path === current.attachmentPath
      ? {
          path: current.attachmentPath,
          kind: current.attachmentKind!,
          contentType: current.attachmentContentType ?? '',
        }
      : null;
  const attachment = body.attachment
    ? (keep ?? (await prepareMessageAttachment(ctx, ws, body.attachment.file_path)))
    : null;
  await upsertWelcome(ctx.db, {
    workspaceId: ws,
    enabled: body.enabled,
    text: body.text.trim(),
    attachmentPath: attachment?.path ?? null,
    attachmentKind: attachment?.kind ?? null,
    attachmentContentType: attachment?.contentType ?? null,
    priceCents: body.price == null ? null : majorToCents(body.price),
    authorId: me.userId,
    updatedAt: ctx.clock.now(),
  });
  return getWelcomeMessage(ctx, actor, ws);
}

/**
 * The subscriptions' handler with the welcome message: when a subscription charge pays the
 * fan's first period with the workspace and its welcome message is on, the message goes into
 * the fan's conversation in the same transaction (once per fan and workspace: welcome_deliveries'
 * key), and is published live after the commit. bootstrap.ts wires it.
 */
export function withWelcomeMessage(handler: ChargeKindHandler): ChargeKindHandler {
  return {
    ...handler,
    async paid(tx, charge, now) {
      const grant = await handler.paid(tx, charge, now);
      const welcome = await findWelcome(tx, charge.workspaceId);
      if (
        welcome?.enabled &&
        !(await findWelcomeDelivery(tx, charge.workspaceId, charge.payerId)) &&
        (await isFirstPaidPeriod(tx, {
          workspaceId: charge.workspaceId,
          fanId: charge.payerId,
          chargeId: charge.id,
        }))
      ) {
        const sent = await deliverWorkspaceMessage(tx, {
          workspaceId: charge.workspaceId,
          fanId: charge.payerId,
          senderId: welcome.authorId,
          text: welcome.text,
          attachment:
            welcome.attachmentPath && welcome.attachmentKind
              ? {
                  path: welcome.attachmentPath,
                  kind: welcome.attachmentKind,
                  contentType: welcome.attachmentContentType ?? '',
                }
              : null,
          priceCents: welcome.priceCents,
          skipUnwanted: false,
          now,
        });
        if (sent)
          await insertWelcomeDelivery(tx, {
            workspaceId: charge.workspaceId,
            fanId: charge.payerId,
            chargeId: charge.id,
            ...sent,
            sentAt: now,
          });
      }
      return grant;
    },
    async settled(ctx, charge) {
      await handler.settled?.(ctx, charge);
      const sent = await findWelcomeOfCharge(ctx.db, charge.id);
      if (sent) await publishMessage(ctx, sent.chatId, sent.messageId);
    },
  };
}
