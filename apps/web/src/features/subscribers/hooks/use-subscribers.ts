import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import {
  PAGE_SIZE,
  confirmCharge,
  fetchPendingCharges,
  fetchSubscribers,
  pendingChargesKey,
  subscribersKey,
} from '../api/subscribers-api';

/** The next page number while fewer than `total` items are loaded. */
function nextPage(last: { page: number; total: number }, all: unknown[]) {
  return all.length * PAGE_SIZE < last.total ? last.page + 1 : undefined;
}

/** The current workspace's id (null until known) and whether the user owns it. */
export function useCurrentWorkspace() {
  const { workspace } = useSession();
  return { id: workspace?.id ?? null, isOwner: workspace?.is_owner === true };
}

export function useSubscribers(ws: string | null) {
  return useInfiniteQuery({
    queryKey: subscribersKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchSubscribers(ws!, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPage,
    enabled: Boolean(ws),
  });
}

export function usePendingCharges(ws: string | null) {
  return useInfiniteQuery({
    queryKey: pendingChargesKey(ws ?? ''),
    queryFn: ({ pageParam, signal }) => fetchPendingCharges(ws!, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPage,
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
