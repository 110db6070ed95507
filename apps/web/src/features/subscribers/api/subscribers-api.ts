import {
  PAGING,
  PAYMENT_REVIEWS_PAGING,
  PIX_NOTIFICATIONS_PAGING,
  apiPath,
  paths,
} from '@fa-clube/contract';
import { api, hasErrorCode } from '@/lib/api-client';

export const subscribersKey = (ws: string) => ['subscribers', ws] as const;
export const pendingChargesKey = (ws: string) => ['charges', ws, 'pending'] as const;
export const paymentReviewsKey = (ws: string) => ['charges', ws, 'reviews'] as const;
export const paidSalesKey = (ws: string) => ['charges', ws, 'sales'] as const;
export const pixNotificationsKey = (ws: string) => ['pix-notifications', ws] as const;
export const pixConnectedKey = (ws: string) => ['workspace-pix-connection', ws] as const;

/** GET /subscribers/{ws}?page=&size= (active subscribers, page from 0). */
export const fetchSubscribers = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.subscribers, { ws }), {
    query: { page, size: PAGING.subscribers.size },
    schema: 'SubscribersResponse',
    signal,
  });

/** GET /charges/{ws}?status=pending&page=&size= (charges waiting for the owner's confirmation). */
export const fetchPendingCharges = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.charges, { ws }), {
    query: { status: 'pending', page, size: PAGING.charges.size },
    schema: 'ChargesResponse',
    signal,
  });

/** GET /charges/{ws}?kind=sale&status=paid: the one-off sales paid (posts, messages, tips). */
export const fetchPaidSales = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.charges, { ws }), {
    query: { kind: 'sale', status: 'paid', page, size: PAGING.charges.size },
    schema: 'ChargesResponse',
    signal,
  });

/** POST /charges/{ws}/{id}/confirm (owner only): the Pix arrived, the subscription starts. */
export const confirmCharge = (ws: string, id: string) =>
  api.post(apiPath(paths.chargeConfirm, { ws, id }), undefined, {
    schema: 'ConfirmChargeResponse',
  });

/** GET /subscribers/{ws}/export.csv as a Blob (a CSV file, not JSON). */
export const fetchSubscribersCsv = (ws: string) =>
  api.file(apiPath(paths.subscribersExport, { ws }), 'text/csv');

/** GET /charges/{ws}/reviews?page=&size= (owner only): Pix money that granted nothing, still open. */
export const fetchPaymentReviews = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.paymentReviews, { ws }), {
    query: { status: 'open', page, size: PAYMENT_REVIEWS_PAGING.size },
    schema: 'PaymentReviewsResponse',
    signal,
  });

/** POST /charges/{ws}/reviews/{id}/resolve (owner only): refunded or credited outside the app. */
export const resolvePaymentReview = (ws: string, id: string) =>
  api.post(apiPath(paths.paymentReviewResolve, { ws, id }), undefined, {
    schema: 'PaymentReview',
  });

/**
 * POST /charges/{ws}/{id}/refund (owner only): sends a payment to review, or a Pix that matched
 * no charge, back to the payer through the workspace's PSP (`id` is its endToEndId).
 */
export const refundPayment = (ws: string, id: string) =>
  api.post(apiPath(paths.chargeRefund, { ws, id }), undefined, {
    schema: 'PixRefund',
  });

/** GET /workspaces/{id}/pix/notifications?page=&size=: Pix of the connection that matched nothing. */
export const fetchPixNotifications = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.workspacePixNotifications, { id: ws }), {
    query: { page, size: PIX_NOTIFICATIONS_PAGING.size },
    schema: 'PixNotificationsResponse',
    signal,
  });

/** Whether the workspace has a PSP connected (GET /workspaces/{id}/pix/connection, members too). */
export async function fetchPixConnected(ws: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get(apiPath(paths.workspacePixConnection, { id: ws }), { signal });
    return true;
  } catch (error) {
    if (hasErrorCode(error, 'PIX_CONNECTION_NOT_FOUND')) return false;
    throw error;
  }
}
