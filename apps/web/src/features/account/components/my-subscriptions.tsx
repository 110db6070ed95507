import { PLAN_TYPE_LABELS, formatCents, majorToCents } from '@fa-clube/contract';
import type { PlanType, SubscriptionsResponse } from '@fa-clube/contract';
import { CalendarClock, Compass, QrCode, Receipt, RefreshCw, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { EnableNotificationsButton } from '@/components/enable-notifications';
import { Page, PageHeader, SectionHeader } from '@/components/layout/page';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCancelRecurrence, useMySubscriptions } from '../hooks/use-account';
import { SubscriptionNotificationSwitches } from './subscription-notifications';
import { formatDate, formatDateTime, standingOf } from '../format';
import type { SubscriptionStanding } from '../format';
import { t } from '../strings';

type MySubscription = SubscriptionsResponse['subscriptions'][number];

/** What 'Renovar' / 'Assinar novamente' opens: the route supplies the profile's Pix dialog. */
export interface RenewRequest {
  workspaceId: string;
  username: string;
  label: string;
  avatarUrl: string | null;
  planType: PlanType;
}

const money = (value: number) => formatCents(majorToCents(value));

/**
 * 'Minhas assinaturas': every subscription (creator, plan, standing, period end, renew), the
 * pending Pix charges with their code, and the payment history.
 */
export function MySubscriptionsScreen({
  renderRenew,
}: {
  renderRenew: (request: RenewRequest, close: () => void) => ReactNode;
}) {
  const query = useMySubscriptions();
  const [renewing, setRenewing] = useState<RenewRequest | null>(null);
  // standing as of the answer (refetched on focus and after a renewal)
  const now = query.dataUpdatedAt;

  return (
    <Page>
      <PageHeader
        title={t.mySubscriptions.title}
        description={t.mySubscriptions.description}
        actions={<EnableNotificationsButton />}
      />
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <LoadError message={t.mySubscriptions.loadError} onRetry={() => void query.refetch()} />
      ) : query.data.subscriptions.length === 0 && query.data.pending_charges.length === 0 ? (
        <EmptyState
          icon={Compass}
          title={t.mySubscriptions.emptyTitle}
          description={t.mySubscriptions.emptyText}
          action={
            <Button asChild>
              <Link to="/explore">{t.mySubscriptions.emptyAction}</Link>
            </Button>
          }
        />
      ) : (
        <div className="grid gap-10">
          {query.data.pending_charges.length > 0 ? (
            <PendingCharges charges={query.data.pending_charges} />
          ) : null}
          {query.data.subscriptions.length > 0 ? (
            <section aria-labelledby="my-subs-title">
              <SectionHeader
                title={<span id="my-subs-title">{t.mySubscriptions.subscriptionsTitle}</span>}
              />
              <ul className="grid gap-3 md:grid-cols-2">
                {query.data.subscriptions.map((sub) => (
                  <SubscriptionCard
                    key={sub.id}
                    sub={sub}
                    standing={standingOf(sub, now)}
                    onRenew={() =>
                      setRenewing({
                        workspaceId: sub.workspace_id,
                        username: sub.username,
                        label: sub.label,
                        avatarUrl: sub.avatar_url,
                        planType: sub.plan_type,
                      })
                    }
                  />
                ))}
              </ul>
            </section>
          ) : null}
          <PaymentHistory payments={query.data.payments} />
        </div>
      )}
      {renewing ? renderRenew(renewing, () => setRenewing(null)) : null}
    </Page>
  );
}

function StandingBadge({ standing }: { standing: SubscriptionStanding }) {
  switch (standing.kind) {
    case 'active':
      return <Badge variant="success">{t.mySubscriptions.active}</Badge>;
    case 'ending':
      return (
        <Badge variant="brand">
          <CalendarClock aria-hidden className="size-3" />
          {t.mySubscriptions.endsIn(standing.days)}
        </Badge>
      );
    case 'expired':
      return <Badge variant="destructive">{t.mySubscriptions.expired}</Badge>;
    default:
      return <Badge variant="secondary">{t.mySubscriptions.cancelled}</Badge>;
  }
}

function SubscriptionCard({
  sub,
  standing,
  onRenew,
}: {
  sub: MySubscription;
  standing: SubscriptionStanding;
  onRenew: () => void;
}) {
  const running = standing.kind === 'active' || standing.kind === 'ending';
  const action = running ? t.mySubscriptions.renew : t.mySubscriptions.subscribeAgain;
  const end = formatDate(sub.current_period_end);
  // Pix Automático debits the next periods: nothing to renew by hand, only to cancel
  const automatic = running && sub.renewal === 'automatic';
  return (
    <li>
      <Card
        className="flex h-full flex-col gap-4 p-4 sm:p-5"
        data-testid="my-subscription"
        aria-label={`@${sub.username}`}
        role="article"
      >
        <div className="flex items-start gap-3">
          <Link
            to={`/profile/${sub.username}`}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Avatar src={sub.avatar_url} name={sub.label} alt="" className="size-12" />
            <span className="grid min-w-0 leading-tight">
              <span className="truncate font-semibold hover:underline">{sub.label}</span>
              <span className="truncate text-sm text-muted-foreground">@{sub.username}</span>
            </span>
          </Link>
          <Badge variant="outline">{PLAN_TYPE_LABELS[sub.plan_type]}</Badge>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <div className="grid gap-1">
            <StandingBadge standing={standing} />
            <span className="text-sm text-muted-foreground" data-testid="period-end">
              {running ? t.mySubscriptions.validUntil(end) : t.mySubscriptions.endedOn(end)}
            </span>
          </div>
          {automatic ? null : (
            <Button
              variant={running ? 'outline' : 'default'}
              onClick={onRenew}
              aria-label={t.mySubscriptions.renewAria(action, sub.username)}
              className="w-full sm:w-auto"
            >
              <RefreshCw aria-hidden />
              {action}
            </Button>
          )}
        </div>
        {running && sub.recurrence_status ? <Renewal sub={sub} end={end} /> : null}
        {running ? (
          <SubscriptionNotificationSwitches subscriptionId={sub.id} username={sub.username} />
        ) : null}
      </Card>
    </li>
  );
}

/** The subscription's Pix Automático: active (with 'Cancelar renovação automática') or its status. */
function Renewal({ sub, end }: { sub: MySubscription; end: string }) {
  const cancel = useCancelRecurrence();
  const [confirming, setConfirming] = useState(false);
  const status = sub.recurrence_status!;
  const active = sub.renewal === 'automatic';
  const onCancel = () =>
    cancel.mutate(sub.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t.mySubscriptions.automaticCancelled(end));
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorMessage(error));
      },
    });
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-lg px-3 py-2.5',
        active ? 'bg-success/10 dark:bg-success/15' : 'bg-muted/60',
      )}
      data-testid="renewal"
    >
      <div className="grid gap-0.5">
        <p
          className={cn(
            'flex items-center gap-2 text-sm font-medium',
            active ? 'text-success-text' : 'text-muted-foreground',
          )}
        >
          <Repeat className="size-4 shrink-0" aria-hidden />
          {t.mySubscriptions.recurrence[status]}
        </p>
        {active ? (
          <p className="pl-6 text-[13px] text-muted-foreground">
            {t.mySubscriptions.automaticNext(end)}
          </p>
        ) : null}
      </div>
      {active ? (
        <>
          <Button
            variant="outline"
            size="sm"
            className="w-full sm:w-auto"
            aria-label={t.mySubscriptions.cancelAutomaticAria(sub.username)}
            onClick={() => setConfirming(true)}
          >
            {t.mySubscriptions.cancelAutomatic}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            pending={cancel.isPending}
            title={t.mySubscriptions.cancelAutomaticTitle}
            description={t.mySubscriptions.cancelAutomaticText(sub.username, end)}
            confirmLabel={t.mySubscriptions.cancelAutomaticAction}
            cancelLabel={t.mySubscriptions.cancelAutomaticKeep}
            destructive
            onConfirm={onCancel}
          />
        </>
      ) : null}
    </div>
  );
}

function PendingCharges({ charges }: { charges: SubscriptionsResponse['pending_charges'] }) {
  return (
    <section aria-labelledby="my-pending-title">
      <SectionHeader
        title={<span id="my-pending-title">{t.mySubscriptions.pendingTitle}</span>}
        description={t.mySubscriptions.pendingDescription}
      />
      <ul className="grid gap-3 md:grid-cols-2">
        {charges.map((c) => (
          <li key={c.id}>
            <Card className="grid gap-3 p-4 sm:p-5" data-testid="pending-charge">
              <div className="flex items-center justify-between gap-3">
                <div className="flex min-w-0 items-center gap-2.5">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-[#32bcad]/15 text-[#1f8f83] dark:text-[#5fd6c8]">
                    <QrCode className="size-5" aria-hidden />
                  </span>
                  <span className="grid min-w-0 leading-tight">
                    <Link
                      to={`/profile/${c.username}`}
                      className="truncate font-semibold hover:underline"
                    >
                      {c.label}
                    </Link>
                    <span className="truncate text-xs text-muted-foreground">
                      @{c.username}
                      {c.plan_type ? ` · ${PLAN_TYPE_LABELS[c.plan_type]}` : ''}
                    </span>
                  </span>
                </div>
                <span className="text-lg font-semibold tabular-nums">{money(c.value)}</span>
              </div>
              <Textarea
                readOnly
                value={c.payment_specs}
                rows={2}
                aria-label={t.mySubscriptions.codeLabel(c.username)}
                spellCheck={false}
                onFocus={(e) => e.currentTarget.select()}
                className="resize-none font-mono text-xs break-all md:text-xs"
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-xs text-muted-foreground">
                  {t.mySubscriptions.pendingExpires(formatDateTime(c.expires_at))}
                </span>
                <CopyButton
                  text={c.payment_specs}
                  label={t.mySubscriptions.copy}
                  failedMessage={t.mySubscriptions.copyFailed}
                  size="sm"
                />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaymentHistory({ payments }: { payments: SubscriptionsResponse['payments'] }) {
  return (
    <section aria-labelledby="my-history-title">
      <SectionHeader title={<span id="my-history-title">{t.mySubscriptions.historyTitle}</span>} />
      {payments.length === 0 ? (
        <EmptyState icon={Receipt} title={t.mySubscriptions.historyEmpty} className="py-8" />
      ) : (
        <Card className="overflow-hidden p-0">
          <ul className="divide-y" data-testid="payment-history">
            {payments.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-4 px-4 py-3 sm:px-5">
                <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[7rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4">
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {formatDate(p.paid_at)}
                  </span>
                  <Link
                    to={`/profile/${p.username}`}
                    className="order-first truncate text-sm font-medium hover:underline sm:order-none"
                  >
                    @{p.username}
                  </Link>
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge variant="outline">{PLAN_TYPE_LABELS[p.plan_type]}</Badge>
                    <span className="text-xs text-muted-foreground">
                      {t.mySubscriptions.period(
                        formatDate(p.period_start),
                        formatDate(p.period_end),
                      )}
                    </span>
                  </span>
                </div>
                <span className="text-sm font-semibold tabular-nums">{money(p.value)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3 md:grid-cols-2" aria-busy="true" aria-label={t.common.loading}>
      {[0, 1].map((i) => (
        <Card key={i} className="grid gap-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-9 w-full" />
        </Card>
      ))}
    </div>
  );
}
