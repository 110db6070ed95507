import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from '@fa-clube/contract';
import type { ImageContentType, UpdateWorkspaceBody, Workspace } from '@fa-clube/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { hasErrorCode } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { uploadFile } from '@/lib/upload';
import { WORKSPACES_QUERY_KEY, rememberWorkspace } from '@/lib/workspace';
import {
  completeImageUpload,
  fetchWorkspace,
  requestImageUpload,
  updateWorkspace,
  workspaceKey,
} from '../api/workspace-api';
import type { ImageKind } from '../api/workspace-api';

/** A fresh workspace goes to this page's cache, the switcher's list and the stored session. */
function applyWorkspace(queryClient: QueryClient, workspace: Workspace) {
  queryClient.setQueryData(workspaceKey(workspace.id), workspace);
  rememberWorkspace(queryClient, workspace);
}

/** The current workspace (storage key `workspace`), fresh from the server. */
export function useCurrentWorkspace() {
  const { workspace } = useSession();
  const id = workspace?.id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: workspaceKey(id),
    queryFn: ({ signal }) => fetchWorkspace(id, signal),
    enabled: Boolean(id),
  });
  const gone = hasErrorCode(query.error, 'WORKSPACE_NOT_FOUND');
  useEffect(() => {
    // removed from the team or deleted elsewhere: reload the list so the switcher picks another
    if (gone) void queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
  }, [gone, queryClient]);
  return query;
}

/** PUT /workspaces/{id}; on success the session and the switcher show the new values. */
export function useUpdateWorkspace(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceBody) => updateWorkspace(id, body),
    onSuccess: (workspace) => applyWorkspace(queryClient, workspace),
  });
}

export type UploadPhase = 'idle' | 'uploading' | 'processing';

/** Why the server refuses an image, worth showing under it (anything else is the toast only). */
const IMAGE_REFUSALS = [
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CONTENT_TYPE_MISMATCH',
  'SIZE_MISMATCH',
  'VALIDATION_ERROR',
  'UPLOAD_NOT_RECEIVED',
  'UPLOAD_FAILED',
] as const;

function isAcceptedImage(file: File): file is File & { type: ImageContentType } {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type);
}

/**
 * Cover or avatar upload: checks the file here (images only, 15 MB), shows a local preview at
 * once, asks for a pre-signed PUT, sends the bytes with progress, completes the upload and
 * puts the processed image's URL in place. The preview stays until the processed image has
 * loaded (`onServerImageSettled`), so the picture never flashes back to the old one.
 */
export function useImageUpload(workspace: Workspace, kind: ImageKind) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
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
      toast.error(t.workspaceSettings.imageType);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error(t.workspaceSettings.imageTooLarge);
      return;
    }
    dropPreview();
    const local = URL.createObjectURL(file);
    previewRef.current = local;
    setPreview(local);
    setError(null);
    setPercent(0);
    setPhase('uploading');
    const field = kind === 'cover' ? 'cover_url' : 'avatar_url';
    const before = workspace[field];
    try {
      const upload = await requestImageUpload(workspace.id, kind, file);
      await uploadFile({
        url: upload.presigned_url,
        file,
        headers: upload.headers,
        onProgress: (p) => setPercent(p.percent),
      });
      setPhase('processing');
      const done = await completeImageUpload(upload.upload_id);
      const url = (kind === 'cover' ? done.cover_url : done.avatar_url) ?? done.url;
      const current = queryClient.getQueryData<Workspace>(workspaceKey(workspace.id)) ?? workspace;
      applyWorkspace(queryClient, { ...current, [field]: url });
      setPhase('idle');
      // the same picture again gives the same address: nothing new to wait for
      if (url === before) dropPreview();
      toast.success(t.workspaceSettings.images[kind].updated);
    } catch (err) {
      dropPreview();
      setPhase('idle');
      setPercent(0);
      // the server's reason for a refused image (too large, not an image, ...)
      setError(hasErrorCode(err, ...IMAGE_REFUSALS) ? err.message : null);
      toast.error(t.workspaceSettings.images[kind].failed);
    }
  };

  return {
    phase,
    percent,
    preview,
    error,
    busy: phase !== 'idle',
    start,
    /** The processed image loaded (or failed to): the local preview can go. */
    onServerImageSettled: () => {
      if (phase === 'idle') dropPreview();
    },
  };
}
