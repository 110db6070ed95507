import {
  AccountType,
  CategoryMatch,
  CategoryType,
  CreateAccountBody,
  CreateCategoryBody,
  IsoDate,
  TransactionInput,
  TransactionStatus,
  centsToMajor,
} from '@fa-clube/contract';
import { z } from 'zod';
import { t } from './strings';

/**
 * The finance forms: what the fields hold (money in centavos as typed, '' for "none"), turned
 * into the contract's request bodies, whose messages go to the fields with the same names.
 */

const optional = (text: string) => text.trim() || null;

export const AccountForm = z
  .object({
    label: z.string(),
    account_type: AccountType,
    currency: z.string(),
    /** Centavos, signed. */
    opening_balance: z.number().int(),
    description: z.string(),
  })
  .transform((v): z.input<typeof CreateAccountBody> => ({
    ...v,
    opening_balance: centsToMajor(v.opening_balance),
    description: optional(v.description),
  }))
  .pipe(CreateAccountBody);
export type AccountFormValues = z.input<typeof AccountForm>;

/** 'padaria, Mercado;uber' -> ['padaria', 'Mercado', 'uber']. */
const splitKeywords = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((word) => word.trim())
    .filter(Boolean);

export const CategoryForm = z
  .object({
    label: z.string(),
    color: z.string(),
    category_type: CategoryType,
    description: z.string(),
    /** The keywords as typed, separated by commas. */
    match: z.string(),
  })
  .superRefine((v, ctx) => {
    const checked = CategoryMatch.safeParse(splitKeywords(v.match));
    if (!checked.success)
      ctx.addIssue({ code: 'custom', path: ['match'], message: checked.error.issues[0]!.message });
  })
  .transform((v): z.input<typeof CreateCategoryBody> => ({
    ...v,
    description: optional(v.description),
    match: splitKeywords(v.match),
  }))
  .pipe(CreateCategoryBody);
export type CategoryFormValues = z.input<typeof CategoryForm>;

export const TRANSACTION_KINDS = ['income', 'expense'] as const;

export const TransactionForm = z
  .object({
    account_id: z.string().min(1, t.transactions.accountPlaceholder),
    date: z.string().refine((v) => IsoDate.safeParse(v).success, t.transactions.dateInvalid),
    kind: z.enum(TRANSACTION_KINDS),
    /** Centavos, positive: the kind gives the sign. */
    amount: z.number().int().positive(t.transactions.amountRequired),
    label: z.string(),
    /** A category id, or '' for none. */
    category: z.string(),
    status: TransactionStatus,
    note: z.string(),
  })
  .transform((v): z.input<typeof TransactionInput> => ({
    account_id: v.account_id,
    date: v.date,
    amount: centsToMajor(v.kind === 'expense' ? -v.amount : v.amount),
    label: v.label,
    category: v.category || null,
    status: v.status,
    note: optional(v.note),
  }))
  .pipe(TransactionInput);
export type TransactionFormValues = z.input<typeof TransactionForm>;
export type TransactionFormOutput = z.output<typeof TransactionForm>;
