import { createHash, randomBytes } from 'node:crypto';
import {
  CHATS_PAGING,
  CHAT_DIGEST_DELAY_MINUTES,
  CHAT_REPLAY_MAX,
  CHAT_UNREAD_COUNT_MAX,
  EVENTS_TICKET_SECONDS,
  centsToMajor,
  majorToCents,
  pageOffset,
} from '@fa-clube/contract';
import type {
  Chat,
  ChatMessage,
  ChatMessageBody,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatSettings,
  ChatsResponse,
  EventsTicket,
} from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import type { ChatSide } from '../../db/schema/chat';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, rateLimited } from '../../lib/errors';
import { publicImageUrl } from '../../lib/storage';
import { requireActor, requireWorkspaceRole } from '../../read-models/access';
import { isSessionLive } from '../../read-models/sessions';
import { processWorkspaceImage, signedViewUrl, verifyWorkspaceFile } from '../files/files.service';
import type { Actor } from '../../read-models/access';
import {
  chatRecipients,
  countUnreadChats,
  findChatCreator,
  findChatMessage,
  findChatParticipant,
  findChatView,
  findPurchasedMessageViews,
  isSubscribed,
  listChatMessages,
  listChatViews,
  listMessagesAfter,
  listMessagesWrittenBy,
} from './chat.queries';
import type { ChatMessageView, ChatView } from './chat.queries';
import { chatHub } from './chat.events';
import type { ChargePaidEvent, ChatEvent } from './chat.events';
import {
  anonymiseChatsOf,
  findChatOfFan,
  findChatOfId,
  findChatPreferences,
  findChatSettings,
  findPricedMessage,
  insertChatIfAbsent,
  insertEventTicket,
  insertMessage,
  markMessagePaid,
  markSideRead,
  setBroadcastsOff,
  setChatBlocked,
  takeEventTicket,
  unmarkMessagePaid,
  upsertChatSettings,
} from './chat.repo';
import type { MessageAttachment } from './chat.repo';

const DELETED_ACCOUNT = 'Conta excluída';

const chatNotFound = () => new AppError('CHAT_NOT_FOUND');
const subscriptionRequired = () =>
  new AppError(
    'SUBSCRIPTION_REQUIRED',
    'Assine este perfil para conversar com o criador. As mensagens anteriores continuam aqui.',
  );

/** Chat media URLs stay valid this long, signed per minute (as the feed's). */
const MEDIA_URL_TTL_SECONDS = 900;
const MEDIA_URL_WINDOW_SECONDS = 60;

/**
 * Who reads a message: its conversation's fan, or the workspace's side. A paid message is
 * locked for its fan until bought: the kind of its file and its price, never a path or URL.
 */
export type MessageViewer = ChatSide;

async function toAttachment(
  ctx: AppContext,
  m: ChatMessageView,
  viewer: MessageViewer,
): Promise<ChatMessage['attachment']> {
  if (!m.attachmentPath || !m.attachmentKind) return null;
  if (m.priceCents !== null && !m.paid && viewer === 'fan')
    return { kind: m.attachmentKind, locked: true };
  const { url, expiresAt } = await signedViewUrl(ctx, m.workspaceId, m.attachmentPath, {
    expiresInSeconds: MEDIA_URL_TTL_SECONDS - MEDIA_URL_WINDOW_SECONDS,
    cacheWindowSeconds: MEDIA_URL_WINDOW_SECONDS,
  });
  return {
    kind: m.attachmentKind,
    content_type: m.attachmentContentType ?? '',
    url,
    expires_at: expiresAt.toISOString(),
  };
}

/** A message as `viewer` sees it (signed URLs for what they may open). */
export async function toChatMessage(
  ctx: AppContext,
  m: ChatMessageView,
  viewer: MessageViewer,
): Promise<ChatMessage> {
  return {
    id: m.id,
    chat_id: m.chatId,
    sender: {
      id: m.senderId,
      username: m.senderId ? m.senderUsername : null,
      full_name: m.senderId ? (m.senderName ?? DELETED_ACCOUNT) : DELETED_ACCOUNT,
      side: m.side,
    },
    text: m.text,
    tip: m.tipCents === null ? null : { value: centsToMajor(m.tipCents), message: m.tipMessage },
    attachment: await toAttachment(ctx, m, viewer),
    price: m.priceCents === null ? null : centsToMajor(m.priceCents),
    purchased: m.priceCents !== null && m.paid,
    created_at: m.createdAt.toISOString(),
  };
}

/**
 * The paid messages `fanId` bought, as their conversation shows them to that fan (unlocked),
 * with the conversation and its workspace, by message id (GET /purchases). A message refunded
 * since, or of someone else's conversation, is not in it.
 */
export async function purchasedMessagesOf(ctx: AppContext, fanId: string, ids: string[]) {
  const out = new Map<
    string,
    { chatId: string; workspace: Chat['workspace']; message: ChatMessage }
  >();
  for (const v of await findPurchasedMessageViews(ctx.db, fanId, ids))
    out.set(v.message.id, {
      chatId: v.message.chatId,
      workspace: {
        id: v.workspace.id,
        username: v.workspace.username,
        label: v.workspace.label,
        avatar_url: publicImageUrl(v.workspace.avatarPath),
      },
      message: await toChatMessage(ctx, v.message, 'fan'),
    });
  return out;
}

async function toChat(ctx: AppContext, v: ChatView, side: ChatSide): Promise<Chat> {
  return {
    id: v.id,
    workspace: {
      id: v.workspaceId,
      username: v.workspaceUsername,
      label: v.workspaceLabel,
      avatar_url: publicImageUrl(v.workspaceAvatarPath),
    },
    fan: {
      id: v.fanId,
      username: v.fanId ? v.fanUsername : null,
      full_name: v.fanId ? (v.fanName ?? DELETED_ACCOUNT) : DELETED_ACCOUNT,
      avatar_url: v.fanId ? publicImageUrl(v.fanAvatarPath) : null,
    },
    last_message: v.lastMessage ? await toChatMessage(ctx, v.lastMessage, side) : null,
    unread: side === 'fan' ? v.fanUnread : v.creatorUnread,
    blocked: v.blocked,
    subscribed: v.subscribed,
    broadcasts: !v.broadcastsOff,
    created_at: v.createdAt.toISOString(),
  };
}

/**
 * The access check of every conversation endpoint: the caller is its fan or a member of its
 * workspace (a fan who also joined the team stays on the fan's side); anyone else gets 404.
 */
async function requireParticipant(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
) {
  const me = requireActor(actor);
  const found = await findChatParticipant(ctx.db, me.userId, ws, chatId);
  if (!found || (!found.isFan && !found.role)) throw chatNotFound();
  const side: ChatSide = found.isFan ? 'fan' : 'creator';
  return { me, chat: found.chat, role: found.role, side };
}

async function chatFor(ctx: AppContext, chatId: string, side: ChatSide): Promise<Chat> {
  const view = await findChatView(ctx.db, chatId, ctx.clock.now());
  if (!view) throw chatNotFound();
  return toChat(ctx, view, side);
}

/**
 * POST /chats?username=: a fan with an active subscription opens the conversation with that
 * creator, or gets the one they have. Anyone else (the creator's own team included): 403.
 */
export async function openChat(
  ctx: AppContext,
  actor: Actor | null,
  username: string,
): Promise<{ chat: Chat; created: boolean }> {
  const me = requireActor(actor);
  const now = ctx.clock.now();
  const creator = await findChatCreator(ctx.db, me.userId, username, now);
  if (!creator) throw new AppError('PROFILE_NOT_FOUND');
  if (creator.role || !creator.subscribed) throw subscriptionRequired();
  const { id, created } = await insertChatIfAbsent(ctx.db, {
    workspaceId: creator.workspaceId,
    fanId: me.userId,
    now,
  });
  return { chat: await chatFor(ctx, id, 'fan'), created };
}

/** A page of the fan's or of a workspace's conversations, seen from that side. */
async function chatsPage(
  ctx: AppContext,
  of: { fanId: string } | { workspaceId: string },
  query: { page: number; size: number },
): Promise<ChatsResponse> {
  const { views, total } = await listChatViews(
    ctx.db,
    of,
    { limit: query.size, offset: pageOffset(CHATS_PAGING, query.page, query.size) },
    ctx.clock.now(),
  );
  const side: ChatSide = 'fanId' in of ? 'fan' : 'creator';
  return {
    chats: await Promise.all(views.map((v) => toChat(ctx, v, side))),
    ...query,
    total,
  };
}

/** GET /chats: the caller's conversations as a fan, most recent activity first. */
export async function listFanChats(
  ctx: AppContext,
  actor: Actor | null,
  query: { page: number; size: number },
): Promise<ChatsResponse> {
  return chatsPage(ctx, { fanId: requireActor(actor).userId }, query);
}

/** GET /chats/{ws}: the workspace's conversations, for its owner and members. */
export async function listWorkspaceChats(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  query: { page: number; size: number },
): Promise<ChatsResponse> {
  await requireWorkspaceRole(ctx.db, actor, ws, 'member');
  return chatsPage(ctx, { workspaceId: ws }, query);
}

/** GET /chats/{ws}/{chatId} */
export async function getChat(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
): Promise<Chat> {
  const { side } = await requireParticipant(ctx, actor, ws, chatId);
  return chatFor(ctx, chatId, side);
}

/** GET /chats/{ws}/{chatId}/messages?before=&size=: newest first, keyset paged. */
export async function listMessages(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
  query: ChatMessagesQuery,
): Promise<ChatMessagesResponse> {
  const { side } = await requireParticipant(ctx, actor, ws, chatId);
  const rows = await listChatMessages(ctx.db, chatId, query.before, query.size);
  return { messages: await Promise.all(rows.map((m) => toChatMessage(ctx, m, side))) };
}

/**
 * A workspace file for a message (issue 32): an image or video of the workspace's store,
 * checked (path, size, magic bytes); an image is re-encoded (rotated, no metadata) and the new
 * file is what the message names. Does not check access: the caller's service did.
 */
export async function prepareMessageAttachment(
  ctx: AppContext,
  workspaceId: string,
  filePath: string,
): Promise<MessageAttachment> {
  const file = await verifyWorkspaceFile(ctx, workspaceId, filePath, ['image', 'video']);
  if (file.kind === 'video')
    return { path: file.filePath, kind: 'video', contentType: file.contentType };
  const image = await processWorkspaceImage(ctx, workspaceId, file.filePath, { variants: false });
  return { path: image.filePath, kind: 'image', contentType: image.contentType };
}

/** A price needs a file to sell: the text is what every fan reads. */
export const priceNeedsAttachment = () =>
  fieldError(
    'PRICE_NEEDS_ATTACHMENT',
    'price',
    'Anexe uma imagem ou um vídeo para vender a mensagem.',
  );

/**
 * POST /chats/{ws}/{chatId}/messages { text, attachment?, price? }: the fan posts text while
 * subscribed and not muted; the workspace's team always may, with a file of the workspace and a
 * price (a paid message, locked for the fan until bought). Rate limited per sender. Delivered
 * live after the commit.
 */
export async function postMessage(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
  body: ChatMessageBody,
): Promise<ChatMessage> {
  const { me, chat, side } = await requireParticipant(ctx, actor, ws, chatId);
  const now = ctx.clock.now();
  const text = body.text.trim();
  if (side === 'fan') {
    if (body.attachment || body.price != null) throw new AppError('FAN_CANNOT_SELL');
    if (chat.blockedAt) throw new AppError('CHAT_BLOCKED');
    if (!(await isSubscribed(ctx.db, me.userId, chat.workspaceId, now)))
      throw subscriptionRequired();
  }
  const wait = await ctx.throttle.consume(
    `chat-message:${me.userId}`,
    ctx.config.limits.chatMessages,
  );
  if (wait > 0)
    throw rateLimited(
      wait,
      'Você enviou muitas mensagens seguidas. Aguarde um pouco e tente de novo.',
    );
  if (body.price != null && !body.attachment) throw priceNeedsAttachment();
  const attachment = body.attachment
    ? await prepareMessageAttachment(ctx, chat.workspaceId, body.attachment.file_path)
    : null;
  const digestAt = new Date(now.getTime() + CHAT_DIGEST_DELAY_MINUTES * 60_000);
  const row = await ctx.db.transaction((tx) =>
    insertMessage(tx, {
      chatId,
      senderId: me.userId,
      side,
      text,
      attachment,
      priceCents: body.price == null ? null : majorToCents(body.price),
      now,
      digestAt,
    }),
  );
  const view = await findChatMessage(ctx.db, chatId, row.id);
  if (!view) throw chatNotFound();
  await publishView(ctx, view);
  return toChatMessage(ctx, view, side);
}

/**
 * Publishes a committed message to its conversation's participants: a paid message locked to
 * its fan and open to the team, any other the same to all.
 */
async function publishView(ctx: AppContext, view: ChatMessageView) {
  const recipients = await chatRecipients(ctx.db, view.workspaceId, view.fanId);
  const hub = chatHub(ctx);
  if (view.priceCents === null || view.paid || !view.fanId) {
    await hub.publish({ recipients, message: await toChatMessage(ctx, view, 'creator') });
    return;
  }
  await hub.publish({ recipients: [view.fanId], message: await toChatMessage(ctx, view, 'fan') });
  const team = recipients.filter((r) => r !== view.fanId);
  if (team.length)
    await hub.publish({ recipients: team, message: await toChatMessage(ctx, view, 'creator') });
}

/**
 * A paid tip in the tipper's conversation with the workspace, if they have one (issue 32): a
 * message of the fan's side with `tip` and no text, inside the payment's transaction. Answers
 * where it went (publish it with publishMessage once committed), or null without a conversation.
 */
export async function insertTipMessage(
  tx: DbOrTx,
  input: {
    workspaceId: string;
    fanId: string;
    valueCents: number;
    message: string | null;
    now: Date;
  },
): Promise<{ chatId: string; messageId: string } | null> {
  const chat = await findChatOfFan(tx, input.workspaceId, input.fanId);
  if (!chat) return null;
  const digestAt = new Date(input.now.getTime() + CHAT_DIGEST_DELAY_MINUTES * 60_000);
  const row = await insertMessage(tx, {
    chatId: chat.id,
    senderId: input.fanId,
    side: 'fan',
    text: '',
    tip: { cents: input.valueCents, message: input.message },
    now: input.now,
    digestAt,
  });
  return { chatId: chat.id, messageId: row.id };
}

/** Publishes a committed message to the conversation's participants (GET /events). */
export async function publishMessage(ctx: AppContext, chatId: string, messageId: string) {
  const view = await findChatMessage(ctx.db, chatId, messageId);
  if (view) await publishView(ctx, view);
}

/** Tells a conversation's participants that it changed without a new message (`chat.updated`). */
export async function publishChatUpdated(ctx: AppContext, chatId: string) {
  const chat = await findChatOfId(ctx.db, chatId);
  if (!chat) return;
  await chatHub(ctx).publish({
    recipients: await chatRecipients(ctx.db, chat.workspaceId, chat.fanId),
    updated: { chat_id: chatId },
  });
}

/**
 * A workspace message into the fan's conversation, opened when there is none (issue 32: a
 * message to many, the welcome message), inside the caller's transaction. With `skipUnwanted`
 * a muted fan, or one who turned the workspace's messages to many off, gets nothing (null).
 * Publish it with publishMessage once committed.
 */
export async function deliverWorkspaceMessage(
  tx: DbOrTx,
  input: {
    workspaceId: string;
    fanId: string;
    senderId: string | null;
    text: string;
    attachment: MessageAttachment | null;
    priceCents: number | null;
    broadcastId?: string;
    skipUnwanted: boolean;
    now: Date;
  },
): Promise<{ chatId: string; messageId: string } | null> {
  const { id: chatId } = await insertChatIfAbsent(tx, {
    workspaceId: input.workspaceId,
    fanId: input.fanId,
    now: input.now,
  });
  if (input.skipUnwanted) {
    const chat = await findChatPreferences(tx, chatId);
    if (!chat || chat.blockedAt || chat.fanBroadcastsOff) return null;
  }
  const row = await insertMessage(tx, {
    chatId,
    // a sender who left the team keeps their name on what they sent; none: the workspace's
    senderId: input.senderId ?? null,
    side: 'creator',
    text: input.text,
    attachment: input.attachment,
    priceCents: input.priceCents,
    broadcastId: input.broadcastId ?? null,
    now: input.now,
    digestAt: new Date(input.now.getTime() + CHAT_DIGEST_DELAY_MINUTES * 60_000),
  });
  return { chatId, messageId: row.id };
}

/** A paid message by the id its charge names (issue 32), or null. */
export const findMessageForSale = (db: DbOrTx, messageId: string) =>
  findPricedMessage(db, messageId);

/** The paid message is its fan's (once; false if it already was), inside the payment's transaction. */
export const markMessagePurchased = markMessagePaid;

/** A refunded paid message is locked again, inside the refund's transaction. */
export const unmarkMessagePurchased = unmarkMessagePaid;

/**
 * The conversation `chatId` of workspace `ws` as its caller is in it (the access check of the
 * paid messages' purchase): 404 for anyone but its fan and the workspace's team.
 */
export async function requireChatParticipant(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
) {
  const { me, chat, side } = await requireParticipant(ctx, actor, ws, chatId);
  return { userId: me.userId, workspaceId: chat.workspaceId, fanId: chat.fanId, side };
}

/**
 * PUT /chats/{ws}/{chatId}/preferences { broadcasts }: the conversation's fan turns the
 * workspace's messages to many off or on (the team: 403).
 */
export async function setFanBroadcasts(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
  on: boolean,
): Promise<{ broadcasts: boolean }> {
  const { side } = await requireParticipant(ctx, actor, ws, chatId);
  if (side !== 'fan')
    throw new AppError('FORBIDDEN', 'Apenas o fã da conversa escolhe o que recebe.');
  await setBroadcastsOff(ctx.db, chatId, !on);
  return { broadcasts: on };
}

/**
 * Tells the payer live, on the same event stream as the chat (`charge.paid`), that one of
 * their charges was paid: the post unlocks, the Pix dialog closes (issue 32).
 */
export async function publishChargePaid(ctx: AppContext, payerId: string, paid: ChargePaidEvent) {
  await chatHub(ctx).publish({ recipients: [payerId], paid });
}

/** POST /chats/{ws}/{chatId}/read: read for the caller's whole side. */
export async function markRead(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
): Promise<Chat> {
  const { side } = await requireParticipant(ctx, actor, ws, chatId);
  await markSideRead(ctx.db, chatId, side, ctx.clock.now());
  return chatFor(ctx, chatId, side);
}

/** POST / DELETE /chats/{ws}/{chatId}/block: the workspace's owner mutes the fan, or undoes it. */
export async function setFanMuted(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
  muted: boolean,
): Promise<Chat> {
  const { chat, side, role } = await requireParticipant(ctx, actor, ws, chatId);
  if (side !== 'creator' || role !== 'owner')
    throw new AppError('OWNER_REQUIRED', 'Apenas o proprietário do espaço pode silenciar um fã.');
  await setChatBlocked(ctx.db, chatId, muted ? ctx.clock.now() : null);
  // the fan's open composer closes (or opens) at once, on every tab
  await chatHub(ctx).publish({
    recipients: await chatRecipients(ctx.db, chat.workspaceId, chat.fanId),
    updated: { chat_id: chatId },
  });
  return chatFor(ctx, chatId, side);
}

/** GET /chats/unread: the shell's badge. */
export async function countUnread(ctx: AppContext, actor: Actor | null) {
  const me = requireActor(actor);
  return { unread: await countUnreadChats(ctx.db, me.userId, CHAT_UNREAD_COUNT_MAX) };
}

/** GET /me/chat-settings */
export async function getChatSettings(ctx: AppContext, actor: Actor | null): Promise<ChatSettings> {
  const me = requireActor(actor);
  const row = await findChatSettings(ctx.db, me.userId);
  return { email_notifications: row?.emailNotifications ?? true };
}

/** PUT /me/chat-settings */
export async function updateChatSettings(
  ctx: AppContext,
  actor: Actor | null,
  body: ChatSettings,
): Promise<ChatSettings> {
  const me = requireActor(actor);
  await upsertChatSettings(ctx.db, {
    userId: me.userId,
    emailNotifications: body.email_notifications,
    now: ctx.clock.now(),
  });
  return body;
}

/**
 * What a reconnecting stream missed after `afterId`: the messages (oldest first), or 'resync'
 * when there are more than CHAT_REPLAY_MAX.
 */
export async function missedMessages(
  ctx: AppContext,
  userId: string,
  afterId: string,
): Promise<ChatMessage[] | 'resync'> {
  const rows = await listMessagesAfter(ctx.db, userId, afterId, CHAT_REPLAY_MAX + 1);
  if (rows.length > CHAT_REPLAY_MAX) return 'resync';
  return Promise.all(
    rows.map((m) => toChatMessage(ctx, m, m.fanId === userId ? 'fan' : 'creator')),
  );
}

/** Account deletion, inside its transaction: the person's messages and conversations anonymised. */
export const anonymiseChatsOfDeletedAccount = (tx: DbOrTx, userId: string) =>
  anonymiseChatsOf(tx, userId);

const EXPORT_BATCH = 500;

/** GET /me/export: the person's own messages, oldest first, read in keyset batches. */
export async function* exportMessagesOf(ctx: AppContext, userId: string) {
  let after: string | null = null;
  for (;;) {
    const rows = await listMessagesWrittenBy(ctx.db, userId, after, EXPORT_BATCH);
    for (const m of rows)
      yield {
        id: m.id,
        chat_id: m.chatId,
        creator_username: m.workspaceUsername,
        side: m.side,
        text: m.text,
        created_at: m.createdAt.toISOString(),
      };
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Publishes `event` on the live stream (GET /events) to its recipients, on every process: how
 * another module tells people something live (payments: a workspace's Pix waiting changed).
 */
export async function publishLiveEvent(ctx: AppContext, event: ChatEvent): Promise<void> {
  await chatHub(ctx).publish(event);
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * POST /events/ticket: a single-use ticket that opens the caller's event stream within
 * EVENTS_TICKET_SECONDS (decision 083). The stream it opens ends when the access token that asked
 * expires (`tokenExpiresAt`) or its session ends, as a stream opened with the token would.
 */
export async function createEventTicket(
  ctx: AppContext,
  actor: Actor | null,
  tokenExpiresAt: Date,
): Promise<EventsTicket> {
  const me = requireActor(actor);
  const now = ctx.clock.now();
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EVENTS_TICKET_SECONDS * 1000);
  await insertEventTicket(ctx.db, {
    hash: ticketHash(ticket),
    userId: me.userId,
    sessionId: me.sessionId,
    tokenExpiresAt,
    expiresAt,
    now,
  });
  return { ticket, expires_at: expiresAt.toISOString() };
}

/**
 * GET /events?ticket=: who the ticket was given to, once (it is gone after this), while its
 * session is live; null for an unknown, used or expired ticket, or an ended session.
 */
export async function redeemEventTicket(ctx: AppContext, ticket: string) {
  const row = await takeEventTicket(ctx.db, ticketHash(ticket), ctx.clock.now());
  if (!row || !(await isSessionLive(ctx.db, row.sessionId))) return null;
  return {
    actor: { userId: row.userId, sessionId: row.sessionId } satisfies Actor,
    tokenExpiresAt: row.tokenExpiresAt,
  };
}
