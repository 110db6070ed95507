// Without zod: the patterns and limits the web client's forms check before common.ts's schemas
// load (docs/decisions/036-web-first-load.md).

/** Basic e-mail pattern shared by the web forms and the server (spec section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Usernames: 3 to 30 of a-z 0-9 . _ (compared case-insensitively, stored lower case). */
export const USERNAME_PATTERN = /^[a-z0-9._]{3,30}$/;
/** Full name: letters (accented included), dots and spaces. */
export const FULL_NAME_PATTERN = /^[\p{L}. ]+$/u;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
