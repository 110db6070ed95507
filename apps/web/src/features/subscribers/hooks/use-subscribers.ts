import { PAGING, PAYMENT_REVIEWS_PAGING, PIX_NOTIFICATIONS_PAGING } from '@fa-clube/contract';
import type {
  ChargesResponse,
  PaymentReviewsResponse,
  PixNotificationsResponse,
  PixRefund,
  SubscribersResponse,
} from '@fa-clube/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { infinitePaging } from '@/lib/paging';
import { useSession } from '@/lib/session';
import {
  confirmCharge,
  fetchPaidSales,
  fetchPaymentReviews,
  fetchPendingCharges,
  fetchPixConnected,
  fetchPixNotifications,
  fetchSubscribers,
  paidSalesKey,
  paymentReviewsKey,
  pendingChargesKey,
  pixConnectedKey,
  pixNotificationsKey,
  refundPayment,
  resolvePaymentReview,
  subscribersKey,
} from '../api/subscribers-api';

/** The current workspace's id (null until known) and whether the user owns it. */
export function useCurrentWorkspace() {
  const { workspace } = useSession();
  return { id: workspace?.id ?? null, isOwner: workspace?.is_owner === true };
}

export function useSubscribers(ws: string | null) {
  return useInfiniteQuery({
    queryKey: subscribersKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchSubscribers(ws!, pageParam, signal),
    ...infinitePaging(PAGING.subscribers, (page: SubscribersResponse) => page.subscribers),
    enabled: Boolean(ws),
  });
}

/** The one-off sales paid, newest first (owner and members; the owner refunds them). */
export function usePaidSales(ws: string) {
  return useInfiniteQuery({
    queryKey: paidSalesKey(ws),
    queryFn: ({ pageParam, signal }) => fetchPaidSales(ws, pageParam, signal),
    ...infinitePaging(PAGING.charges, (page: ChargesResponse) => page.charges),
  });
}

export function usePendingCharges(ws: string | null) {
  return useInfiniteQuery({
    queryKey: pendingChargesKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchPendingCharges(ws!, pageParam, signal),
    ...infinitePaging(PAGING.charges, (page: ChargesResponse) => page.charges),
    enabled: Boolean(ws),
  });
}

/** Confirms a charge and refreshes both lists (the payer moves from pending to subscribers). */
export function useConfirmCharge(ws: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => confirmCharge(ws!, id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscribersKey(ws ?? '') }),
        queryClient.invalidateQueries({ queryKey: pendingChargesKey(ws ?? '') }),
      ]),
  });
}

/** The owner's open payments to review (members are not asked: the server refuses them). */
export function usePaymentReviews(ws: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: paymentReviewsKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchPaymentReviews(ws!, pageParam, signal),
    ...infinitePaging(PAYMENT_REVIEWS_PAGING, (page: PaymentReviewsResponse) => page.reviews),
    enabled: Boolean(ws) && enabled,
  });
}

/** Marks a payment to review resolved and refreshes the list. */
export function useResolvePaymentReview(ws: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resolvePaymentReview(ws!, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentReviewsKey(ws ?? '') }),
  });
}

/** Whether the workspace has its own PSP connected (then unmatched Pix can arrive). */
export function usePixConnected(ws: string) {
  return useQuery({
    queryKey: [...pixConnectedKey(ws), 'connected'],
    queryFn: ({ signal }) => fetchPixConnected(ws, signal),
  });
}

/** Pix received through the connection that matched no charge (owner and members). */
export function usePixNotifications(ws: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: pixNotificationsKey(ws),
    queryFn: ({ pageParam, signal }) => fetchPixNotifications(ws, pageParam, signal),
    ...infinitePaging(
      PIX_NOTIFICATIONS_PAGING,
      (page: PixNotificationsResponse) => page.notifications,
    ),
    enabled,
  });
}

/**
 * Refunds a payment (a review, or an unmatched Pix) and shows its refund where it is listed. A
 * refunded review is resolved by the server: it stays in the list with its status until the next
 * load, so the owner sees what happened.
 */
export function useRefundPayment(ws: string) {
  const queryClient = useQueryClient();
  const withRefund =
    <T extends { id: string; refund: PixRefund | null }>(refund: PixRefund) =>
    (item: T): T =>
      item.id === refund.end_to_end_id ? { ...item, refund } : item;
  return useMutation({
    mutationFn: (id: string) => refundPayment(ws, id),
    onSuccess: (refund) => {
      queryClient.setQueryData<InfiniteData<PaymentReviewsResponse>>(
        paymentReviewsKey(ws),
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((p) => ({ ...p, reviews: p.reviews.map(withRefund(refund)) })),
          },
      );
      queryClient.setQueryData<InfiniteData<PixNotificationsResponse>>(
        pixNotificationsKey(ws),
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((p) => ({
              ...p,
              notifications: p.notifications.map(withRefund(refund)),
            })),
          },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paidSalesKey(ws) }),
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentReviewsKey(ws) }),
        queryClient.invalidateQueries({ queryKey: pixNotificationsKey(ws) }),
      ]),
  });
}
