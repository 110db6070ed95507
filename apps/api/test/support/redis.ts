import { randomBytes } from 'node:crypto';

/**
 * The Redis server for the tests that need one (TEST_REDIS_URL; CI sets it).
 * Each caller gets its own random key prefix, as Redis is shared. With
 * REQUIRE_REDIS_TESTS=1 a missing URL fails instead of skipping.
 */
export const REDIS_SKIP_REASON =
  'Redis tests skipped: TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)';

export function testRedis(): { url: string; prefix: string } | null {
  const url = process.env.TEST_REDIS_URL;
  if (!url) {
    if (process.env.REQUIRE_REDIS_TESTS === '1')
      throw new Error('REQUIRE_REDIS_TESTS=1 but TEST_REDIS_URL is not set');
    return null;
  }
  return { url, prefix: `fa-test-${randomBytes(6).toString('hex')}:` };
}
