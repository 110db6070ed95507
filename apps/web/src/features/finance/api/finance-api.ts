import { PAGE_SIZE_MAX, PAGING, apiPath, financePaths, paths } from '@fa-clube/contract';
import type {
  CategorizeBody,
  CreateAccountBody,
  CreateCategoryBody,
  CreateTransactionsBody,
  ExtensionType,
  FormatBody,
  MappingBody,
  ReportQuery,
  UpdateAccountBody,
  UpdateCategoryBody,
  UpdateTransactionBody,
  Account,
} from '@fa-clube/contract';
import { api, request } from '@/lib/api-client';

/** The list's filters as GET /transactions/{ws} takes them (no paging). */
export interface TransactionFilters {
  account_id?: string;
  /** A category id, or 'none' for the uncategorized rows. */
  category?: string;
  status?: string;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * Every finance query of a workspace lives under `financeKey(ws)`: a write invalidates it all,
 * because a transaction moves balances, lists and reports at once.
 */
export const financeKey = (ws: string) => ['finance', ws] as const;
export const financeKeys = {
  accounts: (ws: string) => [...financeKey(ws), 'accounts'] as const,
  balances: (ws: string, currency: string) => [...financeKey(ws), 'balances', currency] as const,
  categories: (ws: string) => [...financeKey(ws), 'categories'] as const,
  transactions: (ws: string, filters: TransactionFilters, page: number) =>
    [...financeKey(ws), 'transactions', filters, page] as const,
  cashflow: (ws: string, query: ReportQuery) => [...financeKey(ws), 'cashflow', query] as const,
  expenses: (ws: string, query: ReportQuery) => [...financeKey(ws), 'expenses', query] as const,
  charges: (ws: string, currency: string) => [...financeKey(ws), 'charges', currency] as const,
};

const path = (template: string, ws: string, id?: string) =>
  apiPath(template, id ? { ws, id } : { ws });

// ---- Accounts ---------------------------------------------------------------------------

/** GET /accounts/{ws}?page=&size=: one page. */
const fetchAccountsPage = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(path(financePaths.accounts, ws), {
    query: { page, size: PAGE_SIZE_MAX },
    schema: 'AccountsResponse',
    signal,
  });

/** Every account of the workspace (the selects and the accounts screen need them all). */
export async function fetchAllAccounts(ws: string, signal?: AbortSignal): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let page = PAGING.accounts.base; ; page++) {
    const answer = await fetchAccountsPage(ws, page, signal);
    accounts.push(...answer.accounts);
    if (answer.accounts.length === 0 || accounts.length >= answer.total) return accounts;
  }
}

/** GET /accounts/{ws}/balances?currency= */
export const fetchBalances = (ws: string, currency: string, signal?: AbortSignal) =>
  api.get(path(financePaths.accountBalances, ws), {
    query: { currency },
    schema: 'BalancesResponse',
    signal,
  });

export const createAccount = (ws: string, body: CreateAccountBody) =>
  api.post(path(financePaths.account, ws), body, { schema: 'Account' });

export const updateAccount = (ws: string, id: string, body: UpdateAccountBody) =>
  api.put(path(financePaths.accountItem, ws, id), body, { schema: 'Account' });

export const deleteAccount = (ws: string, id: string) =>
  api.delete(path(financePaths.accountItem, ws, id));

// ---- Categories -------------------------------------------------------------------------

export const fetchCategories = (ws: string, signal?: AbortSignal) =>
  api.get(path(financePaths.categories, ws), {
    schema: 'CategoriesResponse',
    signal,
  });

export const createCategory = (ws: string, body: CreateCategoryBody) =>
  api.post(path(financePaths.categories, ws), body, { schema: 'Category' });

export const updateCategory = (ws: string, id: string, body: UpdateCategoryBody) =>
  api.put(path(financePaths.categoryItem, ws, id), body, { schema: 'Category' });

export const deleteCategory = (ws: string, id: string) =>
  api.delete(path(financePaths.categoryItem, ws, id));

// ---- Transactions -----------------------------------------------------------------------

/** GET /transactions/{ws}?page=&size=&<filters>: newest first. */
export const fetchTransactions = (
  ws: string,
  filters: TransactionFilters,
  page: number,
  size: number = PAGING.transactions.size,
  signal?: AbortSignal,
) =>
  api.get(path(financePaths.transactions, ws), {
    query: { ...filters, page, size },
    schema: 'TransactionsResponse',
    signal,
  });

/** POST /transaction/{ws}: up to TRANSACTIONS_BATCH_MAX rows, all or none. */
export const createTransactions = (ws: string, body: CreateTransactionsBody) =>
  api.post(path(financePaths.transaction, ws), body, {
    schema: 'TransactionsCreatedResponse',
  });

export const updateTransaction = (ws: string, id: string, body: UpdateTransactionBody) =>
  api.put(path(financePaths.transactionItem, ws, id), body, {
    schema: 'Transaction',
  });

/** DELETE /transactions/{ws} { transactions: [ids] }: all or none. */
export const deleteTransactions = (ws: string, ids: string[]) =>
  request(path(financePaths.transactions, ws), {
    method: 'DELETE',
    body: { transactions: ids },
    schema: 'DeleteTransactionsResponse',
  });

/** DELETE /transactions/{ws}/{id}/attachment?file_path= */
export const deleteAttachment = (ws: string, id: string, filePath: string) =>
  api.delete(path(financePaths.transactionAttachment, ws, id), {
    query: { file_path: filePath },
  });

/** POST /workspaces/objects/{ws}: where to PUT a receipt's bytes, and its path in the store. */
export const requestReceiptUpload = (ws: string, extension: ExtensionType, size: number) =>
  api.post(
    apiPath(paths.objects, { ws }),
    { extension_type: extension, size },
    { schema: 'ObjectUploadResponse' },
  );

// ---- Reports ----------------------------------------------------------------------------

export const fetchCashflow = (ws: string, query: ReportQuery, signal?: AbortSignal) =>
  api.get(path(financePaths.cashflow, ws), {
    query,
    schema: 'CashflowResponse',
    signal,
  });

export const fetchExpenses = (ws: string, query: ReportQuery, signal?: AbortSignal) =>
  api.get(path(financePaths.categoryExpenses, ws), {
    query,
    schema: 'ExpensesResponse',
    signal,
  });

export const fetchChargesReport = (ws: string, currency: string, signal?: AbortSignal) =>
  api.get(path(financePaths.chargesReport, ws), {
    query: { currency },
    schema: 'ChargesReportResponse',
    signal,
  });

// ---- Import (three calls that write nothing) ---------------------------------------------

export const suggestMapping = (ws: string, body: MappingBody) =>
  api.post(path(financePaths.importMapping, ws), body, {
    schema: 'MappingResponse',
  });

export const formatStatement = (ws: string, body: FormatBody) =>
  api.post(path(financePaths.importFormat, ws), body, {
    schema: 'FormatResponse',
  });

export const categorizeRows = (ws: string, body: CategorizeBody) =>
  api.post(path(financePaths.importCategorize, ws), body, {
    schema: 'CategorizeResponse',
  });
