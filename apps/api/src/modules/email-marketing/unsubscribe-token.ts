/**
 * Unsubscribe tokens: which workspace's list and which address, signed so the
 * link cannot be forged for someone else's address. They do not expire (RFC
 * 8058 asks the link to keep working); the key is derived from the master
 * secret (lib/secrets.ts, `keys.unsubscribe`).
 *
 *   signUnsubscribeToken(key, { workspaceId, email, campaignId? }) -> "<payload>.<mac>"
 *   verifyUnsubscribeToken(key, token) -> the same fields, or null
 */
import { createHmac } from 'node:crypto';
import { EMAIL_MAX } from '@fa-clube/contract';
import { z } from 'zod';
import { safeEqual } from '../../lib/crypto';

export interface UnsubscribeClaim {
  workspaceId: string;
  /** Lower case. */
  email: string;
  /** The campaign whose link was used, for its `unsubscribed` count. */
  campaignId?: string;
}

const Payload = z.object({
  v: z.literal(1),
  w: z.uuid(),
  e: z.string().min(3).max(EMAIL_MAX),
  c: z.uuid().optional(),
});

/** What a token is for: an unsubscribe link's cannot confirm a contact, nor the reverse. */
type Purpose = 'unsubscribe' | 'contact-confirm';

const mac = (key: Buffer, payload: string, purpose: Purpose = 'unsubscribe') =>
  createHmac('sha256', key).update(`${purpose}.${payload}`).digest('base64url');

/** The double opt-in link of an imported contact: which workspace's list, which address. */
export function signContactConfirmToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify({ v: 1, w: claim.workspaceId, e: claim.email.toLowerCase() }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload, 'contact-confirm')}`;
}

export function verifyContactConfirmToken(key: Buffer, token: string): UnsubscribeClaim | null {
  return verify(key, token, 'contact-confirm');
}

export function signUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify({
      v: 1,
      w: claim.workspaceId,
      e: claim.email.toLowerCase(),
      ...(claim.campaignId ? { c: claim.campaignId } : {}),
    }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | null {
  return verify(key, token, 'unsubscribe');
}

function verify(key: Buffer, token: string, purpose: Purpose): UnsubscribeClaim | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length || !safeEqual(signature, mac(key, payload, purpose)))
    return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = Payload.safeParse(json);
  if (!parsed.success) return null;
  const { w, e, c } = parsed.data;
  return { workspaceId: w, email: e, ...(c ? { campaignId: c } : {}) };
}
