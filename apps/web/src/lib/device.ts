import { deviceTypeForWidth } from '@fa-clube/contract';
import type { DeviceType } from '@fa-clube/contract';
import { STORAGE_KEYS } from './session';

export { deviceTypeForWidth };
export type { DeviceType };

/** The device class sent as `X-Device-Type`: mobile ≤767, tablet ≤1024, notebook ≤1440, desktop. */
export function currentDeviceType(): DeviceType {
  return deviceTypeForWidth(typeof window === 'undefined' ? 1280 : window.innerWidth);
}

/**
 * Stable properties of this browser and screen. Deliberately nothing that changes between
 * visits (window size, battery, time), so the same browser derives the same id.
 */
export function fingerprintSource(): string {
  const nav = navigator as Navigator & { deviceMemory?: number };
  const scr = typeof screen === 'undefined' ? undefined : screen;
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = '';
  }
  return JSON.stringify([
    nav.userAgent,
    nav.language,
    [...(nav.languages ?? [])],
    nav.platform,
    nav.hardwareConcurrency ?? 0,
    nav.deviceMemory ?? 0,
    nav.maxTouchPoints ?? 0,
    scr?.width ?? 0,
    scr?.height ?? 0,
    scr?.colorDepth ?? 0,
    scr?.pixelDepth ?? 0,
    timeZone,
  ]);
}

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** FNV-1a (2 × 32 bit) for insecure contexts (plain http on a LAN) where crypto.subtle is absent. */
function fallbackHash(input: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ input.length;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

export async function hashFingerprint(source: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return fallbackHash(source);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(source));
  return toHex(new Uint8Array(digest)).slice(0, 32);
}

let pending: Promise<string> | null = null;

/** The `deviceID`: read from storage, or derived from the fingerprint and stored once. */
export function getDeviceId(): Promise<string> {
  const stored = localStorage.getItem(STORAGE_KEYS.deviceId);
  if (stored) return Promise.resolve(stored);
  pending ??= hashFingerprint(fingerprintSource())
    .then((id) => {
      try {
        localStorage.setItem(STORAGE_KEYS.deviceId, id);
      } catch {
        // storage disabled: the id is derived again next time, with the same result
      }
      return id;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
