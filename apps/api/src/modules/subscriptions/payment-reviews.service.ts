/**
 * Payments to review: Pix money that arrived for a charge of the workspace but
 * granted nothing (the webhook records it in pix_notifications as ignored:
 * a second payment of a paid charge, another amount, a cancelled charge).
 * Listed to the owner in 'Pagamentos pendentes' so it can be refunded or
 * credited, then marked resolved. Owner only: members get 403, anyone else 404.
 */
import { PAYMENT_REVIEWS_PAGING, centsToMajor, pageOffset } from '@fa-clube/contract';
import type { PaymentReview, PaymentReviewsResponse } from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { findPaymentReview, listPaymentReviews } from '../../read-models/payment-reviews';
import { resolveNotification } from './charges.repo';

type ReviewRow = NonNullable<Awaited<ReturnType<typeof findPaymentReview>>>;

function toPaymentReview(row: ReviewRow): PaymentReview {
  const n = row.notification;
  return {
    id: n.endToEndId,
    txid: n.txid,
    amount: centsToMajor(n.amountCents),
    currency: row.charge.currency,
    reason: n.reason as PaymentReview['reason'],
    charge_id: row.charge.id,
    charge_value: centsToMajor(row.charge.valueCents),
    plan_type: row.charge.planType,
    username: row.username,
    label: row.label,
    paid_at: n.paidAt ? n.paidAt.toISOString() : null,
    received_at: n.receivedAt.toISOString(),
    status: n.resolvedAt ? 'resolved' : 'open',
    resolved_at: n.resolvedAt ? n.resolvedAt.toISOString() : null,
  };
}

/** GET /charges/{ws}/reviews?status=open|resolved */
export async function getPaymentReviews(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { status: 'open' | 'resolved'; page: number; size: number },
): Promise<PaymentReviewsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const { rows, total } = await listPaymentReviews(ctx.db, {
    workspaceId,
    resolved: query.status === 'resolved',
    limit: query.size,
    offset: pageOffset(PAYMENT_REVIEWS_PAGING, query.page, query.size),
  });
  return { reviews: rows.map(toPaymentReview), page: query.page, size: query.size, total };
}

/** POST /charges/{ws}/reviews/{id}/resolve */
export async function resolvePaymentReview(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  endToEndId: string,
): Promise<PaymentReview> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const review = await findPaymentReview(ctx.db, workspaceId, endToEndId);
  if (!review) throw new AppError('PAYMENT_REVIEW_NOT_FOUND');
  const resolved = await resolveNotification(ctx.db, {
    endToEndId,
    userId: owner.userId,
    now: ctx.clock.now(),
  });
  if (!resolved) throw new AppError('PAYMENT_REVIEW_RESOLVED');
  return toPaymentReview((await findPaymentReview(ctx.db, workspaceId, endToEndId))!);
}
