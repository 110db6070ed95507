import { PIX_REFUND_STATUS_LABELS } from '@fa-clube/contract';
import type { PixRefund } from '@fa-clube/contract';
import { Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { useRefundPayment } from '../hooks/use-subscribers';
import { refundMoney } from '../refunds';
import type { RefundTarget } from '../refunds';
import { t } from '../strings';

/** The refund's status as the PSP reported it. */
export function RefundStatus({ refund }: { refund: PixRefund }) {
  const variant =
    refund.status === 'DEVOLVIDO'
      ? 'success'
      : refund.status === 'NAO_REALIZADO'
        ? 'destructive'
        : 'secondary';
  return (
    <Badge variant={variant} data-testid="refund-status">
      <Undo2 aria-hidden />
      {PIX_REFUND_STATUS_LABELS[refund.status]}
    </Badge>
  );
}

/** 'Devolver' (or 'Devolver de novo' after a refund the PSP did not do). */
export function RefundButton({
  target,
  again,
  onClick,
}: {
  target: RefundTarget;
  again: boolean;
  onClick: () => void;
}) {
  const who = target.payer ?? t.refunds.payerUnknown;
  const action = again ? t.refunds.retry : t.refunds.refund;
  return (
    <Button
      variant="outline"
      className="w-full md:w-auto"
      aria-label={t.refunds.refundAria(action, refundMoney(target), who)}
      onClick={onClick}
    >
      <Undo2 aria-hidden />
      {action}
    </Button>
  );
}

/**
 * 'Devolver este Pix?': the amount and the payment's id, then POST …/refund. The toast says what
 * the PSP answered (done, in progress, or not done); the list shows it on the row.
 */
export function RefundDialog({
  ws,
  target,
  onClose,
}: {
  ws: string;
  target: RefundTarget | null;
  onClose: () => void;
}) {
  const refund = useRefundPayment(ws);
  const confirm = () => {
    if (!target || refund.isPending) return;
    const value = refundMoney(target);
    refund.mutate(target.id, {
      onSuccess: (result) => {
        onClose();
        if (result.status === 'NAO_REALIZADO') toast.error(t.refunds.notDone);
        else
          toast.success(
            t.refunds.done(
              PIX_REFUND_STATUS_LABELS[result.status],
              value,
              target.payer ?? t.refunds.payerUnknown,
            ),
          );
      },
      onError: (error) => {
        onClose();
        if (hasErrorCode(error, 'PAYMENT_ALREADY_REFUNDED')) toast.success(errorMessage(error));
        else toast.error(errorMessage(error));
      },
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      pending={refund.isPending}
      title={t.refunds.title}
      description={
        target ? t.refunds.text(refundMoney(target), target.payer ?? t.refunds.payerUnknown) : null
      }
      confirmLabel={target ? t.refunds.action(refundMoney(target)) : t.refunds.refund}
      destructive
      onConfirm={confirm}
    >
      {target ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg bg-muted/60 px-4 py-3 text-sm">
          <dt className="text-muted-foreground">{t.refunds.amount}</dt>
          <dd className="font-semibold tabular-nums">{refundMoney(target)}</dd>
          <dt className="text-muted-foreground">{t.refunds.endToEnd}</dt>
          <dd className="truncate font-mono text-xs leading-5" title={target.id}>
            {target.id}
          </dd>
        </dl>
      ) : null}
    </ConfirmDialog>
  );
}
