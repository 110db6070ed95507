// Without zod: the finance constants the web client's first load needs before finance.ts's schemas
// (docs/decisions/036-web-first-load.md).
import { isIsoDate } from './dates';

/** Largest amount in absolute value, in centavos: R$ 999.999.999,99 (stored as bigint). */
export const AMOUNT_MAX_CENTS = 99_999_999_999;
/** AMOUNT_MAX_CENTS in reais, as the API's amounts are written. */
export const AMOUNT_MAX = AMOUNT_MAX_CENTS / 100;
/** Rows in one POST /transaction or DELETE /transactions. */
export const TRANSACTIONS_BATCH_MAX = 1000;
/** Bytes of one imported bank file. */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENTS_MAX = 10;
export const ACCOUNT_TYPES = [
  'checking',
  'savings',
  'credit_card',
  'cash',
  'investment',
  'payment_account',
  'other',
] as const;
export const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  checking: 'Conta corrente',
  savings: 'Poupança',
  credit_card: 'Cartão de crédito',
  cash: 'Dinheiro',
  investment: 'Investimento',
  payment_account: 'Conta de pagamento',
  other: 'Outra',
};
/** `canceled` rows count nowhere; balances count `paid` and `reconciled`, projections `pending` too. */
export const TRANSACTION_STATUSES = ['pending', 'paid', 'reconciled', 'canceled'] as const;
export const TRANSACTION_STATUS_LABELS: Record<(typeof TRANSACTION_STATUSES)[number], string> = {
  pending: 'Pendente',
  paid: 'Pago',
  reconciled: 'Conciliado',
  canceled: 'Cancelado',
};
export const CATEGORY_TYPES = ['income', 'expense', 'transfer'] as const;
export const CATEGORY_TYPE_LABELS: Record<(typeof CATEGORY_TYPES)[number], string> = {
  income: 'Receita',
  expense: 'Despesa',
  transfer: 'Transferência',
};
/** Transaction fields a bank-file column can be mapped to (null: the column is ignored). */
export const IMPORT_FIELDS = [
  'date',
  'amount',
  'label',
  'description',
  'external_id',
  'category',
  'note',
] as const;

/** The dates finance accepts: from 1900 to 2100. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';

/** `IsoDate`'s rule (finance.ts) without zod: an existing date 'YYYY-MM-DD' from 1900 to 2100. */
export const isFinanceDate = (value: string) =>
  isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX;
