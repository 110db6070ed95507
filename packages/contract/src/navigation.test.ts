import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './navigation';

describe('safeReturnTo', () => {
  it.each([
    '//evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/%2e%2e//evil.com',
    '/%2E//evil.com',
    '/./%2f/evil.com',
    '/%5cevil.com',
    '\\\\evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/\tx//evil.com',
    ' /x',
    '/login',
    '/signup?x=1',
    '',
    null,
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it.each([
    ['/settings/plans', '/settings/plans'],
    ['/profile/ana?tab=midias#x', '/profile/ana?tab=midias#x'],
    ['/a/../settings', '/settings'],
    ['/settings/%20x', '/settings/%20x'],
  ])('keeps the same-site path %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});
