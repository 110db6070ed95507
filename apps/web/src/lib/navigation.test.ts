import { describe, expect, it } from 'vitest';
import { loginPath } from './navigation';

// The rule itself is tested with the contract (packages/contract/src/navigation.test.ts).
describe('loginPath', () => {
  it('builds the login address with an encoded return_to, dropping an unsafe one', () => {
    expect(loginPath('/settings/plans?x=1')).toBe('/login?return_to=%2Fsettings%2Fplans%3Fx%3D1');
    expect(loginPath('//evil.com')).toBe('/login');
    expect(loginPath('/.//evil.com')).toBe('/login');
  });
});
