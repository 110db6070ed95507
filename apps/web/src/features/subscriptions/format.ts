import { PLAN_TYPES, PLAN_TYPE_MONTHS, formatCents, majorToCents } from '@fa-clube/contract';
import type { Plan } from '@fa-clube/contract';
import { t } from '@/i18n/subscriptions';

/** Plans in the order Mensal, Trimestral, Anual. */
export function sortPlans(plans: readonly Plan[]): Plan[] {
  return [...plans].sort(
    (a, b) => PLAN_TYPES.indexOf(a.plan_type) - PLAN_TYPES.indexOf(b.plan_type),
  );
}

/** What a plan costs per month, in centavos (rounded to the centavo). */
function perMonthCents(plan: Pick<Plan, 'plan_type' | 'price'>): number {
  return Math.round(majorToCents(plan.price) / PLAN_TYPE_MONTHS[plan.plan_type]);
}

/** 'equivale a R$ 8,47/mês' for quarterly and yearly plans; null for monthly. */
export function perMonthText(plan: Pick<Plan, 'plan_type' | 'price'>): string | null {
  if (plan.plan_type === 'monthly') return null;
  return t.subscriptions.perMonth(formatCents(perMonthCents(plan)));
}
