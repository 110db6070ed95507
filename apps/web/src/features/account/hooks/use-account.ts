import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from '@fa-clube/contract';
import type { ImageContentType, MeResponse } from '@fa-clube/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/me';
import { uploadFile } from '@/lib/upload';
import {
  changePassword,
  completeAvatarUpload,
  deleteAccount,
  endOtherSessions,
  endSession,
  fetchMySubscriptions,
  fetchSessions,
  mySubscriptionsKey,
  requestAvatarUpload,
  requestEmailChange,
  sessionsKey,
  updateProfile,
} from '../api/account-api';
import { t } from '../strings';

export function useMySubscriptions() {
  return useQuery({
    queryKey: mySubscriptionsKey,
    queryFn: ({ signal }) => fetchMySubscriptions(signal),
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

function isAcceptedImage(file: File): file is File & { type: ImageContentType } {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type);
}

/**
 * The person's photo: checked here (images, 15 MB), previewed at once, sent to the pre-signed
 * URL with progress, then completed; the processed image replaces the preview in GET /me.
 */
export function useAvatarUpload() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'processing'>('idle');
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  const dropPreview = useCallback(() => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
    setPreview(null);
  }, []);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const start = async (file: File) => {
    if (phase !== 'idle') return;
    if (!isAcceptedImage(file) || file.size === 0) {
      toast.error(t.account.photoType);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error(t.account.photoTooLarge);
      return;
    }
    dropPreview();
    const local = URL.createObjectURL(file);
    previewRef.current = local;
    setPreview(local);
    setPercent(0);
    setPhase('uploading');
    try {
      const upload = await requestAvatarUpload(file);
      await uploadFile({
        url: upload.presigned_url,
        headers: upload.headers,
        file,
        onProgress: (p) => setPercent(p.percent),
      });
      setPhase('processing');
      const done = await completeAvatarUpload(upload.upload_id);
      const url = done.avatar_url ?? done.url;
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
        me ? { ...me, avatar_url: url } : me,
      );
      // the preview stays until the processed image is in the browser, so it never flashes back
      const loaded = new Image();
      loaded.onload = loaded.onerror = () => {
        if (previewRef.current === local) dropPreview();
      };
      loaded.src = url;
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      setPhase('idle');
      toast.success(t.account.photoSaved);
    } catch (err) {
      dropPreview();
      setPhase('idle');
      setPercent(0);
      toast.error(`${t.account.photoFailed} ${errorMessage(err)}`);
    }
  };

  return { start, phase, percent, preview, busy: phase !== 'idle', dropPreview };
}
