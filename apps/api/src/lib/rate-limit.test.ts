import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config';
import { Throttle, lockoutUntil } from './rate-limit';

class ManualClock {
  t = Date.UTC(2025, 0, 1);
  now() {
    return new Date(this.t);
  }
}

describe('lockoutUntil', () => {
  const policy = { threshold: 5, baseSeconds: 60, maxSeconds: 900 };
  const now = new Date(0);
  it('locks from the threshold on, doubling, capped', () => {
    expect(lockoutUntil(4, policy, now)).toBeNull();
    const secs = [5, 6, 7, 8, 9, 30].map((n) => lockoutUntil(n, policy, now)!.getTime() / 1000);
    expect(secs).toEqual([60, 120, 240, 480, 900, 900]);
  });
});

describe('Throttle', () => {
  it('counts per key in fixed windows on the given clock', () => {
    const clock = new ManualClock();
    const th = new Throttle(clock);
    const limit = { max: 2, windowSeconds: 60 };
    expect(th.consume('a', limit)).toBe(0);
    expect(th.consume('a', limit)).toBe(0);
    expect(th.consume('a', limit)).toBe(60);
    expect(th.consume('b', limit)).toBe(0);
    clock.t += 30_000;
    expect(th.blockedFor('a', limit)).toBe(30);
    clock.t += 30_000;
    expect(th.consume('a', limit)).toBe(0);
    th.reset('a');
    expect(th.blockedFor('a', limit)).toBe(0);
  });

  it('keeps consecutive failures with a growing lock', () => {
    const clock = new ManualClock();
    const th = new Throttle(clock);
    const policy = { threshold: 2, baseSeconds: 10, maxSeconds: 100 };
    th.recordFailure('x', policy, 3600);
    expect(th.lockedFor('x')).toBe(0);
    th.recordFailure('x', policy, 3600);
    expect(th.lockedFor('x')).toBe(10);
    clock.t += 11_000;
    th.recordFailure('x', policy, 3600);
    expect(th.lockedFor('x')).toBe(20);
    // the run is forgotten after keepSeconds without failures
    clock.t += 3_601_000;
    th.recordFailure('x', policy, 3600);
    expect(th.lockedFor('x')).toBe(0);
  });

  it('stays bounded', () => {
    const th = new Throttle(new ManualClock(), 10);
    for (let i = 0; i < 100; i++) th.hit(`k${i}`, { max: 1, windowSeconds: 60 });
    expect(th.blockedFor('k99', { max: 1, windowSeconds: 60 })).toBe(60);
    expect(th.blockedFor('k0', { max: 1, windowSeconds: 60 })).toBe(0);
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
