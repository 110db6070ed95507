import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettings, CustomerStatus, TrueIdReviewBody } from '@fa-clube/contract';
import { appSettingsKey, fetchAppSettings, saveAppSettings } from '../api/apps-api';
import {
  fetchAccessLog,
  fetchCustomers,
  fetchReviewObjects,
  reviewCustomer,
  trueidKeys,
} from '../api/trueid-api';

export function useTrueIdSettings(ws: string) {
  return useQuery({
    queryKey: appSettingsKey(ws, 'trueid'),
    queryFn: async ({ signal }) =>
      (await fetchAppSettings(ws, 'trueid', signal)).settings as AppSettings['trueid'],
    enabled: Boolean(ws),
  });
}

export function useSaveTrueIdSettings(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AppSettings['trueid']) => saveAppSettings(ws, 'trueid', settings),
    onSuccess: (res) => queryClient.setQueryData(appSettingsKey(ws, 'trueid'), res.settings),
  });
}

export function useCustomers(ws: string, status: CustomerStatus | undefined, page: number) {
  return useQuery({
    queryKey: trueidKeys.customers(ws, status, page),
    queryFn: ({ signal }) => fetchCustomers(ws, status, page, signal),
    enabled: Boolean(ws),
    placeholderData: keepPreviousData,
  });
}

/** The review's files: fetched when the review opens, never cached (each view is logged). */
export function useReviewObjects(ws: string, id: string) {
  return useQuery({
    queryKey: trueidKeys.objects(ws, id),
    queryFn: ({ signal }) => fetchReviewObjects(ws, id, signal),
    gcTime: 0,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useAccessLog(ws: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: trueidKeys.accessLog(ws, id),
    queryFn: ({ signal }) => fetchAccessLog(ws, id, signal),
    enabled,
  });
}

export function useReview(ws: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrueIdReviewBody) => reviewCustomer(ws, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trueidKeys.all(ws) }),
  });
}
