import { apiPath, paths } from '@fa-clube/contract';
import type {
  PixConnection,
  PixConnectionBody,
  OwnerConfirmation,
  PixSettingsBody,
  PlanBody,
  PixSettings,
} from '@fa-clube/contract';
import { api, hasErrorCode, request } from '@/lib/api-client';

export const pixKey = (ws: string) => ['workspace-pix', ws] as const;
/** Same prefix as the public plans query, so saving refreshes every view of the plans. */
export const ownPlansKey = (username: string) =>
  ['plans', username.toLowerCase(), 'settings'] as const;

/** GET /workspaces/{id}/pix; null while the Pix data was never saved (404 PIX_NOT_CONFIGURED). */
export async function fetchPix(ws: string, signal?: AbortSignal): Promise<PixSettings | null> {
  try {
    return await api.get(apiPath(paths.workspacePix, { id: ws }), {
      schema: 'PixSettings',
      signal,
    });
  } catch (error) {
    if (hasErrorCode(error, 'PIX_NOT_CONFIGURED')) return null;
    throw error;
  }
}

/** PUT /workspaces/{id}/pix (owner only). */
export const savePix = (ws: string, body: PixSettingsBody) =>
  api.put(apiPath(paths.workspacePix, { id: ws }), body, {
    schema: 'PixSettings',
  });

/** The workspace's plans, read through the public GET /plans?username=. */
export const fetchOwnPlans = (username: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.plans), {
    query: { username },
    schema: 'PlansResponse',
    signal,
  });

/** POST /workspaces/{id}/plan (owner only; needs the Pix data first). */
export const savePlan = (ws: string, body: Required<PlanBody>) =>
  api.post(apiPath(paths.workspacePlan, { id: ws }), body, { schema: 'Plan' });

export const pixConnectionKey = (ws: string) => ['workspace-pix-connection', ws] as const;

/** GET /workspaces/{id}/pix/connection (owner and members); null while none is connected. */
export async function fetchPixConnection(
  ws: string,
  signal?: AbortSignal,
): Promise<PixConnection | null> {
  try {
    return await api.get(apiPath(paths.workspacePixConnection, { id: ws }), {
      schema: 'PixConnection',
      signal,
    });
  } catch (error) {
    if (hasErrorCode(error, 'PIX_CONNECTION_NOT_FOUND')) return null;
    throw error;
  }
}

/**
 * PUT /workspaces/{id}/pix/connection (owner only): the server tries the PSP live (token over
 * mutual TLS, the webhooks) before it saves anything, so this can take several seconds.
 */
export const savePixConnection = (ws: string, body: PixConnectionBody) =>
  api.put(apiPath(paths.workspacePixConnection, { id: ws }), body, {
    schema: 'PixConnection',
  });

/**
 * DELETE /workspaces/{id}/pix/connection (owner only); `confirmation` when the server asked for
 * it (OWNER_CONFIRMATION_REQUIRED).
 */
export const deletePixConnection = (ws: string, confirmation?: OwnerConfirmation) =>
  request(apiPath(paths.workspacePixConnection, { id: ws }), {
    method: 'DELETE',
    ...(confirmation ? { body: { confirmation } } : {}),
    schema: 'MessageBody',
  });
