import { centsToMajor } from '@fa-clube/contract';
import type {
  ChargeDetail,
  ChargeListItem,
  ChargeSummary,
  PaymentInfo,
  PendingCharge,
  PixRefund,
} from '@fa-clube/contract';
import type { ChargeRow } from './charges.repo';
import type { PixRefundRow } from './refunds.repo';

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

/** A refund as the API shows it: none while it is only being asked (SOLICITANDO). */
export function toPixRefund(r: PixRefundRow | null, currency = 'BRL'): PixRefund | null {
  if (!r || r.status === 'SOLICITANDO') return null;
  return {
    id: r.id,
    end_to_end_id: r.endToEndId,
    amount: centsToMajor(r.amountCents),
    currency,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  };
}

export function toChargeListItem(row: {
  charge: ChargeRow;
  username: string;
  label: string;
  /** The list's: the PSP notification that paid it, and its refund. */
  paidEndToEndId?: string | null;
  paidConnectionId?: string | null;
  refund?: PixRefundRow | null;
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
    ...(row.paidEndToEndId !== undefined
      ? {
          payment: row.paidEndToEndId
            ? {
                end_to_end_id: row.paidEndToEndId,
                // a one-off sale the PSP paid (decision 070); a subscription's period is not
                refundable: Boolean(row.paidConnectionId) && c.kind !== 'subscription',
                refund: toPixRefund(row.refund ?? null, c.currency),
              }
            : null,
        }
      : {}),
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
