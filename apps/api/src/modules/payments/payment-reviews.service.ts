/**
 * Payments to review: Pix money that arrived for a charge of the workspace but
 * granted nothing (the webhook records it in pix_notifications as ignored:
 * a second payment of a paid charge, another amount, a cancelled charge).
 * Listed to the owner in 'Pagamentos pendentes' so it can be refunded or
 * credited, then marked resolved. Owner only: members get 403, anyone else 404.
 */
import { randomBytes } from 'node:crypto';
import {
  PAYMENT_REVIEWS_PAGING,
  PIX_NOTIFICATIONS_PAGING,
  centsToMajor,
  pageOffset,
} from '@fa-clube/contract';
import type {
  PaymentReview,
  PaymentReviewsResponse,
  PixNotificationsResponse,
  PixRefund,
} from '@fa-clube/contract';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDecimalString } from '../../lib/pix';
import { PspError } from '../../lib/pix/psp-client';
import type { PspClient } from '../../lib/pix/psp-client';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { findPaymentReview, listPaymentReviews } from './payments.queries';
import { bookPixRefund } from '../finance/finance.service';
import { toPixRefund } from './dto';
import { findChargeById, findNotification, resolveNotification } from './charges.repo';
import { toPaidCharge } from './settlement.service';
import type { pixNotifications } from '../../db/schema/payments';
import { connectionClient } from './pix-connections.service';
import { findConnectionById } from './pix-connections.repo';
import {
  advanceRefund,
  findRefundOf,
  listUnmatchedNotifications,
  releaseRefund,
  takeRefund,
} from './refunds.repo';
import type { PixRefundStatus } from '../../db/schema/payments';

type ReviewRow = NonNullable<Awaited<ReturnType<typeof findPaymentReview>>>;
type NotificationRow = typeof pixNotifications.$inferSelect;

/** Received through a PSP the server can ask for the refund: a workspace's connection. */
const refundable = (n: NotificationRow) => Boolean(n.connectionId);

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
    kind: row.charge.kind,
    username: row.username,
    label: row.label,
    paid_at: n.paidAt ? n.paidAt.toISOString() : null,
    received_at: n.receivedAt.toISOString(),
    status: n.resolvedAt ? 'resolved' : 'open',
    resolved_at: n.resolvedAt ? n.resolvedAt.toISOString() : null,
    refundable: refundable(n),
    refund: toPixRefund(row.refund, row.charge.currency),
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
  return {
    reviews: rows.map(toPaymentReview),
    page: query.page,
    size: query.size,
    total,
  };
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

/** GET /workspaces/{id}/pix/notifications: owner and members. */
export async function getUnmatchedNotifications(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  query: { page: number; size: number },
): Promise<PixNotificationsResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  const { rows, total } = await listUnmatchedNotifications(ctx.db, {
    workspaceId,
    limit: query.size,
    offset: pageOffset(PIX_NOTIFICATIONS_PAGING, query.page, query.size),
  });
  return {
    notifications: rows.map(({ notification: n, refund }) => ({
      id: n.endToEndId,
      txid: n.txid,
      amount: centsToMajor(n.amountCents),
      currency: 'BRL',
      paid_at: n.paidAt?.toISOString() ?? null,
      received_at: n.receivedAt.toISOString(),
      refund: toPixRefund(refund),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

/** How long a refund's call to the PSP may be out before another request may ask again. */
const REFUND_CALL_LEASE_MS = 2 * 60_000;
const newRefundId = () => `D${randomBytes(15).toString('hex')}`;

/** The PSP that received a payment: its connection's, while connected. */
async function pspOf(ctx: AppContext, n: NotificationRow): Promise<PspClient> {
  const connection = n.connectionId ? await findConnectionById(ctx.db, n.connectionId) : null;
  if (connection?.status !== 'connected') throw new AppError('PAYMENT_NOT_REFUNDABLE');
  return connectionClient(ctx, connection);
}

/**
 * POST /charges/{ws}/{id}/refund: the owner sends back a payment to review
 * (`id` its endToEndId), or a Pix of the connection that matched no charge,
 * through `PUT /pix/{e2eid}/devolucao/{id}`; once accepted, it is booked in
 * the ledger and the review is resolved. One refund per payment, asked by one
 * request at a time (two at once: the second answers 409); a refund the PSP did
 * not do, or whose request got no answer a while ago, may be asked again.
 */
export async function refundPayment(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  endToEndId: string,
): Promise<PixRefund> {
  const { actor: owner } = await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const review = await findPaymentReview(ctx.db, workspaceId, endToEndId);
  const n = review?.notification ?? (await findNotification(ctx.db, endToEndId));
  const unmatched = n && !n.chargeId && n.workspaceId === workspaceId && n.outcome === 'ignored';
  // a one-off sale (a post, a message, a tip) the PSP paid may be refunded too: what it bought
  // is taken back (decision 070); a subscription's period is not refunded here
  const sold =
    !review && n?.outcome === 'applied' && n.chargeId
      ? await findChargeById(ctx.db, n.chargeId)
      : null;
  const refundsSale = sold?.workspaceId === workspaceId && sold.kind !== 'subscription';
  if (!n || (!review && !unmatched && !refundsSale)) throw new AppError('PAYMENT_REVIEW_NOT_FOUND');
  const client = await pspOf(ctx, n);
  const now = ctx.clock.now();
  const refund = await takeRefund(ctx.db, {
    id: newRefundId(),
    endToEndId,
    workspaceId,
    amountCents: n.amountCents,
    status: 'SOLICITANDO',
    requestedBy: owner.userId,
    createdAt: now,
    updatedAt: now,
    staleBefore: new Date(now.getTime() - REFUND_CALL_LEASE_MS),
  });
  if (!refund) {
    const held = await findRefundOf(ctx.db, endToEndId);
    throw held?.status === 'SOLICITANDO'
      ? new AppError(
          'PAYMENT_ALREADY_REFUNDED',
          'A devolução deste pagamento já está em andamento.',
        )
      : new AppError('PAYMENT_ALREADY_REFUNDED');
  }
  let answer: { status?: string; rtrId?: string };
  try {
    answer = (
      await client.call<{ status?: string; rtrId?: string }>(
        'PUT',
        `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(refund.id)}`,
        {
          body: {
            valor: centsToDecimalString(n.amountCents),
            descricao: 'Devolução pelo Fã Clube',
          },
        },
      )
    ).body;
  } catch (err) {
    ctx.logger.error(
      { err: err instanceof PspError ? err.message : err, endToEndId },
      'devolução Pix recusada ou sem resposta',
    );
    // asked again at once under the same id: the PSP answers a refund it made idempotently
    await releaseRefund(ctx.db, refund.id);
    throw new AppError('PIX_REFUND_FAILED');
  }
  const status =
    answer.status === 'DEVOLVIDO' || answer.status === 'NAO_REALIZADO'
      ? answer.status
      : 'EM_PROCESSAMENTO';
  const saved = await ctx.db.transaction(async (tx) => {
    // the PSP's notification of this refund may have moved it already
    const row =
      (await advanceRefund(tx, { id: refund.id, workspaceId, status, rtrId: answer.rtrId, now })) ??
      (await findRefundOf(tx, endToEndId))!;
    if (row.status !== 'NAO_REALIZADO') {
      await bookPixRefund(tx, {
        workspaceId,
        refundId: refund.id,
        endToEndId,
        amountCents: n.amountCents,
        currency: review?.charge.currency ?? 'BRL',
        receivedAt: n.paidAt ?? n.receivedAt,
        refundedAt: now,
        reference: review ? `@${review.username}` : `txid ${n.txid ?? '—'}`,
      });
      await resolveNotification(tx, { endToEndId, userId: owner.userId, now });
      if (refundsSale && sold) await ctx.chargeKinds[sold.kind]?.refunded?.(tx, toPaidCharge(sold));
    }
    return row;
  });
  if (refundsSale && sold && saved.status !== 'NAO_REALIZADO') {
    const handler = ctx.chargeKinds[sold.kind];
    await handler?.afterRefund?.(ctx, toPaidCharge(sold)).catch((err: unknown) => {
      ctx.logger.warn({ err, chargeId: sold.id }, 'aviso ao vivo da devolução falhou');
    });
  }
  return toPixRefund(saved, review?.charge.currency)!;
}

/**
 * A refund's later status, as the PSP answered it when its notification named it: only a
 * refund of that workspace and payment, and only forward (a final status stays).
 */
export async function applyRefundUpdate(
  ctx: AppContext,
  workspaceId: string,
  update: { id: string; endToEndId: string; status: string },
): Promise<boolean> {
  const status = REFUND_STATUSES.find((x) => x === update.status);
  if (!status) return false;
  const moved = await advanceRefund(ctx.db, {
    id: update.id,
    endToEndId: update.endToEndId,
    workspaceId,
    status,
    now: ctx.clock.now(),
  });
  return Boolean(moved);
}

const REFUND_STATUSES: readonly PixRefundStatus[] = [
  'EM_PROCESSAMENTO',
  'DEVOLVIDO',
  'NAO_REALIZADO',
];
