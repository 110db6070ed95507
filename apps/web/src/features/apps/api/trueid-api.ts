import { APPS_PAGING, apiPath, appsPaths } from '@fa-clube/contract';
import type {
  CustomerStatus,
  DocumentSide,
  FanUploadBody,
  FanVerificationBody,
  TrueIdReviewBody,
} from '@fa-clube/contract';
import { api } from '@/lib/api-client';
import { appsKey } from './apps-api';

export const trueidKeys = {
  all: (ws: string) => [...appsKey(ws), 'trueid'] as const,
  customers: (ws: string, status: CustomerStatus | undefined, page: number) =>
    [...trueidKeys.all(ws), 'customers', status ?? 'all', page] as const,
  objects: (ws: string, id: string) => [...trueidKeys.all(ws), 'objects', id] as const,
  accessLog: (ws: string, id: string) => [...trueidKeys.all(ws), 'access-log', id] as const,
};
export const verificationKey = (username: string) => ['verification', username] as const;

/** GET /apps/trueid/{ws}/customers */
export const fetchCustomers = (
  ws: string,
  status: CustomerStatus | undefined,
  page: number,
  signal?: AbortSignal,
) =>
  api.get(apiPath(appsPaths.trueidCustomers, { ws }), {
    query: { page, size: APPS_PAGING.size, status },
    schema: 'TrueIdCustomersResponse',
    signal,
  });

/** The three files the review shows side by side: the document's two sides and the selfie. */
export async function fetchReviewObjects(ws: string, id: string, signal?: AbortSignal) {
  const get = (path: string, side?: DocumentSide) =>
    api.get(apiPath(path, { ws, id }), {
      query: side ? { document_side: side } : undefined,
      schema: 'VerificationObjectsResponse',
      signal,
    });
  const [front, back, liveness] = await Promise.all([
    get(appsPaths.trueidDocumentObjects, 'front'),
    get(appsPaths.trueidDocumentObjects, 'back'),
    get(appsPaths.trueidLivenessObjects),
  ]);
  return { front: front.objects, back: back.objects, liveness: liveness.objects };
}

/** POST .../customer/{id}/review */
export const reviewCustomer = (ws: string, id: string, body: TrueIdReviewBody) =>
  api.post(apiPath(appsPaths.trueidReview, { ws, id }), body, {
    schema: 'TrueIdCustomer',
  });

/** GET .../customer/{id}/access-log (owner) */
export const fetchAccessLog = (ws: string, id: string, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.trueidAccessLog, { ws, id }), {
    query: { page: APPS_PAGING.base, size: 50 },
    schema: 'AccessLogResponse',
    signal,
  });

// ---- the fan's side ----

/** GET /verification/{username} */
export const fetchVerification = (username: string, signal?: AbortSignal) =>
  api.get(apiPath(appsPaths.verification, { username }), {
    schema: 'FanVerification',
    signal,
  });

/** PUT /verification/{username} */
export const saveVerification = (username: string, body: FanVerificationBody) =>
  api.put(apiPath(appsPaths.verification, { username }), body, {
    schema: 'FanVerification',
  });

/** POST /verification/{username}/objects */
export const requestVerificationUpload = (username: string, body: FanUploadBody) =>
  api.post(apiPath(appsPaths.verificationObjects, { username }), body, {
    schema: 'ObjectUploadResponse',
  });

/** POST /verification/{username}/submit */
export const submitVerification = (username: string) =>
  api.post(apiPath(appsPaths.verificationSubmit, { username }), undefined, {
    schema: 'FanVerification',
  });
