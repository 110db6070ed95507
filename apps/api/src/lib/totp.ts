import { Secret, TOTP } from 'otpauth';

/** The issuer shown in the authenticator app, and the label's prefix. */
export const TOTP_ISSUER = 'Fã Clube';
const PERIOD_SECONDS = 30;
const DIGITS = 6;

function totp(secretBase32: string, label = '') {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random 160-bit secret, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** `otpauth://totp/Fã Clube:<email>?secret=...&issuer=Fã Clube...` for the QR code. */
export function provisioningUri(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The time step (30-second counter) of an instant. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);
}

/**
 * The time step a code belongs to, if it is valid at `now` within ±`window`
 * steps; null otherwise. Callers accept a step only once (replay protection).
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  now: Date,
  window = 1,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now.getTime(), window });
  return delta === null ? null : totpStep(now) + delta;
}

/** The code for an instant (tests and the authenticator side). */
export function totpCode(secretBase32: string, now: Date): string {
  return totp(secretBase32).generate({ timestamp: now.getTime() });
}
