import { useSyncExternalStore } from 'react';

/**
 * Counts the signed-in shell keeps for whatever shows them, as plain stores, so that what shows
 * them (the route table's menu badges, the sign-in screens' title) does not load the query
 * library; 0 outside the signed-in shell:
 * - how many of the user's conversations have unread messages (lib/chat-unread.ts keeps it): the
 *   'Mensagens' entry, the phone's menu button, the tab's title;
 * - how many Pix wait for the current workspace's owner to confirm them (lib/charges-waiting.ts):
 *   'Assinantes', the phone's menu button, the first screen.
 */
function countStore() {
  let count = 0;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    set(next: number) {
      if (next === count) return;
      count = next;
      for (const listener of listeners) listener();
    },
    use: (): number =>
      useSyncExternalStore(
        subscribe,
        () => count,
        () => 0,
      ),
  };
}

const unread = countStore();
export const setUnreadCount = unread.set;
export const useUnreadCount = unread.use;

const chargesWaiting = countStore();
export const setChargesWaitingCount = chargesWaiting.set;
export const useChargesWaitingCount = chargesWaiting.use;

/** '3', or '99+' from 100 on (the API counts up to CHAT_UNREAD_COUNT_MAX, 100). */
export function formatUnread(n: number): string {
  return n > 99 ? '99+' : String(n);
}
