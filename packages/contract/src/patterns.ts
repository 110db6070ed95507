// Without zod: the patterns and limits the web client's forms check before common.ts's schemas
// load (docs/decisions/036-web-first-load.md).

/** Basic e-mail pattern shared by the web forms and the server (spec section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** The contract's `Email` rule without zod: trimmed, at most EMAIL_MAX, the simple pattern. */
export const isEmail = (value: string) => {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
};
/** Usernames: 3 to 30 of a-z 0-9 . _ (compared case-insensitively, stored lower case). */
export const USERNAME_PATTERN = /^[a-z0-9._]{3,30}$/;
/** Full name: letters (accented included), dots and spaces. */
export const FULL_NAME_PATTERN = /^[\p{L}. ]+$/u;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
