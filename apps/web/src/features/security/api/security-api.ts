import { PAGING, apiPath, paths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';
import { lazySchema } from '@/lib/contract-schemas';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;
export const LOGIN_ACTIVITIES_QUERY_KEY = ['login-activities'] as const;

/** GET /2fa → { two_factor, qrcode?, secret? } (the QR data only while 2FA is off). */
export function fetchTwoFactorStatus(signal?: AbortSignal) {
  return api.get(apiPath(paths.twoFactor), {
    schema: lazySchema((c) => c.TwoFactorStatus),
    signal,
  });
}

/**
 * PATCH /2fa?code= turns 2FA on when off and off when on. Turning it on long after signing in
 * needs the password too (body); the answer then carries the recovery codes.
 */
export function toggleTwoFactor(code: string, password?: string) {
  return api.patch(apiPath(paths.twoFactor), password ? { password } : undefined, {
    query: { code },
    schema: lazySchema((c) => c.TwoFactorToggleResponse),
  });
}

/** GET /loginactivities → the newest sign-ins first. */
export function fetchLoginActivities(signal?: AbortSignal) {
  return api.get(apiPath(paths.loginActivities), {
    query: { page: PAGING.loginActivities.base, size: 50 },
    schema: lazySchema((c) => c.LoginActivitiesResponse),
    signal,
  });
}

/** POST /confirm-email: a new 'Confirme seu e-mail' link to the account's address. */
export function resendConfirmation() {
  return api.post(apiPath(paths.confirmEmail), undefined, {
    schema: lazySchema((c) => c.MessageBody),
  });
}
