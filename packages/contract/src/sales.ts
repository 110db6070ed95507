// Contract for what is sold one by one beyond the subscription (issue 32, api-conventions §
// "Pay-per-view, tips and messages to many"): pay-per-view posts and their purchases, tips.
import { z } from 'zod';
import { Money, Timestamp, Username, Uuid } from './common';
import { ContentItem } from './content';
import { defineErrors } from './errors';
import { isMajorAmount } from './money';
import { pageQuery, paged } from './paged';

export const salesPaths = {
  /** POST: an active subscriber opens the charge of a priced post (201, or 200 the open one). */
  contentPurchase: '/content/:ws/:id/purchase',
  /** GET: the caller's purchased posts, newest first, paged. */
  purchases: '/purchases',
  /** POST ?username= `{ value, message?, post_id? }`: opens a tip charge. */
  tips: '/tips',
  /** GET: the workspace's paid tips (owner and members), newest first, paged. */
  workspaceTips: '/tips/:ws',
} as const;

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
export const Purchase = z
  .object({
    kind: z.literal('post'),
    item_id: Uuid,
    /** What was paid, in reais. */
    value: z.number(),
    purchased_at: Timestamp,
    content: ContentItem,
  })
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
  CANNOT_TIP_OWN_WORKSPACE: {
    status: 400,
    message: 'Você não pode enviar gorjeta para o seu próprio perfil.',
  },
});
