import { CHARGE_KIND_LABELS, PAGING, PLAN_TYPE_LABELS } from '@fa-clube/contract';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { ChevronRight, Repeat, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { ChargeKind, Subscriber } from '@fa-clube/contract';
import { PagedList } from '@/components/paged-list';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { t } from '../strings';
import { useSubscribers } from '../hooks/use-subscribers';

/** Badge text and look per plan type. */
/** The plan of a subscription, or what a one-off charge sells ('Conteúdo avulso', 'Gorjeta'). */
export function PlanBadge({
  planType,
  kind = 'subscription',
}: {
  planType: Subscriber['plan_type'] | null;
  kind?: ChargeKind;
}) {
  return (
    <Badge variant="brand" className="px-2 text-[11px]">
      {planType && kind === 'subscription' ? PLAN_TYPE_LABELS[planType] : CHARGE_KIND_LABELS[kind]}
    </Badge>
  );
}

/**
 * The active subscribers (spec section 2, 'Assinantes'): avatar or first letter, label, plan
 * badge, @username and description; a row opens /profile/{username}. A spinner while loading;
 * a load failure is only logged (spec section 8) and the list can be asked for again.
 */
export function SubscriberList({ ws }: { ws: string }) {
  return (
    <PagedList
      query={useSubscribers(ws)}
      itemsOf={(page) => page.subscribers}
      pageSize={PAGING.subscribers.size}
      errorLog="Falha ao carregar os assinantes"
      empty={
        <EmptyState
          icon={Users}
          title={t.subscriptions.subscribers.empty}
          description={t.subscriptions.subscribers.emptyText}
        />
      }
    >
      {(subscribers) => (
        <ul className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs">
          {subscribers.map((s) => (
            <li key={s.id}>
              <SubscriberRow subscriber={s} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function SubscriberRow({ subscriber: s }: { subscriber: Subscriber }) {
  return (
    <Link
      to={`/profile/${encodeURIComponent(s.username)}`}
      className="flex items-center gap-3 px-4 py-3.5 transition-colors outline-none hover:bg-accent/50 focus-visible:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset sm:gap-4 sm:px-5"
      data-testid="subscriber-row"
    >
      <Avatar src={s.avatar_url} name={s.label} className="size-11 text-base" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-medium">{s.label}</span>
          <PlanBadge planType={s.plan_type} />
          {s.renewal === 'automatic' ? (
            <Badge
              variant="success"
              className="px-2 text-[11px]"
              title={t.subscriptions.subscribers.automaticTitle}
              data-testid="automatic-renewal"
            >
              <Repeat aria-hidden />
              {t.subscriptions.subscribers.automatic}
            </Badge>
          ) : null}
        </div>
        <p className="truncate text-[13px] text-muted-foreground">
          @{s.username}
          <span className="hidden sm:inline">
            {' · '}
            {t.subscriptions.subscribers.until(
              format(new Date(s.current_period_end), 'dd/MM/yyyy', { locale: ptBR }),
            )}
          </span>
        </p>
        {s.description ? (
          <p className="line-clamp-2 text-[13px] leading-snug text-muted-foreground/90">
            {s.description}
          </p>
        ) : null}
      </div>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
    </Link>
  );
}
