import { useQuery } from '@tanstack/react-query';
import type { PlanType } from '@fa-clube/contract';
import { useSession } from '@/lib/session';
import { fetchPlans, plansKey, subscribeKey, subscribeToPlan } from '../api/subscriptions-api';

/** Who is looking: the signed-in user's id, or null for an anonymous visitor. */
export function useViewer(): string | null {
  const { token, metadata } = useSession();
  if (!token) return null;
  return metadata?.id ?? 'signed-in';
}

/**
 * A creator's plans as the current viewer sees them. `pollMs` refetches on an interval until
 * the viewer subscribes (the subscribe dialog polls while it waits for the payment).
 */
export function usePlans(username: string, options: { pollMs?: number | false } = {}) {
  const viewer = useViewer();
  return useQuery({
    queryKey: plansKey(username, viewer),
    queryFn: ({ signal }) => fetchPlans(username, signal),
    enabled: Boolean(username),
    refetchInterval: (query) =>
      options.pollMs && !query.state.data?.is_subscribed ? options.pollMs : false,
    refetchIntervalInBackground: Boolean(options.pollMs),
  });
}

/** Whether the signed-in viewer has an active subscription to `username` (false while loading). */
export function useIsSubscribed(username: string): boolean {
  return usePlans(username).data?.is_subscribed ?? false;
}

/**
 * The Pix charge for one plan, opened when the dialog opens (POST /subscribe/plan). Kept only
 * while the dialog is mounted; the server hands back the same pending charge when asked again.
 */
export function useSubscribeCharge(username: string, planType: PlanType, enabled: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: subscribeKey(username, planType, viewer),
    queryFn: () => subscribeToPlan(username, planType),
    enabled: enabled && Boolean(viewer),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
