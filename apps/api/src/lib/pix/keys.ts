import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random txid of [A-Za-z0-9]: 25 characters fit a static BR Code (62/05),
 * 26 to 35 are what the API Pix asks for in PUT /cob/{txid}.
 */
export function newTxid(length: number): string {
  if (!Number.isInteger(length) || length < 1 || length > 35)
    throw new RangeError('txid length must be 1..35');
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}
