import { ChangePasswordBody } from '@fa-clube/contract';
import { z } from 'zod';
import { t } from './strings';

/** The password form: the contract's body plus the confirmation typed twice. */
export const PasswordForm = ChangePasswordBody.extend({ confirm: z.string() }).refine(
  (v) => v.password === v.confirm,
  { path: ['confirm'], message: t.account.passwordMismatch },
);
