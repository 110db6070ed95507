import { PAGING, TransactionsQuery } from '@fa-clube/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TransactionFilters } from '../api/finance-api';

const FILTER_KEYS = ['account_id', 'category', 'status', 'from', 'to', 'q'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters in the address as they are. */
function addressFilters(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  return raw;
}

/** The filters each checked by the contract's query schema; a bad one is dropped. */
function checkFilters(address: Record<string, string>): TransactionFilters {
  const raw = { ...address };
  for (;;) {
    const parsed = TransactionsQuery.safeParse(raw);
    if (parsed.success) {
      const filters: TransactionFilters = {};
      for (const key of FILTER_KEYS) if (raw[key]) filters[key] = raw[key];
      return filters;
    }
    const bad = parsed.error.issues.map((issue) => String(issue.path[0])).filter((k) => k in raw);
    if (bad.length === 0) return {};
    for (const key of bad) delete raw[key];
  }
}

/**
 * The transactions list's filters and page, kept in the address (?account_id=&category=&status=
 * &from=&to=&q=&page=) so a filtered list can be linked to and survives a reload. Changing a
 * filter goes back to the first page.
 */
export function useTransactionFilters() {
  const [params, setParams] = useSearchParams();
  const filters: TransactionFilters = useMemo(() => checkFilters(addressFilters(params)), [params]);
  const pageParam = Number(params.get('page'));
  const page =
    Number.isInteger(pageParam) && pageParam >= PAGING.transactions.base
      ? pageParam
      : PAGING.transactions.base;

  const setFilter = useCallback(
    (key: FilterKey, value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        out.set('page', String(next));
        return out;
      }),
    [setParams],
  );
  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const active = Object.keys(filters).length > 0;
  return { filters, page, setFilter, setPage, clear, active };
}
