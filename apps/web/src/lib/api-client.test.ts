import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, metadataFixture, mockFetch } from '@/test/fetch';
import type { Call } from '@/test/fetch';
import { setViewportWidth } from '@/test/media';
import { ApiError, api } from './api-client';
import { setNavigate } from './navigation';
import { STORAGE_KEYS } from './session';

const REFRESH = '/api/v1/refresh-token';
const ME = '/api/v1/me';

function signIn(access: string, refresh = 'refresh-1') {
  localStorage.setItem(STORAGE_KEYS.token, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
  localStorage.setItem(STORAGE_KEYS.metadata, JSON.stringify(metadataFixture));
  localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify({ username: 'mariasilva' }));
}

const tokenResponse = (access: string, refresh: string) => ({
  status: 200,
  body: {
    access_token: access,
    refresh_token: refresh,
    expires_in: 900,
    metadata: metadataFixture,
  },
});

const bearer = (call: Call) => call.headers.get('Authorization');

let navigations: string[];

beforeEach(() => {
  navigations = [];
  setNavigate((to) => navigations.push(to));
  window.history.replaceState({}, '', '/dashboard');
  localStorage.setItem(STORAGE_KEYS.deviceId, 'device-123');
});

describe('api client: headers and errors', () => {
  it('sends the bearer token, the device id and the device type', async () => {
    const access = fakeJwt(600);
    signIn(access);
    setViewportWidth(375);
    const { calls } = mockFetch(() => ({ body: { ok: true } }));

    await expect(api.get(ME)).resolves.toEqual({ ok: true });

    expect(bearer(calls[0]!)).toBe(`Bearer ${access}`);
    expect(calls[0]!.headers.get('X-Device-Id')).toBe('device-123');
    expect(calls[0]!.headers.get('X-Device-Type')).toBe('mobile');
  });

  it('checks the answer against a contract schema named in the call, fetched on demand', async () => {
    mockFetch(() => ({ body: { message: 'ok', extra: 1 } }));
    const schema = 'MessageBody';

    // the schema strips what the contract does not know and types the answer
    await expect(api.get(ME, { schema })).resolves.toEqual({ message: 'ok' });

    mockFetch(() => ({ body: { message: 42 } }));
    const error = await api.get(ME, { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('INVALID_RESPONSE');
  });

  it('turns { message, code, errors } into an ApiError', async () => {
    mockFetch(() => ({
      status: 409,
      body: {
        message: 'Este e-mail já está em uso.',
        code: 'EMAIL_TAKEN',
        errors: [{ field: 'email', message: 'Este e-mail já está em uso.' }],
      },
    }));
    const error = await api.post('/api/v1/user', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe('EMAIL_TAKEN');
    expect(apiError.message).toBe('Este e-mail já está em uso.');
    expect(apiError.fieldError('email')).toBe('Este e-mail já está em uso.');
  });

  it("falls back to 'Ocorreu um erro' when the body is not an error body", async () => {
    mockFetch(() => ({ status: 502, body: 'bad gateway' }));
    await expect(api.get('/api/v1/x', { auth: false })).rejects.toMatchObject({
      status: 502,
      message: 'Ocorreu um erro',
    });
  });

  it('public calls (auth: false) send no bearer and never refresh', async () => {
    signIn(fakeJwt(10));
    const { calls } = mockFetch(() => ({
      status: 401,
      body: { message: 'E-mail ou senha incorretos.', code: 'INVALID_CREDENTIALS' },
    }));
    await expect(api.post('/api/v1/token', {}, { auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toHaveLength(1);
    expect(bearer(calls[0]!)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    expect(navigations).toEqual([]);
  });
});

describe('api client: refresh', () => {
  it('refreshes shortly before the access token expires, then sends the request', async () => {
    signIn(fakeJwt(30), 'refresh-1');
    const fresh = fakeJwt(900);
    const { calls } = mockFetch((call) =>
      call.path === REFRESH ? tokenResponse(fresh, 'refresh-2') : { body: { ok: true } },
    );

    await api.get(ME);

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${REFRESH}`, `GET ${ME}`]);
    // the refresh token travels in the body, never in the address (logs, history)
    expect(calls[0]!.body).toEqual({ token: 'refresh-1' });
    expect(calls[0]!.url).not.toContain('refresh-1');
    expect(bearer(calls[1]!)).toBe(`Bearer ${fresh}`);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('does not refresh a token that is far from expiring', async () => {
    signIn(fakeJwt(600));
    const { calls } = mockFetch(() => ({ body: {} }));
    await api.get(ME);
    expect(calls.map((c) => c.path)).toEqual([ME]);
  });

  it('on a 401 refreshes and retries the request once', async () => {
    const stale = fakeJwt(600);
    const fresh = fakeJwt(900);
    signIn(stale);
    const { calls } = mockFetch((call) => {
      if (call.path === REFRESH) return tokenResponse(fresh, 'refresh-2');
      return bearer(call) === `Bearer ${fresh}`
        ? { body: { id: 'me' } }
        : { status: 401, body: { message: 'Sessão expirada', code: 'UNAUTHORIZED' } };
    });

    await expect(api.get(ME)).resolves.toEqual({ id: 'me' });
    expect(calls.map((c) => c.path)).toEqual([ME, REFRESH, ME]);
    expect(navigations).toEqual([]);
  });

  it('retries only once: a second 401 is final', async () => {
    signIn(fakeJwt(600));
    const { calls } = mockFetch((call) =>
      call.path === REFRESH
        ? tokenResponse(fakeJwt(900), 'refresh-2')
        : { status: 401, body: { message: 'Não autorizado', code: 'UNAUTHORIZED' } },
    );
    await expect(api.get(ME)).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual([ME, REFRESH, ME]);
  });

  it('is single-flight: concurrent 401s share one refresh', async () => {
    const stale = fakeJwt(600);
    const fresh = fakeJwt(900);
    signIn(stale);
    const { calls } = mockFetch((call) => {
      if (call.path === REFRESH) return { ...tokenResponse(fresh, 'refresh-2'), delay: 20 };
      return bearer(call) === `Bearer ${fresh}`
        ? { body: { path: call.path } }
        : { status: 401, body: { message: 'x', code: 'UNAUTHORIZED' } };
    });

    const results = await Promise.all([api.get('/api/v1/a'), api.get('/api/v1/b'), api.get(ME)]);

    expect(results).toHaveLength(3);
    expect(calls.filter((c) => c.path === REFRESH)).toHaveLength(1);
  });

  it('uses tokens another tab already rotated instead of spending the old refresh token', async () => {
    const stale = fakeJwt(600);
    const rotatedByOtherTab = fakeJwt(900);
    signIn(stale, 'refresh-1');
    const { calls } = mockFetch((call) => {
      if (call.path === REFRESH)
        return { status: 401, body: { message: 'reuse', code: 'REFRESH_TOKEN_REUSED' } };
      if (bearer(call) === `Bearer ${stale}`) {
        // meanwhile, another tab refreshed and stored the new pair
        localStorage.setItem(STORAGE_KEYS.token, rotatedByOtherTab);
        localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-2');
        return { status: 401, body: { message: 'expirado', code: 'UNAUTHORIZED' } };
      }
      return { body: { ok: true } };
    });

    await expect(api.get(ME)).resolves.toEqual({ ok: true });
    expect(calls.some((c) => c.path === REFRESH)).toBe(false);
    expect(bearer(calls[1]!)).toBe(`Bearer ${rotatedByOtherTab}`);
  });

  it('coordinates across tabs with the Web Locks API and re-reads storage inside the lock', async () => {
    const stale = fakeJwt(30, { n: 1 });
    signIn(stale, 'refresh-1');
    const fromOtherTab = fakeJwt(900, { n: 2 });
    const request = vi.fn(async (_name: string, _opts: object, fn: () => Promise<unknown>) => {
      // the other tab held the lock and rotated the pair before we got it
      localStorage.setItem(STORAGE_KEYS.token, fromOtherTab);
      localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-2');
      return fn();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { calls } = mockFetch(() => ({ body: { ok: true } }));

    await api.get(ME);

    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toBe('fa-clube:refresh-token');
    expect(calls.map((c) => c.path)).toEqual([ME]);
    expect(bearer(calls[0]!)).toBe(`Bearer ${fromOtherTab}`);
  });
});

describe('api client: 401 policy when refreshing fails', () => {
  const failingRefresh = (call: Call) =>
    call.path === REFRESH
      ? {
          status: 401,
          body: { message: 'Sessão expirada. Entre novamente.', code: 'INVALID_REFRESH_TOKEN' },
        }
      : { status: 401, body: { message: 'Sessão expirada', code: 'UNAUTHORIZED' } };

  it('clears local storage, goes to /login?return_to=<path+query> and rethrows', async () => {
    window.history.replaceState({}, '', '/settings/plans?tab=anual');
    signIn(fakeJwt(600));
    localStorage.setItem('vite-ui-theme', 'dark');
    mockFetch(failingRefresh);

    const error = await api.get(ME).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.metadata)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBeNull();
    expect(localStorage.getItem('vite-ui-theme')).toBeNull();
    expect(navigations).toEqual(['/login?return_to=%2Fsettings%2Fplans%3Ftab%3Danual']);
  });

  it.each(['/profile', '/profile/ana', '/login'])('does not apply it on %s', async (path) => {
    window.history.replaceState({}, '', path);
    signIn(fakeJwt(600));
    mockFetch(failingRefresh);

    await expect(api.get(ME)).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    expect(navigations).toEqual([]);
  });

  it('getPublic asks a public resource again anonymously when the session is gone', async () => {
    window.history.replaceState({}, '', '/profile/ana');
    signIn(fakeJwt(600));
    const { calls } = mockFetch((call) =>
      bearer(call) || call.path === REFRESH ? failingRefresh(call) : { body: { username: 'ana' } },
    );

    await expect(api.getPublic('/api/v1/profile', { query: { username: 'ana' } })).resolves.toEqual(
      { username: 'ana' },
    );
    const profileCalls = calls.filter((c) => c.path === '/api/v1/profile');
    expect(profileCalls).toHaveLength(2);
    expect(bearer(profileCalls[1]!)).toBeNull();
    expect(profileCalls[1]!.query.get('username')).toBe('ana');
  });

  it('applies it to a 401 without any stored session', async () => {
    window.history.replaceState({}, '', '/subscribers');
    const { calls } = mockFetch(failingRefresh);
    await expect(api.get(ME)).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual([ME]);
    expect(navigations).toEqual(['/login?return_to=%2Fsubscribers']);
  });
});
