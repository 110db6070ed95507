import {
  ChargesResponse,
  ConfirmChargeResponse,
  SubscribersResponse,
  apiPath,
  paths,
} from '@fa-clube/contract';
import { ApiError, api, refreshAccessToken } from '@/lib/api-client';
import { currentDeviceType, getDeviceId } from '@/lib/device';
import { getToken } from '@/lib/session';
import { t } from '@/i18n/pt-BR';

/** Spec section 9: subscribers paging starts at offset 0 with size 20. */
export const PAGE_SIZE = 20;

export const subscribersKey = (ws: string) => ['subscribers', ws] as const;
export const pendingChargesKey = (ws: string) => ['charges', ws, 'pending'] as const;

/** GET /subscribers/{ws}?page=&size= (active subscribers, page from 0). */
export const fetchSubscribers = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.subscribers, { ws }), {
    query: { page, size: PAGE_SIZE },
    schema: SubscribersResponse,
    signal,
  });

/** GET /charges/{ws}?status=pending&page=&size= (charges waiting for the owner's confirmation). */
export const fetchPendingCharges = (ws: string, page: number, signal?: AbortSignal) =>
  api.get(apiPath(paths.charges, { ws }), {
    query: { status: 'pending', page, size: PAGE_SIZE },
    schema: ChargesResponse,
    signal,
  });

/** POST /charges/{ws}/{id}/confirm (owner only): the Pix arrived, the subscription starts. */
export const confirmCharge = (ws: string, id: string) =>
  api.post(apiPath(paths.chargeConfirm, { ws, id }), undefined, {
    schema: ConfirmChargeResponse,
  });

async function sendExport(url: string, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'text/csv',
    'X-Device-Id': await getDeviceId(),
    'X-Device-Type': currentDeviceType(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, { headers });
  } catch {
    throw new ApiError(0, { message: t.common.networkError, code: 'NETWORK_ERROR' });
  }
}

/**
 * GET /subscribers/{ws}/export.csv as a Blob. The file is not JSON, so it is fetched here with
 * the same headers as the api client (bearer token, device), refreshing the token once on 401.
 */
export async function fetchSubscribersCsv(ws: string): Promise<Blob> {
  const url = apiPath(paths.subscribersExport, { ws });
  const token = getToken();
  let res = await sendExport(url, token);
  if (res.status === 401 && token) {
    const fresh = await refreshAccessToken(token).catch(() => null);
    if (fresh) res = await sendExport(url, fresh);
  }
  if (!res.ok) {
    let body: { message?: string; code?: string } | null = null;
    try {
      body = (await res.json()) as { message?: string; code?: string };
    } catch {
      body = null;
    }
    throw new ApiError(
      res.status,
      body?.message ? { message: body.message, code: body.code } : null,
    );
  }
  return res.blob();
}

/** Saves a Blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}
