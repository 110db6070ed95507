import { EMAIL_PATTERN, FULL_NAME_PATTERN } from '@fa-clube/contract';

/** Form rules of the account screens (spec section 5). Pure, so the tests can state them. */
const LOGIN_PASSWORD_MIN = 5;
const SIGNUP_PASSWORD_MIN = 8;
const RESET_PASSWORD_MIN = 6;

const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** Entrar: e-mail pattern, password ≥ 5, nothing pending. */
export function canSubmitLogin(input: { email: string; password: string; pending: boolean }) {
  return !input.pending && isEmail(input.email) && input.password.length >= LOGIN_PASSWORD_MIN;
}

export interface SignupInput {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
  pending: boolean;
}

/**
 * Criar conta: e-mail pattern; full name only letters (accented too), dots and spaces; a
 * username; password and confirmation ≥ 8. Whether they are equal is checked on submit
 * (toast 'As senhas não coincidem').
 */
export function canSubmitSignup(input: SignupInput) {
  return (
    !input.pending &&
    isEmail(input.email) &&
    FULL_NAME_PATTERN.test(input.fullName.trim()) &&
    input.username.trim().length > 0 &&
    input.password.length >= SIGNUP_PASSWORD_MIN &&
    input.confirm.length >= SIGNUP_PASSWORD_MIN
  );
}

/** Continuar (request a reset link): e-mail pattern. */
export function canSubmitResetRequest(input: { email: string; pending: boolean }) {
  return !input.pending && isEmail(input.email);
}

/** Redefinir Senha: both ≥ 6; equality is checked on submit. */
export function canSubmitReset(input: { password: string; confirm: string; pending: boolean }) {
  return (
    !input.pending &&
    input.password.length >= RESET_PASSWORD_MIN &&
    input.confirm.length >= RESET_PASSWORD_MIN
  );
}
