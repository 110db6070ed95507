import type { Account, Category } from '@fa-clube/contract';
import { ListFilter, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useIsWideLayout } from '@/lib/use-media-query';
import type { TransactionFilters as Filters } from '../api/finance-api';
import type { useTransactionFilters } from '../hooks/use-transaction-filters';
import { t } from '../strings';
import { CategoryOptions, StatusOptions } from './select-options';
import { DateInput } from './date-input';

/** A filter date goes to the address once complete (or cleared). */
const isDateOrNone = (date: string) => date === '' || /^\d{4}-\d{2}-\d{2}$/.test(date);

const SEARCH_DELAY_MS = 300;

/** Search, account, category, status and period of the transactions list. */
export function TransactionFilters({
  state,
  accounts,
  categories,
}: {
  state: ReturnType<typeof useTransactionFilters>;
  accounts: readonly Account[];
  categories: readonly Category[];
}) {
  const { filters, setFilter, clear, active } = state;
  const value = (key: keyof Filters) => filters[key] ?? '';
  const wide = useIsWideLayout();
  const [open, setOpen] = useState(false);
  // on a phone the list comes first: the filters other than the search fold away
  const chosen = Object.keys(filters).filter((key) => key !== 'q').length;
  const folded = !wide && !open;
  return (
    <div
      role="search"
      aria-label={t.transactions.filters}
      className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 shadow-xs md:grid-cols-3 md:items-end xl:grid-cols-4"
    >
      <SearchField initial={value('q')} setFilter={setFilter} />
      {wide ? null : (
        <Button
          variant="outline"
          size="sm"
          className="col-span-2 justify-self-start"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <ListFilter aria-hidden />
          {chosen > 0 ? t.transactions.filtersCount(chosen) : t.transactions.filters}
        </Button>
      )}
      {folded ? null : (
        <>
          <Field label={t.transactions.account} className="col-span-2 sm:col-span-1 xl:order-1">
            {(control) => (
              <NativeSelect
                {...control}
                value={value('account_id')}
                onChange={(e) => setFilter('account_id', e.target.value)}
              >
                <option value="">{t.transactions.allAccounts}</option>
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={t.transactions.category} className="col-span-2 sm:col-span-1 xl:order-1">
            {(control) => (
              <NativeSelect
                {...control}
                value={value('category')}
                onChange={(e) => setFilter('category', e.target.value)}
              >
                <option value="">{t.transactions.allCategories}</option>
                <option value="none">{t.transactions.uncategorized}</option>
                <CategoryOptions categories={categories} />
              </NativeSelect>
            )}
          </Field>
          <Field label={t.transactions.status} className="col-span-2 sm:col-span-1 xl:order-1">
            {(control) => (
              <NativeSelect
                {...control}
                value={value('status')}
                onChange={(e) => setFilter('status', e.target.value)}
              >
                <option value="">{t.transactions.allStatuses}</option>
                <StatusOptions />
              </NativeSelect>
            )}
          </Field>
          <Field label={t.transactions.from}>
            {(control) => (
              <DateInput
                {...control}
                value={value('from')}
                onChange={(date) => isDateOrNone(date) && setFilter('from', date)}
              />
            )}
          </Field>
          <Field label={t.transactions.to}>
            {(control) => (
              <DateInput
                {...control}
                value={value('to')}
                onChange={(date) => isDateOrNone(date) && setFilter('to', date)}
              />
            )}
          </Field>
          <Button
            variant="ghost"
            onClick={clear}
            disabled={!active}
            className="col-span-2 justify-self-start md:col-span-1 xl:order-1"
          >
            <X aria-hidden />
            {t.transactions.clear}
          </Button>
        </>
      )}
    </div>
  );
}

/** The search box: the list follows the typing after a short pause. */
function SearchField({
  initial,
  setFilter,
}: {
  initial: string;
  setFilter: ReturnType<typeof useTransactionFilters>['setFilter'];
}) {
  const [text, setText] = useState(initial);
  // the address changed by itself ('Limpar filtros', back): show its search
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    if (initial !== text.trim()) setText(initial);
  }
  useEffect(() => {
    if (text.trim() === initial) return;
    const timer = window.setTimeout(() => setFilter('q', text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, initial, setFilter]);
  return (
    <Field label={t.transactions.search} className="col-span-2 md:col-span-3 xl:col-span-2">
      {(control) => (
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            {...control}
            type="search"
            value={text}
            maxLength={100}
            placeholder={t.transactions.searchPlaceholder}
            onChange={(e) => setText(e.target.value)}
            className="pl-9"
          />
        </div>
      )}
    </Field>
  );
}
