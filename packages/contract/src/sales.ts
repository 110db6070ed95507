// Contract for what is sold one by one beyond the subscription (issue 32, api-conventions §
// "Pay-per-view, tips and messages to many"): pay-per-view posts and their purchases, tips.
import { z } from 'zod';
import { Money, Timestamp, Username, Uuid } from './common';
import { ChatMessage, ChatWorkspace, needsTextOrAttachment, messageFields } from './chat';
import { AttachmentKind, ContentItem } from './content';
import { defineErrors } from './errors';
import { isMajorAmount } from './money';
import { pageQuery, paged } from './paged';

export const salesPaths = {
  /** POST: an active subscriber opens the charge of a priced post (201, or 200 the open one). */
  contentPurchase: '/content/:ws/:id/purchase',
  /** GET: the caller's purchased posts and messages, newest first, paged. */
  purchases: '/purchases',
  /** POST ?username= `{ value, message?, post_id? }`: opens a tip charge. */
  tips: '/tips',
  /** GET: the workspace's paid tips (owner and members), newest first, paged. */
  workspaceTips: '/tips/:ws',
  /** POST: the conversation's fan opens the charge of a paid message (201, or 200 the open one). */
  messagePurchase: '/chats/:ws/:chatId/messages/:id/purchase',
  /** POST `{ text, attachment?, price?, audience }`: 'Mensagem para todos' (owner); GET: the list. */
  broadcasts: '/chats/:ws/broadcasts',
  /** PUT `{ broadcasts }`: the fan turns this creator's messages to many off (or on). */
  chatPreferences: '/chats/:ws/:chatId/preferences',
  /** GET (owner and members), PUT (owner): the welcome message. */
  welcomeMessage: '/workspaces/:id/welcome-message',
} as const;

/** 'Mensagem para todos': who it goes to. */
export const BroadcastAudience = z.enum(
  [
    'subscribers',
    'subscribers:monthly',
    'subscribers:quarterly',
    'subscribers:yearly',
    'former_subscribers',
  ],
  { message: 'Escolha para quem enviar.' },
);
export type BroadcastAudience = z.infer<typeof BroadcastAudience>;

/** Former subscribers: whose subscription ended within this many days. */
export const FORMER_SUBSCRIBERS_DAYS = 180;
/** GET /chats/{ws}/broadcasts: pages from 0, 20 a page. */
export const BROADCASTS_PAGING = { base: 0, size: 20 } as const;

export const BroadcastBody = z
  .object({ ...messageFields, audience: BroadcastAudience })
  .superRefine(needsTextOrAttachment)
  .meta({ id: 'BroadcastBody' });
export type BroadcastBody = z.input<typeof BroadcastBody>;

export const BroadcastCreated = z
  .object({ id: Uuid, recipients: z.number().int() })
  .meta({ id: 'BroadcastCreated' });
export type BroadcastCreated = z.infer<typeof BroadcastCreated>;

export const BroadcastStatus = z.enum(['sending', 'sent']);

export const Broadcast = z
  .object({
    id: Uuid,
    text: z.string(),
    audience: BroadcastAudience,
    /** The attachment's kind (the file is seen in each conversation). */
    attachment_kind: AttachmentKind.nullable(),
    price: z.number().nullable(),
    status: BroadcastStatus,
    /** The fans it was addressed to when sent. */
    recipients: z.number().int(),
    /** Delivered into a conversation (muted fans and fans who turned these off are skipped). */
    delivered: z.number().int(),
    skipped: z.number().int(),
    /** Delivered and read by the fan. */
    read: z.number().int(),
    /** Paid messages bought, and what they brought in (reais). */
    purchased: z.number().int(),
    revenue: z.number(),
    created_at: Timestamp,
  })
  .meta({ id: 'Broadcast' });
export type Broadcast = z.infer<typeof Broadcast>;

export const BroadcastsQuery = pageQuery(BROADCASTS_PAGING);
export const BroadcastsResponse = paged('broadcasts', Broadcast).meta({ id: 'BroadcastsResponse' });
export type BroadcastsResponse = z.infer<typeof BroadcastsResponse>;

export const MessagePurchaseParams = z.object({ ws: Uuid, chatId: Uuid, id: Uuid });

export const ChatPreferences = z
  .object({ broadcasts: z.boolean({ message: 'Informe se quer receber mensagens para todos.' }) })
  .meta({ id: 'ChatPreferences' });
export type ChatPreferences = z.infer<typeof ChatPreferences>;

export const WelcomeMessageParams = z.object({ id: Uuid });

export const WelcomeMessageBody = z
  .object({
    enabled: z.boolean({ message: 'Informe se a mensagem de boas-vindas está ativa.' }),
    ...messageFields,
  })
  .superRefine((body, c) => {
    if (body.enabled) needsTextOrAttachment(body, c);
  })
  .meta({ id: 'WelcomeMessageBody' });
export type WelcomeMessageBody = z.input<typeof WelcomeMessageBody>;

export const WelcomeMessage = z
  .object({
    enabled: z.boolean(),
    text: z.string(),
    /** The workspace's file sent with it (the team sees its path and a signed URL). */
    attachment: z
      .object({ file_path: z.string(), kind: AttachmentKind, url: z.string() })
      .nullable(),
    price: z.number().nullable(),
    updated_at: Timestamp.nullable(),
  })
  .meta({ id: 'WelcomeMessage' });
export type WelcomeMessage = z.infer<typeof WelcomeMessage>;

/** GET /purchases and GET /tips/{ws}: pages from 0, 20 a page. */
export const PURCHASES_PAGING = { base: 0, size: 20 } as const;
export const TIPS_PAGING = { base: 0, size: 20 } as const;

/** A tip in reais: 2.00 to 5000.00. */
export const TIP_VALUE = { min: 2, max: 5000 } as const;
/** The tipper's message, plain text. */
export const TIP_MESSAGE_MAX = 280;
/** The amounts offered as buttons in 'Enviar gorjeta' (the fan may type another). */
export const TIP_PRESETS = [5, 10, 20, 50] as const;

export const PurchasesQuery = pageQuery(PURCHASES_PAGING);

/** A post the caller bought: unlocked for them whatever their subscription. */
export const PostPurchase = z
  .object({
    kind: z.literal('post'),
    item_id: Uuid,
    /** What was paid, in reais. */
    value: z.number(),
    purchased_at: Timestamp,
    content: ContentItem,
  })
  .meta({ id: 'PostPurchase' });
export type PostPurchase = z.infer<typeof PostPurchase>;

/**
 * A paid chat message the caller bought: the message as its conversation shows it (unlocked),
 * its conversation and that conversation's workspace (the web opens the chat at that message).
 */
export const MessagePurchase = z
  .object({
    kind: z.literal('message'),
    item_id: Uuid,
    value: z.number(),
    purchased_at: Timestamp,
    chat_id: Uuid,
    workspace: ChatWorkspace,
    message: ChatMessage,
  })
  .meta({ id: 'MessagePurchase' });
export type MessagePurchase = z.infer<typeof MessagePurchase>;

/** GET /purchases: the posts and the chat messages the caller bought, newest first. */
export const Purchase = z
  .discriminatedUnion('kind', [PostPurchase, MessagePurchase])
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof Purchase>;

export const PurchasesResponse = paged('purchases', Purchase).meta({ id: 'PurchasesResponse' });
export type PurchasesResponse = z.infer<typeof PurchasesResponse>;

export const TipsQuery = z.object({ username: Username });

export const TipBody = z
  .object({
    value: Money.refine(
      (v) => !isMajorAmount(v) || (v >= TIP_VALUE.min && v <= TIP_VALUE.max),
      `A gorjeta deve ficar entre R$ ${TIP_VALUE.min},00 e R$ ${TIP_VALUE.max.toLocaleString('pt-BR')},00.`,
    ),
    message: z
      .string({ message: 'Mensagem inválida.' })
      .trim()
      .max(TIP_MESSAGE_MAX, `A mensagem deve ter no máximo ${TIP_MESSAGE_MAX} caracteres.`)
      .refine((t) => !t.includes('\u0000'), 'A mensagem contém caracteres inválidos.')
      .optional(),
    /** The post it thanks (one of the creator's). */
    post_id: Uuid.optional(),
  })
  .meta({ id: 'TipBody' });
export type TipBody = z.input<typeof TipBody>;

export const WorkspaceTipsQuery = pageQuery(TIPS_PAGING);

export const Tip = z
  .object({
    id: Uuid,
    /** The tipper's own handle and name (null once the account was deleted). */
    username: z.string().nullable(),
    full_name: z.string(),
    value: z.number(),
    message: z.string().nullable(),
    post_id: Uuid.nullable(),
    paid_at: Timestamp,
  })
  .meta({ id: 'Tip' });
export type Tip = z.infer<typeof Tip>;

export const TipsResponse = paged('tips', Tip).meta({ id: 'TipsResponse' });
export type TipsResponse = z.infer<typeof TipsResponse>;

export const SALES_ERRORS = defineErrors({
  BROADCAST_DAILY_LIMIT: {
    status: 429,
    message: 'Você atingiu o limite diário de mensagens para todos. Tente de novo amanhã.',
  },
  NO_FANS_IN_AUDIENCE: {
    status: 400,
    message: 'Nenhum fã neste público para receber a mensagem.',
  },
  CANNOT_TIP_OWN_WORKSPACE: {
    status: 400,
    message: 'Você não pode enviar gorjeta para o seu próprio perfil.',
  },
});
