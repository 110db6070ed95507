import { formatCents, majorToCents } from '@fa-clube/contract';
import type { Plan } from '@fa-clube/contract';
import { t } from '@/i18n/subscriptions';
import { cn } from '@/lib/utils';
import { perMonthText } from '../format';

/**
 * The price to pay, the list price struck through when discounted, the period and, for
 * quarterly and yearly plans, what it comes to per month.
 */
export function PlanPrice({
  plan,
  price = plan.price,
  className,
  align = 'start',
}: {
  plan: Pick<Plan, 'plan_type' | 'value' | 'discount' | 'price'>;
  /** Overrides the plan's price (the charge's value once it is known). */
  price?: number;
  className?: string;
  align?: 'start' | 'end';
}) {
  const discounted = plan.discount > 0 && plan.value > price;
  const perMonth = perMonthText(plan);
  return (
    <div
      className={cn('grid gap-0.5', align === 'end' && 'justify-items-end text-right', className)}
    >
      {discounted ? (
        <s className="text-[13px] text-muted-foreground tabular-nums">
          <span className="sr-only">{t.subscriptions.profile.originalPrice} </span>
          {formatCents(majorToCents(plan.value))}
        </s>
      ) : null}
      <p
        className={cn('flex flex-wrap items-baseline gap-x-1.5', align === 'end' && 'justify-end')}
      >
        <span className="text-2xl font-semibold tracking-tight tabular-nums">
          {formatCents(majorToCents(price))}
        </span>
        <span className="text-[13px] text-muted-foreground">
          {t.subscriptions.planPeriod[plan.plan_type]}
        </span>
      </p>
      {perMonth ? <span className="text-xs text-muted-foreground">{perMonth}</span> : null}
    </div>
  );
}
