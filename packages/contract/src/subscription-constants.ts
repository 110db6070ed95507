// Without zod: the subscriptions constants the web client's first load needs before subscriptions.ts's schemas
// (docs/decisions/036-web-first-load.md).

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
