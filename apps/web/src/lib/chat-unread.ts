import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPath, chatPaths } from '@fa-clube/contract';
import { api } from './api-client';
import { useViewerId } from './session';
import { setUnreadCount } from './unread-count';

/**
 * The shell's unread count (docs/decisions/041-web-chat.md): how many of the signed-in user's
 * conversations, as a fan and in their teams, have unread messages. The signed-in shell asks for
 * it and hands it to lib/unread-count.ts; the chat feature keeps it current (live events,
 * reading a conversation) by invalidating this key.
 */
export const chatUnreadKey = (viewer: string | null) => ['chat-unread', viewer ?? ''] as const;

/** GET /chats/unread → `{ unread }`, at most CHAT_UNREAD_COUNT_MAX. */
const fetchChatUnread = (signal?: AbortSignal) =>
  api.get(apiPath(chatPaths.unread), {
    schema: 'ChatUnreadResponse',
    signal,
  });

/** Run by the signed-in shell: keeps the unread count (0 once it is gone, e.g. signed out). */
export function useChatUnreadCount() {
  const viewer = useViewerId();
  const query = useQuery({
    queryKey: chatUnreadKey(viewer),
    queryFn: ({ signal }) => fetchChatUnread(signal),
    enabled: Boolean(viewer),
    staleTime: 60_000,
    // the live events keep it current; this only catches up when they could not
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
  });
  const count = viewer ? (query.data?.unread ?? 0) : 0;
  useEffect(() => setUnreadCount(count), [count]);
  useEffect(() => () => setUnreadCount(0), []);
}
