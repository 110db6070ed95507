import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnTo } from './navigation';

describe('safeReturnTo', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/settings/security?tab=2fa', '/settings/security?tab=2fa'],
    ['/profile/ana#posts', '/profile/ana#posts'],
    ['/', '/'],
  ])('accepts the relative path %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/path'],
    ['https://evil.com'],
    ['http://localhost/dashboard'],
    ['javascript:alert(1)'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/\tevil.com'],
    ['dashboard'],
    [''],
    [null],
    [undefined],
  ])('rejects %j', (input) => {
    expect(safeReturnTo(input)).toBeNull();
  });

  it('does not send the user back to the sign-in screens', () => {
    expect(safeReturnTo('/login?return_to=/x')).toBeNull();
    expect(safeReturnTo('/signup')).toBeNull();
  });

  it('builds the login address with an encoded return_to', () => {
    expect(loginPath('/settings/plans?x=1')).toBe('/login?return_to=%2Fsettings%2Fplans%3Fx%3D1');
    expect(loginPath('//evil.com')).toBe('/login');
  });
});
