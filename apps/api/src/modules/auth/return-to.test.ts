import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';

// The server's copy of the return_to rule (safeReturnTo, shared with the web client): the
// Google sign-in start carries return_to through the flow and back to /login.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const returnToAfterStart = async (value: string) => {
  const res = await t.inject({
    method: 'GET',
    url: `/api/v1/auth/google?return_to=${encodeURIComponent(value)}`,
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(location.origin).toBe('http://app.test');
  expect(location.pathname).toBe('/login');
  return location.searchParams.get('return_to');
};

describe('return_to on the server', () => {
  it.each([
    '//evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/%2e%2e//evil.com',
    '/%2E%2E/%2Fevil.com',
    '/./%2f/evil.com',
    '\\\\evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '/%5cevil.com',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    '/\t/evil.com',
    '/login',
  ])('drops %j (falls back to the default)', async (value) => {
    expect(await returnToAfterStart(value)).toBeNull();
  });

  it.each([
    ['/settings/plans', '/settings/plans'],
    ['/profile/ana?tab=midias', '/profile/ana?tab=midias'],
    ['/a/../settings', '/settings'],
  ])('keeps the same-site path %j', async (value, expected) => {
    expect(await returnToAfterStart(value)).toBe(expected);
  });
});
