import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../../config';
import { safeEqual } from '../../../lib/crypto';

/** The receiver's Pix data (already validated and folded to fit the BR Code). */
export interface PixReceiver {
  key: string;
  name: string;
  city: string;
}

export interface ChargeRequest {
  txid: string;
  amountCents: number;
  expiresInSeconds: number;
  receiver: PixReceiver;
  /** Shown to the payer by their bank app. */
  description: string;
}

export interface CreatedCharge {
  txid: string;
  /** The BR Code ("copia e cola"). */
  paymentSpecs: string;
  /** Payload location of a dynamic code, when the provider made one. */
  location: string | null;
}

/**
 * How charges are made and how payments are learnt about. One implementation is
 * chosen by PIX_PROVIDER (docs/decisions: Pix provider).
 */
export interface PixProvider {
  readonly name: 'manual' | 'apipix' | 'psp';
  /** A fresh txid of the length this provider's codes need. */
  newTxid(): string;
  createCharge(req: ChargeRequest): Promise<CreatedCharge>;
  /** Whether this provider receives webhooks at POST /webhooks/pix/{name}. */
  readonly acceptsWebhooks: boolean;
}

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/** "sha256=" + hex HMAC-SHA256 of the raw body with PIX_WEBHOOK_SECRET. */
export function signWebhookBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/**
 * A webhook call is authentic when it carries either
 *  - X-Webhook-Signature: sha256=<hex HMAC-SHA256(PIX_WEBHOOK_SECRET, raw body)>, or
 *  - X-Webhook-Secret: <PIX_WEBHOOK_SECRET> (for PSPs that can only send a fixed header;
 *    use it only over HTTPS/mTLS).
 * Both are compared in constant time. Without a configured secret nothing is authentic.
 */
export function isAuthenticWebhook(
  config: Config,
  headers: IncomingHttpHeaders,
  rawBody: string,
): boolean {
  const secret = config.pix.webhookSecret;
  if (!secret) return false;
  const signature = headers[WEBHOOK_SIGNATURE_HEADER];
  if (typeof signature === 'string' && signature.length > 0) {
    const given = signature.trim().toLowerCase();
    const expected = signWebhookBody(secret, rawBody);
    return safeEqual(given.startsWith('sha256=') ? given : `sha256=${given}`, expected);
  }
  const shared = headers[WEBHOOK_SECRET_HEADER];
  return typeof shared === 'string' && safeEqual(shared, secret);
}

/** Room left for the 26/02 description after GUI and key (merchant account info ≤ 99). */
export function fitDescription(key: string, text: string): string | undefined {
  const room = 99 - (4 + 14) - (4 + key.length) - 4;
  if (room < 8) return undefined;
  return text.length > room ? text.slice(0, room).trimEnd() : text;
}
