import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHARGE_EVENTS, CHAT_EVENTS, ChatMessage } from '@fa-clube/contract';
import { onChargesWaiting } from '@/lib/charges-waiting';
import { emitChargePaid } from '@/lib/charge-events';
import { openLiveEvents } from '@/lib/live-events';
import { useViewerId } from '@/lib/session';
import { receiveMessage, refetchAll, refetchChat } from '../lib/cache';
import { openChatId } from '../lib/open-chat';
import { outbox } from '../lib/outbox';

/**
 * The chat's live events for the signed-in user, while the app shell shows (one stream per tab,
 * docs/decisions/041-web-chat.md): each `chat.message` checked against the contract and merged
 * into the caches; a `chat.updated` (a mute) refetches that conversation; a reconnection or a
 * `chat.resync` refetches what is on screen; a `charges.waiting` refetches the workspace's
 * waiting Pix (lib/charges-waiting.ts); a `charge.paid` goes to lib/charge-events. Closed when
 * the user signs out (the shell stops rendering it) or changes.
 */
export function ChatLive() {
  const queryClient = useQueryClient();
  const viewer = useViewerId();

  useEffect(() => {
    if (!viewer) return;
    const live = openLiveEvents({
      events: [
        CHAT_EVENTS.message,
        CHAT_EVENTS.resync,
        CHAT_EVENTS.updated,
        CHAT_EVENTS.chargePaid,
        CHARGE_EVENTS.waiting,
      ],
      onEvent: (event, data) => {
        // the same stream tells a workspace's team that its Pix waiting changed (issue 34)
        if (event === CHARGE_EVENTS.waiting) {
          const ws = (data as { workspace_id?: unknown } | null)?.workspace_id;
          if (typeof ws === 'string') onChargesWaiting(queryClient, ws);
          return;
        }
        // a charge of this user was paid (a post unlocked, a tip sent): the Pix dialog listens
        if (event === CHAT_EVENTS.chargePaid) {
          emitChargePaid(data);
          return;
        }
        if (event === CHAT_EVENTS.resync) {
          refetchAll(queryClient, viewer);
          return;
        }
        if (event === CHAT_EVENTS.updated) {
          const chatId = (data as { chat_id?: unknown } | null)?.chat_id;
          if (typeof chatId === 'string') refetchChat(queryClient, viewer, chatId);
          else refetchAll(queryClient, viewer);
          return;
        }
        const parsed = ChatMessage.safeParse(data);
        if (parsed.success) receiveMessage(queryClient, viewer, parsed.data, openChatId());
      },
      onReconnect: () => refetchAll(queryClient, viewer),
    });
    return () => {
      live.close();
      outbox.clear();
    };
  }, [queryClient, viewer]);

  return null;
}
