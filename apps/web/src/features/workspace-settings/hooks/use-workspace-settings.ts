import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { UpdateWorkspaceBody, Workspace } from '@fa-clube/contract';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { hasErrorCode } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useImagePreviewUpload } from '@/lib/use-image-upload';
import { WORKSPACES_QUERY_KEY, rememberWorkspace } from '@/lib/workspace';
import {
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

/**
 * Cover or avatar upload (see useImagePreviewUpload), with the server's reason for a refused
 * image kept to show under it. The preview stays until the processed image has loaded
 * (`onServerImageSettled`), so the picture never flashes back to the old one.
 */
export function useImageUpload(workspace: Workspace, kind: ImageKind) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const field = kind === 'cover' ? 'cover_url' : 'avatar_url';
  const upload = useImagePreviewUpload({
    refused: { type: t.workspaceSettings.imageType, tooLarge: t.workspaceSettings.imageTooLarge },
    request: (file) => requestImageUpload(workspace.id, kind, file),
    onDone: (done, dropPreview) => {
      const before = workspace[field];
      const url = (kind === 'cover' ? done.cover_url : done.avatar_url) ?? done.url;
      const current = queryClient.getQueryData<Workspace>(workspaceKey(workspace.id)) ?? workspace;
      applyWorkspace(queryClient, { ...current, [field]: url });
      // the same picture again gives the same address: nothing new to wait for
      if (url === before) dropPreview();
      toast.success(t.workspaceSettings.images[kind].updated);
    },
    onError: (err) => {
      // the server's reason for a refused image (too large, not an image, ...)
      setError(hasErrorCode(err, ...IMAGE_REFUSALS) ? err.message : null);
      toast.error(t.workspaceSettings.images[kind].failed);
    },
  });

  return {
    ...upload,
    error,
    start: (file: File) => {
      if (!upload.busy) setError(null);
      return upload.start(file);
    },
    /** The processed image loaded (or failed to): the local preview can go. */
    onServerImageSettled: () => {
      if (upload.phase === 'idle') upload.dropPreview();
    },
  };
}
