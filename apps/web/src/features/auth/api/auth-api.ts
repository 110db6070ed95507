import { apiPath, paths } from '@fa-clube/contract';
import type { SignUpBody } from '@fa-clube/contract';
import { api } from '@/lib/api-client';
import { withReturnTo } from '@/lib/navigation';

/** The public account endpoints: no bearer token, no refresh, no 401 policy. */
const PUBLIC = { auth: false } as const;

export function signIn(body: { email: string; password: string; two_factor_code?: string }) {
  return api.post(apiPath(paths.token), body, {
    ...PUBLIC,
    schema: 'TokenResponse',
  });
}

export function signUp(body: SignUpBody) {
  return api.post(apiPath(paths.user), body, {
    ...PUBLIC,
    schema: 'MessageBody',
  });
}

export function requestPasswordReset(email: string) {
  return api.post(apiPath(paths.resetPassword), { email }, { ...PUBLIC, schema: 'MessageBody' });
}

export function resetPassword(token: string, password: string) {
  return api.put(
    apiPath(paths.resetPassword),
    { token, password },
    { ...PUBLIC, schema: 'MessageBody' },
  );
}

/**
 * "Sair": ends the session on the server (its access tokens are refused at once). Sent with
 * the refresh token and no bearer token, so an expired access token does not matter.
 */
export function logout(refreshToken: string) {
  return api.post(
    apiPath(paths.logout),
    { refresh_token: refreshToken },
    { ...PUBLIC, schema: 'MessageBody' },
  );
}

/** PUT /confirm-email with the token of the 'Confirme seu e-mail' link. */
export function confirmEmail(token: string) {
  return api.put(apiPath(paths.confirmEmail), { token }, { ...PUBLIC, schema: 'MessageBody' });
}

export function fetchAuthProviders() {
  return api.get(apiPath(paths.authProviders), {
    ...PUBLIC,
    schema: 'AuthProvidersResponse',
  });
}

/** Where "Entrar com o Google" navigates (a full page load; the API redirects to the provider). */
export function googleStartUrl(returnTo: string | null, clientState: string): string {
  const url = withReturnTo(apiPath(paths.googleStart), returnTo);
  return `${url}${url.includes('?') ? '&' : '?'}client_state=${encodeURIComponent(clientState)}`;
}
