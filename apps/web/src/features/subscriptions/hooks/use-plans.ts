import { useQuery } from '@tanstack/react-query';
import type { PlanType } from '@fa-clube/contract';
import { useViewerId } from '@/lib/session';
import {
  chargeKey,
  chargePlan,
  fetchCharge,
  fetchPlans,
  plansKey,
  renewKey,
  subscribeKey,
  subscribeToPlan,
} from '../api/subscriptions-api';

/**
 * A creator's plans as the current viewer sees them. `pollMs` refetches on an interval until
 * the viewer subscribes (the subscribe dialog polls while it waits for the payment).
 */
export function usePlans(username: string, options: { pollMs?: number | false } = {}) {
  const viewer = useViewerId();
  return useQuery({
    queryKey: plansKey(username, viewer),
    queryFn: ({ signal }) => fetchPlans(username, signal),
    enabled: Boolean(username),
    refetchInterval: (query) =>
      options.pollMs && !query.state.data?.is_subscribed ? options.pollMs : false,
    refetchIntervalInBackground: Boolean(options.pollMs),
  });
}

/**
 * The Pix charge for one plan, opened when the dialog opens (POST /subscribe/plan). Kept only
 * while the dialog is mounted; the server hands back the same pending charge when asked again.
 */
export function useSubscribeCharge(username: string, planType: PlanType, enabled: boolean) {
  const viewer = useViewerId();
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

/**
 * The Pix charge of a renewal (POST /subscriptions/charge { plan }), opened when the dialog opens;
 * kept only while the dialog is mounted, like useSubscribeCharge.
 */
export function useRenewCharge(planId: string, enabled: boolean) {
  const viewer = useViewerId();
  return useQuery({
    queryKey: renewKey(planId, viewer),
    queryFn: () => chargePlan(planId),
    enabled: enabled && Boolean(viewer),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** A charge the payer waits on, polled every `pollMs` until it is paid. */
export function useChargeStatus(ws: string | null, id: string | null, pollMs: number | false) {
  return useQuery({
    queryKey: chargeKey(ws ?? '', id ?? ''),
    queryFn: ({ signal }) => fetchCharge(ws!, id!, signal),
    enabled: Boolean(ws && id),
    refetchInterval: (query) => (pollMs && query.state.data?.status !== 'paid' ? pollMs : false),
    refetchIntervalInBackground: Boolean(pollMs),
  });
}
