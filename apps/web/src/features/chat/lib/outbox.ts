import { useSyncExternalStore } from 'react';
import type { ChatMessage } from '@fa-clube/contract';

/**
 * Messages the viewer wrote that are not in the thread yet, by conversation: 'Enviando…' while
 * the POST is in flight, 'Não enviado' when it failed (with the reason and, after a 429, when to
 * try again). Kept for the tab's life, so leaving a conversation and coming back shows them
 * still. A sent one stays until the thread on screen holds its message (no frame without it).
 */
export interface OutboxItem {
  /** Local id (never sent). */
  id: string;
  chatId: string;
  text: string;
  createdAt: string;
  status: 'sending' | 'sent' | 'failed';
  /** The newest message of the thread when it was written: its echo can only come after. */
  after: string | null;
  /** Once sent: the stored message's id. */
  messageId?: string;
  /** Why it failed (after a 429, with the wait), to show under it. */
  error?: string;
}

const EMPTY: OutboxItem[] = [];
let items: OutboxItem[] = [];
const byChat = new Map<string, OutboxItem[]>();
const listeners = new Set<() => void>();
let counter = 0;

function emit(changedChat: string) {
  byChat.set(
    changedChat,
    items.filter((i) => i.chatId === changedChat),
  );
  for (const listener of listeners) listener();
}

export const outbox = {
  add(chatId: string, text: string, after: string | null): OutboxItem {
    const item: OutboxItem = {
      id: `pending-${Date.now().toString(36)}-${++counter}`,
      chatId,
      text,
      after,
      createdAt: new Date().toISOString(),
      status: 'sending',
    };
    items = [...items, item];
    emit(chatId);
    return item;
  },
  update(id: string, patch: Partial<Pick<OutboxItem, 'status' | 'error' | 'messageId'>>) {
    const found = items.find((i) => i.id === id);
    if (!found) return;
    items = items.map((i) => (i.id === id ? { ...i, ...patch } : i));
    emit(found.chatId);
  },
  remove(id: string) {
    const found = items.find((i) => i.id === id);
    if (!found) return;
    items = items.filter((i) => i.id !== id);
    emit(found.chatId);
  },
  of(chatId: string): OutboxItem[] {
    return byChat.get(chatId) ?? EMPTY;
  },
  /** Tests and sign-out: forget everything. */
  clear() {
    items = [];
    byChat.clear();
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The conversation's messages on their way, oldest first. */
export function useOutbox(chatId: string): OutboxItem[] {
  return useSyncExternalStore(
    outbox.subscribe,
    () => outbox.of(chatId),
    () => outbox.of(chatId),
  );
}

/**
 * Outbox items not yet in the thread: a sent one until its message is there, a sending one
 * unless its echo from the live stream came first (the viewer's message with the same text,
 * newer than the thread was when it was written), a failed one always.
 */
export function stillPending(items: OutboxItem[], messages: ChatMessage[], viewer: string | null) {
  const ids = new Set(messages.map((m) => m.id));
  // a sent one's message is its own, never another's echo
  const claimed = new Set(items.flatMap((item) => (item.messageId ? [item.messageId] : [])));
  return items.filter((item) => {
    if (item.status === 'failed') return true;
    if (item.status === 'sent') return !ids.has(item.messageId ?? '');
    const echo = messages.find(
      (m) =>
        !claimed.has(m.id) &&
        m.sender.id === viewer &&
        m.text === item.text &&
        (item.after === null || m.id > item.after),
    );
    if (!echo) return true;
    claimed.add(echo.id);
    return false;
  });
}
