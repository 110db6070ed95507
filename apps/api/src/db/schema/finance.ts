import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { charges } from './payments';
import { users } from './users';

// The finance ledger (issue 9; docs/decisions/027-finance-ledger.md). Money in
// integer centavos (bigint: amounts reach R$ 999.999.999,99) with the row's
// currency. `workspace_id` has no foreign key on purpose: a workspace's money
// records outlive it (workspaces are soft-deleted), so no cascade reaches them.

export type AccountType =
  'checking' | 'savings' | 'credit_card' | 'cash' | 'investment' | 'payment_account' | 'other';
export type CategoryType = 'income' | 'expense' | 'transfer';
export type TransactionStatus = 'pending' | 'paid' | 'reconciled' | 'canceled';
export type TransactionSource = 'manual' | 'import' | 'pix';
/** An account the server keeps itself: `pix` receives the paid Pix charges. */
export type AccountSystemKey = 'pix';

/** The import mapping last confirmed for an account (ImportMapping in the contract). */
export interface StoredImportMapping {
  columns: Record<string, string | null>;
  invert_amounts: boolean;
}

const cents = (name: string) => bigint(name, { mode: 'number' });

export const financeAccounts = pgTable(
  'finance_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    label: text('label').notNull(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    description: text('description'),
    currency: text('currency').notNull().default('BRL'),
    openingBalanceCents: cents('opening_balance_cents').notNull().default(0),
    systemKey: text('system_key').$type<AccountSystemKey>(),
    importMapping: jsonb('import_mapping').$type<StoredImportMapping>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('finance_accounts_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    // One Pix account per workspace, created on first use (ON CONFLICT DO NOTHING).
    uniqueIndex('finance_accounts_system_uq').on(t.workspaceId, t.systemKey),
  ],
);

export const financeCategories = pgTable(
  'finance_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    label: text('label').notNull(),
    color: text('color').notNull(),
    categoryType: text('category_type').$type<CategoryType>().notNull(),
    description: text('description'),
    /** The category's categorization rules: words matched in a row's description. */
    match: text('match')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('finance_categories_label_uq').on(t.workspaceId, sql`lower(${t.label})`)],
);

export const financeTransactions = pgTable(
  'finance_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    /** No cascade: an account with transactions is not deleted (409 ACCOUNT_HAS_TRANSACTIONS). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => financeAccounts.id),
    date: date('date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    label: text('label').notNull(),
    description: text('description'),
    assignId: uuid('assign_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    conciliationId: text('conciliation_id'),
    /** Workspace-relative file-store paths. */
    attachments: text('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Deleting a category leaves its transactions uncategorized. */
    categoryId: uuid('category_id').references(() => financeCategories.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<TransactionStatus>().notNull().default('paid'),
    issuedInvoice: boolean('issued_invoice').notNull().default(false),
    interestCents: cents('interest_cents'),
    discountsCents: cents('discounts_cents'),
    finesCents: cents('fines_cents'),
    taxesCents: cents('taxes_cents'),
    feesCents: cents('fees_cents'),
    priceCents: cents('price_cents'),
    /** An exchange rate, not money: exact decimal. */
    currencyQuote: numeric('currency_quote', { precision: 20, scale: 8, mode: 'number' }),
    externalId: text('external_id'),
    /** De-duplication key of an imported row (see the import engine's importKeys). */
    importKey: text('import_key'),
    source: text('source').$type<TransactionSource>().notNull(),
    /** The Pix charge this row books (source 'pix'): one row per charge. */
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Importing a file twice adds nothing, also under concurrency.
    uniqueIndex('finance_transactions_import_key_uq').on(t.accountId, t.importKey),
    uniqueIndex('finance_transactions_charge_uq').on(t.chargeId),
    // The list, newest first (read backwards), with its filters; see the decision record's plans.
    index('finance_transactions_list_idx').on(t.workspaceId, t.date, t.createdAt, t.id),
    index('finance_transactions_account_idx').on(t.accountId, t.date, t.createdAt, t.id),
    index('finance_transactions_category_idx').on(t.categoryId, t.date, t.createdAt, t.id),
    index('finance_transactions_status_idx').on(t.workspaceId, t.status, t.date, t.createdAt, t.id),
    index('finance_transactions_uncategorized_idx')
      .on(t.workspaceId, t.date, t.createdAt, t.id)
      .where(sql`${t.categoryId} is null`),
  ],
);

/**
 * Maintained sums of the transactions per account, month, category and status
 * (statement triggers on finance_transactions, in migration
 * 0007_finance.sql): balances, list totals and the monthly reports read these
 * few rows instead of every transaction. Written only by the triggers.
 */
export const financeMonthlyFigures = pgTable(
  'finance_monthly_figures',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => financeAccounts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').notNull(),
    currency: text('currency').notNull(),
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** No foreign key: a deleted category's rows move to null through the transactions' triggers. */
    categoryId: uuid('category_id'),
    status: text('status').$type<TransactionStatus>().notNull(),
    incomeCents: cents('income_cents').notNull().default(0),
    incomeCount: integer('income_count').notNull().default(0),
    expenseCents: cents('expense_cents').notNull().default(0),
    expenseCount: integer('expense_count').notNull().default(0),
  },
  (t) => [
    unique('finance_monthly_figures_key')
      .on(t.accountId, t.month, t.categoryId, t.status)
      .nullsNotDistinct(),
    index('finance_monthly_figures_workspace_idx').on(t.workspaceId, t.currency, t.month),
  ],
);
