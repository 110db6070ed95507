import { applyDiscount, centsToMajor } from '@fa-clube/contract';
import type {
  ChargeDetail,
  ChargeListItem,
  ChargeSummary,
  PaymentInfo,
  PendingCharge,
  Plan,
} from '@fa-clube/contract';
import type { ChargeRow } from './charges.repo';
import type { PlanRow } from './plans.repo';
import type { SubscriptionRow } from './subscriptions.repo';

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

export function toChargeSummary(c: ChargeRow): ChargeSummary {
  return {
    id: c.id,
    txid: c.txid,
    status: c.status,
    expires_at: c.expiresAt.toISOString(),
    plan_type: c.planType,
    confirmation: c.provider === 'manual' ? 'manual' : 'automatic',
  };
}

export function toPendingCharge(c: ChargeRow): PendingCharge {
  return {
    ...toChargeSummary(c),
    value: centsToMajor(c.valueCents),
    payment_specs: c.paymentSpecs,
  };
}

export function toPaymentInfo(c: ChargeRow): PaymentInfo {
  return {
    value: centsToMajor(c.valueCents),
    payment_specs: c.paymentSpecs,
    charge: toChargeSummary(c),
  };
}

export function toChargeListItem(row: {
  charge: ChargeRow;
  username: string;
  label: string;
}): ChargeListItem {
  const c = row.charge;
  return {
    id: c.id,
    username: row.username,
    label: row.label,
    plan_type: c.planType,
    value: centsToMajor(c.valueCents),
    txid: c.txid,
    status: c.status,
    created_at: c.createdAt.toISOString(),
  };
}

export function toChargeDetail(row: {
  charge: ChargeRow;
  username: string;
  label: string;
}): ChargeDetail {
  return {
    ...toChargeListItem(row),
    expires_at: row.charge.expiresAt.toISOString(),
    paid_at: row.charge.paidAt?.toISOString() ?? null,
    payment_specs: row.charge.paymentSpecs,
  };
}

/** A subscription as of `now`: an active row past its end already reads as expired. */
export function toSubscriptionState(s: SubscriptionRow, now: Date) {
  const status = s.status === 'active' && s.currentPeriodEnd <= now ? 'expired' : s.status;
  return {
    id: s.id,
    plan_type: s.planType,
    status,
    current_period_end: s.currentPeriodEnd.toISOString(),
  };
}
