import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailMarketingSettings, SendEmailBody } from '@fa-clube/contract';
import { useSession } from '@/lib/session';
import {
  campaignsKey,
  fetchCampaigns,
  fetchSettings,
  fetchUnsubscribe,
  postUnsubscribe,
  saveSettings,
  sendEmail,
  settingsKey,
} from '../api/campaigns-api';

export function useCampaignsWorkspace() {
  const { workspace } = useSession();
  return { ws: workspace?.id ?? null, isOwner: workspace?.is_owner === true };
}

/** The campaigns, refreshed every 2 s while one is still going out. */
export function useCampaigns(ws: string | null) {
  return useQuery({
    queryKey: campaignsKey(ws ?? ''),
    queryFn: ({ signal }) => fetchCampaigns(ws!, signal),
    enabled: Boolean(ws),
    refetchInterval: (query) =>
      query.state.data?.campaigns.some((c) => c.status === 'queued' || c.status === 'sending')
        ? 2000
        : false,
  });
}

export function useSendEmail(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEmailBody) => sendEmail(ws, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey(ws) }),
  });
}

export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => fetchUnsubscribe(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postUnsubscribe(token),
    onSuccess: (info) => queryClient.setQueryData(['unsubscribe', token], info),
  });
}

export function useSendingSettings(ws: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKey(ws),
    queryFn: ({ signal }) => fetchSettings(ws, signal),
    enabled,
  });
}

export function useSaveSendingSettings(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EmailMarketingSettings) => saveSettings(ws, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey(ws) }),
  });
}
