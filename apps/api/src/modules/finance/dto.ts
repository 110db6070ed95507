import { centsToMajor, majorToCents } from '@fa-clube/contract';
import type { Account, Category, Transaction } from '@fa-clube/contract';
import { AppError } from '../../lib/errors';
import type { AccountRow } from './accounts.repo';
import type { CategoryRow } from './categories.repo';
import type { AccountFigures } from './figures.repo';
import type { TransactionRow } from './transactions.repo';

/**
 * A sum of centavos in reais. Sums of many rows can pass what a JSON number
 * holds exactly (2^53 centavos): refused with a clear answer instead of a
 * rounded figure.
 */
export function totalToMajor(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new AppError('FINANCE_TOTAL_TOO_LARGE');
  return centsToMajor(cents);
}

export const optionalCents = (amount: number | null | undefined) =>
  amount === undefined ? undefined : amount === null ? null : majorToCents(amount);
const optionalMajor = (cents: number | null) => (cents === null ? null : centsToMajor(cents));

const NO_FIGURES: AccountFigures = { settledCents: 0, pendingCents: 0 };

/** opening balance + paid and reconciled rows. */
export const accountBalanceCents = (account: AccountRow, figures = NO_FIGURES) =>
  account.openingBalanceCents + figures.settledCents;

export function toAccount(account: AccountRow, figures?: AccountFigures): Account {
  return {
    id: account.id,
    label: account.label,
    account_type: account.accountType,
    description: account.description,
    currency: account.currency,
    opening_balance: centsToMajor(account.openingBalanceCents),
    balance: totalToMajor(accountBalanceCents(account, figures)),
    created_at: account.createdAt.toISOString(),
  };
}

export function toCategory(category: CategoryRow): Category {
  return {
    id: category.id,
    label: category.label,
    color: category.color,
    category_type: category.categoryType,
    description: category.description,
    match: category.match,
  };
}

export function toTransaction(
  row: TransactionRow,
  attachmentUrl: (filePath: string) => string,
): Transaction {
  return {
    id: row.id,
    account_id: row.accountId,
    date: row.date,
    amount: centsToMajor(row.amountCents),
    label: row.label,
    description: row.description,
    currency: row.currency,
    assign_id: row.assignId,
    note: row.note,
    conciliation_id: row.conciliationId,
    attachments: row.attachments.map((file_path) => ({ file_path, url: attachmentUrl(file_path) })),
    category: row.categoryId,
    status: row.status,
    issued_invoice: row.issuedInvoice,
    interest: optionalMajor(row.interestCents),
    discounts: optionalMajor(row.discountsCents),
    fines: optionalMajor(row.finesCents),
    taxes: optionalMajor(row.taxesCents),
    fees: optionalMajor(row.feesCents),
    price: optionalMajor(row.priceCents),
    currency_quote: row.currencyQuote,
    external_id: row.externalId,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  };
}
