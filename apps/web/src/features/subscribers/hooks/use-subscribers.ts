import { PAGING, PAYMENT_REVIEWS_PAGING } from '@fa-clube/contract';
import type {
  ChargesResponse,
  PaymentReviewsResponse,
  SubscribersResponse,
} from '@fa-clube/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { infinitePaging } from '@/lib/paging';
import { useSession } from '@/lib/session';
import {
  confirmCharge,
  fetchPaymentReviews,
  fetchPendingCharges,
  fetchSubscribers,
  paymentReviewsKey,
  pendingChargesKey,
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
