import { describe, expect, it } from 'vitest';
import { currentDeviceType, deviceTypeForWidth, getDeviceId } from './device';
import { STORAGE_KEYS } from './session';
import { setViewportWidth } from '@/test/media';

describe('device class by width', () => {
  it.each([
    [375, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1024, 'tablet'],
    [1025, 'notebook'],
    [1440, 'notebook'],
    [1441, 'desktop'],
    [2560, 'desktop'],
  ])('%i px is %s', (width, type) => {
    expect(deviceTypeForWidth(width)).toBe(type);
  });

  it('follows the window width', () => {
    setViewportWidth(500);
    expect(currentDeviceType()).toBe('mobile');
    setViewportWidth(1300);
    expect(currentDeviceType()).toBe('notebook');
  });
});

describe('deviceID', () => {
  it('is derived once from the fingerprint, stored, and then read back', async () => {
    const first = await getDeviceId();
    expect(first).toMatch(/^[0-9a-f]{16,64}$/);
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(first);
    // the same browser derives the same id
    localStorage.removeItem(STORAGE_KEYS.deviceId);
    expect(await getDeviceId()).toBe(first);
    // once stored, the stored value wins
    localStorage.setItem(STORAGE_KEYS.deviceId, 'stored-id');
    expect(await getDeviceId()).toBe('stored-id');
  });
});
