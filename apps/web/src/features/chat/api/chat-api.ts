import {
  CHATS_PAGING,
  CHAT_MESSAGES_PAGE_DEFAULT,
  apiPath,
  chatPaths,
  paths,
  salesPaths,
} from '@fa-clube/contract';
import type { ChatSettings, ExtensionType } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** Which side of the conversations a list shows: the caller's as a fan, or a workspace's. */
export type ChatListSide = { side: 'fan' } | { side: 'creator'; ws: string };

/** Every chat query starts with 'chats' and the viewer, so one invalidation reaches them all. */
export const chatsRoot = (viewer: string | null) => ['chats', viewer ?? ''] as const;
export const chatListKey = (viewer: string | null, list: ChatListSide) =>
  [...chatsRoot(viewer), 'list', list.side, list.side === 'creator' ? list.ws : ''] as const;
export const chatKey = (viewer: string | null, chatId: string) =>
  [...chatsRoot(viewer), 'chat', chatId] as const;
export const messagesKey = (viewer: string | null, chatId: string) =>
  [...chatsRoot(viewer), 'messages', chatId] as const;
export const chatSettingsKey = (viewer: string | null) => ['chat-settings', viewer ?? ''] as const;

const chatsSchema = 'ChatsResponse';
const chatSchema = 'Chat';
const messagesSchema = 'ChatMessagesResponse';
const messageSchema = 'ChatMessage';
const settingsSchema = 'ChatSettings';

/** GET /chats (the caller's as a fan) or GET /chats/{ws} (the workspace's), 20 a page from 1. */
export const fetchChats = (list: ChatListSide, page: number, signal?: AbortSignal) =>
  api.get(
    list.side === 'fan'
      ? apiPath(chatPaths.chats)
      : apiPath(chatPaths.workspaceChats, { ws: list.ws }),
    { query: { page, size: CHATS_PAGING.size }, schema: chatsSchema, signal },
  );

/** POST /chats?username=: opens (201) or returns (200) the conversation with that creator. */
export const openChat = (username: string) =>
  api.post(apiPath(chatPaths.chats), undefined, { query: { username }, schema: chatSchema });

/** GET /chats/{ws}/{chatId} */
export const fetchChat = (ws: string, chatId: string, signal?: AbortSignal) =>
  api.get(apiPath(chatPaths.chat, { ws, chatId }), { schema: chatSchema, signal });

/** GET …/messages?before=&size=: newest first; fewer than `size` means nothing older. */
export const fetchMessages = (
  ws: string,
  chatId: string,
  before: string | undefined,
  signal?: AbortSignal,
) =>
  api.get(apiPath(chatPaths.messages, { ws, chatId }), {
    query: { before, size: CHAT_MESSAGES_PAGE_DEFAULT },
    schema: messagesSchema,
    signal,
  });

/** POST …/messages { text } → the message (201). */
export const sendMessage = (ws: string, chatId: string, text: string) =>
  api.post(apiPath(chatPaths.messages, { ws, chatId }), { text }, { schema: messageSchema });

/** POST …/messages { text, attachment, price? }: the team sends a file, priced or not (201). */
export const sendMediaMessage = (
  ws: string,
  chatId: string,
  body: { text: string; attachment: { file_path: string }; price: number | null },
) => api.post(apiPath(chatPaths.messages, { ws, chatId }), body, { schema: messageSchema });

/** POST /workspaces/objects/{ws}: where to PUT a file of the workspace. */
export const requestUpload = (ws: string, extension: ExtensionType, size: number) =>
  api.post(
    apiPath(paths.objects, { ws }),
    { extension_type: extension, size },
    { schema: 'ObjectUploadResponse' },
  );

/** POST …/messages/{id}/purchase: the fan opens the charge of a paid message (or gets it again). */
export const purchaseMessage = (ws: string, chatId: string, id: string) =>
  api.post(apiPath(salesPaths.messagePurchase, { ws, chatId, id }), undefined, {
    schema: 'ChargeDetail',
  });

/** POST …/read → the conversation, read for the caller's side. */
export const markChatRead = (ws: string, chatId: string) =>
  api.post(apiPath(chatPaths.read, { ws, chatId }), undefined, { schema: chatSchema });

/** POST (mute) or DELETE (unmute) …/block → the conversation (the workspace's owner). */
export const setMuted = (ws: string, chatId: string, muted: boolean) =>
  muted
    ? api.post(apiPath(chatPaths.block, { ws, chatId }), undefined, { schema: chatSchema })
    : api.delete(apiPath(chatPaths.block, { ws, chatId }), { schema: chatSchema });

/** GET /me/chat-settings */
export const fetchChatSettings = (signal?: AbortSignal) =>
  api.get(apiPath(chatPaths.settings), { schema: settingsSchema, signal });

/** PUT /me/chat-settings */
export const saveChatSettings = (body: ChatSettings) =>
  api.put(apiPath(chatPaths.settings), body, { schema: settingsSchema });
