import { PAGING, apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';
import { setMetadata, setTokens } from '@/lib/session';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;
export const LOGIN_ACTIVITIES_QUERY_KEY = ['login-activities'] as const;

/** GET /2fa → { two_factor, qrcode?, secret? } (the QR data only while 2FA is off). */
export function fetchTwoFactorStatus(signal?: AbortSignal) {
  return api.get(apiPath(paths.twoFactor), {
    schema: 'TwoFactorStatus',
    signal,
  });
}

/**
 * PATCH /2fa?code= turns 2FA on when off and off when on. Turning it on long after signing in
 * needs the password too (body); the answer then carries the recovery codes. Either way the
 * server ends every session, this one too, and answers this device's new session: it is stored
 * at once, so the person stays signed in.
 */
export async function toggleTwoFactor(code: string, password?: string) {
  const result = await api.patch(apiPath(paths.twoFactor), password ? { password } : undefined, {
    query: { code },
    schema: 'TwoFactorToggleResponse',
  });
  setTokens(result.session);
  setMetadata(result.session.metadata);
  return result;
}

/** GET /loginactivities → the newest sign-ins first. */
export function fetchLoginActivities(signal?: AbortSignal) {
  return api.get(apiPath(paths.loginActivities), {
    query: { page: PAGING.loginActivities.base, size: 50 },
    schema: 'LoginActivitiesResponse',
    signal,
  });
}

/** POST /confirm-email: a new 'Confirme seu e-mail' link to the account's address. */
export function resendConfirmation() {
  return api.post(apiPath(paths.confirmEmail), undefined, {
    schema: 'MessageBody',
  });
}

export const AUTH_PROVIDERS_QUERY_KEY = ['auth-providers'] as const;

/** GET /auth/providers: whether this server offers Google at all. */
export function fetchAuthProviders(signal?: AbortSignal) {
  return api.get(apiPath(paths.authProviders), {
    schema: 'AuthProvidersResponse',
    signal,
  });
}

/**
 * POST /me/google: starts linking a Google account (password, unless signed in less than 10
 * minutes ago). The answer sets the flow's HttpOnly cookie and names the provider's URL.
 */
export function startGoogleLink(password?: string) {
  return api.post(apiPath(paths.googleLink), password ? { password } : undefined, {
    schema: 'GoogleLinkResponse',
  });
}

/** DELETE /me/google */
export function unlinkGoogle() {
  return api.delete(apiPath(paths.googleLink), { schema: 'MessageBody' });
}
