import { BROADCASTS_PAGING, apiPath, paths, salesPaths } from '@fa-clube/contract';
import type { BroadcastBody, ExtensionType, WelcomeMessageBody } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

export const broadcastsKey = (ws: string | null) => ['broadcasts', ws ?? ''] as const;
export const welcomeKey = (ws: string | null) => ['welcome-message', ws ?? ''] as const;

/** GET /chats/{ws}/broadcasts?page=&size= */
export const fetchBroadcasts = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(salesPaths.broadcasts, { ws }), {
    query: { page, size: BROADCASTS_PAGING.size },
    schema: 'BroadcastsResponse',
    signal,
  });

/** POST /chats/{ws}/broadcasts → 202 { id, recipients } */
export const sendBroadcast = (ws: string, body: BroadcastBody) =>
  api.post(apiPath(salesPaths.broadcasts, { ws }), body, { schema: 'BroadcastCreated' });

/** GET /workspaces/{id}/welcome-message */
export const fetchWelcome = (ws: string, signal?: AbortSignal) =>
  api.get(apiPath(salesPaths.welcomeMessage, { id: ws }), { schema: 'WelcomeMessage', signal });

/** PUT /workspaces/{id}/welcome-message */
export const saveWelcome = (ws: string, body: WelcomeMessageBody) =>
  api.put(apiPath(salesPaths.welcomeMessage, { id: ws }), body, { schema: 'WelcomeMessage' });

/** POST /workspaces/objects/{ws}: where to PUT a file of the workspace. */
export const requestUpload = (ws: string, extension: ExtensionType, size: number) =>
  api.post(
    apiPath(paths.objects, { ws }),
    { extension_type: extension, size },
    { schema: 'ObjectUploadResponse' },
  );
