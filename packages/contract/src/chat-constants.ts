// Without zod: the web client's first load (the shell's unread badge, the live stream) needs these,
// not chat.ts's schemas. The rules of "Chat with the creator" (docs/decisions/040-chat.md).

/** Every chat path, relative to API_PREFIX, in Fastify's `:param` form (fill with apiPath). */
export const chatPaths = {
  /** POST ?username= opens (201) or returns (200) the caller's conversation with that creator; GET: the caller's conversations as a fan. */
  chats: '/chats',
  /** GET: how many of the caller's conversations (both sides) have unread messages, at most CHAT_UNREAD_COUNT_MAX. */
  unread: '/chats/unread',
  /** GET: the workspace's conversations (owner and members). */
  workspaceChats: '/chats/:ws',
  /** GET: one conversation (its fan or the workspace's members). */
  chat: '/chats/:ws/:chatId',
  /** GET ?before=&size= the messages, newest first; POST `{ text }` sends one. */
  messages: '/chats/:ws/:chatId/messages',
  /** POST: marks the conversation read for the caller's side. */
  read: '/chats/:ws/:chatId/read',
  /** POST mutes the fan, DELETE undoes it (the workspace's owner). */
  block: '/chats/:ws/:chatId/block',
  /** GET, PUT `{ email_notifications }`: the caller's 'avisos por e-mail'. */
  settings: '/me/chat-settings',
  /**
   * Server-Sent Events for the signed-in caller: `Authorization: Bearer`, or (EventSource sends
   * no headers) `?ticket=` from POST /events/ticket. Never the access token in the URL.
   */
  events: '/events',
  /** POST (signed-in, bearer): a single-use ticket that opens the event stream, valid seconds. */
  eventsTicket: '/events/ticket',
} as const;

/** The web page the digest e-mail links to (the client's route). */
export const MESSAGES_PAGE_PATH = '/messages';

/** A stream ticket (POST /events/ticket) opens GET /events once, within this many seconds. */
export const EVENTS_TICKET_SECONDS = 30;

export const CHAT_TEXT_MAX = 2000;
export const CHAT_MESSAGES_PAGE_DEFAULT = 30;
export const CHAT_MESSAGES_PAGE_MAX = 100;
/** GET /chats and GET /chats/{ws}: page from 1, 20 a page. */
export const CHATS_PAGING = { base: 1, size: 20 } as const;
/** The unread badge counts conversations up to this (the client shows "99+" beyond 99). */
export const CHAT_UNREAD_COUNT_MAX = 100;

/** A participant who has not read a message for this long gets one e-mail digest. */
export const CHAT_DIGEST_DELAY_MINUTES = 10;

/**
 * `GET /events` (text/event-stream). Each event has `event:`, `id:` and `data:` lines:
 * - `chat.message`: `id` the message's id, `data` the message as in the messages list;
 * - `chat.resync`: more was missed than a reconnection replays (CHAT_REPLAY_MAX): refetch the
 *   lists and the open conversation (`data` is `{}`);
 * - `chat.updated`: a conversation changed without a message (the owner muted the fan, or undid
 *   it): refetch it (`data` is `{ chat_id }`, no `id`);
 * - `charge.paid`: one of the caller's own charges was paid (a post unlocks, a tip arrived):
 *   `data` is `{ charge_id, kind, item_id }`, no `id` (the client refetches what it shows).
 * A comment line (`: ping`) every 25 s. A client reconnecting with `Last-Event-ID` (or
 * `?last_event_id=` on a new EventSource) first gets what it missed, then the live events.
 * The stream ends when the access token expires or the session ends: reconnect with a new token.
 */
export const CHAT_EVENTS = {
  message: 'chat.message',
  resync: 'chat.resync',
  updated: 'chat.updated',
  /** One of the caller's charges was paid (`data` is `{ charge_id, kind, item_id }`, no `id`). */
  chargePaid: 'charge.paid',
} as const;
/**
 * The same stream tells a workspace's owner and members that its Pix waiting for confirmation
 * changed (a charge opened or was confirmed, issue 34): `event: charges.waiting`, `data:`
 * `{ workspace_id }`, no `id`; the client refetches `GET /charges/{ws}/waiting`.
 */
export const CHARGE_EVENTS = { waiting: 'charges.waiting' } as const;
/** `GET /charges/{ws}/waiting` counts up to this many. */
export const CHARGES_WAITING_MAX = 100;
/** At most this many missed messages are replayed on a reconnection; more answer `chat.resync`. */
export const CHAT_REPLAY_MAX = 200;
