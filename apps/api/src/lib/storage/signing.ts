import { createHmac } from 'node:crypto';
import { safeEqual } from '../crypto';

/**
 * Signed URLs of the local driver. The signature is HMAC-SHA256 (key:
 * ctx.keys.signing) over everything the URL grants: method, key, expiry,
 * content type, size limit and exact size. Changing any of them, or the
 * signature itself, makes the URL invalid.
 */
export interface UrlGrant {
  /** HLS: a video's playlist, rewritten with signed URLs (content/hls.service.ts). */
  method: 'PUT' | 'GET' | 'HLS';
  key: string;
  /** Unix seconds. */
  expires: number;
  /** PUT: the only Content-Type accepted. */
  contentType?: string;
  /** PUT: largest accepted body. */
  maxSize?: number;
  /** PUT: the body must have exactly this length. */
  exactSize?: number;
}

function payload(g: UrlGrant): string {
  return [
    'fa-clube-storage-v1',
    g.method,
    g.key,
    String(g.expires),
    g.contentType ?? '',
    g.maxSize === undefined ? '' : String(g.maxSize),
    g.exactSize === undefined ? '' : String(g.exactSize),
  ].join('\n');
}

export function signGrant(secret: Buffer, g: UrlGrant): string {
  return createHmac('sha256', secret).update(payload(g)).digest('base64url');
}

/** Query string of a signed URL. */
export function grantQuery(secret: Buffer, g: UrlGrant): string {
  const q = new URLSearchParams({ key: g.key, exp: String(g.expires) });
  if (g.contentType !== undefined) q.set('ct', g.contentType);
  if (g.maxSize !== undefined) q.set('max', String(g.maxSize));
  if (g.exactSize !== undefined) q.set('len', String(g.exactSize));
  q.set('sig', signGrant(secret, g));
  return q.toString();
}

export type GrantCheck =
  { ok: true; grant: UrlGrant } | { ok: false; reason: 'INVALID_SIGNATURE' | 'URL_EXPIRED' };

const INT = /^\d{1,15}$/;

/**
 * Checks a signed URL's query. The signature is checked first, so a URL whose
 * expiry was edited is reported as tampered, not as expired.
 */
export function verifyGrant(
  secret: Buffer,
  method: 'PUT' | 'GET' | 'HLS',
  query: Record<string, unknown>,
  now: Date,
): GrantCheck {
  const str = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  const key = str('key');
  const exp = str('exp');
  const sig = str('sig');
  const ct = str('ct');
  const max = str('max');
  const len = str('len');
  if (!key || !INT.test(exp) || !sig) return { ok: false, reason: 'INVALID_SIGNATURE' };
  if ((max && !INT.test(max)) || (len && !INT.test(len)))
    return { ok: false, reason: 'INVALID_SIGNATURE' };
  const grant: UrlGrant = {
    method,
    key,
    expires: Number(exp),
    ...(method === 'PUT'
      ? { contentType: ct, maxSize: Number(max || 0), ...(len ? { exactSize: Number(len) } : {}) }
      : {}),
  };
  if (!safeEqual(signGrant(secret, grant), sig)) return { ok: false, reason: 'INVALID_SIGNATURE' };
  if (grant.expires * 1000 <= now.getTime()) return { ok: false, reason: 'URL_EXPIRED' };
  return { ok: true, grant };
}
