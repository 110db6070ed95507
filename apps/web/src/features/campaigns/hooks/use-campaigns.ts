import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactImportBody, EmailMarketingSettings, SendEmailBody } from '@fa-clube/contract';
import { useSession } from '@/lib/session';
import {
  campaignsKey,
  contactsKey,
  deleteContact,
  fetchCampaigns,
  fetchContacts,
  fetchSettings,
  fetchContactConfirmation,
  fetchUnsubscribe,
  postContactConfirmation,
  importContacts,
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

/** A page of the imported contacts (the previous page stays on screen while the next loads). */
export function useContacts(ws: string, page: number, q: string) {
  return useQuery({
    queryKey: [...contactsKey(ws), page, q],
    queryFn: ({ signal }) => fetchContacts(ws, page, q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useImportContacts(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactImportBody) => importContacts(ws, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKey(ws) }),
  });
}

export function useDeleteContact(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteContact(ws, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKey(ws) }),
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) => postUnsubscribe(token, everywhere),
    onSuccess: (info) => queryClient.setQueryData(['unsubscribe', token], info),
  });
}

export function useContactConfirmationInfo(token: string) {
  return useQuery({
    queryKey: ['contact-confirmation', token],
    queryFn: ({ signal }) => fetchContactConfirmation(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useConfirmContact(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postContactConfirmation(token),
    onSuccess: (info) => queryClient.setQueryData(['contact-confirmation', token], info),
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
