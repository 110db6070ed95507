import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { AlertTriangle, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { PAYMENT_REVIEW_REASON_LABELS, formatCents, majorToCents } from '@fa-clube/contract';
import type { PaymentReview } from '@fa-clube/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { MorePages, MoneySectionError, MoneySectionHeader } from './money-section';
import { PayerRow } from './payer-row';
import { canRefundAgain } from '../refunds';
import type { RefundTarget } from '../refunds';
import { RefundButton, RefundDialog, RefundStatus } from './refund';
import { t } from '../strings';
import { usePaymentReviews, useResolvePaymentReview } from '../hooks/use-subscribers';

const formatWhen = (iso: string) => format(new Date(iso), 'dd/MM/yy HH:mm', { locale: ptBR });
const money = (value: number, currency: string) => formatCents(majorToCents(value), currency);

/**
 * 'Pagamento a revisar' (owner only, above the pending charges): Pix money that arrived but
 * activated nothing — a second Pix of a paid charge, another amount, a cancelled charge — with
 * the amount, the payer and the date, until the owner marks it resolved. Hidden when there is
 * none (and while it loads: the pending list below shows its own spinner).
 */
export function PaymentReviews({ ws }: { ws: string }) {
  const query = usePaymentReviews(ws, true);
  const resolve = useResolvePaymentReview(ws);
  const [target, setTarget] = useState<PaymentReview | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);

  if (query.isPending) return null;
  if (!query.data)
    return (
      <MoneySectionError
        message={t.reviews.loadError}
        onRetry={() => void query.refetch()}
        className="mb-6"
      />
    );
  const reviews = query.data.pages.flatMap((p) => p.reviews);
  if (reviews.length === 0) return null;

  const onResolve = () => {
    if (!target || resolve.isPending) return;
    resolve.mutate(target.id, {
      onSuccess: () => {
        setTarget(null);
        toast.success(t.reviews.resolved);
      },
      onError: (error) => {
        setTarget(null);
        if (hasErrorCode(error, 'PAYMENT_REVIEW_RESOLVED', 'PAYMENT_REVIEW_NOT_FOUND'))
          toast.success(t.reviews.alreadyResolved);
        else toast.error(errorMessage(error));
      },
    });
  };

  return (
    <section aria-labelledby="payment-reviews-title" className="mb-6 grid gap-3">
      <MoneySectionHeader
        id="payment-reviews-title"
        icon={
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-500/15 text-amber-700 dark:text-amber-400">
            <AlertTriangle className="size-4" aria-hidden />
          </span>
        }
        title={t.reviews.title}
        total={query.data.pages.at(-1)?.total ?? reviews.length}
        description={t.reviews.description}
      />
      <ul className="divide-y overflow-hidden rounded-xl border border-amber-500/30 bg-card shadow-xs">
        {reviews.map((review) => (
          <PayerRow
            key={review.id}
            label={review.label}
            username={review.username}
            testId="payment-review"
          >
            <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-[13px]">
              <dt className="text-muted-foreground">{t.reviews.received}</dt>
              <dd className="font-semibold tabular-nums">
                {money(review.amount, review.currency)}
              </dd>
              <dt className="sr-only">{t.reviews.reason}</dt>
              <dd className="col-span-2 flex flex-wrap items-center gap-x-2 gap-y-1">
                <Badge variant="outline">{PAYMENT_REVIEW_REASON_LABELS[review.reason]}</Badge>
                <span className="text-muted-foreground">
                  {t.reviews.charge(money(review.charge_value, review.currency))}
                </span>
              </dd>
              <dt className="text-muted-foreground">{t.reviews.receivedAt}</dt>
              <dd className="tabular-nums">{formatWhen(review.paid_at ?? review.received_at)}</dd>
              <dt className="text-muted-foreground">{t.reviews.endToEnd}</dt>
              <dd className="truncate font-mono text-xs" title={review.id}>
                {review.id}
              </dd>
            </dl>
            <ReviewActions
              review={review}
              onRefund={() =>
                setRefunding({
                  id: review.id,
                  amount: review.amount,
                  currency: review.currency,
                  payer: review.label,
                })
              }
              onResolve={() => setTarget(review)}
            />
          </PayerRow>
        ))}
      </ul>
      <MorePages query={query} />

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        pending={resolve.isPending}
        title={t.reviews.resolveTitle}
        description={
          target ? t.reviews.resolveText(money(target.amount, target.currency), target.label) : null
        }
        confirmLabel={t.reviews.resolveAction}
        onConfirm={onResolve}
      />
      <RefundDialog ws={ws} target={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}

/**
 * A review's actions: 'Devolver' through the PSP (when it received the payment) and 'Marcar como
 * resolvido'; once refunded, the refund's status instead.
 */
function ReviewActions({
  review,
  onRefund,
  onResolve,
}: {
  review: PaymentReview;
  onRefund: () => void;
  onResolve: () => void;
}) {
  const refund = review.refund;
  if (refund && !canRefundAgain(refund))
    return (
      <div className="flex md:justify-end">
        <RefundStatus refund={refund} />
      </div>
    );
  return (
    <div className="grid gap-2 md:justify-items-end">
      {refund ? <RefundStatus refund={refund} /> : null}
      <div className="flex flex-col gap-2 md:flex-row">
        {review.refundable ? (
          <RefundButton
            target={{
              id: review.id,
              amount: review.amount,
              currency: review.currency,
              payer: review.label,
            }}
            again={refund !== null}
            onClick={onRefund}
          />
        ) : null}
        <Button variant="outline" className="w-full md:w-auto" onClick={onResolve}>
          <CheckCheck aria-hidden />
          {t.reviews.resolve}
        </Button>
      </div>
    </div>
  );
}
