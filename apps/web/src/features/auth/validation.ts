import {
  EMAIL_PATTERN,
  Email,
  FULL_NAME_PATTERN,
  PASSWORD_MIN,
  PASSWORD_MIN_SIGN_IN,
  RECOVERY_CODE_PATTERN,
  ResetPasswordBody,
  ResetRequestBody,
  SignInBody,
  SignUpBody,
  TwoFactorCode,
} from '@fa-clube/contract';
import { z } from 'zod';
import { t } from './strings';

/**
 * The account forms' schemas, built from the contract's (spec section 5). A form validates with
 * its `…Form` schema on submit; its button is enabled while the values pass its `…Ready` schema
 * — the spec's rule, which leaves some checks (equal passwords, the username's pattern) to the
 * submit, where they can say what is wrong.
 */

const emailPattern = z.string().trim().regex(EMAIL_PATTERN);
const samePasswords = (v: { password: string; confirm: string }) => v.password === v.confirm;

/** Entrar: e-mail pattern and a password of 5 or more (also the enable rule). */
export const LoginForm = SignInBody.pick({ password: true }).extend({
  email: Email,
  password: SignInBody.shape.password.min(PASSWORD_MIN_SIGN_IN),
});

/** The 2FA step: exactly six digits. */
export const TwoFactorForm = z.object({ two_factor_code: TwoFactorCode });

/** The 2FA step with a recovery code instead ("k7m2p-x6q4r", case and dash free). */
export const RecoveryCodeForm = z.object({
  two_factor_code: z.string().trim().regex(RECOVERY_CODE_PATTERN, t.login.recoveryInvalid),
});

/** Criar conta: the contract's body, the confirmation, and equal passwords. */
export const SignupForm = SignUpBody.extend({ confirm: z.string() }).refine(samePasswords, {
  path: ['confirm'],
  message: t.signup.mismatch,
});

/**
 * Criar conta is enabled with: e-mail pattern; full name only letters (accented too), dots and
 * spaces; a username; password and confirmation of 8 or more. Equality is checked on submit
 * (toast 'As senhas não coincidem').
 */
export const SignupReady = z.object({
  email: emailPattern,
  full_name: z.string().trim().regex(FULL_NAME_PATTERN),
  username: z.string().trim().min(1),
  password: z.string().min(PASSWORD_MIN),
  confirm: z.string().min(PASSWORD_MIN),
});

/** Continuar (request a reset link): e-mail pattern. */
export const ResetRequestForm = ResetRequestBody;

/** Redefinir Senha: the new password twice, equal. The token comes from the link. */
export const ResetForm = ResetPasswordBody.pick({ password: true })
  .extend({ confirm: z.string() })
  .refine(samePasswords, { path: ['confirm'], message: t.reset.mismatch });

/**
 * Redefinir Senha is enabled when both have PASSWORD_MIN (8) or more, the server's rule (the
 * spec's 6 is raised: decision 012); equality is checked on submit.
 */
export const ResetReady = z.object({
  password: z.string().min(PASSWORD_MIN),
  confirm: z.string().min(PASSWORD_MIN),
});
