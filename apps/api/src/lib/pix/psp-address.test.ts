import { describe, expect, it } from 'vitest';
import {
  PspAddressError,
  checkLiteralHost,
  isPublicAddress,
  publicOnlyLookup,
} from './psp-address';

// Which addresses a PSP URL may reach (issue 37): global unicast only, by ipaddr.js's ranges.

describe('PSP addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00::1', 'ULA'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['não é ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('checks address literals, bracketed IPv6 too; names are left to the lookup', () => {
    expect(() => checkLiteralHost('127.0.0.1')).toThrow(PspAddressError);
    expect(() => checkLiteralHost('[::1]')).toThrow(PspAddressError);
    expect(() => checkLiteralHost('[::ffff:7f00:1]')).toThrow(PspAddressError);
    expect(() => checkLiteralHost('8.8.8.8')).not.toThrow();
    expect(() => checkLiteralHost('psp.example')).not.toThrow();
  });

  it('the lookup refuses a name that resolves to loopback, and answers both forms', async () => {
    const resolve = (all: boolean) =>
      new Promise<unknown>((resolve) =>
        publicOnlyLookup('localhost', { all }, (err, address) => resolve(err ?? address)),
      );
    expect(await resolve(false)).toBeInstanceOf(PspAddressError);
    expect(await resolve(true)).toBeInstanceOf(PspAddressError);
  });
});
