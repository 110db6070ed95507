import { vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Reply = {
  status?: number;
  body?: unknown;
  delay?: number;
  headers?: Record<string, string>;
};
type Handler = (call: Call) => Reply | Promise<Reply>;

/**
 * Replaces fetch at the network boundary: every request is recorded in `calls` and answered
 * by `handler` (JSON bodies). Everything above fetch — the api client, its refresh, its
 * headers — runs for real.
 */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply.delay) await new Promise((r) => setTimeout(r, reply.delay));
    const status = reply.status ?? 200;
    return new Response(
      reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body),
      { status, headers: { 'Content-Type': 'application/json', ...reply.headers } },
    );
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

/** An unsigned JWT whose `exp` is `secondsFromNow` away (the client only reads exp). */
export function fakeJwt(secondsFromNow: number, extra: Record<string, unknown> = {}): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp, ...extra })}.signature`;
}

export const metadataFixture = {
  id: '0b0b0b0b-0000-4000-8000-000000000001',
  username: 'mariasilva',
  label: 'Maria da Silva',
  full_name: 'Maria da Silva',
};

/** GET /me for the signed-in test user. */
export const meFixture = (
  overrides: {
    is_owner?: boolean;
    email_confirmed?: boolean;
    has_password?: boolean;
    google_linked?: boolean;
  } = {},
) => ({
  ...metadataFixture,
  is_owner: true,
  email: 'maria@exemplo.com',
  avatar_url: null,
  two_factor: false,
  email_confirmed: true,
  has_password: true,
  google_linked: false,
  ...overrides,
});
