import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { CheckCheck, Receipt } from 'lucide-react';
import { useState } from 'react';
import { PAGING, formatCents, majorToCents } from '@fa-clube/contract';
import type { ChargeListItem } from '@fa-clube/contract';
import { PagedList } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Note } from '@/components/ui/note';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { useConfirmCharge, usePendingCharges } from '../hooks/use-subscribers';
import { PayerRow } from './payer-row';
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
    <>
      <PagedList
        query={query}
        itemsOf={(page) => page.charges}
        pageSize={PAGING.charges.size}
        errorLog="Falha ao carregar os pagamentos pendentes"
        header={isOwner ? null : <Note tone="muted">{t.subscriptions.subscribers.ownerOnly}</Note>}
        empty={
          <EmptyState
            icon={Receipt}
            title={t.subscriptions.subscribers.pendingEmpty}
            description={t.subscriptions.subscribers.pendingEmptyText}
          />
        }
      >
        {(charges) => (
          <ul className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs">
            {charges.map((charge) => (
              <PayerRow
                key={charge.id}
                label={charge.label}
                username={charge.username}
                testId="pending-charge"
              >
                <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-[13px]">
                  <dt className="sr-only">{t.subscriptions.subscribers.plan}</dt>
                  <dd className="flex items-center gap-2">
                    <PlanBadge planType={charge.plan_type} kind={charge.kind} />
                  </dd>
                  <dt className="sr-only">{t.subscriptions.subscribers.value}</dt>
                  <dd className="text-right font-semibold tabular-nums md:text-left">
                    {formatCents(majorToCents(charge.value))}
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
              </PayerRow>
            ))}
          </ul>
        )}
      </PagedList>

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        pending={confirm.isPending}
        title={t.subscriptions.subscribers.confirmTitle}
        description={
          target
            ? t.subscriptions.subscribers.confirmText(
                formatCents(majorToCents(target.value)),
                target.label,
              )
            : null
        }
        confirmLabel={t.subscriptions.subscribers.confirmAction}
        onConfirm={onConfirm}
      >
        {target ? (
          <p className="rounded-lg bg-muted/70 px-3 py-2 text-[13px] leading-relaxed break-all">
            {t.subscriptions.subscribers.confirmTxid(target.txid)}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
