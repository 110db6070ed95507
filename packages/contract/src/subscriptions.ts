// Contract for the subscriptions domain: plans, Pix receiving data, charges,
// subscriptions, subscribers and the API Pix webhook.
import { z } from 'zod';
import { defineErrors } from './errors';
import { OwnerConfirmation } from './account';
import { Money, Timestamp, Username, Uuid } from './common';
import { PAGING } from './paging';
import { pageQuery, paged } from './paged';
import { DISCOUNT_PERCENT } from './money';
import { DEFAULT_PLAN_TYPE } from './plan-types';
import { PLAN_VALUE_MAX, PlanType } from './plans';
import { isValidCpf, stripDocument } from './legal-id';

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
/**
 * Money that arrived by Pix but granted nothing: a second payment of a charge
 * already paid, an amount other than the charge's, or a payment of a cancelled
 * charge. The owner refunds or credits it outside the app, then marks it resolved.
 */
export const PAYMENT_REVIEW_REASONS = [
  'amount_mismatch',
  'already_paid',
  'charge_not_payable',
  'age_verification_required',
  'item_unavailable',
] as const;
export const PAYMENT_REVIEW_REASON_LABELS: Record<(typeof PAYMENT_REVIEW_REASONS)[number], string> =
  {
    amount_mismatch: 'Valor diferente da cobrança',
    already_paid: 'Cobrança já paga',
    charge_not_payable: 'Cobrança cancelada',
    age_verification_required: 'Verificação de idade pendente',
    item_unavailable: 'Conteúdo excluído ou já comprado',
  };
/** Statuses of a Pix Automático authorization, as the PSP reports them. */
export const RECURRENCE_STATUSES = [
  'CRIADA',
  'APROVADA',
  'REJEITADA',
  'CANCELADA',
  'EXPIRADA',
] as const;
/** How a subscription renews. */
export const RENEWALS = ['manual', 'automatic'] as const;
/** Refund statuses, as the PSP reports them (API Pix devolução). */
export const PIX_REFUND_STATUSES = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;
export const PIX_REFUND_STATUS_LABELS: Record<(typeof PIX_REFUND_STATUSES)[number], string> = {
  EM_PROCESSAMENTO: 'Devolução em processamento',
  DEVOLVIDO: 'Devolvido',
  NAO_REALIZADO: 'Devolução não realizada',
};
/** The creator's account at the PSP, as Pix Automático debits name it (`recebedor.tipoConta`). */
export const RECEIVING_ACCOUNT_TYPES = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;
/** Unmatched Pix of a connection: paged from 0. */
export const PIX_NOTIFICATIONS_PAGING = { base: 0, size: 20 } as const;
export const PAYMENT_REVIEW_STATUSES = ['open', 'resolved'] as const;
export const PAYMENT_REVIEWS_PAGING = { base: 0, size: 20 } as const;
/** GET /subscriptions: paged over the subscriptions (page from 0). */
export const MY_SUBSCRIPTIONS_PAGING = { base: 0, size: 20 } as const;

/** What a charge sells, as the owner's lists name it (issue 32). */
export const CHARGE_KIND_LABELS = {
  subscription: 'Assinatura',
  post: 'Conteúdo avulso',
  message: 'Mensagem paga',
  tip: 'Gorjeta',
} as const;

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
  /** Needed to change the key without a sign-in of the last 10 minutes (OWNER_CONFIRMATION_REQUIRED). */
  confirmation: OwnerConfirmation.optional(),
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

// ---- The workspace's own PSP: GET, PUT, DELETE /workspaces/{id}/pix/connection ----

const HttpsUrl = (what: string) =>
  z
    .string({ message: `Informe ${what}.` })
    .trim()
    .max(500, `${what[0]!.toUpperCase()}${what.slice(1)} é longa demais.`)
    .refine((v) => {
      try {
        return new URL(v).protocol === 'https:';
      } catch {
        return false;
      }
    }, `Informe ${what} completa, começando com https://.`)
    // a plain address and path: no user or password, no ?query (which would pick any path once
    // a path is appended), no #fragment
    .refine((v) => {
      try {
        const url = new URL(v);
        return !url.username && !url.password && !v.includes('?') && !v.includes('#');
      } catch {
        return true; // answered by the rule above
      }
    }, `Informe ${what} sem usuário, senha, parâmetros (?) nem fragmento (#).`);

/** The creator's account at the PSP, named by Pix Automático debits (`recebedor` of POST /cobr). */
export const ReceivingAccount = z
  .object({
    branch: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'Agência: até 4 dígitos, sem o dígito verificador.')
      .optional(),
    number: z
      .string({ message: 'Informe o número da conta.' })
      .trim()
      .regex(/^[0-9A-Za-z-]{1,20}$/, 'Conta: até 20 dígitos (com o dígito verificador).'),
    type: z.enum(RECEIVING_ACCOUNT_TYPES, {
      message: 'Tipo de conta inválido: CORRENTE, POUPANCA ou PAGAMENTO.',
    }),
  })
  .meta({ id: 'ReceivingAccount' });
export type ReceivingAccount = z.infer<typeof ReceivingAccount>;

/**
 * `certificate`: the client certificate for mutual TLS — a PEM chain (with
 * `private_key` in PEM, `passphrase` if the key is encrypted) or a base64
 * PKCS#12 bundle (.pfx/.p12) with its `passphrase`.
 */
export const PixConnectionBody = z.object({
  api_url: HttpsUrl('a URL da API Pix do PSP'),
  token_url: HttpsUrl('a URL de token do PSP').optional(),
  client_id: z
    .string({ message: 'Informe o client_id.' })
    .trim()
    .min(1, 'Informe o client_id.')
    .max(300),
  client_secret: z
    .string({ message: 'Informe o client_secret.' })
    .min(1, 'Informe o client_secret.')
    .max(1000),
  certificate: z
    .string({ message: 'Envie o certificado do PSP.' })
    .min(1, 'Envie o certificado do PSP.')
    .max(200_000, 'O certificado passa de 200 KB.'),
  private_key: z.string().max(50_000, 'A chave privada passa de 50 KB.').optional(),
  passphrase: z.string().max(500).optional(),
  receiving_account: ReceivingAccount.nullish(),
  /** Needed without a sign-in of the last 10 minutes (OWNER_CONFIRMATION_REQUIRED). */
  confirmation: OwnerConfirmation.optional(),
});
export type PixConnectionBody = z.input<typeof PixConnectionBody>;

/** DELETE /workspaces/{id}/pix/connection: the confirmation, when the sign-in is not recent. */
export const PixDisconnectBody = z
  .object({ confirmation: OwnerConfirmation.optional() })
  .optional()
  .nullable();
export type PixDisconnectBody = z.infer<typeof PixDisconnectBody>;

export const PixConnection = z
  .object({
    status: z.literal('connected'),
    api_url: z.string(),
    token_url: z.string(),
    client_id: z.string(),
    /**
     * Where the PSP notifies: `{webhook_url}/pix`, `/rec`, `/cobr`. It ends with the
     * connection's webhook secret (new on every change): a credential, so the owner's
     * answer only; null for members.
     */
    webhook_url: z.string().nullable(),
    /** The Pix key the webhook was registered for; charges carry it. */
    pix_key: z.string(),
    receiving_account: ReceivingAccount.nullable(),
    /**
     * Pix Automático can be offered: the PSP has recurrences enabled for the
     * account (GET /rec answered) and `receiving_account` is known.
     */
    automatic_available: z.boolean(),
    /** The PSP answered GET /rec: recurrences are enabled for the account. */
    recurrences_enabled: z.boolean(),
    connected_at: Timestamp,
    certificate_expires_at: Timestamp,
    /**
     * The reconciliation with this PSP keeps failing (decision 089), to the owner only: how many
     * times in a row, since when, the step that failed, and until when it is paused (the
     * circuit breaker; null: still tried every interval). Null when it works, and for members.
     */
    reconciliation: z
      .object({
        failures: z.number().int(),
        failing_since: Timestamp.nullable(),
        last_error: z.string().nullable(),
        paused_until: Timestamp.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'PixConnection' });
export type PixConnection = z.infer<typeof PixConnection>;

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
/** What a charge pays for: a plan's period, or one-off sales (a post, a message, a tip). */
export const CHARGE_KINDS = ['subscription', 'post', 'message', 'tip'] as const;
export const ChargeKind = z.enum(CHARGE_KINDS, { message: 'Tipo de cobrança inválido.' });
export type ChargeKind = z.infer<typeof ChargeKind>;
export const ChargeStatus = z.enum(CHARGE_STATUSES, { message: 'Situação inválida.' });
export type ChargeStatus = z.infer<typeof ChargeStatus>;

export const ChargeSummary = z
  .object({
    id: Uuid,
    txid: z.string(),
    status: ChargeStatus,
    expires_at: Timestamp,
    /** The plan a subscription charge pays for; null for a one-off sale. */
    plan_type: PlanType.nullable(),
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

export const RecurrenceStatus = z.enum(RECURRENCE_STATUSES);
export type RecurrenceStatus = z.infer<typeof RecurrenceStatus>;
export const Renewal = z.enum(RENEWALS);

/** Answer of POST /subscribe/plan and POST /subscriptions/charge. */
export const PaymentInfo = z
  .object({
    /** Price to pay in reais (plan value less discount). */
    value: z.number(),
    /**
     * Pix "copia e cola" BR Code. With `automatic=true`, the composite code
     * (Jornada 3): one scan pays the first period and authorizes the rest.
     */
    payment_specs: z.string(),
    charge: ChargeSummary,
    /**
     * The Pix Automático authorization this charge's composite code carries (`id` is the PSP's
     * idRec): with `automatic=true`, or when the open charge asked for again is such a one.
     */
    recurrence: z.object({ id: z.string(), status: RecurrenceStatus }).optional(),
  })
  .meta({ id: 'PaymentInfo' });
export type PaymentInfo = z.infer<typeof PaymentInfo>;

export const PlansQuery = z.object({ username: Username });
export const PlansResponse = z
  .object({
    plans: z.array(Plan),
    /** True only while the caller's subscription is active. */
    is_subscribed: z.boolean(),
    /**
     * The creator offers 'Renovação automática' (Pix Automático): a connected PSP with
     * recurrences enabled and a receiving account (POST /subscribe/plan?automatic=true).
     */
    automatic_available: z.boolean(),
    pending_charge: PendingCharge.optional(),
  })
  .meta({ id: 'PlansResponse' });
export type PlansResponse = z.infer<typeof PlansResponse>;

export const SubscribePlanQuery = z.object({
  username: Username,
  plan_type: PlanType.default(DEFAULT_PLAN_TYPE.subscribe),
  /**
   * 'true': renew automatically with Pix Automático (needs the body's cpf and name). 'false': a
   * plain Pix, even when the open charge of the plan is a Pix Automático one (which, without the
   * parameter, is answered again with its `recurrence`).
   */
  automatic: z
    .enum(['true', 'false'], { message: 'automatic deve ser true ou false.' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
/** The payer, as Banco Central requires for Pix Automático (`vinculo.devedor`). */
export const SubscribePlanBody = z
  .object({
    cpf: z
      .string({ message: 'Informe o CPF.' })
      .trim()
      .refine((v) => isValidCpf(v), 'CPF inválido: confira os dígitos.')
      .transform(stripDocument),
    name: z
      .string({ message: 'Informe o nome completo.' })
      .trim()
      .min(3, 'Informe o nome completo.')
      .max(140, 'O nome passa de 140 caracteres.')
      .refine((v) => /\S+\s+\S+/.test(v), 'Informe o nome completo (nome e sobrenome).'),
  })
  .meta({ id: 'SubscribePlanBody' });
export type SubscribePlanBody = z.input<typeof SubscribePlanBody>;
export const ChargeBody = z.object({ plan: Uuid });
export type ChargeBody = z.infer<typeof ChargeBody>;

export const PixRefundStatus = z.enum(PIX_REFUND_STATUSES);
/** A refund of a payment to review (API Pix devolução). */
export const PixRefund = z
  .object({
    id: z.string(),
    /** The refunded payment's endToEndId (the review's id). */
    end_to_end_id: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: PixRefundStatus,
    created_at: Timestamp,
  })
  .meta({ id: 'PixRefund' });
export type PixRefund = z.infer<typeof PixRefund>;

export const ChargeListItem = z
  .object({
    id: Uuid,
    /** The payer's own workspace handle and name. */
    username: z.string(),
    label: z.string(),
    /** What it pays for: `subscription` (a plan's period), `post`, `message` or `tip`. */
    kind: ChargeKind,
    /** The post or message bought (one-off sales); null for a subscription or a tip. */
    item_id: Uuid.nullable(),
    /** The plan a subscription charge pays for; null for a one-off sale. */
    plan_type: PlanType.nullable(),
    value: z.number(),
    txid: z.string(),
    status: ChargeStatus,
    created_at: Timestamp,
    /**
     * The Pix that paid it, when a PSP's notification did (not the owner's confirmation): its
     * endToEndId, whether the owner may refund it here (a one-off sale through the workspace's
     * PSP: POST /charges/{ws}/{end_to_end_id}/refund) and the refund asked, if any.
     */
    payment: z
      .object({ end_to_end_id: z.string(), refundable: z.boolean(), refund: PixRefund.nullable() })
      .nullable()
      .optional(),
  })
  .meta({ id: 'ChargeListItem' });
export type ChargeListItem = z.infer<typeof ChargeListItem>;

export const ChargeDetail = ChargeListItem.extend({
  expires_at: Timestamp,
  paid_at: Timestamp.nullable(),
  payment_specs: z.string(),
  /** `manual`: the creator confirms it; `automatic`: the PSP's webhook does. */
  confirmation: z.enum(['manual', 'automatic']),
}).meta({ id: 'ChargeDetail' });
export type ChargeDetail = z.infer<typeof ChargeDetail>;

export const ChargesQuery = pageQuery(PAGING.charges).extend({
  status: ChargeStatus.optional(),
  /** One kind, or `sale`: every one-off sale (posts, messages, tips), not subscriptions. */
  kind: z.union([ChargeKind, z.literal('sale')]).optional(),
});
export const ChargesResponse = paged('charges', ChargeListItem);
export type ChargesResponse = z.infer<typeof ChargesResponse>;

export const ChargeParams = z.object({ ws: Uuid, id: Uuid });

/**
 * GET /charges/{ws}/waiting (owner and members): the Pix charges that wait for the owner to
 * confirm them (no PSP confirms them: pending, unexpired), counted up to CHARGES_WAITING_MAX.
 */
export const WaitingChargesResponse = z
  .object({ count: z.number().int().min(0) })
  .meta({ id: 'WaitingChargesResponse' });
export type WaitingChargesResponse = z.infer<typeof WaitingChargesResponse>;

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
    plan_type: PlanType.nullable(),
    /** What the charge sold: a subscription, a post, a message or a tip. */
    kind: ChargeKind,
    /** The payer's own workspace handle and name. */
    username: z.string(),
    label: z.string(),
    /** When the payer's bank says the Pix was made (horario), when known. */
    paid_at: Timestamp.nullable(),
    received_at: Timestamp,
    status: PaymentReviewStatus,
    resolved_at: Timestamp.nullable(),
    /** Received through a PSP the server can ask to refund it (POST /charges/{ws}/{id}/refund). */
    refundable: z.boolean(),
    refund: PixRefund.nullable(),
  })
  .meta({ id: 'PaymentReview' });
export type PaymentReview = z.infer<typeof PaymentReview>;

export const PaymentReviewsQuery = pageQuery(PAYMENT_REVIEWS_PAGING).extend({
  status: PaymentReviewStatus.default('open'),
});
export const PaymentReviewsResponse = paged('reviews', PaymentReview);
export type PaymentReviewsResponse = z.infer<typeof PaymentReviewsResponse>;
export const PaymentReviewParams = z.object({ ws: Uuid, id: EndToEndId });

/** A Pix received through the workspace's connection that matched none of its charges. */
export const PixNotification = z
  .object({
    /** The Pix endToEndId. */
    id: z.string(),
    txid: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    paid_at: Timestamp.nullable(),
    received_at: Timestamp,
    refund: PixRefund.nullable(),
  })
  .meta({ id: 'PixNotification' });
export const PixNotificationsQuery = pageQuery(PIX_NOTIFICATIONS_PAGING);
export const PixNotificationsResponse = paged('notifications', PixNotification);
export type PixNotificationsResponse = z.infer<typeof PixNotificationsResponse>;

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
  .object({
    charge: ChargeDetail,
    /** A subscription charge: the subscription it started or extended. */
    subscription: SubscriptionState.optional(),
  })
  .meta({ id: 'ConfirmChargeResponse' });
export type ConfirmChargeResponse = z.infer<typeof ConfirmChargeResponse>;

export const MySubscription = SubscriptionState.extend({
  workspace_id: Uuid,
  /** 'automatic': Pix Automático debits each period (until cancelled); 'manual': the fan pays each one. */
  renewal: Renewal,
  /** The Pix Automático authorization's status, as the PSP reports it; null without one. */
  recurrence_status: RecurrenceStatus.nullable(),
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
    /** 'automatic' while the subscriber's Pix Automático authorization is approved. */
    renewal: Renewal,
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
export const SubscriptionParams = z.object({ id: Uuid });
/** Answer of DELETE /subscriptions/{id}/recurrence: the subscription stays active to its end. */
export const MyRenewal = z
  .object({
    id: Uuid,
    renewal: Renewal,
    recurrence_status: RecurrenceStatus.nullable(),
    current_period_end: Timestamp.nullable(),
  })
  .meta({ id: 'MyRenewal' });
export type MyRenewal = z.infer<typeof MyRenewal>;

/** A connection's webhook path: `{webhookUrl}/pix`, `/rec` or `/cobr` (`webhookUrl` ends with its secret). */
export const PspWebhookParams = z.object({
  connection: z.uuid({ message: 'Webhook desconhecido.' }),
  secret: z.string().max(100, { message: 'Webhook desconhecido.' }),
  kind: z.enum(['pix', 'rec', 'cobr'], { message: 'Webhook desconhecido.' }),
});
/** `{webhookUrl}/rec`: recurrences whose status changed (API Pix RecNotification). */
export const PixRecWebhookItem = z
  .object({
    idRec: z.string().min(1).max(64),
    status: z.string().max(40),
  })
  .loose();
/** `{webhookUrl}/cobr`: recurring charges whose status changed (API Pix CobRNotification). */
export const PixCobrWebhookItem = z
  .object({
    idRec: z.string().min(1).max(64),
    txid: z.string().min(1).max(35),
    status: z.string().max(40),
    pix: z.array(PixWebhookItem).max(100).optional(),
  })
  .loose();
/** The body of any of the three: one of `pix`, `recs`, `cobsr`, as the path says. */
export const PspWebhookBody = z
  .object({
    pix: z.array(PixWebhookItem).max(1000).optional(),
    recs: z.array(PixRecWebhookItem).max(1000).optional(),
    cobsr: z.array(PixCobrWebhookItem).max(1000).optional(),
  })
  .loose();
export type PspWebhookBody = z.infer<typeof PspWebhookBody>;

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
  /** The owner confirms a charge for a post or message deleted since (decision 070). */
  ITEM_UNAVAILABLE: {
    status: 409,
    message: 'O conteúdo desta cobrança foi excluído: ela não pode mais ser confirmada.',
  },
  PAYMENT_REVIEW_NOT_FOUND: { status: 404, message: 'Pagamento a revisar não encontrado.' },
  PAYMENT_REVIEW_RESOLVED: {
    status: 409,
    message: 'Este pagamento já foi marcado como resolvido.',
  },
  PIX_PROVIDER_NOT_FOUND: { status: 404, message: 'Provedor Pix desconhecido.' },
  PIX_PROVIDER_ERROR: {
    status: 502,
    message: 'Não foi possível gerar a cobrança Pix agora. Tente novamente em instantes.',
  },
  /** GET/DELETE /workspaces/{id}/pix/connection without one. */
  PIX_CONNECTION_NOT_FOUND: {
    status: 404,
    message: 'Este espaço de trabalho não tem conta Pix conectada.',
  },
  /** The uploaded certificate, key or passphrase cannot be used (the message says which). */
  PIX_CERTIFICATE_INVALID: { status: 400, message: 'O certificado enviado não pôde ser usado.' },
  PIX_PSP_CERTIFICATE_REFUSED: {
    status: 502,
    message: 'Certificado recusado pelo PSP: a conexão segura (mTLS) não aceitou o certificado.',
  },
  PIX_PSP_CREDENTIALS_REFUSED: {
    status: 502,
    message: 'Credenciais recusadas pelo PSP: confira o client_id e o client_secret.',
  },
  PIX_PSP_KEY_NOT_OWNED: {
    status: 400,
    message: 'Esta chave Pix não pertence a esta conta do PSP.',
  },
  PIX_PSP_WEBHOOK_REFUSED: {
    status: 502,
    message: 'O PSP recusou o cadastro do webhook.',
  },
  PIX_PSP_UNREACHABLE: {
    status: 502,
    message: 'O PSP não respondeu. Confira a URL da API e tente novamente.',
  },
  AUTOMATIC_RENEWAL_UNAVAILABLE: {
    status: 409,
    message: 'A renovação automática não está disponível para este perfil.',
  },
  RECURRENCE_NOT_FOUND: {
    status: 404,
    message: 'Esta assinatura não tem renovação automática ativa.',
  },
  PAYMENT_NOT_REFUNDABLE: {
    status: 409,
    message: 'Este pagamento não pode ser devolvido por aqui: devolva-o pelo app do seu banco.',
  },
  PAYMENT_ALREADY_REFUNDED: { status: 409, message: 'Este pagamento já foi devolvido.' },
  PIX_REFUND_FAILED: {
    status: 502,
    message: 'O PSP não aceitou a devolução agora. Tente novamente em instantes.',
  },
});
