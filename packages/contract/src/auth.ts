import { z } from 'zod';
import { Email, FullName, Password, Timestamp, Username, Uuid, pageQuery, paged } from './common';

export const SignUpBody = z.object({
  full_name: FullName,
  email: Email,
  username: Username,
  password: Password,
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const TWO_FACTOR_CODE_PATTERN = /^\d{6}$/;
export const TwoFactorCode = z
  .string({ message: 'Informe o código de 6 dígitos.' })
  .trim()
  .regex(TWO_FACTOR_CODE_PATTERN, 'O código deve ter 6 dígitos.');

export const SignInBody = z.object({
  email: z.string({ message: 'Informe o e-mail.' }).trim().min(1, 'Informe o e-mail.').max(254),
  password: z.string({ message: 'Informe a senha.' }).min(1, 'Informe a senha.').max(1024),
  two_factor_code: z
    .string()
    .trim()
    .max(16)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
});
export type SignInBody = z.infer<typeof SignInBody>;

/** The session user, stored by the web client under `metadata`. */
export const SessionMetadata = z
  .object({
    id: Uuid,
    username: z.string(),
    label: z.string(),
    full_name: z.string(),
  })
  .meta({ id: 'SessionMetadata' });
export type SessionMetadata = z.infer<typeof SessionMetadata>;

export const TokenResponse = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    /** Seconds until access_token expires. */
    expires_in: z.number().int(),
    metadata: SessionMetadata,
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const RefreshQuery = z.object({ token: z.string().max(512).optional() });
export const RefreshBody = z
  .object({
    token: z.string().max(512).optional(),
    refresh_token: z.string().max(512).optional(),
  })
  .optional()
  .nullable();

export const MeResponse = z
  .object({
    id: Uuid,
    username: z.string(),
    label: z.string(),
    is_owner: z.boolean(),
    full_name: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    two_factor: z.boolean(),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof MeResponse>;

export const ResetRequestBody = z.object({ email: Email });
export const ResetPasswordBody = z.object({
  token: z.string({ message: 'Link de redefinição inválido.' }).min(10).max(512),
  password: Password,
});

export const TwoFactorStatus = z.object({
  two_factor: z.boolean(),
  /** otpauth:// provisioning URI, only while 2FA is off. */
  qrcode: z.string().optional(),
  /** The base32 secret, for manual entry, only while 2FA is off. */
  secret: z.string().optional(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorToggleQuery = z.object({ code: TwoFactorCode });
export const TwoFactorToggleResponse = z.object({ message: z.string(), two_factor: z.boolean() });

export const LoginActivity = z
  .object({
    id: Uuid,
    ip: z.string(),
    device_type: z.string(),
    device_name: z.string().nullable(),
    browser: z.string().nullable(),
    country: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'LoginActivity' });
export type LoginActivity = z.infer<typeof LoginActivity>;

/** GET /loginactivities: the caller's own sign-ins, newest first. */
export const LoginActivitiesQuery = pageQuery({ page: 1, size: 20, minPage: 1 });
export const LoginActivitiesResponse = paged('loginactivities', LoginActivity).meta({
  id: 'LoginActivities',
});
export type LoginActivitiesResponse = z.infer<typeof LoginActivitiesResponse>;

/** GET /auth/providers: which social sign-ins this server offers. */
export const AuthProvidersResponse = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;

/** GET /auth/google: where to go after signing in, and an optional account hint. */
export const GoogleStartQuery = z.object({
  /** A relative path in this app (e.g. /profile/ana); anything else is ignored. */
  return_to: z.string().max(2048).optional(),
  /** E-mail to preselect on the provider's screen. */
  login_hint: z.string().max(254).optional(),
});

/** The provider's redirect back (read whole by the OpenID Connect client). */
export const GoogleCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  scope: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/**
 * `error` values of the redirect to /login after "Entrar com o Google"; the web
 * client shows its own pt-BR text for each.
 */
export const GOOGLE_LOGIN_ERRORS = [
  /** Google sign-in is not configured on this server. */
  'google_unavailable',
  /** The person cancelled on the provider's screen. */
  'google_denied',
  /** The sign-in took too long or started in another browser: start again. */
  'google_state',
  /** The provider could not be reached or answered something invalid. */
  'google_failed',
  /** The Google account's e-mail is not verified. */
  'google_email_unverified',
  /** The e-mail's Fã Clube account is linked to another Google account. */
  'google_account_conflict',
  /** The account uses 2FA: sign in with e-mail, password and code. */
  'two_factor_required',
] as const;
export type GoogleLoginError = (typeof GOOGLE_LOGIN_ERRORS)[number];

/** Stable `code`s of the accounts API's error bodies. */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** 401; the message contains '2FA Required'. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** 401 at sign-in; 400 on PATCH /2fa (a 401 there would end the session in the web client). */
  invalidTwoFactorCode: 'INVALID_TWO_FACTOR_CODE',
  twoFactorNotSetUp: 'TWO_FACTOR_NOT_SET_UP',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  /** 429 with Retry-After (seconds). */
  rateLimited: 'RATE_LIMITED',
} as const;
