// Contract for the person's own account: name, password, e-mail change, sessions, the LGPD
// export and the account's deletion (issue 14).
import { z } from 'zod';
import { defineErrors } from './errors';
import { Email, FullName, Password, Timestamp, Uuid } from './common';
import { TwoFactorCode } from './auth';

export const accountPaths = {
  /** PATCH: the full name. (GET /me is auth's.) */
  me: '/me',
  password: '/me/password',
  email: '/me/email',
  emailConfirm: '/me/email/confirm',
  sessions: '/me/sessions',
  session: '/me/sessions/:id',
  otherSessions: '/me/sessions/others',
  export: '/me/export',
} as const;

/** Hours an e-mail change link stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The password the person types to prove it is them (any length: the server compares). */
export const CurrentPassword = z
  .string({ message: 'Informe a sua senha atual.' })
  .min(1, 'Informe a sua senha atual.')
  .max(1024);

/**
 * What the owner types to confirm a change of where the workspace's money goes (connecting,
 * replacing or removing the PSP account, changing the Pix key): the password, and the code of the
 * authenticator app when 2FA is on. Not needed when the session signed in within the last 10
 * minutes (decision 072).
 */
export const OwnerConfirmation = z
  .object({
    password: CurrentPassword,
    two_factor_code: TwoFactorCode.optional(),
  })
  .meta({ id: 'OwnerConfirmation' });
export type OwnerConfirmation = z.infer<typeof OwnerConfirmation>;

export const UpdateProfileBody = z.object({ full_name: FullName });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ChangePasswordBody = z.object({
  current_password: CurrentPassword,
  password: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ChangeEmailBody = z.object({ email: Email, current_password: CurrentPassword });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/**
 * DELETE /me. `password` is required of an account that has one; an account made through Google
 * without a password confirms by a sign-in of the last 10 minutes instead.
 */
export const DeleteAccountBody = z.object({ password: CurrentPassword.optional() });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** POST /me/export: the data export when the session did not sign in in the last 10 minutes. */
export const ExportBody = z.object({ password: CurrentPassword });
export type ExportBody = z.infer<typeof ExportBody>;

export const SessionParams = z.object({ id: Uuid });

/** A signed-in device: one refresh-token family. */
export const AccountSession = z
  .object({
    id: Uuid,
    /** This request's own session. */
    current: z.boolean(),
    device_type: z.string().nullable(),
    device_name: z.string().nullable(),
    browser: z.string().nullable(),
    ip: z.string().nullable(),
    country: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    created_at: Timestamp,
    /** The last token refresh. */
    last_used_at: Timestamp,
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSession>;

export const SessionsResponse = z
  .object({ sessions: z.array(AccountSession) })
  .meta({ id: 'SessionsResponse' });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const RevokedSessionsResponse = z.object({ revoked: z.number().int() });

/** POST /me/password: the other sessions it ended. */
export const PasswordChanged = z.object({ message: z.string(), revoked: z.number().int() });

export const EmailChangeRequested = z.object({ message: z.string(), email: z.string() });

/** Error codes of the person's own account. */
export const ACCOUNT_ERRORS = defineErrors({
  WRONG_PASSWORD: { status: 400, message: 'Senha atual incorreta.' },
  /**
   * A change of where the money goes (PSP account, Pix key) without `confirmation` and without a
   * sign-in of the last 10 minutes. `errors` names the fields to ask for: `confirmation.password`,
   * and `confirmation.two_factor_code` when 2FA is on. The client asks and sends the request again.
   */
  OWNER_CONFIRMATION_REQUIRED: {
    status: 403,
    message: 'Confirme que é você: informe a sua senha para alterar para onde vai o dinheiro.',
  },
  SESSION_NOT_FOUND: { status: 404, message: 'Sessão não encontrada.' },
  INVALID_EMAIL_CHANGE_TOKEN: {
    status: 400,
    message: 'Este link de confirmação é inválido ou expirou. Peça a troca de e-mail de novo.',
  },
  WORKSPACE_HAS_PEOPLE: {
    status: 409,
    message:
      'Seu espaço de trabalho ainda tem membros ou assinantes ativos. Transfira a propriedade ou encerre o espaço antes de excluir a conta.',
  },
});
