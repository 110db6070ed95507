import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { CHARGE_KIND_LABELS } from '@fa-clube/contract';
import { Badge } from '@/components/ui/badge';
import { usePaidSales } from '../hooks/use-subscribers';
import { canRefundAgain, refundMoney } from '../refunds';
import type { RefundTarget } from '../refunds';
import { t } from '../strings';
import { MorePages, MoneySectionError, MoneySectionHeader } from './money-section';
import { RefundButton, RefundDialog, RefundStatus } from './refund';

const formatWhen = (iso: string) => format(new Date(iso), 'dd/MM/yy HH:mm', { locale: ptBR });

/**
 * 'Vendas avulsas' (owner and members, tab 'Pagamentos pendentes'; issue 32): the posts, paid
 * messages and tips paid, newest first — who, what, how much, when — and, for a payment the
 * connected PSP received, 'Devolver' (owner): the refund takes back what it bought.
 */
export function PaidSales({ ws, isOwner }: { ws: string; isOwner: boolean }) {
  const query = usePaidSales(ws);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  if (!query.data)
    return query.isError ? (
      <MoneySectionError
        message={t.sales.loadError}
        onRetry={() => void query.refetch()}
        className="mt-6"
      />
    ) : null;
  const items = query.data.pages.flatMap((p) => p.charges);
  const total = query.data.pages.at(-1)?.total ?? items.length;
  return (
    <section aria-labelledby="paid-sales-title" className="mt-8 grid gap-3">
      <MoneySectionHeader
        id="paid-sales-title"
        icon={
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
            <ShoppingBag className="size-4" aria-hidden />
          </span>
        }
        title={t.sales.title}
        total={total}
        description={t.sales.description}
      />
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed px-4 py-6 text-center">
          <p className="text-sm font-medium">{t.sales.empty}</p>
          <p className="mt-1 text-[13px] text-muted-foreground">{t.sales.emptyText}</p>
        </div>
      ) : (
        <ul className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs">
          {items.map((c) => {
            const payment = c.payment ?? null;
            const target: RefundTarget | null = payment
              ? { id: payment.end_to_end_id, amount: c.value, currency: 'BRL', payer: c.label }
              : null;
            return (
              <li
                key={c.id}
                className="grid gap-3 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-5"
                data-testid="paid-sale"
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="truncate font-semibold">{c.label}</p>
                    <Badge variant="secondary">{CHARGE_KIND_LABELS[c.kind]}</Badge>
                  </div>
                  <p className="text-[13px] text-muted-foreground">
                    <span className="font-semibold text-foreground tabular-nums">
                      {refundMoney({ amount: c.value, currency: 'BRL' })}
                    </span>
                    {' · '}@{c.username} · {formatWhen(c.created_at)}
                    {payment ? null : ` · ${t.sales.confirmedByOwner}`}
                  </p>
                </div>
                <div className="grid gap-2 md:justify-items-end">
                  {payment?.refund ? <RefundStatus refund={payment.refund} /> : null}
                  {isOwner && target && payment?.refundable && canRefundAgain(payment.refund) ? (
                    <RefundButton
                      target={target}
                      again={payment.refund !== null}
                      onClick={() => setRefunding(target)}
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <MorePages query={query} />
      {isOwner ? (
        <RefundDialog ws={ws} target={refunding} onClose={() => setRefunding(null)} />
      ) : null}
    </section>
  );
}
