import { createSigner, createVerifier } from 'fast-jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'fa-clube';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/*
 * HS256 access tokens with fast-jwt: signing and verifying are synchronous
 * HMACs on the main thread. (WebCrypto's HMAC, as jose uses it, runs on the
 * libuv thread pool, where every sign-in waited behind the argon2 hashes.)
 * Times come from the business clock, so the library's own clock is off.
 */
const signers = new WeakMap<Uint8Array, (payload: Record<string, unknown>) => string>();

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now: Date) {
  let sign = signers.get(key);
  if (!sign) {
    sign = createSigner({ key: Buffer.from(key), algorithm: 'HS256', noTimestamp: true });
    signers.set(key, sign);
  }
  const iat = Math.floor(now.getTime() / 1000);
  return sign({
    sub: claims.userId,
    sid: claims.sessionId,
    typ: 'access',
    iss: ISSUER,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
  });
}

/**
 * Verifies access tokens: the claims, or null when the token is malformed,
 * forged or expired. fast-jwt remembers the verified tokens (bounded, least
 * recently used out): a client sends the same token for its 15 minutes and
 * its HMAC is checked once. Each call checks the expiry on the business clock.
 */
export function createAccessTokenVerifier(key: Uint8Array, cacheSize = 10_000) {
  const verify = createVerifier({
    key: Buffer.from(key),
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    ignoreExpiration: true,
    ignoreNotBefore: true,
    cache: cacheSize,
  });
  return async (token: string, now: Date): Promise<AccessClaims | null> => {
    let payload: Record<string, unknown>;
    try {
      payload = verify(token) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (
      payload.typ !== 'access' ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number' ||
      payload.exp * 1000 <= now.getTime()
    )
      return null;
    return { userId: payload.sub, sessionId: payload.sid };
  };
}

const CONFIRM_TYP = 'email-confirm';

/**
 * The e-mail confirmation link's token: signed, not stored. It names the user and the address
 * it was sent to (a changed address makes it worthless) and expires; confirming twice is
 * harmless, so it needs no single-use record. Its `typ` keeps it from ever passing as an
 * access token, and access tokens from passing as it.
 */
export function signEmailConfirmation(
  key: Uint8Array,
  claims: { userId: string; email: string },
  now: Date,
  ttlSeconds: number,
) {
  const sign = createSigner({ key: Buffer.from(key), algorithm: 'HS256', noTimestamp: true });
  const iat = Math.floor(now.getTime() / 1000);
  return sign({
    sub: claims.userId,
    email: claims.email,
    typ: CONFIRM_TYP,
    iss: ISSUER,
    iat,
    exp: iat + ttlSeconds,
  });
}

export function verifyEmailConfirmation(
  key: Uint8Array,
  token: string,
  now: Date,
): { userId: string; email: string } | null {
  const verify = createVerifier({
    key: Buffer.from(key),
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  let payload: Record<string, unknown>;
  try {
    payload = verify(token) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (
    payload.typ !== CONFIRM_TYP ||
    typeof payload.sub !== 'string' ||
    typeof payload.email !== 'string' ||
    typeof payload.exp !== 'number' ||
    payload.exp * 1000 <= now.getTime()
  )
    return null;
  return { userId: payload.sub, email: payload.email };
}
