import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PixSettingsBody, PlanBody, PlansResponse } from '@fa-clube/contract';
import { useSession } from '@/lib/session';
import { fetchOwnPlans, fetchPix, ownPlansKey, pixKey, savePix, savePlan } from '../api/plans-api';

/** The current workspace: id (null until the workspace list loaded), username and role. */
export function useCurrentWorkspace() {
  const { workspace } = useSession();
  return {
    id: workspace?.id ?? null,
    username: workspace?.username ?? '',
    isOwner: workspace?.is_owner === true,
  };
}

export function usePixSettings(ws: string | null) {
  return useQuery({
    queryKey: pixKey(ws ?? ''),
    queryFn: ({ signal }) => fetchPix(ws!, signal),
    enabled: Boolean(ws),
  });
}

export function useSavePix(ws: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixSettingsBody) => savePix(ws!, body),
    onSuccess: (saved) => queryClient.setQueryData(pixKey(ws ?? ''), saved),
  });
}

export function useOwnPlans(username: string) {
  return useQuery({
    queryKey: ownPlansKey(username),
    queryFn: ({ signal }) => fetchOwnPlans(username, signal),
    enabled: Boolean(username),
  });
}

export function useSavePlan(ws: string | null, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<PlanBody>) => savePlan(ws!, body),
    onSuccess: (plan) => {
      queryClient.setQueryData<PlansResponse>(ownPlansKey(username), (old) => ({
        is_subscribed: old?.is_subscribed ?? false,
        plans: [...(old?.plans ?? []).filter((p) => p.plan_type !== plan.plan_type), plan],
      }));
      // the visitors' views of the plans (profile page) refetch when next shown
      void queryClient.invalidateQueries({
        queryKey: ['plans', username.toLowerCase()],
        refetchType: 'none',
      });
    },
  });
}
