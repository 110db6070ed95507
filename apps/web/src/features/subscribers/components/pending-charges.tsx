import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { CheckCheck, Info, Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ChargeListItem } from '@fa-clube/contract';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { errorMessage } from '@/lib/api-client';
import { formatReais } from '@/lib/money';
import { PAGE_SIZE } from '../api/subscribers-api';
import { useConfirmCharge, usePendingCharges } from '../hooks/use-subscribers';
import { PlanBadge } from './subscriber-list';

const formatCreated = (iso: string) => format(new Date(iso), 'dd/MM/yy HH:mm', { locale: ptBR });

/**
 * Charges waiting for the owner (tab 'Pagamentos pendentes'): who, which plan, how much, the
 * txid to look for in the bank statement and when the code was made. The owner confirms a
 * payment after seeing it arrive; both lists then refresh.
 */
export function PendingCharges({ ws, isOwner }: { ws: string; isOwner: boolean }) {
  const query = usePendingCharges(ws);
  const confirm = useConfirmCharge(ws);
  const [target, setTarget] = useState<ChargeListItem | null>(null);

  useEffect(() => {
    if (query.error) console.error('Falha ao carregar os pagamentos pendentes', query.error);
  }, [query.error]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="flex justify-center py-12">
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t.common.retry}
        </Button>
      </div>
    );
  }

  const charges = query.data.pages.flatMap((p) => p.charges);
  const total = query.data.pages.at(-1)?.total ?? charges.length;

  const onConfirm = () => {
    if (!target || confirm.isPending) return;
    const charge = target;
    confirm.mutate(charge.id, {
      onSuccess: () => {
        setTarget(null);
        toast.success(t.subscriptions.subscribers.confirmed(charge.label));
      },
      onError: (error) => {
        setTarget(null);
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <div className="grid gap-4">
      {!isOwner ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t.subscriptions.subscribers.ownerOnly}
        </p>
      ) : null}
      {charges.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={t.subscriptions.subscribers.pendingEmpty}
          description={t.subscriptions.subscribers.pendingEmptyText}
        />
      ) : (
        <ul className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs">
          {charges.map((charge) => (
            <li
              key={charge.id}
              className="grid gap-3 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] md:items-center md:gap-5"
              data-testid="pending-charge"
            >
              <div className="flex min-w-0 items-center gap-3">
                <Avatar name={charge.label} className="size-10" />
                <div className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium">{charge.label}</span>
                  <span className="truncate text-[13px] text-muted-foreground">
                    @{charge.username}
                  </span>
                </div>
              </div>
              <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-[13px]">
                <dt className="sr-only">{t.subscriptions.subscribers.plan}</dt>
                <dd className="flex items-center gap-2">
                  <PlanBadge planType={charge.plan_type} />
                </dd>
                <dt className="sr-only">{t.subscriptions.subscribers.value}</dt>
                <dd className="text-right font-semibold tabular-nums md:text-left">
                  {formatReais(charge.value)}
                </dd>
                <dt className="text-muted-foreground">{t.subscriptions.subscribers.txidShort}</dt>
                <dd className="truncate font-mono text-xs" title={charge.txid}>
                  {charge.txid}
                </dd>
                <dt className="text-muted-foreground">{t.subscriptions.subscribers.createdAt}</dt>
                <dd className="tabular-nums">{formatCreated(charge.created_at)}</dd>
              </dl>
              {isOwner ? (
                <Button
                  variant="default"
                  className="w-full md:w-auto"
                  onClick={() => setTarget(charge)}
                >
                  <CheckCheck aria-hidden />
                  {t.subscriptions.subscribers.confirm}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {charges.length > 0 ? (
        <div className="flex flex-col items-center gap-2">
          {total > PAGE_SIZE ? (
            <p className="text-xs text-muted-foreground">
              {t.subscriptions.subscribers.count(charges.length, total)}
            </p>
          ) : null}
          {query.hasNextPage ? (
            <Button
              variant="outline"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t.subscriptions.subscribers.loadMore}
            </Button>
          ) : null}
        </div>
      ) : null}

      <AlertDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !confirm.isPending) setTarget(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t.subscriptions.subscribers.confirmTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {target
                ? t.subscriptions.subscribers.confirmText(formatReais(target.value), target.label)
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {target ? (
            <p className="rounded-lg bg-muted/70 px-3 py-2 text-[13px] leading-relaxed break-all">
              {t.subscriptions.subscribers.confirmTxid(target.txid)}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={confirm.isPending}>{t.common.cancel}</AlertDialogCancel>
            <Button loading={confirm.isPending} onClick={onConfirm}>
              {t.subscriptions.subscribers.confirmAction}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
