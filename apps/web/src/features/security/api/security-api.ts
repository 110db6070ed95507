import {
  LoginActivitiesResponse,
  TwoFactorStatus,
  TwoFactorToggleResponse,
  apiPath,
  paths,
} from '@fa-clube/contract';
import { api } from '@/lib/api-client';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;
export const LOGIN_ACTIVITIES_QUERY_KEY = ['login-activities'] as const;

/** GET /2fa → { two_factor, qrcode?, secret? } (the QR data only while 2FA is off). */
export function fetchTwoFactorStatus(signal?: AbortSignal) {
  return api.get(apiPath(paths.twoFactor), { schema: TwoFactorStatus, signal });
}

/** PATCH /2fa?code= turns 2FA on when off and off when on. */
export function toggleTwoFactor(code: string) {
  return api.patch(apiPath(paths.twoFactor), undefined, {
    query: { code },
    schema: TwoFactorToggleResponse,
  });
}

/** GET /loginactivities → the newest sign-ins first. */
export function fetchLoginActivities(signal?: AbortSignal) {
  return api.get(apiPath(paths.loginActivities), {
    query: { page: 1, size: 50 },
    schema: LoginActivitiesResponse,
    signal,
  });
}
