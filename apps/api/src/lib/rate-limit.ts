import type { Clock } from './clock';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface LockoutPolicy {
  /** Failures in a row before the first lock. */
  threshold: number;
  /** Length of the first lock; each further failure doubles it. */
  baseSeconds: number;
  maxSeconds: number;
}

/**
 * When a run of `failures` consecutive failures locks an account: none below
 * the threshold, then base, 2×base, 4×base... capped at max.
 */
export function lockoutUntil(failures: number, policy: LockoutPolicy, now: Date): Date | null {
  if (failures < policy.threshold) return null;
  const exponent = Math.min(failures - policy.threshold, 30);
  const seconds = Math.min(policy.baseSeconds * 2 ** exponent, policy.maxSeconds);
  return new Date(now.getTime() + seconds * 1000);
}

/** Whole seconds from now until `until` (at least 1), or 0 when it has passed. */
export function secondsUntil(until: Date | null | undefined, now: Date): number {
  if (!until) return 0;
  const ms = until.getTime() - now.getTime();
  return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
}

interface Entry {
  count: number;
  windowEnds: number;
  lockedUntil: number;
}

/**
 * In-memory counters for limits keyed by something other than the IP (an
 * account, an e-mail address). Fixed windows on the business clock, so tests
 * can move time. One process serves the API (architecture), so memory is
 * enough; entries expire and the map is bounded (the oldest are dropped).
 */
export class Throttle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys = 100_000,
  ) {}

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && e.windowEnds <= now && e.lockedUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private upsert(key: string, now: number, windowSeconds: number): Entry {
    let e = this.live(key, now);
    if (!e) {
      if (this.entries.size >= this.maxKeys) this.evict(now);
      e = { count: 0, windowEnds: now + windowSeconds * 1000, lockedUntil: 0 };
      this.entries.set(key, e);
    } else if (e.windowEnds <= now) {
      e.count = 0;
      e.windowEnds = now + windowSeconds * 1000;
    }
    return e;
  }

  private evict(now: number) {
    for (const [k, e] of this.entries) {
      if (e.windowEnds <= now && e.lockedUntil <= now) this.entries.delete(k);
    }
    // still full: drop the oldest insertions
    for (const k of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(k);
    }
  }

  /** Seconds until `key` may try again under `limit` (0 = allowed now). Does not count. */
  blockedFor(key: string, limit: Limit): number {
    const now = this.clock.now().getTime();
    const e = this.live(key, now);
    if (!e || e.windowEnds <= now || e.count < limit.max) return 0;
    return Math.max(1, Math.ceil((e.windowEnds - now) / 1000));
  }

  /** Counts one event (a request, a failure) against `limit`. */
  hit(key: string, limit: Limit): void {
    const now = this.clock.now().getTime();
    this.upsert(key, now, limit.windowSeconds).count += 1;
  }

  /** Counts one request; returns the seconds to wait when it is over the limit (0 = allowed). */
  consume(key: string, limit: Limit): number {
    const blocked = this.blockedFor(key, limit);
    if (blocked) return blocked;
    this.hit(key, limit);
    return 0;
  }

  /** Consecutive failures with a growing lock (the in-memory twin of users.failed_login_count). */
  lockedFor(key: string): number {
    const now = this.clock.now();
    const e = this.live(key, now.getTime());
    return e ? secondsUntil(new Date(e.lockedUntil), now) : 0;
  }

  recordFailure(key: string, policy: LockoutPolicy, keepSeconds: number): void {
    const now = this.clock.now();
    const e = this.upsert(key, now.getTime(), keepSeconds);
    e.count += 1;
    e.windowEnds = now.getTime() + keepSeconds * 1000;
    const until = lockoutUntil(e.count, policy, now);
    if (until) e.lockedUntil = until.getTime();
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}
