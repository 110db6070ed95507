import * as contract from '@fa-clube/contract';
import { API_PREFIX, paths } from '@fa-clube/contract';
import type { ErrorBody, ErrorCode, TokenResponse } from '@fa-clube/contract';
import type * as Zod from 'zod';
import type { ZodType } from 'zod';
import { t } from '@/i18n/pt-BR';
import { currentDeviceType, getDeviceId } from './device';
import { currentAddress, loginPath, navigateTo } from './navigation';
import { clearSession, getRefreshToken, getToken, setMetadata, setTokens } from './session';

/**
 * The one way the web client talks to the API (docs/decisions: web session and refresh).
 *
 * - Every request sends `Authorization: Bearer <token>` (when signed in), `X-Device-Id` and
 *   `X-Device-Type`.
 * - Error bodies `{ message, code, errors }` become an `ApiError`.
 * - The access token is refreshed shortly before it expires, and once more when a request
 *   answers 401; the request is then retried once. Refreshing is single-flight in the tab and
 *   serialised across tabs with the Web Locks API.
 * - Only when refreshing fails: outside the login and profile paths all local storage is
 *   cleared and the user goes to `/login?return_to=<current address>`; the error is rethrown.
 */

export interface FieldError {
  field: string;
  message: string;
}

/** Codes the client gives itself: no answer from the server, or one it could not read. */
type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'HTTP_ERROR';
/** Every `code` an ApiError may carry: the server's catalogue (the contract's ERRORS) and the client's own. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  readonly status: number;
  /** What went wrong, for programs: the screens switch on it, never on the message or status. */
  readonly code: ApiErrorCode;
  readonly errors: FieldError[];
  /** Seconds the server asks to wait before trying again (its `Retry-After`, on a 429 or 503). */
  readonly retryAfter: number | null;

  constructor(status: number, body: Partial<ErrorBody> | null, retryAfter: number | null = null) {
    super(body?.message || t.common.genericError);
    this.name = 'ApiError';
    this.status = status;
    this.code =
      (body?.code as ApiErrorCode | undefined) ?? (status === 0 ? 'NETWORK_ERROR' : 'HTTP_ERROR');
    this.errors = body?.errors ?? [];
    this.retryAfter = retryAfter;
  }

  /** The server's message for one field (`errors[].field`), if any. */
  fieldError(field: string): string | undefined {
    return this.errors.find((e) => e.field === field || e.field.endsWith(`.${field}`))?.message;
  }
}

/** Whether `error` is an API error with one of these codes: `hasErrorCode(e, 'NOT_FOUND')`. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** The session is gone (signed out elsewhere, expired, revoked): only signing in again helps. */
export function isSessionError(error: unknown): error is ApiError {
  return hasErrorCode(error, 'UNAUTHORIZED', 'INVALID_REFRESH_TOKEN', 'REFRESH_TOKEN_REUSED');
}

/** The message to show for any thrown value (toast 'Erro' falls back to 'Ocorreu um erro'). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return t.common.genericError;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

type ContractModule = typeof contract;

/** The contract's schemas, by name: `schema: 'Plan'` checks and types an answer. */
export type SchemaName = {
  [K in keyof ContractModule]: ContractModule[K] extends ZodType ? K : never;
}[keyof ContractModule];
/** What a request answers: its schema's output, or unknown without one. */
export type Answer<S extends SchemaName | undefined> = S extends SchemaName
  ? Zod.output<ContractModule[S]>
  : unknown;

export interface RequestOptions<S extends SchemaName | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; null and undefined are left out. */
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * false for the public account endpoints (sign-in, sign-up, password reset): no bearer
   * token, no refresh, no 401 policy (a 401 there means wrong credentials).
   */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The contract schema that checks (and types) the answer, by name: `schema: 'Plan'`
   * (docs/decisions/037-web-answers-checked-by-name.md).
   */
  schema?: S;
  /** 'blob' for a file (a CSV export) instead of JSON; send its type as the Accept header. */
  responseType?: 'json' | 'blob';
}

/** Refresh this many seconds before the access token's `exp`. */
export const REFRESH_MARGIN_SECONDS = 60;
const LOCK_NAME = 'fa-clube:refresh-token';

/** Seconds since epoch at which the JWT expires, or null if it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

function expiresSoon(token: string, marginSeconds = REFRESH_MARGIN_SECONDS): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 - Date.now() <= marginSeconds * 1000;
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function deviceHeaders(): Promise<Record<string, string>> {
  return { 'X-Device-Id': await getDeviceId(), 'X-Device-Type': currentDeviceType() };
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const body = await readBody(res);
  const ok = body && typeof body === 'object' && 'message' in body;
  // Retry-After in seconds (the API never sends the HTTP-date form)
  const wait = Number(res.headers.get('Retry-After'));
  return new ApiError(
    res.status,
    ok ? (body as ErrorBody) : null,
    Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : null,
  );
}

async function send(
  path: string,
  opts: RequestOptions<SchemaName | undefined>,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(await deviceHeaders()),
    ...opts.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, { message: t.common.networkError, code: 'NETWORK_ERROR' });
  }
}

// ---------------------------------------------------------------------------------------------
// Refresh: single-flight in the tab, serialised across tabs.

let inflight: Promise<string> | null = null;

async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    return locks.request(LOCK_NAME, { mode: 'exclusive' }, fn) as Promise<T>;
  }
  return fn();
}

async function rotate(staleAccessToken: string | null): Promise<string> {
  // Inside the lock, re-read storage: another tab (or an earlier flight) may have rotated
  // the pair already. Presenting the spent refresh token again would revoke the family.
  const current = getToken();
  if (current && current !== staleAccessToken && !expiresSoon(current)) return current;
  const refreshToken = getRefreshToken();
  if (!refreshToken)
    throw new ApiError(401, { message: t.common.sessionExpired, code: 'UNAUTHORIZED' });

  // in the body, not the query: addresses end up in proxy logs and browser history
  const res = await send(
    API_PREFIX + paths.refreshToken,
    { method: 'POST', body: { token: refreshToken } },
    null,
  );
  if (!res.ok) {
    // Without Web Locks another tab may have won the race meanwhile: use its tokens.
    const now = getToken();
    if (getRefreshToken() !== refreshToken && now && !expiresSoon(now)) return now;
    throw await toApiError(res);
  }
  const tokens = (await readBody(res)) as TokenResponse;
  if (getRefreshToken() !== refreshToken) {
    // Signed out (or in as someone else) while the request was in flight: do not resurrect.
    throw new ApiError(401, { message: t.common.sessionExpired, code: 'UNAUTHORIZED' });
  }
  setTokens(tokens);
  if (tokens.metadata) setMetadata(tokens.metadata);
  return tokens.access_token;
}

/**
 * Returns a fresh access token, rotating the pair when `staleAccessToken` is still the stored
 * one. Concurrent callers in the tab share one request; tabs take turns through a lock.
 */
export function refreshAccessToken(staleAccessToken: string | null): Promise<string> {
  inflight ??= exclusive(() => rotate(staleAccessToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Paths where a 401 is part of the screen's normal flow (spec section 8). */
function isUnauthorizedExempt(pathname: string): boolean {
  return ['/login', '/profile'].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function applyUnauthorizedPolicy() {
  if (isUnauthorizedExempt(window.location.pathname)) return;
  const returnTo = currentAddress();
  clearSession();
  navigateTo(loginPath(returnTo));
}

async function tokenForRequest(): Promise<string | null> {
  const token = getToken();
  if (!token || !expiresSoon(token)) return token;
  try {
    return await refreshAccessToken(token);
  } catch {
    // Let the request decide: a 401 below retries the refresh once more, then gives up.
    return getToken();
  }
}

/** Sends a request to the API and returns the parsed JSON answer (undefined for 204). */
export async function request<S extends SchemaName | undefined = undefined>(
  path: string,
  opts: RequestOptions<S> = {},
): Promise<Answer<S>> {
  const auth = opts.auth !== false;
  const schema = opts.schema ? (contract[opts.schema] as ZodType) : undefined;
  const token = auth ? await tokenForRequest() : null;
  let res = await send(path, opts, token);

  if (res.status === 401 && auth && token) {
    let fresh: string | null = null;
    try {
      fresh = await refreshAccessToken(token);
    } catch {
      fresh = null;
    }
    if (fresh) res = await send(path, opts, fresh);
  }

  if (!res.ok) {
    const error = await toApiError(res);
    if (res.status === 401 && auth) applyUnauthorizedPolicy();
    throw error;
  }
  if (opts.responseType === 'blob') return (await res.blob()) as Answer<S>;
  const data = await readBody(res);
  if (!schema) return data as Answer<S>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(res.status, { message: t.common.genericError, code: 'INVALID_RESPONSE' });
  }
  return parsed.data as Answer<S>;
}

type Opts<S extends SchemaName | undefined> = Omit<RequestOptions<S>, 'method' | 'body'>;

/** Shorthands: `api.get(apiPath(paths.me), { schema: 'MeResponse' })`. */
export const api = {
  get: <S extends SchemaName | undefined = undefined>(path: string, opts?: Opts<S>) =>
    request(path, { ...opts, method: 'GET' }),
  post: <S extends SchemaName | undefined = undefined>(
    path: string,
    body?: unknown,
    opts?: Opts<S>,
  ) => request(path, { ...opts, method: 'POST', body }),
  put: <S extends SchemaName | undefined = undefined>(
    path: string,
    body?: unknown,
    opts?: Opts<S>,
  ) => request(path, { ...opts, method: 'PUT', body }),
  patch: <S extends SchemaName | undefined = undefined>(
    path: string,
    body?: unknown,
    opts?: Opts<S>,
  ) => request(path, { ...opts, method: 'PATCH', body }),
  delete: <S extends SchemaName | undefined = undefined>(path: string, opts?: Opts<S>) =>
    request(path, { ...opts, method: 'DELETE' }),
  /**
   * A file (a CSV export, the data export): the answer as a Blob, `accept` its type; GET, or
   * POST when there is a body (the data export with the password).
   */
  file: (path: string, accept: string, body?: unknown) =>
    request(path, {
      method: body === undefined ? 'GET' : 'POST',
      body,
      responseType: 'blob',
      headers: { Accept: accept },
    }) as Promise<Blob>,
  /**
   * GET of a public resource (a profile, a creator's plans): when the stored session no longer
   * works (401 after the refresh), it is asked again anonymously so a visitor still sees it.
   */
  getPublic: async <S extends SchemaName | undefined = undefined>(
    path: string,
    opts?: Opts<S>,
  ): Promise<Answer<S>> => {
    try {
      return await request(path, { ...opts, method: 'GET' });
    } catch (error) {
      if (isSessionError(error)) {
        return request(path, { ...opts, method: 'GET', auth: false });
      }
      throw error;
    }
  },
};
