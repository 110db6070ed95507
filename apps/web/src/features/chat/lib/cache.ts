import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Chat, ChatMessage, ChatsResponse } from '@fa-clube/contract';
import { chatUnreadKey } from '@/lib/chat-unread';
import { chatKey, chatsRoot, messagesKey } from '../api/chat-api';
import { addToPages, isNewer } from './messages';
import type { MessagesPage } from './messages';

/**
 * How a message reaches the TanStack Query caches, wherever it came from (the live stream, its
 * replay, the answer to the viewer's own post): into the open thread once, onto its conversation
 * in the lists (last message, unread, moved to the top), and the shell's count refetched.
 */

type ChatsData = InfiniteData<ChatsResponse, number>;
type ThreadData = InfiniteData<MessagesPage, string | undefined>;

/** The side a list or a conversation is seen from: the viewer is its fan, or on the team. */
export const sideOf = (chat: Chat, viewer: string | null) =>
  chat.fan.id !== null && chat.fan.id === viewer ? 'fan' : 'creator';

/** `chat` after `message`: the new last message and the unread count of the side seen from. */
export function withMessage(chat: Chat, message: ChatMessage, side: 'fan' | 'creator'): Chat {
  if (!isNewer(message, chat.last_message)) return chat;
  // a post clears its own side's unread (the server does the same) and adds one for the other
  const unread = message.sender.side === side ? 0 : chat.unread + 1;
  return { ...chat, last_message: message, unread };
}

/** The lists with `chat` replaced by `next` and, when it has news, moved to the top. */
function moveToTop(data: ChatsData, chatId: string, next: (chat: Chat) => Chat): ChatsData | null {
  let found: Chat | null = null;
  const pages = data.pages.map((page) => {
    const at = page.chats.findIndex((c) => c.id === chatId);
    if (at < 0) return page;
    found = page.chats[at]!;
    return { ...page, chats: page.chats.filter((c) => c.id !== chatId) };
  });
  if (!found) return null;
  const updated = next(found);
  if (updated === found) return data;
  const [first, ...rest] = pages;
  return { ...data, pages: [{ ...first!, chats: [updated, ...first!.chats] }, ...rest] };
}

/**
 * Puts one conversation as the server answered it (after a read, a mute) into every cache. A
 * newer last message the cache already has (it came while the request was out) stays, and when
 * the other side wrote it, the conversation is unread again (the reader reads it next).
 */
export function putChat(queryClient: QueryClient, viewer: string | null, answer: Chat) {
  const cached = queryClient.getQueryData<Chat>(chatKey(viewer, answer.id));
  const later = cached?.last_message;
  const chat =
    later && isNewer(later, answer.last_message)
      ? {
          ...answer,
          last_message: later,
          unread: later.sender.side === sideOf(answer, viewer) ? answer.unread : answer.unread + 1,
        }
      : answer;
  queryClient.setQueryData<Chat>(chatKey(viewer, chat.id), chat);
  queryClient.setQueriesData<ChatsData>({ queryKey: [...chatsRoot(viewer), 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            chats: page.chats.map((c) => (c.id === chat.id ? chat : c)),
          })),
        }
      : data,
  );
}

/**
 * A message into the caches. `openChatId` is the conversation on screen, which reads it at
 * once (its own read updates the counts). Answers whether some list held the conversation:
 * when none did (a new conversation, or beyond the pages loaded), the lists are refetched.
 */
export function receiveMessage(
  queryClient: QueryClient,
  viewer: string | null,
  message: ChatMessage,
  openChatId: string | null = null,
) {
  const chatId = message.chat_id;
  queryClient.setQueryData<ThreadData>(messagesKey(viewer, chatId), (data) =>
    data ? { ...data, pages: addToPages(data.pages, message) } : data,
  );
  queryClient.setQueryData<Chat>(chatKey(viewer, chatId), (chat) =>
    chat ? withMessage(chat, message, sideOf(chat, viewer)) : chat,
  );

  let listed = false;
  for (const [key, data] of queryClient.getQueriesData<ChatsData>({
    queryKey: [...chatsRoot(viewer), 'list'],
  })) {
    if (!data) continue;
    const side = key[3] === 'fan' ? 'fan' : 'creator';
    const next = moveToTop(data, chatId, (chat) => withMessage(chat, message, side));
    if (!next) continue;
    listed = true;
    if (next !== data) queryClient.setQueryData(key, next);
  }
  if (!listed) void queryClient.invalidateQueries({ queryKey: [...chatsRoot(viewer), 'list'] });

  const mine = message.sender.id !== null && message.sender.id === viewer;
  if (!mine && chatId !== openChatId)
    void queryClient.invalidateQueries({ queryKey: chatUnreadKey(viewer) });
}

/**
 * A conversation changed without a new message (`chat.updated`: a mute, a paid message bought
 * or refunded): it, its thread and the lists refetch.
 */
export function refetchChat(queryClient: QueryClient, viewer: string | null, chatId: string) {
  void queryClient.invalidateQueries({ queryKey: chatKey(viewer, chatId) });
  void queryClient.invalidateQueries({ queryKey: messagesKey(viewer, chatId) });
  void queryClient.invalidateQueries({ queryKey: [...chatsRoot(viewer), 'list'] });
}

/**
 * After a gap in the live stream (a reconnection, or a `chat.resync`): everything shown is
 * refetched — the open thread, the lists, the count — and the rest is marked stale.
 */
export function refetchAll(queryClient: QueryClient, viewer: string | null) {
  void queryClient.invalidateQueries({ queryKey: chatsRoot(viewer) });
  void queryClient.invalidateQueries({ queryKey: chatUnreadKey(viewer) });
}
