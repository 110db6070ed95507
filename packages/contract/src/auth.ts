import { z } from 'zod';
import { defineErrors } from './errors';
import { EMAIL_MAX } from './patterns';
import { Email, FullName, Password, Timestamp, Username, Uuid } from './common';
import { PAGING } from './paging';
import { pageQuery, paged } from './paged';

export const SignUpBody = z.object({
  full_name: FullName,
  email: Email,
  username: Username,
  password: Password,
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/**
 * Shortest password the sign-in form accepts before it enables its button (spec section 5: 5).
 * Every new password — sign-up, reset, change — is at least PASSWORD_MIN (8), on the page and
 * on the server alike (the spec's 6 for the reset form is raised to NIST's floor: decision 012).
 * @public (the web client's forms)
 */
export const PASSWORD_MIN_SIGN_IN = 5;

export const TWO_FACTOR_CODE_PATTERN = /^\d{6}$/;
export const TwoFactorCode = z
  .string({ message: 'Informe o código de 6 dígitos.' })
  .trim()
  .regex(TWO_FACTOR_CODE_PATTERN, 'O código deve ter 6 dígitos.');

export const SignInBody = z.object({
  email: z
    .string({ message: 'Informe o e-mail.' })
    .trim()
    .min(1, 'Informe o e-mail.')
    .max(EMAIL_MAX),
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

/** POST /logout: without `refresh_token`, the session of the access token ends. */
export const LogoutBody = z
  .object({ refresh_token: z.string().min(1).max(512).optional() })
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
    /** The address was proved (confirmation link, or Google's verified e-mail). */
    email_confirmed: z.boolean(),
    /** False for an account made through Google that never set a password. */
    has_password: z.boolean(),
    /** A Google account is linked ("Entrar com o Google" signs in to this account). */
    google_linked: z.boolean(),
  })
  .meta({ id: 'Me' });

/** The token of a confirmation link: PUT /confirm-email ('Confirme seu e-mail') and POST /me/email/confirm (a new address). */
export const ConfirmEmailBody = z.object({
  token: z.string({ message: 'Link de confirmação inválido.' }).min(10).max(2048),
});
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

/** How many recovery codes turning 2FA on gives. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: ten lowercase letters/digits in two groups ("k7m2p-x6q4r"). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;

/**
 * PATCH /2fa?code=: a code of the authenticator app; turning 2FA off, a recovery code works
 * in its place (the way out when the app is lost or its secret can no longer be read).
 */
export const TwoFactorToggleQuery = z.object({
  code: z
    .string({ message: 'Informe o código de 6 dígitos.' })
    .trim()
    .refine(
      (v) => TWO_FACTOR_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v),
      'O código deve ter 6 dígitos.',
    ),
});
/**
 * Turning 2FA on needs the current password, unless the session signed in less than 10
 * minutes ago (accounts without a password rely on that).
 */
export const TwoFactorToggleBody = z
  .object({ password: z.string().min(1, 'Informe a senha.').max(1024).optional() })
  .optional()
  .nullable();
export const TwoFactorToggleResponse = z.object({
  message: z.string(),
  two_factor: z.boolean(),
  /** Only when 2FA was turned on: ten single-use codes, shown once, stored only hashed. */
  recovery_codes: z.array(z.string()).optional(),
  /**
   * Turning 2FA on or off ends every session of the account, the caller's too: this is the
   * caller's new session (the old access and refresh tokens are refused from now on).
   */
  session: TokenResponse,
});
export type TwoFactorToggleResponse = z.infer<typeof TwoFactorToggleResponse>;

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
export const LoginActivitiesQuery = pageQuery(PAGING.loginActivities);
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
  login_hint: z.string().max(EMAIL_MAX).optional(),
  /**
   * The web client's one-time state for this sign-in (kept in its sessionStorage), echoed back
   * as `state` on the redirect to /login: the client accepts a session only with its own state.
   */
  client_state: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'Estado de login inválido.')
    .optional(),
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
  /**
   * The e-mail has a Fã Clube account whose address was never confirmed: sign in with the
   * password and confirm the address (Segurança) before Google can be linked.
   */
  'google_email_unconfirmed',
  /** The account uses 2FA: sign in with e-mail, password and code. */
  'two_factor_required',
] as const;
export type GoogleLoginError = (typeof GOOGLE_LOGIN_ERRORS)[number];

/**
 * POST /me/google: linking Google from Segurança needs the current password, unless the
 * session signed in less than 10 minutes ago.
 */
export const GoogleLinkBody = z
  .object({ password: z.string().min(1, 'Informe a senha.').max(1024).optional() })
  .optional()
  .nullable();
/** Where the browser goes next: the provider's sign-in screen. */
export const GoogleLinkResponse = z.object({ authorization_url: z.string() });
export type GoogleLinkResponse = z.infer<typeof GoogleLinkResponse>;

/**
 * The redirect back to Segurança after linking: `?google=linked`, or `?google_error=` one of
 * these (the web client shows its own pt-BR text for each).
 */
export const GOOGLE_LINK_ERRORS = [
  'google_unavailable',
  'google_denied',
  /** The flow expired, was already used, started in another browser or its session ended. */
  'google_state',
  'google_failed',
  /** This Google account already signs in to another Fã Clube account. */
  'google_already_linked',
  /** This account got another Google account linked meanwhile. */
  'google_account_conflict',
] as const;
export type GoogleLinkError = (typeof GOOGLE_LINK_ERRORS)[number];

/** Error codes of the accounts, sessions and two-factor endpoints. */
export const AUTH_ERRORS = defineErrors({
  INVALID_CREDENTIALS: { status: 401, message: 'E-mail ou senha incorretos.' },
  /** The message contains '2FA Required' (api-conventions). */
  TWO_FACTOR_REQUIRED: {
    status: 401,
    message: '2FA Required: informe o código do seu aplicativo autenticador.',
  },
  /** Wrong, stale or replayed code at sign-in. On PATCH /2fa a wrong code is a 400 VALIDATION_ERROR on `code`. */
  INVALID_TWO_FACTOR_CODE: { status: 401, message: 'Código inválido ou expirado.' },
  TWO_FACTOR_NOT_SET_UP: {
    status: 400,
    message: 'Abra a configuração de 2FA para gerar o QR code antes de informar o código.',
  },
  /** Turning 2FA on without the password and without a sign-in in the last 10 minutes. */
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    message: 'Confirme sua senha para ativar a autenticação em dois fatores.',
  },
  /** The stored TOTP secret cannot be decrypted (the encryption key changed). */
  TWO_FACTOR_SECRET_UNREADABLE: {
    status: 409,
    message:
      'Não foi possível ler a configuração do seu 2FA. Use um código de recuperação no lugar do código do aplicativo.',
  },
  INVALID_REFRESH_TOKEN: { status: 401, message: 'Sessão expirada. Entre novamente.' },
  REFRESH_TOKEN_REUSED: {
    status: 401,
    message: 'Sessão encerrada por segurança. Entre novamente.',
  },
  INVALID_RESET_TOKEN: {
    status: 400,
    message: 'Este link de redefinição é inválido ou expirou. Peça um novo.',
  },
  INVALID_CONFIRMATION_TOKEN: {
    status: 400,
    message: 'Este link de confirmação é inválido ou expirou. Peça um novo em Segurança.',
  },
  EMAIL_TAKEN: { status: 409, message: 'Este e-mail já está em uso.' },
  /** POST /me/google while a Google account is already linked: unlink it first. */
  GOOGLE_ALREADY_LINKED: {
    status: 409,
    message: 'Sua conta já está vinculada a uma conta Google. Desvincule-a antes.',
  },
  /** POST /me/google on a server without Google configured. */
  GOOGLE_UNAVAILABLE: {
    status: 409,
    message: 'O login com o Google não está disponível neste servidor.',
  },
  /** DELETE /me/google with no Google account linked. */
  GOOGLE_NOT_LINKED: { status: 409, message: 'Nenhuma conta Google está vinculada.' },
  /** DELETE /me/google on an account without a password: it could no longer sign in. */
  GOOGLE_UNLINK_NEEDS_PASSWORD: {
    status: 409,
    message:
      'Sua conta não tem senha: sem o Google, você não conseguiria mais entrar. Crie uma senha em "Esqueci minha senha" e depois desvincule.',
  },
  USERNAME_TAKEN: { status: 409, message: 'Este nome de usuário já está em uso.' },
});
