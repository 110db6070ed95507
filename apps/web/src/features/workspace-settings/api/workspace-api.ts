import { apiPath, paths } from '@fa-clube/contract';
import type { ImageContentType, UpdateWorkspaceBody } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

export type ImageKind = 'cover' | 'avatar';

/** The workspace shown on /settings/workspace; the key holds its id, so switching refetches. */
export const workspaceKey = (id: string) => ['workspace', id] as const;

/** GET /workspaces/{id}: owner and members (is_owner tells which). */
export function fetchWorkspace(id: string, signal?: AbortSignal) {
  return api.get(apiPath(paths.workspace, { id }), {
    schema: 'Workspace',
    signal,
  });
}

/** PUT /workspaces/{id}: owner only; each field optional. */
export function updateWorkspace(id: string, body: UpdateWorkspaceBody) {
  return api.put(apiPath(paths.workspace, { id }), body, {
    schema: 'Workspace',
  });
}

/**
 * Step 1 of an image upload: POST /workspaces/{id}/cover-photo/upload (or avatar/upload) with
 * the type and exact size, answered by a pre-signed PUT bound to them.
 */
export function requestImageUpload(
  id: string,
  kind: ImageKind,
  file: { type: ImageContentType; size: number },
) {
  const path = kind === 'cover' ? paths.workspaceCoverUpload : paths.workspaceAvatarUpload;
  return api.post(
    apiPath(path, { id }),
    { content_type: file.type, size: file.size },
    { schema: 'ImageUploadResponse' },
  );
}

/** Step 3: POST /uploads/{upload_id}/complete — the server checks, processes and publishes it. */
