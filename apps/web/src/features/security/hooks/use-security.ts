import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/lib/me';
import {
  LOGIN_ACTIVITIES_QUERY_KEY,
  TWO_FACTOR_QUERY_KEY,
  fetchLoginActivities,
  fetchTwoFactorStatus,
  toggleTwoFactor,
} from '../api/security-api';

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
  });
}

export function useToggleTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, password }: { code: string; password?: string }) =>
      toggleTwoFactor(code, password),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}

export function useLoginActivities() {
  return useQuery({
    queryKey: LOGIN_ACTIVITIES_QUERY_KEY,
    queryFn: ({ signal }) => fetchLoginActivities(signal),
  });
}
