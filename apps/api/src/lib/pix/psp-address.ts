import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a PSP URL may point (issue 37: SSRF through `api_url` / `token_url`). Only
 * global unicast addresses, as ipaddr.js classifies them: loopback, private, link-local,
 * CGNAT, unique-local (ULA), IPv4-mapped, multicast, 6to4/Teredo/NAT64 (which embed an
 * IPv4 address) and every reserved range are refused. The check runs in the socket's own
 * DNS lookup, so the address checked is the address connected to (no second resolution a
 * rebinding name could answer differently); an address literal is checked before any
 * connection. `PIX_PSP_ALLOW_PRIVATE_NETWORKS=true` lifts it (tests, private deployments).
 */
export const PSP_ADDRESS_NOT_PUBLIC = 'PSP_ADDRESS_NOT_PUBLIC';

export class PspAddressError extends Error {
  readonly code = PSP_ADDRESS_NOT_PUBLIC;
  constructor(readonly host: string) {
    super(`${host}: endereço não público`);
    this.name = 'PspAddressError';
  }
}

/** Whether `address` (an IP literal) is a public, global unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

/** Throws PspAddressError for an address literal that is not public; names pass (the lookup checks them). */
export function checkLiteralHost(hostname: string): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) && !isPublicAddress(bare)) throw new PspAddressError(hostname);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect: resolves the name once and answers only if every
 * address it resolves to is public (one private answer is enough to refuse: a name that
 * mixes them is not a PSP's).
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  dnsLookup(
    hostname,
    { family: options.family ?? 0, hints: options.hints, all: true },
    (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
        return callback(new PspAddressError(hostname), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    },
  );
}
