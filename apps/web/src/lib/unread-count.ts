import { useSyncExternalStore } from 'react';

/**
 * How many of the signed-in user's conversations have unread messages, as the shell last heard
 * (lib/chat-unread.ts keeps it), for whatever shows it: the 'Mensagens' entry, the phone's menu
 * button, the tab's title. A plain store, so the title of a page outside the shell (the sign-in
 * screens) does not load the query library for it; 0 outside the signed-in shell.
 */
let count = 0;
const listeners = new Set<() => void>();

export function setUnreadCount(next: number) {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUnreadCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}

/** '3', or '99+' from 100 on (the API counts up to CHAT_UNREAD_COUNT_MAX, 100). */
export function formatUnread(n: number): string {
  return n > 99 ? '99+' : String(n);
}
