import type { Account, Category, Transaction, UpdateTransactionBody } from '@fa-clube/contract';
import { Paperclip } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useIsWideLayout } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { deleteTransactions, updateTransaction } from '../api/finance-api';
import { useFinanceMutation } from '../hooks/use-finance';
import { formatDate } from '../lib/format';
import { t } from '../strings';
import { Amount } from './amount';
import { CategoryDot } from './category-dot';
import { CategoryOptions, StatusOptions } from './select-options';
import { ItemActions } from './item-actions';

interface ListProps {
  ws: string;
  rows: readonly Transaction[];
  accounts: readonly Account[];
  categories: readonly Category[];
  isOwner: boolean;
  onEdit: (row: Transaction) => void;
  onReceipts: (row: Transaction) => void;
}

/**
 * The transactions of a page: a table from 768 px, a card list on a phone (no sideways
 * scrolling). Category and status change in place (owner); members see them read-only.
 */
export function TransactionList(props: ListProps) {
  const wide = useIsWideLayout();
  const accountName = new Map(props.accounts.map((a) => [a.id, a.label]));
  return wide ? (
    <TransactionTable {...props} accountName={accountName} />
  ) : (
    <TransactionCards {...props} accountName={accountName} />
  );
}

type ViewProps = ListProps & { accountName: Map<string, string> };

function TransactionTable({ rows, accountName, ...props }: ViewProps) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-28 pl-4">{t.transactions.date}</TableHead>
            <TableHead>{t.transactions.label}</TableHead>
            <TableHead className="w-48">{t.transactions.category}</TableHead>
            <TableHead className="w-36">{t.transactions.status}</TableHead>
            <TableHead className="w-36 text-right">{t.transactions.amount}</TableHead>
            <TableHead className="w-24 pr-4">
              <span className="sr-only">{t.transactions.actions}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="transaction-row" aria-label={row.label}>
              <TableCell className="pl-4 whitespace-nowrap text-muted-foreground tabular-nums">
                {formatDate(row.date)}
              </TableCell>
              <TableCell className="max-w-0">
                <Described row={row} account={accountName.get(row.account_id)} />
              </TableCell>
              <TableCell>
                <InlineCategory row={row} {...props} />
              </TableCell>
              <TableCell>
                <InlineStatus row={row} {...props} />
              </TableCell>
              <TableCell className="text-right">
                <Amount value={row.amount} currency={row.currency} />
              </TableCell>
              <TableCell className="pr-4">
                <RowActions row={row} {...props} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function TransactionCards({ rows, accountName, ...props }: ViewProps) {
  return (
    <ul className="grid gap-3" aria-label={t.transactions.title}>
      {rows.map((row) => (
        <li
          key={row.id}
          aria-label={row.label}
          data-testid="transaction-row"
          className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <Described row={row} account={accountName.get(row.account_id)} />
            </div>
            <Amount value={row.amount} currency={row.currency} className="text-[15px]" />
          </div>
          <p className="text-[13px] text-muted-foreground tabular-nums">{formatDate(row.date)}</p>
          <div className="grid grid-cols-2 gap-2">
            <InlineCategory row={row} {...props} />
            <InlineStatus row={row} {...props} />
          </div>
          <RowActions row={row} {...props} />
        </li>
      ))}
    </ul>
  );
}

/** Label, then account, source and details in small print. */
function Described({ row, account }: { row: Transaction; account: string | undefined }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="truncate font-medium" title={row.label}>
        {row.label}
      </span>
      <span className="flex min-w-0 items-center gap-1.5 text-[13px] text-muted-foreground">
        <span className="truncate">{account ?? t.finance.none}</span>
        {row.source === 'manual' ? null : (
          <Badge variant={row.source === 'pix' ? 'success' : 'secondary'} className="px-1.5">
            {t.finance.sources[row.source]}
          </Badge>
        )}
        {row.description ? (
          <span className="hidden truncate lg:inline" title={row.description}>
            · {row.description}
          </span>
        ) : null}
      </span>
    </div>
  );
}

type RowProps = Omit<ListProps, 'rows' | 'accounts'> & { row: Transaction };

function useUpdate(ws: string, id: string) {
  return useFinanceMutation(ws, (ws, body: UpdateTransactionBody) =>
    updateTransaction(ws, id, body),
  );
}

const onFailure = { onError: (error: unknown) => toast.error(errorMessage(error)) };

function InlineCategory({ ws, row, categories, isOwner }: RowProps) {
  const update = useUpdate(ws, row.id);
  const current = categories.find((c) => c.id === row.category);
  return (
    <div className="relative">
      <CategoryDot
        color={current?.color ?? null}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2"
      />
      <NativeSelect
        aria-label={t.transactions.categoryOf(row.label)}
        value={row.category ?? ''}
        disabled={!isOwner || update.isPending}
        onChange={(e) => update.mutate({ category: e.target.value || null }, onFailure)}
        className="h-9 pl-7 text-[13px] md:text-[13px]"
      >
        <option value="">{t.transactions.uncategorized}</option>
        <CategoryOptions categories={categories} />
      </NativeSelect>
    </div>
  );
}

function InlineStatus({ ws, row, isOwner }: RowProps) {
  const update = useUpdate(ws, row.id);
  return (
    <NativeSelect
      aria-label={t.transactions.statusOf(row.label)}
      value={row.status}
      disabled={!isOwner || update.isPending}
      onChange={(e) =>
        update.mutate({ status: e.target.value as Transaction['status'] }, onFailure)
      }
      className={cn(
        'h-9 text-[13px] md:text-[13px]',
        row.status === 'canceled' && 'text-muted-foreground line-through',
      )}
    >
      <StatusOptions />
    </NativeSelect>
  );
}

function RowActions({ ws, row, isOwner, onEdit, onReceipts }: RowProps) {
  const remove = useFinanceMutation(ws, (ws, id: string) => deleteTransactions(ws, [id]));
  const receipts = row.attachments.length;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        aria-label={t.transactions.receiptsOf(row.label, receipts)}
        onClick={() => onReceipts(row)}
        disabled={!isOwner && receipts === 0}
      >
        <Paperclip aria-hidden />
        <span aria-hidden>{receipts}</span>
      </Button>
      {isOwner ? (
        <ItemActions
          label={t.transactions.rowActions(row.label)}
          onEdit={() => onEdit(row)}
          remove={
            row.source === 'pix'
              ? undefined
              : {
                  title: t.transactions.removeTitle,
                  description: t.transactions.removeText(row.label),
                  confirmLabel: t.transactions.removeConfirm,
                  run: () => remove.mutateAsync(row.id),
                  done: t.transactions.removed,
                }
          }
        />
      ) : null}
    </div>
  );
}
