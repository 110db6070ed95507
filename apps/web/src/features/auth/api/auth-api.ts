import {
  AuthProvidersResponse,
  MessageBody,
  TokenResponse,
  apiPath,
  paths,
} from '@fa-clube/contract';
import type { SignUpBody } from '@fa-clube/contract';
import { ApiError, api } from '@/lib/api-client';
import { withReturnTo } from '@/lib/navigation';

/** The public account endpoints: no bearer token, no refresh, no 401 policy. */
const PUBLIC = { auth: false } as const;

export function signIn(body: { email: string; password: string; two_factor_code?: string }) {
  return api.post(apiPath(paths.token), body, { ...PUBLIC, schema: TokenResponse });
}

export function signUp(body: SignUpBody) {
  return api.post(apiPath(paths.user), body, { ...PUBLIC, schema: MessageBody });
}

export function requestPasswordReset(email: string) {
  return api.post(apiPath(paths.resetPassword), { email }, { ...PUBLIC, schema: MessageBody });
}

export function resetPassword(token: string, password: string) {
  return api.put(
    apiPath(paths.resetPassword),
    { token, password },
    { ...PUBLIC, schema: MessageBody },
  );
}

export function fetchAuthProviders() {
  return api.get(apiPath(paths.authProviders), { ...PUBLIC, schema: AuthProvidersResponse });
}

/** Where "Entrar com o Google" navigates (a full page load; the API redirects to the provider). */
export function googleStartUrl(returnTo: string | null): string {
  return withReturnTo(apiPath(paths.googleStart), returnTo);
}

/** The server asks for the code with a 401 whose message contains '2FA Required'. */
export function isTwoFactorRequired(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 401 && error.message.includes('2FA Required')
  );
}
