import { ACCOUNT_TYPE_LABELS } from '@fa-clube/contract';
import type { Account, BalancesResponse } from '@fa-clube/contract';
import { Landmark, Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { SectionHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { deleteAccount } from '../api/finance-api';
import {
  accountCurrencies,
  useAccounts,
  useBalances,
  useFinanceMutation,
  useFinanceWorkspace,
} from '../hooks/use-finance';
import { formatMoney } from '../lib/format';
import { t } from '../strings';
import { ItemActions } from './item-actions';

// the dialogs (Radix Dialog, the form and its schema) load when one opens, not with the page
const AccountDialog = lazy(() =>
  import('./account-dialog').then((m) => ({ default: m.AccountDialog })),
);

/**
 * /finance/accounts: the total per currency (balance and projected), then one card per account
 * with its balance. The owner creates, edits and deletes accounts; members read.
 */
export function AccountsScreen() {
  const { ws, isOwner } = useFinanceWorkspace();
  const accounts = useAccounts(ws);
  const [dialog, setDialog] = useState<{ account: Account | null } | null>(null);
  const addButton = isOwner ? (
    <Button onClick={() => setDialog({ account: null })}>
      <Plus aria-hidden />
      {t.accounts.add}
    </Button>
  ) : null;

  return (
    <section aria-labelledby="accounts-title">
      <SectionHeader
        title={<span id="accounts-title">{t.accounts.title}</span>}
        description={t.accounts.description}
        actions={addButton}
      />
      {accounts.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : accounts.isError ? (
        <LoadError message={t.finance.loadError} onRetry={() => void accounts.refetch()} />
      ) : accounts.data.length === 0 ? (
        <EmptyState
          icon={Landmark}
          title={t.accounts.emptyTitle}
          description={t.accounts.emptyText}
          action={addButton}
        />
      ) : (
        <div className="grid gap-6">
          {accountCurrencies(accounts.data)
            .filter((currency) => accounts.data.some((a) => a.currency === currency))
            .map((currency) => (
              <CurrencyGroup
                key={currency}
                ws={ws!}
                currency={currency}
                accounts={accounts.data.filter((a) => a.currency === currency)}
                isOwner={isOwner}
                onEdit={(account) => setDialog({ account })}
              />
            ))}
        </div>
      )}
      {dialog && ws ? (
        <Suspense fallback={null}>
          <AccountDialog
            key={dialog.account?.id ?? 'new'}
            ws={ws}
            account={dialog.account}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The accounts of one currency under their total (no total adds two currencies). */
function CurrencyGroup({
  ws,
  currency,
  accounts,
  isOwner,
  onEdit,
}: {
  ws: string;
  currency: string;
  accounts: Account[];
  isOwner: boolean;
  onEdit: (account: Account) => void;
}) {
  const balances = useBalances(ws, currency);
  return (
    <div className="grid gap-4">
      <div
        className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 rounded-xl border bg-card px-5 py-4 shadow-xs"
        data-testid={`total-${currency}`}
      >
        <p className="text-sm text-muted-foreground">{t.accounts.total(currency)}</p>
        {balances.data ? (
          <p className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-2xl font-semibold tracking-tight tabular-nums">
              {formatMoney(balances.data.balance, currency)}
            </span>
            <span className="text-[13px] text-muted-foreground tabular-nums">
              {t.accounts.projected(formatMoney(balances.data.projected_balance, currency))}
            </span>
          </p>
        ) : (
          <Skeleton className="h-8 w-40" />
        )}
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t.accounts.title}>
        {accounts.map((account) => (
          <AccountCard
            key={account.id}
            ws={ws}
            account={account}
            balances={balances.data}
            isOwner={isOwner}
            onEdit={() => onEdit(account)}
          />
        ))}
      </ul>
    </div>
  );
}

function AccountCard({
  ws,
  account,
  balances,
  isOwner,
  onEdit,
}: {
  ws: string;
  account: Account;
  balances: BalancesResponse | undefined;
  isOwner: boolean;
  onEdit: () => void;
}) {
  const remove = useFinanceMutation(ws, (ws, id: string) => deleteAccount(ws, id));
  const projected = balances?.accounts.find((b) => b.id === account.id)?.projected_balance;
  return (
    <li
      aria-label={account.label}
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs"
      data-testid="account-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="truncate font-semibold">{account.label}</p>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="secondary">{ACCOUNT_TYPE_LABELS[account.account_type]}</Badge>
            <Badge variant="outline">{account.currency}</Badge>
          </div>
        </div>
        {isOwner ? (
          <ItemActions
            label={t.accounts.actions(account.label)}
            onEdit={onEdit}
            remove={{
              title: t.accounts.removeTitle,
              description: t.accounts.removeText(account.label),
              confirmLabel: t.accounts.removeConfirm,
              run: () => remove.mutateAsync(account.id),
              done: t.accounts.removed,
            }}
          />
        ) : null}
      </div>
      <div className="grid gap-0.5">
        <p
          className={cn(
            'text-2xl font-semibold tracking-tight tabular-nums',
            account.balance < 0 && 'text-destructive-text',
          )}
        >
          {formatMoney(account.balance, account.currency)}
        </p>
        {projected !== undefined && projected !== account.balance ? (
          <p className="text-[13px] text-muted-foreground tabular-nums">
            {t.accounts.projected(formatMoney(projected, account.currency))}
          </p>
        ) : null}
        <p className="text-[13px] text-muted-foreground tabular-nums">
          {t.accounts.opening(formatMoney(account.opening_balance, account.currency))}
        </p>
      </div>
      {account.description ? (
        <p className="line-clamp-2 text-[13px] text-muted-foreground">{account.description}</p>
      ) : null}
      <Link
        to={`/finance/transactions?account_id=${account.id}`}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-auto w-fit')}
      >
        {t.accounts.transactions}
      </Link>
    </li>
  );
}
