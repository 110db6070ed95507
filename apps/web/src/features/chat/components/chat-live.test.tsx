import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_EVENTS } from '@fa-clube/contract';
import { FakeSource } from '@/test/event-source';
import { metadataFixture, mockFetch } from '@/test/fetch';
import { storeSession } from '@/test/session';
import { chatKey, chatsRoot, messagesKey } from '../api/chat-api';
import { ChatLive } from './chat-live';

const VIEWER = metadataFixture.id;
const CHAT = '01900000-0000-7000-8000-0000000000c1';
const OTHER = '01900000-0000-7000-8000-0000000000c2';

beforeEach(() => {
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
  // the stream opens with a single-use ticket of POST /events/ticket (decision 083)
  mockFetch((call) =>
    call.path === '/api/v1/events/ticket'
      ? {
          status: 201,
          body: { ticket: 'bilhete', expires_at: new Date(Date.now() + 30_000).toISOString() },
        }
      : { status: 404, body: {} },
  );
  storeSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ChatLive', () => {
  it("a chat.updated (muted, or a refund locked a message again) refetches that conversation, its thread and the lists, not the others'", async () => {
    const client = new QueryClient();
    for (const key of [
      chatKey(VIEWER, CHAT),
      chatKey(VIEWER, OTHER),
      messagesKey(VIEWER, CHAT),
      [...chatsRoot(VIEWER), 'list', 'fan', ''],
    ])
      client.setQueryData(key, {});
    render(
      <QueryClientProvider client={client}>
        <ChatLive />
      </QueryClientProvider>,
    );
    // the stream opens once its ticket is given
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const source = FakeSource.all[0]!;
    source.emit(CHAT_EVENTS.updated, { chat_id: CHAT });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(chatKey(VIEWER, CHAT))).toBe(true);
    expect(stale([...chatsRoot(VIEWER), 'list', 'fan', ''])).toBe(true);
    expect(stale(messagesKey(VIEWER, CHAT))).toBe(true);
    expect(stale(chatKey(VIEWER, OTHER))).toBe(false);
  });
});
