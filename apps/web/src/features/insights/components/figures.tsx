import type { InsightsResponse } from '@fa-clube/contract';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '@/i18n/insights';
import { money, percent } from './format';

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-4 shadow-xs">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs leading-relaxed text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** The figures at a glance: MRR, active subscribers, this month's revenue, last month's churn. */
export function Figures({ data }: { data: InsightsResponse }) {
  const current = data.months.at(-1);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="insights-figures">
      <Figure label={t.insights.mrr} value={money(data.mrr)} hint={t.insights.mrrHint} />
      <Figure
        label={t.insights.active}
        value={data.active_subscribers}
        hint={t.insights.byPlan(data.by_plan.monthly, data.by_plan.quarterly, data.by_plan.yearly)}
      />
      <Figure
        label={t.insights.thisMonth}
        value={money(current?.revenue.total ?? 0)}
        hint={
          current && current.refunds > 0 ? t.insights.thisMonthHint(money(current.refunds)) : null
        }
      />
      <Figure
        label={t.insights.churn}
        value={data.churn_rate === null ? '—' : percent(data.churn_rate)}
        hint={
          data.churn_rate === null
            ? t.insights.churnNone
            : t.insights.automaticHint(data.automatic_renewals)
        }
      />
    </dl>
  );
}

export function FiguresSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-24 rounded-xl" />
      ))}
    </div>
  );
}
