import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OwnerConfirmation,
  PixConnectionBody,
  PixSettingsBody,
  PlanBody,
  PlansResponse,
} from '@fa-clube/contract';
import { useSession } from '@/lib/session';
import { markWorkspaceCreator } from '@/lib/workspace';
import {
  deletePixConnection,
  fetchOwnPlans,
  fetchPix,
  fetchPixConnection,
  ownPlansKey,
  pixConnectionKey,
  pixKey,
  savePix,
  savePixConnection,
  savePlan,
} from '../api/plans-api';

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
        automatic_available: old?.automatic_available ?? false,
        plans: [...(old?.plans ?? []).filter((p) => p.plan_type !== plan.plan_type), plan],
      }));
      // a plan makes the workspace a creator's (decision 093): the creator's menu shows now
      if (ws) markWorkspaceCreator(queryClient, ws);
      // the visitors' views of the plans (profile page) refetch when next shown
      void queryClient.invalidateQueries({
        queryKey: ['plans', username.toLowerCase()],
        refetchType: 'none',
      });
    },
  });
}

/** The workspace's PSP connection (null: none). */
export function usePixConnection(ws: string) {
  return useQuery({
    queryKey: pixConnectionKey(ws),
    queryFn: ({ signal }) => fetchPixConnection(ws, signal),
  });
}

/** Connects (or updates) the PSP account; the visitors' plans learn whether Pix Automático is on. */
export function useSavePixConnection(ws: string, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixConnectionBody) => savePixConnection(ws, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(pixConnectionKey(ws), saved);
      void queryClient.invalidateQueries({ queryKey: ['plans', username.toLowerCase()] });
    },
  });
}

export function useDeletePixConnection(ws: string, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation?: OwnerConfirmation) => deletePixConnection(ws, confirmation),
    onSuccess: () => {
      queryClient.setQueryData(pixConnectionKey(ws), null);
      void queryClient.invalidateQueries({ queryKey: ['plans', username.toLowerCase()] });
    },
  });
}
