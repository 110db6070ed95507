import { PLAN_TYPE_LABELS } from '@fa-clube/contract';
import { BadgeCheck, Clock } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { Plan, PlanType } from '@fa-clube/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/i18n/subscriptions';
import { cn } from '@/lib/utils';
import { sortPlans } from '../format';
import { usePlans } from '../hooks/use-plans';
import { PlanPrice } from './plan-price';

// the dialog (Radix Dialog, the Pix QR code) loads when a plan is chosen, not with the profile
const SubscribeDialog = lazy(() =>
  import('./subscribe-dialog').then((m) => ({ default: m.SubscribeDialog })),
);

export interface ProfilePlansProps {
  /** The creator whose plans are shown. */
  username: string;
  label: string;
  avatarUrl: string | null;
  coverUrl: string | null;
  /** Called once when a subscription becomes active from the dialog (e.g. to load the posts). */
  onSubscribed?: () => void;
  className?: string;
}

/**
 * The 'Assinaturas' section of a visitor's view of a profile (spec section 2): the creator's
 * plans (Mensal, Trimestral, Anual) with the discounted price, the 'Assinado' badge when the
 * viewer subscribes, and a subscribe button per plan that opens the subscribe dialog.
 */
export function ProfilePlans({
  username,
  label,
  avatarUrl,
  coverUrl,
  onSubscribed,
  className,
}: ProfilePlansProps) {
  const plansQuery = usePlans(username);
  const [selected, setSelected] = useState<PlanType | null>(null);
  const [open, setOpen] = useState(false);

  const data = plansQuery.data;
  const plans = data ? sortPlans(data.plans) : [];
  const subscribed = data?.is_subscribed === true;
  const pending = !subscribed ? data?.pending_charge : undefined;
  const selectedPlan = plans.find((p) => p.plan_type === selected);

  const choose = (planType: PlanType) => {
    setSelected(planType);
    setOpen(true);
  };

  return (
    <section
      aria-labelledby="profile-plans-title"
      className={cn('@container/plans grid gap-4', className)}
      data-testid="profile-plans"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid gap-1">
          <h2 id="profile-plans-title" className="text-lg font-semibold tracking-tight">
            {t.subscriptions.profile.title}
          </h2>
          {plans.length > 0 ? (
            <p className="text-sm leading-relaxed text-muted-foreground">
              {subscribed
                ? t.subscriptions.profile.subscribedText
                : t.subscriptions.profile.description}
            </p>
          ) : null}
        </div>
        {subscribed ? (
          <Badge variant="success" className="px-3 py-1 text-[13px]">
            <BadgeCheck aria-hidden />
            {t.subscriptions.profile.subscribed}
          </Badge>
        ) : null}
      </div>

      {plansQuery.isPending && username ? (
        <div className="grid gap-3 @2xl/plans:grid-cols-3" aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-xl @2xl/plans:h-44" />
          ))}
        </div>
      ) : plansQuery.isError ? (
        <p className="text-sm text-muted-foreground">{t.subscriptions.profile.loadError}</p>
      ) : plans.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-5 text-sm text-muted-foreground">
          {t.subscriptions.profile.noPlans}
        </p>
      ) : (
        <>
          {pending ? (
            <div className="flex flex-col gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex gap-3">
                <Clock
                  className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
                  aria-hidden
                />
                <div className="grid gap-0.5">
                  <p className="text-sm font-semibold">{t.subscriptions.profile.pending}</p>
                  <p className="text-[13px] leading-relaxed text-muted-foreground">
                    {t.subscriptions.profile.pendingText(
                      pending.plan_type ? PLAN_TYPE_LABELS[pending.plan_type] : '',
                    )}
                  </p>
                </div>
              </div>
              {plans.some((p) => p.plan_type === pending.plan_type) ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="self-start sm:self-center"
                  onClick={() => pending.plan_type && choose(pending.plan_type)}
                >
                  {t.subscriptions.profile.pendingOpen}
                </Button>
              ) : null}
            </div>
          ) : null}
          <ul className="grid gap-3 @2xl/plans:grid-cols-3">
            {plans.map((plan) => (
              <li key={plan.plan_type}>
                <PlanCard plan={plan} subscribed={subscribed} onChoose={choose} />
              </li>
            ))}
          </ul>
        </>
      )}

      {selectedPlan ? (
        <Suspense fallback={null}>
          <SubscribeDialog
            open={open}
            onOpenChange={setOpen}
            creator={{ username, label, avatarUrl, coverUrl }}
            plan={selectedPlan}
            onSubscribed={onSubscribed}
            automaticAvailable={data?.automatic_available === true}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function PlanCard({
  plan,
  subscribed,
  onChoose,
}: {
  plan: Plan;
  subscribed: boolean;
  onChoose: (planType: PlanType) => void;
}) {
  const name = PLAN_TYPE_LABELS[plan.plan_type];
  return (
    <article
      aria-label={name}
      className="grid h-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-3 rounded-xl border bg-card p-4 shadow-xs @2xl/plans:grid-cols-1 @2xl/plans:grid-rows-[1fr_auto] @2xl/plans:items-stretch"
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex items-center gap-2">
          <h3 className="text-sm font-semibold">{name}</h3>
          {plan.discount > 0 ? (
            <Badge variant="brand" className="px-2 text-[11px]">
              {t.subscriptions.discountBadge(plan.discount)}
            </Badge>
          ) : null}
        </div>
        <PlanPrice plan={plan} />
      </div>
      {subscribed ? null : (
        <Button
          className="@2xl/plans:w-full"
          aria-label={t.subscriptions.profile.subscribePlan(name)}
          onClick={() => onChoose(plan.plan_type)}
        >
          {t.subscriptions.profile.subscribe}
        </Button>
      )}
    </article>
  );
}
