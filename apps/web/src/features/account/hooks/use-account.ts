import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, SubscriptionNotifications } from '@fa-clube/contract';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/me';
import { useImagePreviewUpload } from '@/lib/use-image-upload';
import {
  cancelRecurrence,
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  fetchMySubscriptions,
  fetchSessions,
  fetchSubscriptionNotifications,
  mySubscriptionsKey,
  requestAvatarUpload,
  requestEmailChange,
  saveSubscriptionNotifications,
  sessionsKey,
  subscriptionNotificationsKey,
  updateProfile,
} from '../api/account-api';
import { t } from '../strings';

export function useMySubscriptions() {
  return useQuery({
    queryKey: mySubscriptionsKey,
    queryFn: ({ signal }) => fetchMySubscriptions(signal),
  });
}

/** Cancels a subscription's automatic renewal and refreshes 'Minhas assinaturas'. */
export function useCancelRecurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRecurrence,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySubscriptionsKey }),
  });
}

/** The new-post switches of one subscription of the person's. */
export function useSubscriptionNotifications(subscriptionId: string) {
  return useQuery({
    queryKey: subscriptionNotificationsKey(subscriptionId),
    queryFn: ({ signal }) => fetchSubscriptionNotifications(subscriptionId, signal),
  });
}

/** Saves them, shown switched at once and put back if the server refuses. */
export function useSaveSubscriptionNotifications(subscriptionId: string) {
  const queryClient = useQueryClient();
  const key = subscriptionNotificationsKey(subscriptionId);
  return useMutation({
    mutationFn: (body: SubscriptionNotifications) =>
      saveSubscriptionNotifications(subscriptionId, body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SubscriptionNotifications>(key);
      queryClient.setQueryData(key, body);
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const useRequestEmailChange = () => useMutation({ mutationFn: requestEmailChange });

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => fetchSessions(signal) });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });

/**
 * The person's photo: checked here (images, 15 MB), previewed at once, sent to the pre-signed
 * URL with progress, then completed; the processed image replaces the preview in GET /me.
 */
export function useAvatarUpload() {
  const queryClient = useQueryClient();
  return useImagePreviewUpload({
    refused: { type: t.account.photoType, tooLarge: t.account.photoTooLarge },
    request: requestAvatarUpload,
    onDone: (done, dropPreview) => {
      const url = done.avatar_url ?? done.url;
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
        me ? { ...me, avatar_url: url } : me,
      );
      // the preview stays until the processed image is in the browser, so it never flashes back
      const loaded = new Image();
      loaded.onload = loaded.onerror = dropPreview;
      loaded.src = url;
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      toast.success(t.account.photoSaved);
    },
    onError: (err) => toast.error(`${t.account.photoFailed} ${errorMessage(err)}`),
  });
}
