import { z } from 'zod';
import { Email, FullName, Password, Timestamp, Username, Uuid } from './common';

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
