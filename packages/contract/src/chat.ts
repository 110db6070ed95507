// Contract for the chat domain: conversations between one fan and one creator's workspace
// (its owner and members answer as the workspace), their messages, the read marks, muting a
// fan, the e-mail digest preference (api-conventions § "Chat with the creator").
import { z } from 'zod';
import { Timestamp, Username, Uuid } from './common';
import { AttachmentKind, ItemPrice, LockedAttachment } from './content';
import { defineErrors } from './errors';
import { FilePath } from './files';
import { pageQuery, paged } from './paged';

// The rules of "Chat with the creator" (docs/decisions/040-chat.md).

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

export const ChatSide = z.enum(['fan', 'creator']);
export type ChatSide = z.infer<typeof ChatSide>;

/** Who wrote a message: a member answering for the workspace appears as themselves. */
export const ChatSender = z.object({
  /** Null once the account was deleted (its messages are anonymised). */
  id: Uuid.nullable(),
  username: z.string().nullable(),
  full_name: z.string(),
  side: ChatSide,
});

/** An unlocked chat attachment: short-lived signed URL, never a bare storage path. */
export const ChatAttachment = z
  .object({
    kind: AttachmentKind,
    content_type: z.string(),
    /** Signed GET of the file (Range supported), valid until `expires_at`: refetch the message. */
    url: z.string(),
    expires_at: Timestamp,
  })
  .meta({ id: 'ChatAttachment' });
export type ChatAttachment = z.infer<typeof ChatAttachment>;

export const isLockedChatAttachment = (
  a: ChatAttachment | LockedAttachment,
): a is LockedAttachment => 'locked' in a && a.locked === true;

export const ChatMessage = z
  .object({
    id: Uuid,
    chat_id: Uuid,
    sender: ChatSender,
    /** Plain text, as written: never render it as HTML. */
    text: z.string(),
    /** A paid tip shown in the conversation (no author text): its value and message. */
    tip: z.object({ value: z.number(), message: z.string().nullable() }).nullable().optional(),
    /**
     * A workspace message's image or video (issue 32): signed URLs for the team, for a free
     * message and for a bought one; `{ kind, locked: true }` for the fan until it is bought.
     */
    attachment: z.union([ChatAttachment, LockedAttachment]).nullable().optional(),
    /** A paid message: its price in reais (null: free). */
    price: z.number().nullable().optional(),
    /** A paid message the fan bought. */
    purchased: z.boolean().optional(),
    created_at: Timestamp,
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatWorkspace = z.object({
  id: Uuid,
  username: z.string(),
  label: z.string(),
  avatar_url: z.string().nullable(),
});

export const ChatFan = z.object({
  /** Null once the fan deleted the account ('Conta excluída'). */
  id: Uuid.nullable(),
  username: z.string().nullable(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
});

export const Chat = z
  .object({
    id: Uuid,
    workspace: ChatWorkspace,
    fan: ChatFan,
    last_message: ChatMessage.nullable(),
    /** Unread messages of the caller's side (the workspace's side is shared by its team). */
    unread: z.number().int(),
    /** The owner muted the fan: the fan's posts answer 403 CHAT_BLOCKED. */
    blocked: z.boolean(),
    /** The fan's subscription is active: without it the fan reads but cannot post. */
    subscribed: z.boolean(),
    /** The fan receives the workspace's messages to many here (PUT .../preferences turns it off). */
    broadcasts: z.boolean().optional(),
    created_at: Timestamp,
  })
  .meta({ id: 'Chat' });
export type Chat = z.infer<typeof Chat>;

export const ChatsQuery = pageQuery(CHATS_PAGING);
export const ChatsResponse = paged('chats', Chat);
export type ChatsResponse = z.infer<typeof ChatsResponse>;

export const OpenChatQuery = z.object({ username: Username });

export const ChatWorkspaceParams = z.object({ ws: Uuid });
export const ChatParams = z.object({ ws: Uuid, chatId: Uuid });

export const ChatMessagesQuery = z.object({
  /** Keyset: the messages older than this one (the last of the previous page). */
  before: Uuid.optional(),
  size: z.coerce
    .number({ message: 'Tamanho de página inválido.' })
    .int('Tamanho de página inválido.')
    .min(1, 'Tamanho de página inválido.')
    .max(CHAT_MESSAGES_PAGE_MAX, `O tamanho máximo de página é ${CHAT_MESSAGES_PAGE_MAX}.`)
    .default(CHAT_MESSAGES_PAGE_DEFAULT),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

/** Newest first; fewer than `size` means there is nothing older. */
export const ChatMessagesResponse = z.object({ messages: z.array(ChatMessage) });
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponse>;

const MessageText = z
  .string({ message: 'Escreva a mensagem.' })
  .trim()
  .max(CHAT_TEXT_MAX, `A mensagem deve ter no máximo ${CHAT_TEXT_MAX} caracteres.`)
  // PostgreSQL's text cannot hold U+0000
  .refine((t) => !t.includes('\u0000'), 'A mensagem contém caracteres inválidos.');

/** An image or video of the workspace's files (POST /workspaces/objects/{ws}, then the PUT). */
export const MessageAttachmentInput = z.object({ file_path: FilePath });

/** The fields of a workspace message that may carry a file and a price (issue 32). */
export const messageFields = {
  text: MessageText,
  /** The workspace side only: an image or video of the workspace's files. */
  attachment: MessageAttachmentInput.nullish(),
  /** The workspace side only, with an attachment: 1.00 to 5000.00, locked for the fan until bought. */
  price: ItemPrice.nullish(),
};

/** Text is needed unless an attachment goes with it. */
export const needsTextOrAttachment = (
  body: { text: string; attachment?: unknown },
  c: z.RefinementCtx,
) => {
  if (!body.text && !body.attachment)
    c.addIssue({ code: 'custom', path: ['text'], message: 'Escreva a mensagem.' });
};

export const ChatMessageBody = z.object(messageFields).superRefine(needsTextOrAttachment);
export type ChatMessageBody = z.input<typeof ChatMessageBody>;

export const ChatUnreadResponse = z.object({
  /** Conversations with unread messages, both sides, at most CHAT_UNREAD_COUNT_MAX. */
  unread: z.number().int(),
});
export type ChatUnreadResponse = z.infer<typeof ChatUnreadResponse>;

/** 'Avisos por e-mail': a digest of the messages unread for 10 minutes (default on). */
export const ChatSettings = z
  .object({ email_notifications: z.boolean({ message: 'Informe se quer avisos por e-mail.' }) })
  .meta({ id: 'ChatSettings' });
export type ChatSettings = z.infer<typeof ChatSettings>;

export const EventsQuery = z.object({
  /** For EventSource, which cannot send headers: a ticket of POST /events/ticket (single use). */
  ticket: z.string().max(100).optional(),
  /** Resume after this message on a new EventSource (the header Last-Event-ID wins). */
  last_event_id: z.string().max(100).optional(),
});

export const EventsTicket = z
  .object({
    /** Opens GET /events?ticket= once, before `expires_at`. */
    ticket: z.string(),
    expires_at: Timestamp,
  })
  .meta({ id: 'EventsTicket' });
export type EventsTicket = z.infer<typeof EventsTicket>;

export const CHAT_ERRORS = defineErrors({
  FAN_CANNOT_SELL: {
    status: 403,
    message: 'Apenas o criador pode enviar arquivos ou mensagens com preço.',
  },
  CHAT_NOT_FOUND: { status: 404, message: 'Conversa não encontrada.' },
  CHAT_BLOCKED: {
    status: 403,
    message: 'O criador não está recebendo suas mensagens nesta conversa.',
  },
});
