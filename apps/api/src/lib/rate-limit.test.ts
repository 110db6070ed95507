import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_SKIP_REASON, testRedis } from '../../test/support/redis';
import { ConfigError, parseConfig } from '../config';
import { MemoryThrottle, RedisThrottle, ipSource, lockoutUntil } from './rate-limit';
import type { Throttle } from './rate-limit';
import { createRedis } from './redis';

class ManualClock {
  t = Date.UTC(2025, 0, 1);
  now() {
    return new Date(this.t);
  }
}

describe('ipSource', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('%s counts as %s', (ip, source) => {
    expect(ipSource(ip)).toBe(source);
  });
});

describe('lockoutUntil', () => {
  const policy = { threshold: 5, baseSeconds: 60, maxSeconds: 900 };
  const now = new Date(0);
  it('locks from the threshold on, doubling, capped', () => {
    expect(lockoutUntil(4, policy, now)).toBeNull();
    const secs = [5, 6, 7, 8, 9, 30].map((n) => lockoutUntil(n, policy, now)!.getTime() / 1000);
    expect(secs).toEqual([60, 120, 240, 480, 900, 900]);
  });
});

const redis = testRedis();
const connections = {
  all: [] as ReturnType<typeof createRedis>[],
  open() {
    const r = createRedis(redis!.url, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    this.all.push(r);
    return r;
  },
};
afterAll(async () => {
  for (const r of connections.all) await r.quit();
});

describe('Throttle (memory)', () => throttleContract((clock) => new MemoryThrottle(clock)));
// without TEST_REDIS_URL listed as skipped, with the reason, rather than left out of the run
// (REQUIRE_REDIS_TESTS=1, as in CI, fails the file instead: testRedis throws)
describe.skipIf(!redis)(redis ? 'Throttle (redis)' : `Throttle (redis): ${REDIS_SKIP_REASON}`, () =>
  throttleContract((clock) => new RedisThrottle(connections.open(), clock, redis!.prefix)),
);

function throttleContract(make: (clock: ManualClock) => Throttle) {
  it('counts per key in fixed windows on the given clock', async () => {
    const clock = new ManualClock();
    const th = make(clock);
    const limit = { max: 2, windowSeconds: 60 };
    expect(await th.consume('a', limit)).toBe(0);
    expect(await th.consume('a', limit)).toBe(0);
    expect(await th.consume('a', limit)).toBe(60);
    expect(await th.consume('b', limit)).toBe(0);
    clock.t += 30_000;
    expect(await th.blockedFor('a', limit)).toBe(30);
    clock.t += 30_000;
    expect(await th.consume('a', limit)).toBe(0);
    await th.reset('a');
    expect(await th.blockedFor('a', limit)).toBe(0);
  });

  it('keeps consecutive failures with a growing lock', async () => {
    const clock = new ManualClock();
    const th = make(clock);
    const policy = { threshold: 2, baseSeconds: 10, maxSeconds: 100 };
    await th.recordFailure('x', policy, 3600);
    expect(await th.lockedFor('x')).toBe(0);
    await th.recordFailure('x', policy, 3600);
    expect(await th.lockedFor('x')).toBe(10);
    clock.t += 11_000;
    await th.recordFailure('x', policy, 3600);
    expect(await th.lockedFor('x')).toBe(20);
    // the run is forgotten after keepSeconds without failures
    clock.t += 3_601_000;
    await th.recordFailure('x', policy, 3600);
    expect(await th.lockedFor('x')).toBe(0);
  });

  it('never loses a count to concurrent callers', async () => {
    const th = make(new ManualClock());
    const limit = { max: 10, windowSeconds: 60 };
    const waits = await Promise.all(Array.from({ length: 25 }, () => th.consume('c', limit)));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
  });
}

describe('MemoryThrottle', () => {
  it('stays bounded', async () => {
    const th = new MemoryThrottle(new ManualClock(), 10);
    for (let i = 0; i < 100; i++) await th.hit(`k${i}`, { max: 1, windowSeconds: 60 });
    expect(await th.blockedFor('k99', { max: 1, windowSeconds: 60 })).toBe(60);
    expect(await th.blockedFor('k0', { max: 1, windowSeconds: 60 })).toBe(0);
  });
});

describe('rate limit settings', () => {
  it('have production defaults and accept <max>/<seconds>', () => {
    const defaults = parseConfig({});
    expect(defaults.limits).toEqual({
      signInIp: { max: 20, windowSeconds: 60 },
      signUpIp: { max: 10, windowSeconds: 3600 },
      resetIp: { max: 10, windowSeconds: 3600 },
      resetEmail: { max: 3, windowSeconds: 3600 },
      twoFactor: { max: 5, windowSeconds: 300 },
      uploadUrls: { max: 60, windowSeconds: 600 },
      import: { max: 30, windowSeconds: 300 },
      chatMessages: { max: 30, windowSeconds: 60 },
      pixChanges: { max: 20, windowSeconds: 3600 },
      saleCharges: { max: 20, windowSeconds: 600 },
      automaticPayer: { max: 5, windowSeconds: 3600 },
      automaticWorkspace: { max: 300, windowSeconds: 3600 },
      lockout: { threshold: 5, baseSeconds: 60, maxSeconds: 900 },
    });
    expect(parseConfig({ RATE_LIMIT_SIGNIN_IP: '50/120' }).limits.signInIp).toEqual({
      max: 50,
      windowSeconds: 120,
    });
  });

  it('stop the server with a clear message when malformed', () => {
    expect(() => parseConfig({ RATE_LIMIT_TWO_FACTOR: 'cinco' })).toThrow(ConfigError);
    expect(() => parseConfig({ RATE_LIMIT_TWO_FACTOR: '0/60' })).toThrow(/RATE_LIMIT_TWO_FACTOR/);
  });
});
