// Contract for the subscriptions domain: plans, Pix receiving data, charges,
// subscriptions, subscribers and the API Pix webhook.
import { z } from 'zod';
import { defineErrors } from './errors';
import { Money, Timestamp, Username, Uuid } from './common';
import { PAGING } from './paging';
import { pageQuery, paged } from './paged';
import { DISCOUNT_PERCENT } from './money';
import { DEFAULT_PLAN_TYPE } from './plan-types';
import { PLAN_VALUE_MAX, PlanType } from './plans';
import {
  MY_SUBSCRIPTIONS_PAGING,
  PAYMENT_REVIEWS_PAGING,
  PAYMENT_REVIEW_REASONS,
  PAYMENT_REVIEW_STATUSES,
  PIX_KEY_TYPES,
} from './subscription-constants';

export const PixKeyType = z.enum(PIX_KEY_TYPES, {
  message: 'Tipo de chave inválido: use cpf, cnpj, email, phone ou random.',
});
export type PixKeyType = z.infer<typeof PixKeyType>;

// ---- Pix receiving data: GET, PUT /workspaces/{id}/pix ----------------------

/** name and city are folded to ASCII by the server and must then fit 25 and 15 characters. */
export const PixSettingsBody = z.object({
  key: z.string({ message: 'Informe a chave Pix.' }).trim().min(1, 'Informe a chave Pix.').max(100),
  key_type: PixKeyType,
  name: z
    .string({ message: 'Informe o nome do recebedor.' })
    .trim()
    .min(1, 'Informe o nome do recebedor.')
    .max(100),
  city: z
    .string({ message: 'Informe a cidade do recebedor.' })
    .trim()
    .min(1, 'Informe a cidade do recebedor.')
    .max(100),
});
export type PixSettingsBody = z.infer<typeof PixSettingsBody>;

export const PixSettings = z
  .object({
    key: z.string(),
    key_type: PixKeyType,
    /** As written in the BR Code: without accents, at most 25 characters. */
    name: z.string(),
    /** As written in the BR Code: without accents, at most 15 characters. */
    city: z.string(),
    updated_at: Timestamp,
  })
  .meta({ id: 'PixSettings' });
export type PixSettings = z.infer<typeof PixSettings>;

// ---- Plans -----------------------------------------------------------------

export const PlanBody = z.object({
  value: Money.refine((v) => v > 0, 'O valor deve ser maior que zero.').refine(
    (v) => v <= PLAN_VALUE_MAX,
    'O valor máximo é R$ 10.000,00.',
  ),
  discount: z
    .number({ message: 'Desconto inválido.' })
    .int('O desconto deve ser um número inteiro.')
    .min(DISCOUNT_PERCENT.min, 'O desconto deve ser de 0 a 100.')
    .max(DISCOUNT_PERCENT.max, 'O desconto deve ser de 0 a 100.')
    .default(0),
  plan_type: PlanType.default(DEFAULT_PLAN_TYPE.planUpdate),
});
export type PlanBody = z.input<typeof PlanBody>;

export const Plan = z
  .object({
    id: Uuid,
    plan_type: PlanType,
    /** List price in reais. */
    value: z.number(),
    /** Whole percent. */
    discount: z.number().int(),
    /** What the subscriber pays: value less discount, rounded to the centavo. */
    price: z.number(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

// ---- Charges ---------------------------------------------------------------

export const CHARGE_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export const ChargeStatus = z.enum(CHARGE_STATUSES, { message: 'Situação inválida.' });
export type ChargeStatus = z.infer<typeof ChargeStatus>;

export const ChargeSummary = z
  .object({
    id: Uuid,
    txid: z.string(),
    status: ChargeStatus,
    expires_at: Timestamp,
    plan_type: PlanType,
    /**
     * How the payment is confirmed: `manual` — the creator confirms it after seeing the Pix;
     * `automatic` — the payment provider's webhook confirms it as soon as the Pix arrives.
     */
    confirmation: z.enum(['manual', 'automatic']),
  })
  .meta({ id: 'ChargeSummary' });
export type ChargeSummary = z.infer<typeof ChargeSummary>;

/** A caller's open charge: what to pay and the BR Code to pay it with. */
export const PendingCharge = ChargeSummary.extend({
  value: z.number(),
  payment_specs: z.string(),
}).meta({ id: 'PendingCharge' });
export type PendingCharge = z.infer<typeof PendingCharge>;

/** Answer of POST /subscribe/plan and POST /subscriptions/charge. */
export const PaymentInfo = z
  .object({
    /** Price to pay in reais (plan value less discount). */
    value: z.number(),
    /** Pix "copia e cola" BR Code. */
    payment_specs: z.string(),
    charge: ChargeSummary,
  })
  .meta({ id: 'PaymentInfo' });
export type PaymentInfo = z.infer<typeof PaymentInfo>;

export const PlansQuery = z.object({ username: Username });
export const PlansResponse = z
  .object({
    plans: z.array(Plan),
    /** True only while the caller's subscription is active. */
    is_subscribed: z.boolean(),
    pending_charge: PendingCharge.optional(),
  })
  .meta({ id: 'PlansResponse' });
export type PlansResponse = z.infer<typeof PlansResponse>;

export const SubscribePlanQuery = z.object({
  username: Username,
  plan_type: PlanType.default(DEFAULT_PLAN_TYPE.subscribe),
});
export const ChargeBody = z.object({ plan: Uuid });
export type ChargeBody = z.infer<typeof ChargeBody>;

export const ChargeListItem = z
  .object({
    id: Uuid,
    /** The payer's own workspace handle and name. */
    username: z.string(),
    label: z.string(),
    plan_type: PlanType,
    value: z.number(),
    txid: z.string(),
    status: ChargeStatus,
    created_at: Timestamp,
  })
  .meta({ id: 'ChargeListItem' });
export type ChargeListItem = z.infer<typeof ChargeListItem>;

export const ChargeDetail = ChargeListItem.extend({
  expires_at: Timestamp,
  paid_at: Timestamp.nullable(),
  payment_specs: z.string(),
}).meta({ id: 'ChargeDetail' });
export type ChargeDetail = z.infer<typeof ChargeDetail>;

export const ChargesQuery = pageQuery(PAGING.charges).extend({
  status: ChargeStatus.optional(),
});
export const ChargesResponse = paged('charges', ChargeListItem);
export type ChargesResponse = z.infer<typeof ChargesResponse>;

export const ChargeParams = z.object({ ws: Uuid, id: Uuid });

// ---- Payments to review ----------------------------------------------------------

export const PaymentReviewReason = z.enum(PAYMENT_REVIEW_REASONS);
export const PaymentReviewStatus = z.enum(PAYMENT_REVIEW_STATUSES, {
  message: 'Situação inválida.',
});

/** The Pix end-to-end id (E + 31 characters in the Banco Central format; up to 64 accepted). */
export const EndToEndId = z
  .string()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'Identificador de pagamento inválido.');

export const PaymentReview = z
  .object({
    /** The Pix end-to-end id: one review per payment received. */
    id: z.string(),
    txid: z.string().nullable(),
    /** What arrived, in major units. */
    amount: z.number(),
    currency: z.string(),
    reason: PaymentReviewReason,
    charge_id: Uuid,
    /** What the charge asked for. */
    charge_value: z.number(),
    plan_type: PlanType,
    /** The payer's own workspace handle and name. */
    username: z.string(),
    label: z.string(),
    /** When the payer's bank says the Pix was made (horario), when known. */
    paid_at: Timestamp.nullable(),
    received_at: Timestamp,
    status: PaymentReviewStatus,
    resolved_at: Timestamp.nullable(),
  })
  .meta({ id: 'PaymentReview' });
export type PaymentReview = z.infer<typeof PaymentReview>;

export const PaymentReviewsQuery = pageQuery(PAYMENT_REVIEWS_PAGING).extend({
  status: PaymentReviewStatus.default('open'),
});
export const PaymentReviewsResponse = paged('reviews', PaymentReview);
export type PaymentReviewsResponse = z.infer<typeof PaymentReviewsResponse>;
export const PaymentReviewParams = z.object({ ws: Uuid, id: EndToEndId });

// ---- Subscriptions -----------------------------------------------------------

export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

export const SubscriptionState = z
  .object({
    id: Uuid,
    plan_type: PlanType,
    status: SubscriptionStatus,
    current_period_end: Timestamp,
  })
  .meta({ id: 'SubscriptionState' });

export const ConfirmChargeResponse = z
  .object({ charge: ChargeDetail, subscription: SubscriptionState })
  .meta({ id: 'ConfirmChargeResponse' });
export type ConfirmChargeResponse = z.infer<typeof ConfirmChargeResponse>;

export const MySubscription = SubscriptionState.extend({
  workspace_id: Uuid,
  /** The creator's profile. */
  username: z.string(),
  label: z.string(),
  avatar_url: z.string().nullable(),
}).meta({ id: 'MySubscription' });

export const MyPendingCharge = PendingCharge.extend({
  workspace_id: Uuid,
  username: z.string(),
  label: z.string(),
}).meta({ id: 'MyPendingCharge' });

/** A period the caller paid: the charge, the creator and the period it bought. */
export const MyPayment = z
  .object({
    id: Uuid,
    workspace_id: Uuid,
    username: z.string(),
    label: z.string(),
    plan_type: PlanType,
    /** Amount paid in reais. */
    value: z.number(),
    currency: z.string(),
    paid_at: Timestamp,
    period_start: Timestamp,
    period_end: Timestamp,
  })
  .meta({ id: 'MyPayment' });
export type MyPayment = z.infer<typeof MyPayment>;
export const SubscriptionsQuery = pageQuery(MY_SUBSCRIPTIONS_PAGING);
/** Open charges answered with every page: the newest, at most this many. */
export const MY_PENDING_CHARGES_MAX = 100;
/** Paid periods answered with every page (the payment history): the newest, at most this many. */
export const MY_PAYMENTS_MAX = 100;

export const SubscriptionsResponse = z
  .object({
    subscriptions: z.array(MySubscription),
    /** The caller's open, unexpired charges, newest first (at most MY_PENDING_CHARGES_MAX). */
    pending_charges: z.array(MyPendingCharge),
    /** The caller's paid periods, newest first (at most MY_PAYMENTS_MAX). */
    payments: z.array(MyPayment),
    page: z.number().int(),
    size: z.number().int(),
    /** How many subscriptions in all. */
    total: z.number().int(),
  })
  .meta({ id: 'SubscriptionsResponse' });
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponse>;

// ---- Subscribers ---------------------------------------------------------------

export const Subscriber = z
  .object({
    id: Uuid,
    /** The subscriber's own workspace: name, handle, description and avatar. */
    label: z.string(),
    username: z.string(),
    avatar_url: z.string().nullable(),
    description: z.string(),
    plan_type: PlanType,
    current_period_end: Timestamp,
  })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof Subscriber>;

export const SubscribersQuery = pageQuery(PAGING.subscribers);
export const SubscribersResponse = paged('subscribers', Subscriber);
export type SubscribersResponse = z.infer<typeof SubscribersResponse>;

export const WorkspaceParams = z.object({ ws: Uuid });

// ---- API Pix webhook (Banco Central) ---------------------------------------------

export const PixWebhookItem = z
  .object({
    endToEndId: z.string().min(1).max(64),
    txid: z.string().max(35).optional().nullable(),
    /** Amount in reais, e.g. "29.90". */
    valor: z.string().max(20),
    horario: z.string().max(40),
    chave: z.string().optional(),
    infoPagador: z.string().optional(),
  })
  .loose();
export const PixWebhookBody = z.object({ pix: z.array(PixWebhookItem).max(1000) }).loose();
export type PixWebhookBody = z.infer<typeof PixWebhookBody>;
export const PixWebhookResponse = z.object({
  received: z.number().int(),
  applied: z.number().int(),
});

/** Error codes of plans, Pix receiving data, charges, subscriptions and the Pix webhook. */
export const SUBSCRIPTION_ERRORS = defineErrors({
  /** GET /workspaces/{id}/pix before the owner saved it. */
  PIX_NOT_CONFIGURED: {
    status: 404,
    message: 'Os dados do Pix deste espaço de trabalho ainda não foram cadastrados.',
  },
  /** Saving a plan, or subscribing, needs the workspace's Pix receiving data first. */
  PIX_REQUIRED: {
    status: 409,
    message: 'Cadastre os dados do Pix antes de definir os planos.',
  },
  PLAN_NOT_FOUND: { status: 404, message: 'Este perfil não tem o plano escolhido.' },
  PLAN_NOT_PAYABLE: { status: 400, message: 'Este plano não tem valor a pagar por Pix.' },
  CANNOT_SUBSCRIBE_TO_SELF: { status: 400, message: 'Você não pode assinar o seu próprio perfil.' },
  TEAM_MEMBER_CANNOT_SUBSCRIBE: {
    status: 403,
    message: 'Você faz parte da equipe deste perfil e já tem acesso ao conteúdo.',
  },
  CHARGE_NOT_FOUND: { status: 404, message: 'Cobrança não encontrada.' },
  CHARGE_ALREADY_PAID: { status: 409, message: 'Esta cobrança já foi confirmada.' },
  CHARGE_NOT_PAYABLE: {
    status: 409,
    message: 'Esta cobrança foi cancelada e não pode ser confirmada.',
  },
  PAYMENT_REVIEW_NOT_FOUND: { status: 404, message: 'Pagamento a revisar não encontrado.' },
  PAYMENT_REVIEW_RESOLVED: {
    status: 409,
    message: 'Este pagamento já foi marcado como resolvido.',
  },
  PIX_PROVIDER_NOT_FOUND: { status: 404, message: 'Provedor Pix desconhecido.' },
  INVALID_WEBHOOK_SIGNATURE: { status: 401, message: 'Assinatura do webhook inválida.' },
  PIX_PROVIDER_ERROR: {
    status: 502,
    message: 'Não foi possível gerar a cobrança Pix agora. Tente novamente em instantes.',
  },
});
