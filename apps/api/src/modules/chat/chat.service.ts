import {
  CHATS_PAGING,
  CHAT_DIGEST_DELAY_MINUTES,
  CHAT_REPLAY_MAX,
  CHAT_UNREAD_COUNT_MAX,
  centsToMajor,
  pageOffset,
} from '@fa-clube/contract';
import type {
  Chat,
  ChatMessage,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatSettings,
  ChatsResponse,
} from '@fa-clube/contract';
import type { DbOrTx } from '../../db/client';
import type { ChatSide } from '../../db/schema/chat';
import type { AppContext } from '../../lib/context';
import { AppError, rateLimited } from '../../lib/errors';
import { publicImageUrl } from '../../lib/storage';
import { requireActor, requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import {
  chatRecipients,
  countUnreadChats,
  findChatCreator,
  findChatMessage,
  findChatParticipant,
  findChatView,
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
  findChatSettings,
  insertChatIfAbsent,
  insertMessage,
  markSideRead,
  setChatBlocked,
  upsertChatSettings,
} from './chat.repo';

const DELETED_ACCOUNT = 'Conta excluída';

const chatNotFound = () => new AppError('CHAT_NOT_FOUND');
const subscriptionRequired = () =>
  new AppError(
    'SUBSCRIPTION_REQUIRED',
    'Assine este perfil para conversar com o criador. As mensagens anteriores continuam aqui.',
  );

export function toChatMessage(m: ChatMessageView): ChatMessage {
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
    created_at: m.createdAt.toISOString(),
  };
}

function toChat(v: ChatView, side: ChatSide): Chat {
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
    last_message: v.lastMessage ? toChatMessage(v.lastMessage) : null,
    unread: side === 'fan' ? v.fanUnread : v.creatorUnread,
    blocked: v.blocked,
    subscribed: v.subscribed,
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
  return toChat(view, side);
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
  return { chats: views.map((v) => toChat(v, side)), ...query, total };
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
  await requireParticipant(ctx, actor, ws, chatId);
  const rows = await listChatMessages(ctx.db, chatId, query.before, query.size);
  return { messages: rows.map(toChatMessage) };
}

/**
 * POST /chats/{ws}/{chatId}/messages { text }: the fan posts while subscribed and not muted;
 * the workspace's team always may. Rate limited per sender. Delivered live after the commit.
 */
export async function postMessage(
  ctx: AppContext,
  actor: Actor | null,
  ws: string,
  chatId: string,
  text: string,
): Promise<ChatMessage> {
  const { me, chat, side } = await requireParticipant(ctx, actor, ws, chatId);
  const now = ctx.clock.now();
  if (side === 'fan') {
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
  const digestAt = new Date(now.getTime() + CHAT_DIGEST_DELAY_MINUTES * 60_000);
  const row = await ctx.db.transaction((tx) =>
    insertMessage(tx, { chatId, senderId: me.userId, side, text, now, digestAt }),
  );
  const message = toChatMessage(
    (await findChatMessage(ctx.db, chatId, row.id)) ?? {
      ...row,
      senderUsername: null,
      senderName: null,
    },
  );
  const recipients = await chatRecipients(ctx.db, chat.workspaceId, chat.fanId);
  await chatHub(ctx).publish({ recipients, message });
  return message;
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
  const chat = await findChatOfId(ctx.db, chatId);
  if (!view || !chat) return;
  const recipients = await chatRecipients(ctx.db, chat.workspaceId, chat.fanId);
  await chatHub(ctx).publish({ recipients, message: toChatMessage(view) });
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
  await markSideRead(ctx.db, chatId, side);
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
  return rows.length > CHAT_REPLAY_MAX ? 'resync' : rows.map(toChatMessage);
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
