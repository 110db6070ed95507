import { formatCents, majorToCents } from '@fa-clube/contract';
import type { PixRefund } from '@fa-clube/contract';

/** What is refunded: a payment to review or an unmatched Pix (`id` is its endToEndId). */
export interface RefundTarget {
  id: string;
  amount: number;
  currency: string;
  /** The payer's name, when the payment matched a charge. */
  payer: string | null;
}

export const refundMoney = (target: Pick<RefundTarget, 'amount' | 'currency'>) =>
  formatCents(majorToCents(target.amount), target.currency);

/** A refund the PSP did not do may be asked again; one in progress or done may not. */
export const canRefundAgain = (refund: PixRefund | null) =>
  refund === null || refund.status === 'NAO_REALIZADO';
