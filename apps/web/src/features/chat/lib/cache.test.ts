import { QueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage, ChatsResponse } from '@fa-clube/contract';
import { chatUnreadKey } from '@/lib/chat-unread';
import { chatKey, chatListKey, messagesKey } from '../api/chat-api';
import { putChat, receiveMessage, refetchChat } from './cache';
import type { MessagesPage } from './messages';

const ME = '0b0b0b0b-0000-4000-8000-000000000001';
const CARLA = '0b0b0b0b-0000-4000-8000-000000000002';
const WS = '0a0a0a0a-0000-4000-8000-000000000001';
const chatId = (n: number) => `0c0c0c0c-0000-4000-8000-00000000000${n}`;
const messageId = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function message(n: number, chat: number, from: 'me' | 'carla'): ChatMessage {
  return {
    id: messageId(n),
    chat_id: chatId(chat),
    sender:
      from === 'me'
        ? { id: ME, username: 'bruno', full_name: 'Bruno', side: 'fan' }
        : { id: CARLA, username: 'carla', full_name: 'Carla', side: 'creator' },
    text: `m${n}`,
    created_at: new Date(Date.UTC(2026, 4, 12, 12, n)).toISOString(),
  };
}

function chat(n: number, last: ChatMessage | null, unread = 0): Chat {
  return {
    id: chatId(n),
    workspace: { id: WS, username: 'carla', label: 'Carla', avatar_url: null },
    fan: { id: ME, username: 'bruno', full_name: 'Bruno', avatar_url: null },
    last_message: last,
    unread,
    blocked: false,
    subscribed: true,
    created_at: new Date(Date.UTC(2026, 4, 1)).toISOString(),
  };
}

const pages = <T>(...items: T[]): InfiniteData<T, unknown> => ({
  pages: items,
  pageParams: items.map((_, i) => i),
});

function setUp() {
  const client = new QueryClient();
  const fanList = chatListKey(ME, { side: 'fan' });
  client.setQueryData(
    fanList,
    pages<ChatsResponse>(
      {
        chats: [chat(1, message(5, 1, 'carla')), chat(2, message(4, 2, 'me'))],
        page: 1,
        size: 2,
        total: 3,
      },
      { chats: [chat(3, message(2, 3, 'carla'), 1)], page: 2, size: 2, total: 3 },
    ),
  );
  client.setQueryData(
    messagesKey(ME, chatId(3)),
    pages<MessagesPage>({
      messages: [message(2, 3, 'carla'), message(1, 3, 'me')],
      complete: true,
    }),
  );
  client.setQueryData(chatKey(ME, chatId(3)), chat(3, message(2, 3, 'carla'), 1));
  client.setQueryData(chatUnreadKey(ME), { unread: 1 });
  return { client, fanList };
}

const listOf = (client: QueryClient, key: readonly unknown[]) =>
  client
    .getQueryData<InfiniteData<ChatsResponse>>(key)!
    .pages.map((p) => p.chats.map((c) => [c.id.slice(-1), c.last_message?.text, c.unread]));

describe('a message into the caches', () => {
  it('goes into its thread once, onto its conversation (moved to the top, one more unread), and the count is refetched', () => {
    const { client, fanList } = setUp();
    const incoming = message(6, 3, 'carla');
    receiveMessage(client, ME, incoming);
    receiveMessage(client, ME, incoming); // the replay after a reconnection: no double

    const thread = client.getQueryData<InfiniteData<MessagesPage>>(messagesKey(ME, chatId(3)))!;
    expect(thread.pages[0]!.messages.map((m) => m.text)).toEqual(['m6', 'm2', 'm1']);
    expect(listOf(client, fanList)).toEqual([
      [
        ['3', 'm6', 2],
        ['1', 'm5', 0],
        ['2', 'm4', 0],
      ],
      [],
    ]);
    expect(client.getQueryData<Chat>(chatKey(ME, chatId(3)))).toMatchObject({
      unread: 2,
      last_message: { id: messageId(6) },
    });
    expect(client.getQueryState(chatUnreadKey(ME))!.isInvalidated).toBe(true);
  });

  it('from the viewer (another tab, or the answer to the post) clears the side’s unread and leaves the count', () => {
    const { client, fanList } = setUp();
    receiveMessage(client, ME, message(6, 3, 'me'));
    expect(listOf(client, fanList)[0]![0]).toEqual(['3', 'm6', 0]);
    expect(client.getQueryState(chatUnreadKey(ME))!.isInvalidated).toBe(false);
  });

  it('to the conversation on screen leaves the count to its read', () => {
    const { client } = setUp();
    receiveMessage(client, ME, message(6, 3, 'carla'), chatId(3));
    expect(client.getQueryState(chatUnreadKey(ME))!.isInvalidated).toBe(false);
  });

  it('older than the last one (a late replay) changes no order', () => {
    const { client, fanList } = setUp();
    const before = listOf(client, fanList);
    receiveMessage(client, ME, message(3, 2, 'carla'));
    expect(listOf(client, fanList)).toEqual(before);
  });

  it('of a conversation no list holds refetches the lists', () => {
    const { client, fanList } = setUp();
    receiveMessage(client, ME, message(7, 9, 'carla'));
    expect(client.getQueryState(fanList)!.isInvalidated).toBe(true);
  });

  it('an answer older than the cache (a read) keeps the newer last message, unread when theirs', () => {
    const { client } = setUp();
    receiveMessage(client, ME, message(6, 3, 'carla'));
    putChat(client, ME, chat(3, message(2, 3, 'carla'), 0));
    expect(client.getQueryData<Chat>(chatKey(ME, chatId(3)))).toMatchObject({
      unread: 1,
      last_message: { id: messageId(6) },
    });
    // the viewer's own newer message leaves it read
    receiveMessage(client, ME, message(7, 3, 'me'));
    putChat(client, ME, chat(3, message(2, 3, 'carla'), 0));
    expect(client.getQueryData<Chat>(chatKey(ME, chatId(3)))).toMatchObject({
      unread: 0,
      last_message: { id: messageId(7) },
    });
  });
});

describe('a conversation changed without a message (chat.updated)', () => {
  it('refetches it, its thread (a paid message refunded locks again) and the lists', () => {
    const { client, fanList } = setUp();
    refetchChat(client, ME, chatId(3));
    expect(client.getQueryState(messagesKey(ME, chatId(3)))!.isInvalidated).toBe(true);
    expect(client.getQueryState(chatKey(ME, chatId(3)))!.isInvalidated).toBe(true);
    expect(client.getQueryState(fanList)!.isInvalidated).toBe(true);
    // the unread count is not its business
    expect(client.getQueryState(chatUnreadKey(ME))!.isInvalidated).toBe(false);
  });
});
