import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import { PSP_ADDRESS_NOT_PUBLIC, checkLiteralHost, publicOnlyLookup } from './psp-address';

/**
 * An HTTP client for one PSP account speaking Banco Central's API Pix: every
 * call, the token call included, over mutual TLS with the account's client
 * certificate; OAuth2 client credentials (HTTP Basic) with the token cached
 * until shortly before it expires; timeouts on connect, headers and body; a
 * bounded answer size. Errors are PspError, naming the step that failed.
 *
 * Used by each workspace's own connection (modules/payments/pix-connections.service.ts).
 */
export interface PspEndpoint {
  /** The API Pix base, e.g. https://psp.example/v2 (no trailing slash needed). */
  apiUrl: string;
  /** OAuth2 token endpoint; default: the API's origin + /oauth/token. */
  tokenUrl?: string;
  /** Without a client id no token is asked for (a PSP reached through an authenticating agent). */
  clientId?: string;
  clientSecret?: string;
  /** PEM chain (leaf first) and PEM key of the client certificate for mutual TLS. */
  certPem?: string;
  keyPem?: string;
  /** Extra CAs to trust for the PSP's server certificate (PIX_CA_FILE), besides Node's. */
  ca?: string;
  /** Connect to non-public addresses too (PIX_PSP_ALLOW_PRIVATE_NETWORKS); else only public ones. */
  allowPrivateNetworks?: boolean;
}

/**
 * What failed:
 *  - `client_certificate`: the PSP's TLS refused our client certificate;
 *  - `server_certificate`: the PSP's server certificate is not trusted here;
 *  - `credentials`: the token endpoint refused the client id and secret;
 *  - `refused`: the PSP answered the call with an error status (see `status`, `problem`);
 *  - `unreachable`: no answer (DNS, connection refused, timeout, malformed answer);
 *  - `address`: the URL's host is (or resolves to) a non-public address: nothing was sent.
 */
export type PspFailure =
  | 'client_certificate'
  | 'server_certificate'
  | 'credentials'
  | 'refused'
  | 'unreachable'
  | 'address';

export interface PspProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string }[];
}

export class PspError extends Error {
  constructor(
    readonly failure: PspFailure,
    message: string,
    readonly status: number | null = null,
    readonly problem: PspProblem | null = null,
  ) {
    super(message);
    this.name = 'PspError';
  }
}

export interface PspResponse<T> {
  status: number;
  body: T;
}

export interface PspClient {
  readonly apiUrl: string;
  /** A bearer token (cached); null without a client id. */
  token(): Promise<string | null>;
  /** One API Pix call; a non-2xx answer throws PspError('refused'). */
  call<T = unknown>(
    method: Dispatcher.HttpMethod,
    path: string,
    opts?: { query?: Record<string, string | undefined>; body?: unknown },
  ): Promise<PspResponse<T>>;
  close(): Promise<void>;
}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const TLS_CLIENT_CERT_REFUSED =
  /ALERT_(BAD_CERTIFICATE|CERTIFICATE_REQUIRED|UNKNOWN_CA|CERTIFICATE_UNKNOWN|ACCESS_DENIED|HANDSHAKE_FAILURE|DECRYPT_ERROR|CERTIFICATE_EXPIRED|CERTIFICATE_REVOKED|UNSUPPORTED_CERTIFICATE)/;
const SOCKET_CLOSED = /^(UND_ERR_SOCKET|ECONNRESET|EPIPE)$/;
const TLS_SERVER_UNTRUSTED =
  /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_TLS_CERT_ALTNAME_INVALID|CERT_UNTRUSTED|CERT_REJECTED)$/;

/** The error (or its cause) of a failed undici call, as a PspError. */
function networkFailure(err: unknown, what: string, firstCall: boolean): PspError {
  let e: unknown = err;
  const codes: string[] = [];
  const messages: string[] = [];
  for (let depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: string; message?: string; cause?: unknown };
    if (x.code) codes.push(x.code);
    if (x.message) messages.push(x.message);
    e = x.cause;
  }
  const text = [...codes, ...messages].join(' ');
  if (codes.includes(PSP_ADDRESS_NOT_PUBLIC))
    return new PspError('address', `${what}: endereço não público`);
  if (codes.some((c) => TLS_SERVER_UNTRUSTED.test(c)))
    return new PspError('server_certificate', `${what}: certificado do servidor não confiável`);
  if (TLS_CLIENT_CERT_REFUSED.test(text.toUpperCase().replace(/ /g, '_')))
    return new PspError('client_certificate', `${what}: certificado do cliente recusado`);
  // TLS 1.3: the server checks the client certificate after the client's handshake is done and
  // just closes the connection; on the first call (the token) that is the certificate refused
  if (firstCall && codes.some((c) => SOCKET_CLOSED.test(c)))
    return new PspError('client_certificate', `${what}: conexão encerrada pelo PSP no handshake`);
  return new PspError('unreachable', `${what}: sem resposta (${codes[0] ?? 'erro de rede'})`);
}

export function createPspClient(
  endpoint: PspEndpoint,
  opts: { timeoutMs?: number } = {},
): PspClient {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const base = endpoint.apiUrl.replace(/\/+$/, '');
  const tokenUrl = endpoint.tokenUrl || `${new URL(base).origin}/oauth/token`;
  const agent = new Agent({
    connect: {
      cert: endpoint.certPem,
      key: endpoint.keyPem,
      // a `ca` option replaces Node's roots: the extra CAs are added to them
      ...(endpoint.ca ? { ca: [...rootCertificates, endpoint.ca] } : {}),
      timeout: timeoutMs,
      // each connection's name is resolved once and checked; the socket connects to what was checked
      ...(endpoint.allowPrivateNetworks ? {} : { lookup: publicOnlyLookup }),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    maxResponseSize: MAX_ANSWER_BYTES,
    connections: 4,
  });
  let cached: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string | null> | null = null;

  let connected = false;
  async function send(url: string, init: Parameters<typeof request>[1], what: string) {
    try {
      // an address literal is never looked up: checked here, before any connection
      if (!endpoint.allowPrivateNetworks) checkLiteralHost(new URL(url).hostname);
      const res = await request(url, {
        ...init,
        dispatcher: agent,
        signal: AbortSignal.timeout(timeoutMs + 1_000),
      });
      const text = await res.body.text();
      connected = true;
      return { status: res.statusCode, text };
    } catch (err) {
      throw networkFailure(err, what, !connected && Boolean(endpoint.certPem));
    }
  }

  async function fetchToken(): Promise<string | null> {
    if (!endpoint.clientId) return null;
    const basic = Buffer.from(`${endpoint.clientId}:${endpoint.clientSecret ?? ''}`).toString(
      'base64',
    );
    const res = await send(
      tokenUrl,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      'token',
    );
    if (res.status === 401 || res.status === 403 || res.status === 400)
      throw new PspError('credentials', `token: credenciais recusadas (${res.status})`, res.status);
    let body: { access_token?: unknown; expires_in?: unknown } = {};
    try {
      body = JSON.parse(res.text) as typeof body;
    } catch {
      // below
    }
    if (res.status < 200 || res.status >= 300 || typeof body.access_token !== 'string')
      throw new PspError('unreachable', `token: resposta inválida (${res.status})`, res.status);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    cached = {
      value: body.access_token,
      // renewed a minute before it expires (or halfway through a short one)
      expiresAt: Date.now() + Math.max(15, seconds - Math.min(60, seconds / 2)) * 1000,
    };
    return cached.value;
  }

  async function token(): Promise<string | null> {
    if (!endpoint.clientId) return null;
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    // concurrent callers share one token request
    pending ??= fetchToken().finally(() => (pending = null));
    return pending;
  }

  async function call<T>(
    method: Dispatcher.HttpMethod,
    path: string,
    o: { query?: Record<string, string | undefined>; body?: unknown } = {},
  ): Promise<PspResponse<T>> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(o.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, v);
    const attempt = async () => {
      const bearer = await token();
      return send(
        url.toString(),
        {
          method,
          headers: {
            accept: 'application/json',
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
        },
        `${method} ${path}`,
      );
    };
    let res = await attempt();
    if (res.status === 401 && endpoint.clientId) {
      // the cached token was revoked or expired early: a new one, once
      cached = null;
      res = await attempt();
    }
    let body: unknown = null;
    if (res.text) {
      try {
        body = JSON.parse(res.text);
      } catch {
        throw new PspError('unreachable', `${method} ${path}: resposta não é JSON`, res.status);
      }
    }
    if (res.status < 200 || res.status >= 300) {
      const problem = body && typeof body === 'object' ? (body as PspProblem) : null;
      throw new PspError(
        'refused',
        `${method} ${path}: ${res.status} ${problem?.title ?? ''}`.trim(),
        res.status,
        problem,
      );
    }
    return { status: res.status, body: body as T };
  }

  return { apiUrl: base, token, call, close: () => agent.close() };
}
