import { DEFAULT_CURRENCY } from '@fa-clube/contract';
import type { Account, ReportQuery } from '@fa-clube/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import {
  fetchAllAccounts,
  fetchBalances,
  fetchCashflow,
  fetchCategories,
  fetchChargesReport,
  fetchExpenses,
  fetchTransactions,
  financeKey,
  financeKeys,
} from '../api/finance-api';
import type { TransactionFilters } from '../api/finance-api';

/** The current workspace (null until the workspace list loaded) and whether the user owns it. */
export function useFinanceWorkspace() {
  const { workspace } = useSession();
  return { ws: workspace?.id ?? null, isOwner: workspace?.is_owner === true };
}

export function useAccounts(ws: string | null) {
  return useQuery({
    queryKey: financeKeys.accounts(ws ?? ''),
    queryFn: ({ signal }) => fetchAllAccounts(ws!, signal),
    enabled: Boolean(ws),
  });
}

/** The currencies of the accounts, BRL first: each one has its own totals (none adds two). */
export function accountCurrencies(accounts: readonly Account[] | undefined): string[] {
  const found = new Set([DEFAULT_CURRENCY, ...(accounts ?? []).map((a) => a.currency)]);
  return [...found];
}

export function useBalances(ws: string | null, currency: string) {
  return useQuery({
    queryKey: financeKeys.balances(ws ?? '', currency),
    queryFn: ({ signal }) => fetchBalances(ws!, currency, signal),
    enabled: Boolean(ws),
  });
}

export function useCategories(ws: string | null) {
  return useQuery({
    queryKey: financeKeys.categories(ws ?? ''),
    queryFn: ({ signal }) => fetchCategories(ws!, signal),
    enabled: Boolean(ws),
    select: (answer) => answer.categories,
  });
}

/** One page of the filtered list; the previous page stays on screen while the next loads. */
/** The list a page at a time; `ready` false holds it (the filters are still being checked). */
export function useTransactions(ws: string | null, filters: TransactionFilters, page: number) {
  return useQuery({
    queryKey: financeKeys.transactions(ws ?? '', filters, page),
    queryFn: ({ signal }) => fetchTransactions(ws!, filters, page, undefined, signal),
    enabled: Boolean(ws),
    placeholderData: keepPreviousData,
  });
}

export function useCashflow(ws: string | null, query: ReportQuery) {
  return useQuery({
    queryKey: financeKeys.cashflow(ws ?? '', query),
    queryFn: ({ signal }) => fetchCashflow(ws!, query, signal),
    enabled: Boolean(ws),
    placeholderData: keepPreviousData,
  });
}

export function useExpenses(ws: string | null, query: ReportQuery) {
  return useQuery({
    queryKey: financeKeys.expenses(ws ?? '', query),
    queryFn: ({ signal }) => fetchExpenses(ws!, query, signal),
    enabled: Boolean(ws),
    placeholderData: keepPreviousData,
  });
}

export function useChargesReport(ws: string | null, currency: string) {
  return useQuery({
    queryKey: financeKeys.charges(ws ?? '', currency),
    queryFn: ({ signal }) => fetchChargesReport(ws!, currency, signal),
    enabled: Boolean(ws),
  });
}

/**
 * A finance write: when it settles, every finance query of the workspace is refreshed (a
 * transaction moves balances, lists and reports at once).
 */
export function useFinanceMutation<TVariables, TData>(
  ws: string | null,
  write: (ws: string, variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => write(ws!, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: financeKey(ws ?? '') }),
  });
}
