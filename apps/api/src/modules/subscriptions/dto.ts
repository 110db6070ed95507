import { applyDiscount, centsToMajor } from '@fa-clube/contract';
import type { Plan } from '@fa-clube/contract';
import type { PlanRow } from './plans.repo';
import type { SubscriptionRow } from './subscriptions.repo';
import { isActiveSubscription } from '../../read-models/active-subscription';

/** What a subscriber pays for a plan, in centavos. */
export const planPriceCents = (plan: Pick<PlanRow, 'valueCents' | 'discount'>) =>
  applyDiscount(plan.valueCents, plan.discount);

export function toPlan(plan: PlanRow): Plan {
  return {
    id: plan.id,
    plan_type: plan.planType,
    value: centsToMajor(plan.valueCents),
    discount: plan.discount,
    price: centsToMajor(planPriceCents(plan)),
  };
}

/** A subscription as of `now`: an active row past its end already reads as expired. */
export function toSubscriptionState(s: SubscriptionRow, now: Date) {
  const status = s.status === 'active' && !isActiveSubscription(s, now) ? 'expired' : s.status;
  return {
    id: s.id,
    plan_type: s.planType,
    status,
    current_period_end: s.currentPeriodEnd.toISOString(),
  };
}
