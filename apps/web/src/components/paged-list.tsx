import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/pt-BR';

interface PagedListProps<TPage extends { total: number }, TItem> {
  query: UseInfiniteQueryResult<InfiniteData<TPage>>;
  /** The items of one page. */
  itemsOf: (page: TPage) => readonly TItem[];
  /** Items per page: the count ('20 de 25') shows when there is more than one page. */
  pageSize: number;
  /** Logged with the error when the list fails to load (the failure is not shown, spec 8). */
  errorLog: string;
  /** Above the list, also when it is empty. */
  header?: ReactNode;
  /** Shown instead of the list when it has no item. */
  empty: ReactNode;
  /** The list of the items loaded so far. */
  children: (items: TItem[]) => ReactNode;
}

/**
 * A list read page by page with 'Carregar mais': a spinner while the first page loads, a
 * 'Tentar novamente' button when it fails, the empty state, then the items with the count and
 * the button for the next page.
 */
export function PagedList<TPage extends { total: number }, TItem>({
  query,
  itemsOf,
  pageSize,
  errorLog,
  header,
  empty,
  children,
}: PagedListProps<TPage, TItem>) {
  useEffect(() => {
    if (query.error) console.error(errorLog, query.error);
  }, [query.error, errorLog]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-12">
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t.common.retry}
        </Button>
      </div>
    );
  }

  const items = query.data.pages.flatMap(itemsOf);
  const total = query.data.pages.at(-1)?.total ?? items.length;
  return (
    <div className="grid gap-4">
      {header}
      {items.length === 0 ? empty : children(items)}
      {items.length > 0 ? (
        <div className="flex flex-col items-center gap-2">
          {total > pageSize ? (
            <p className="text-xs text-muted-foreground">{t.common.countOf(items.length, total)}</p>
          ) : null}
          {query.hasNextPage ? (
            <Button
              variant="outline"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t.common.loadMore}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
