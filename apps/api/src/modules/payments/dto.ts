import { centsToMajor } from '@fa-clube/contract';
import type {
  ChargeDetail,
  ChargeListItem,
  ChargeSummary,
  PaymentInfo,
  PendingCharge,
} from '@fa-clube/contract';
import type { ChargeRow } from './charges.repo';

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
    kind: c.kind,
    item_id: c.itemId,
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
    confirmation: row.charge.provider === 'manual' ? 'manual' : 'automatic',
  };
}
