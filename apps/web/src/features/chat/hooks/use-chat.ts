import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { CHATS_PAGING, CHAT_MESSAGES_PAGE_DEFAULT } from '@fa-clube/contract';
import type { Chat, ChatSettings, ChatsResponse } from '@fa-clube/contract';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import { chatUnreadKey } from '@/lib/chat-unread';
import { infinitePaging } from '@/lib/paging';
import { useViewerId } from '@/lib/session';
import {
  chatKey,
  chatListKey,
  chatSettingsKey,
  chatsRoot,
  fetchChat,
  fetchChatSettings,
  fetchChats,
  fetchMessages,
  markChatRead,
  messagesKey,
  openChat,
  saveChatSettings,
  sendMessage,
  setMuted,
} from '../api/chat-api';
import type { ChatListSide } from '../api/chat-api';
import { putChat, receiveMessage } from '../lib/cache';
import { mergeMessages } from '../lib/messages';
import type { MessagesPage } from '../lib/messages';
import { outbox } from '../lib/outbox';
import type { OutboxItem } from '../lib/outbox';
import { t } from '../strings';
import { setOpenChat } from '../lib/open-chat';

/** A page of conversations of one side (`null`: not asked, e.g. no workspace). */
export function useChatList(list: ChatListSide | null) {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: chatListKey(viewer, list ?? { side: 'fan' }),
    queryFn: ({ pageParam, signal }) => fetchChats(list!, pageParam, signal),
    ...infinitePaging(CHATS_PAGING, (page: ChatsResponse) => page.chats),
    enabled: Boolean(viewer && list),
  });
}

/** The conversation as some loaded list has it. */
function listedChat(queryClient: QueryClient, viewer: string | null, chatId: string) {
  for (const [, data] of queryClient.getQueriesData<{ pages: ChatsResponse[] }>({
    queryKey: [...chatsRoot(viewer), 'list'],
  }))
    for (const page of data?.pages ?? []) {
      const found = page.chats.find((c) => c.id === chatId);
      if (found) return found;
    }
  return undefined;
}

/** A conversation, shown from a list's copy until its own answer is in. */
export function useChat(ws: string, chatId: string) {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKey(viewer, chatId),
    queryFn: ({ signal }) => fetchChat(ws, chatId, signal),
    placeholderData: listedChat(queryClient, viewer, chatId),
    // muted, unmuted, subscription ended or renewed meanwhile (not sent live)
    refetchOnWindowFocus: true,
  });
}

/**
 * The thread, newest page first, keyset paged backwards ('carregar anteriores'). A refetch of
 * the newest page keeps the messages the cache got meanwhile that are newer than what the
 * server answered (a live message that arrived while the request was in flight).
 */
export function useThread(ws: string, chatId: string) {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  const key = messagesKey(viewer, chatId);
  return useInfiniteQuery({
    queryKey: key,
    queryFn: async ({ pageParam, signal }): Promise<MessagesPage> => {
      const { messages } = await fetchMessages(ws, chatId, pageParam, signal);
      const page = { messages, complete: messages.length < CHAT_MESSAGES_PAGE_DEFAULT };
      if (pageParam !== undefined) return page;
      const cached = queryClient.getQueryData<{ pages: MessagesPage[] }>(key)?.pages[0];
      const newest = messages[0]?.id ?? '';
      const later = (cached?.messages ?? []).filter((m) => m.id > newest);
      return { ...page, messages: mergeMessages(messages, later) };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.complete ? undefined : last.messages.at(-1)?.id),
  });
}

/**
 * The text under a failed post: the wait after a 429, nothing when the composer's notice says
 * why (muted, subscription ended), the server's reason otherwise.
 */
function failureText(error: unknown): string | undefined {
  if (hasErrorCode(error, 'RATE_LIMITED'))
    return t.chat.waitAndRetry((error as ApiError).retryAfter ?? 30);
  if (hasErrorCode(error, 'SUBSCRIPTION_REQUIRED', 'CHAT_BLOCKED')) return undefined;
  return errorMessage(error);
}

/**
 * Sending: the message shows at once as 'Enviando…' (the outbox), goes into the thread when the
 * server answers (the live stream may bring it first: it is merged by id), or stays as 'Não
 * enviado' with the reason and 'Tentar de novo'.
 */
export function useSendMessage(ws: string, chatId: string) {
  const viewer = useViewerId();
  const queryClient = useQueryClient();

  const post = useCallback(
    (item: OutboxItem) => {
      outbox.update(item.id, { status: 'sending', error: undefined });
      sendMessage(ws, chatId, item.text).then(
        (message) => {
          receiveMessage(queryClient, viewer, message, chatId);
          // leaves the outbox once the thread on screen holds it
          outbox.update(item.id, { status: 'sent', messageId: message.id });
          // posting again works: unmuted, or subscribed again, meanwhile
          const chat = queryClient.getQueryData<Chat>(chatKey(viewer, chatId));
          if (chat && (chat.blocked || !chat.subscribed))
            void queryClient.invalidateQueries({ queryKey: chatKey(viewer, chatId) });
        },
        (error: unknown) => {
          outbox.update(item.id, { status: 'failed', error: failureText(error) });
          // the subscription ended or the fan was muted meanwhile: the composer says so
          if (hasErrorCode(error, 'SUBSCRIPTION_REQUIRED', 'CHAT_BLOCKED'))
            void queryClient.invalidateQueries({ queryKey: chatKey(viewer, chatId) });
        },
      );
    },
    [ws, chatId, viewer, queryClient],
  );

  const send = useCallback(
    (text: string, after: string | null) => post(outbox.add(chatId, text.trim(), after)),
    [chatId, post],
  );
  return { send, retry: post };
}

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Whether the tab is on screen (not in the background or minimised). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * While the conversation is on screen: it is the open one (live messages to it count as read)
 * and whatever it has unread is marked read (POST …/read), then the counts follow.
 */
export function useReadWhileVisible(ws: string, chat: Chat | undefined, shown: boolean) {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  const visible = usePageVisible() && shown;
  const reading = useRef(false);
  const chatId = chat?.id ?? null;
  const unread = chat?.unread ?? 0;

  useEffect(() => {
    if (!visible || !chatId) return;
    setOpenChat(chatId);
    return () => setOpenChat(null);
  }, [visible, chatId]);

  useEffect(() => {
    if (!visible || !chatId || unread === 0 || reading.current) return;
    reading.current = true;
    const done = () => {
      reading.current = false;
      void queryClient.invalidateQueries({ queryKey: chatUnreadKey(viewer) });
    };
    markChatRead(ws, chatId).then((read) => {
      done();
      // a message that came meanwhile leaves it unread: this effect reads again
      putChat(queryClient, viewer, read);
    }, done);
  }, [visible, chatId, unread, ws, viewer, queryClient]);
}

/** 'Silenciar fã' / 'Reativar' (the workspace's owner). */
export function useMuteFan(ws: string, chatId: string) {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => setMuted(ws, chatId, muted),
    onSuccess: (chat) => putChat(queryClient, viewer, chat),
  });
}

/** 'Enviar mensagem': opens (or finds) the conversation with a creator. */
export function useOpenChat() {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => openChat(username),
    onSuccess: (chat) => {
      queryClient.setQueryData(chatKey(viewer, chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: [...chatsRoot(viewer), 'list'] });
    },
  });
}

/** 'Avisos por e-mail' (GET /me/chat-settings). */
export function useChatSettings() {
  const viewer = useViewerId();
  return useQuery({
    queryKey: chatSettingsKey(viewer),
    queryFn: ({ signal }) => fetchChatSettings(signal),
    enabled: Boolean(viewer),
  });
}

/** Saves 'Avisos por e-mail', shown switched at once and put back if the server refuses. */
export function useSaveChatSettings() {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  const key = chatSettingsKey(viewer);
  return useMutation({
    mutationFn: (body: ChatSettings) => saveChatSettings(body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ChatSettings>(key);
      queryClient.setQueryData(key, body);
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
