import { PAGING } from '@fa-clube/contract';
import type { Transaction } from '@fa-clube/contract';
import { Plus, ReceiptText, Upload } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { SectionHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useAccounts,
  useCategories,
  useFinanceWorkspace,
  useTransactions,
} from '../hooks/use-finance';
import { useTransactionFilters } from '../hooks/use-transaction-filters';
import { t } from '../strings';
import { ExportButton } from './export-button';
import { Pager } from './pager';
import { TransactionFilters } from './transaction-filters';
import { TransactionList } from './transaction-list';

// the dialogs (Radix Dialog, the forms, the upload) load when one opens, not with the page
const ReceiptsDialog = lazy(() =>
  import('./receipts-dialog').then((m) => ({ default: m.ReceiptsDialog })),
);
const TransactionDialog = lazy(() =>
  import('./transaction-dialog').then((m) => ({ default: m.TransactionDialog })),
);

type Dialog = { kind: 'edit'; row: Transaction | null } | { kind: 'receipts'; id: string } | null;

/**
 * /finance/transactions: the filters (kept in the address), the list a page at a time, the CSV
 * export of everything the filters match, and the owner's new/edit/delete and receipts.
 */
export function TransactionsScreen() {
  const { ws, isOwner } = useFinanceWorkspace();
  const filterState = useTransactionFilters();
  const { filters, page, setPage, active } = filterState;
  const accounts = useAccounts(ws);
  const categories = useCategories(ws);
  const list = useTransactions(ws, filters, page);
  const [dialog, setDialog] = useState<Dialog>(null);

  const accountList = accounts.data ?? [];
  const categoryList = categories.data ?? [];
  const rows = list.data?.transactions ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGING.transactions.size));
  const receiptsRow =
    dialog?.kind === 'receipts' ? rows.find((row) => row.id === dialog.id) : undefined;

  return (
    <section aria-labelledby="transactions-title" className="grid gap-5">
      <SectionHeader
        className="mb-0"
        title={<span id="transactions-title">{t.transactions.title}</span>}
        description={t.transactions.description}
        actions={
          <>
            <ExportButton
              ws={ws!}
              filters={filters}
              accounts={accountList}
              categories={categoryList}
            />
            {isOwner ? (
              <Button
                onClick={() => setDialog({ kind: 'edit', row: null })}
                disabled={accounts.isSuccess && accountList.length === 0}
                title={accountList.length === 0 ? t.transactions.needsAccount : undefined}
              >
                <Plus aria-hidden />
                {t.transactions.add}
              </Button>
            ) : null}
          </>
        }
      />
      <TransactionFilters state={filterState} accounts={accountList} categories={categoryList} />
      {list.isPending ? (
        <div className="grid gap-2" aria-busy>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14 rounded-lg" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadError message={t.finance.loadError} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        active ? (
          <EmptyState
            icon={ReceiptText}
            title={t.transactions.noMatchTitle}
            description={t.transactions.noMatchText}
            action={
              <Button variant="outline" onClick={filterState.clear}>
                {t.transactions.clear}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={ReceiptText}
            title={t.transactions.emptyTitle}
            description={t.transactions.emptyText}
            action={
              isOwner ? (
                <Link to="/finance/import" className={buttonVariants({ variant: 'outline' })}>
                  <Upload aria-hidden />
                  {t.import.title}
                </Link>
              ) : null
            }
          />
        )
      ) : (
        <div className="grid gap-4" aria-busy={list.isPlaceholderData || undefined}>
          <TransactionList
            ws={ws!}
            rows={rows}
            accounts={accountList}
            categories={categoryList}
            isOwner={isOwner}
            onEdit={(row) => setDialog({ kind: 'edit', row })}
            onReceipts={(row) => setDialog({ kind: 'receipts', id: row.id })}
          />
          <Pager
            label={t.transactions.paging}
            status={`${t.transactions.count(total)} · ${t.transactions.page(page, pages)}`}
            hasPrevious={page > PAGING.transactions.base && !list.isPlaceholderData}
            hasNext={page < pages && !list.isPlaceholderData}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
          />
        </div>
      )}
      {dialog?.kind === 'edit' ? (
        <Suspense fallback={null}>
          <TransactionDialog
            key={dialog.row?.id ?? 'new'}
            ws={ws!}
            row={dialog.row}
            accounts={accountList}
            categories={categoryList}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      {receiptsRow ? (
        <Suspense fallback={null}>
          <ReceiptsDialog
            ws={ws!}
            row={receiptsRow}
            isOwner={isOwner}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
