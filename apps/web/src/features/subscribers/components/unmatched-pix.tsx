import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { usePixConnected, usePixNotifications } from '../hooks/use-subscribers';
import { t } from '../strings';
import { canRefundAgain, refundMoney } from '../refunds';
import type { RefundTarget } from '../refunds';
import { MorePages, MoneySectionError, MoneySectionHeader } from './money-section';
import { RefundButton, RefundDialog, RefundStatus } from './refund';

const formatWhen = (iso: string) => format(new Date(iso), 'dd/MM/yy HH:mm', { locale: ptBR });

/**
 * 'Pix sem cobrança' (owner and members, tab 'Pagamentos pendentes'): Pix the connected PSP
 * notified that matched no charge of the workspace, kept for review, never applied — amount,
 * when, txid and id, and the refund once asked. The owner may refund one; members read.
 * Shown when the workspace has a PSP connected (or such Pix from an earlier connection exist).
 */
export function UnmatchedPix({ ws, isOwner }: { ws: string; isOwner: boolean }) {
  const connected = usePixConnected(ws);
  const query = usePixNotifications(ws, connected.isSuccess);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);

  if (!query.data)
    return query.isError ? (
      <MoneySectionError
        message={t.unmatched.loadError}
        onRetry={() => void query.refetch()}
        className="mt-6"
      />
    ) : null;
  const items = query.data.pages.flatMap((p) => p.notifications);
  if (items.length === 0 && !connected.data) return null;
  const total = query.data.pages.at(-1)?.total ?? items.length;

  return (
    <section aria-labelledby="unmatched-pix-title" className="mt-8 grid gap-3">
      <MoneySectionHeader
        id="unmatched-pix-title"
        icon={
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-[#32bcad]/15 text-[#1f8f83] dark:text-[#5fd6c8]">
            <Landmark className="size-4" aria-hidden />
          </span>
        }
        title={t.unmatched.title}
        total={total}
        description={t.unmatched.description}
      />
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed px-4 py-6 text-center">
          <p className="text-sm font-medium">{t.unmatched.empty}</p>
          <p className="mt-1 text-[13px] text-muted-foreground">{t.unmatched.emptyText}</p>
        </div>
      ) : (
        <ul className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs">
          {items.map((n) => {
            const target = { id: n.id, amount: n.amount, currency: n.currency, payer: null };
            return (
              <li
                key={n.id}
                className="grid gap-3 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-5"
                data-testid="unmatched-pix"
              >
                <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-[13px] sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
                  <dt className="text-muted-foreground">{t.unmatched.amount}</dt>
                  <dd className="font-semibold tabular-nums">{refundMoney(n)}</dd>
                  <dt className="text-muted-foreground">{t.unmatched.receivedAt}</dt>
                  <dd className="tabular-nums">{formatWhen(n.paid_at ?? n.received_at)}</dd>
                  <dt className="text-muted-foreground">{t.unmatched.txid}</dt>
                  <dd className="truncate font-mono text-xs" title={n.txid ?? undefined}>
                    {n.txid ?? t.unmatched.noTxid}
                  </dd>
                  <dt className="text-muted-foreground">{t.unmatched.endToEnd}</dt>
                  <dd className="truncate font-mono text-xs" title={n.id}>
                    {n.id}
                  </dd>
                </dl>
                <div className="grid gap-2 md:justify-items-end">
                  {n.refund ? <RefundStatus refund={n.refund} /> : null}
                  {isOwner && canRefundAgain(n.refund) ? (
                    <RefundButton
                      target={target}
                      again={n.refund !== null}
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
