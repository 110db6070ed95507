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
 * How a charge is made: at the workspace's connected PSP (`psp`, confirmed by its
 * webhooks), or a static code the owner confirms (`manual`).
 */
export interface PixProvider {
  readonly name: 'manual' | 'psp';
  /** A fresh txid of the length this provider's codes need. */
  newTxid(): string;
  createCharge(req: ChargeRequest): Promise<CreatedCharge>;
}

/** Room left for the 26/02 description after GUI and key (merchant account info ≤ 99). */
export function fitDescription(key: string, text: string): string | undefined {
  const room = 99 - (4 + 14) - (4 + key.length) - 4;
  if (room < 8) return undefined;
  return text.length > room ? text.slice(0, room).trimEnd() : text;
}
