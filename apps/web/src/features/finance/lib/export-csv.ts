import { PAGE_SIZE_MAX, PAGING, TRANSACTION_STATUS_LABELS, majorToCents } from '@fa-clube/contract';
import type { Account, Category, Transaction } from '@fa-clube/contract';
import Papa from 'papaparse';
import { fetchTransactions } from '../api/finance-api';
import type { TransactionFilters } from '../api/finance-api';
import { t } from '../strings';
import { formatDate } from './format';

/**
 * The CSV export of the filtered list, made in the browser: every page of GET /transactions at
 * the largest page size, then one file in UTF-8 with BOM, `;`-separated with decimal commas, as
 * a spreadsheet in Portuguese opens it.
 */

const COLUMNS = [
  'Data',
  'Descrição',
  'Detalhes',
  'Conta',
  'Categoria',
  'Situação',
  'Valor',
  'Moeda',
  'Origem',
  'Observação',
  'Identificador do banco',
] as const;

/**
 * A spreadsheet can run a cell that starts with = + - @ (or a tab/CR before one) as a formula:
 * such text cells get an apostrophe first (OWASP), as the server's exports do.
 */
const neutralize = (value: string | null) =>
  value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '');

/** -1234.5 -> '-1234,50': a number a pt-BR spreadsheet reads, without a thousands separator. */
function decimalComma(major: number): string {
  const cents = majorToCents(major);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export function transactionsCsv(
  rows: readonly Transaction[],
  accounts: readonly Account[],
  categories: readonly Category[],
): string {
  const accountName = new Map(accounts.map((a) => [a.id, a.label]));
  const categoryName = new Map(categories.map((c) => [c.id, c.label]));
  const data = rows.map((row) => [
    formatDate(row.date),
    neutralize(row.label),
    neutralize(row.description),
    neutralize(accountName.get(row.account_id) ?? ''),
    neutralize(row.category ? (categoryName.get(row.category) ?? '') : ''),
    TRANSACTION_STATUS_LABELS[row.status],
    decimalComma(row.amount),
    row.currency,
    t.finance.sources[row.source],
    neutralize(row.note),
    neutralize(row.external_id),
  ]);
  return `\uFEFF${Papa.unparse({ fields: [...COLUMNS], data }, { delimiter: ';', newline: '\r\n' })}\r\n`;
}

/** Every row of the filtered list, page by page; `onProgress(done, total)` after each page. */
export async function fetchAllTransactions(
  ws: string,
  filters: TransactionFilters,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let page = PAGING.transactions.base; ; page++) {
    const answer = await fetchTransactions(ws, filters, page, PAGE_SIZE_MAX, signal);
    rows.push(...answer.transactions);
    onProgress(rows.length, answer.total);
    if (answer.transactions.length === 0 || rows.length >= answer.total) return rows;
  }
}
