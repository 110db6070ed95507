import { PAGING, PAYMENT_REVIEWS_PAGING, apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

export const subscribersKey = (ws: string) => ['subscribers', ws] as const;
export const pendingChargesKey = (ws: string) => ['charges', ws, 'pending'] as const;
export const paymentReviewsKey = (ws: string) => ['charges', ws, 'reviews'] as const;

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
