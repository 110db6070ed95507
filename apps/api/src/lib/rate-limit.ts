import type { Redis } from 'ioredis';
import { isIPv4, isIPv6 } from 'node:net';
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
 * Counters for limits keyed by something other than the IP (an account, an
 * e-mail address), in fixed windows on the business clock (tests move time).
 * In memory for one process (MemoryThrottle); in Redis when REDIS_URL is set,
 * so every process counts together (RedisThrottle).
 */
export interface Throttle {
  /** Seconds until `key` may try again under `limit` (0 = allowed now). Does not count. */
  blockedFor(key: string, limit: Limit): Promise<number>;
  /** Counts one event (a request, a failure) against `limit`. */
  hit(key: string, limit: Limit): Promise<void>;
  /** Counts one request; returns the seconds to wait when it is over the limit (0 = allowed). */
  consume(key: string, limit: Limit): Promise<number>;
  /** Seconds left of the lock set by recordFailure (0 = not locked). */
  lockedFor(key: string): Promise<number>;
  /** Consecutive failures with a growing lock (the twin of users.failed_login_count). */
  recordFailure(key: string, policy: LockoutPolicy, keepSeconds: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** One process: a bounded map whose entries expire (the oldest are dropped when full). */
export class MemoryThrottle implements Throttle {
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

  async blockedFor(key: string, limit: Limit): Promise<number> {
    return this.waitFor(key, limit);
  }

  private waitFor(key: string, limit: Limit): number {
    const now = this.clock.now().getTime();
    const e = this.live(key, now);
    if (!e || e.windowEnds <= now || e.count < limit.max) return 0;
    return Math.max(1, Math.ceil((e.windowEnds - now) / 1000));
  }

  async hit(key: string, limit: Limit): Promise<void> {
    this.count(key, limit);
  }

  private count(key: string, limit: Limit) {
    const now = this.clock.now().getTime();
    this.upsert(key, now, limit.windowSeconds).count += 1;
  }

  async consume(key: string, limit: Limit): Promise<number> {
    // check and count without yielding, so concurrent callers never both pass
    const blocked = this.waitFor(key, limit);
    if (blocked) return blocked;
    this.count(key, limit);
    return 0;
  }

  async lockedFor(key: string): Promise<number> {
    const now = this.clock.now();
    const e = this.live(key, now.getTime());
    return e ? secondsUntil(new Date(e.lockedUntil), now) : 0;
  }

  async recordFailure(key: string, policy: LockoutPolicy, keepSeconds: number): Promise<void> {
    const now = this.clock.now();
    const e = this.upsert(key, now.getTime(), keepSeconds);
    e.count += 1;
    e.windowEnds = now.getTime() + keepSeconds * 1000;
    const until = lockoutUntil(e.count, policy, now);
    if (until) e.lockedUntil = until.getTime();
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/**
 * The same counters in Redis, one hash per key (count, windowEnds,
 * lockedUntil in business-clock milliseconds), changed by Lua scripts so that
 * concurrent processes never lose a count. Keys expire once both the window
 * and the lock are over.
 */
export class RedisThrottle implements Throttle {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix: string,
  ) {
    redis.defineCommand('faThrottleHit', { numberOfKeys: 1, lua: HIT });
    redis.defineCommand('faThrottleFail', { numberOfKeys: 1, lua: FAIL });
  }

  private key(key: string) {
    return `${this.prefix}throttle:${key}`;
  }

  private async read(key: string) {
    const [count, windowEnds, lockedUntil] = await this.redis.hmget(
      this.key(key),
      'count',
      'windowEnds',
      'lockedUntil',
    );
    return {
      count: Number(count ?? 0),
      windowEnds: Number(windowEnds ?? 0),
      lockedUntil: Number(lockedUntil ?? 0),
    };
  }

  async blockedFor(key: string, limit: Limit): Promise<number> {
    const now = this.clock.now().getTime();
    const e = await this.read(key);
    if (e.windowEnds <= now || e.count < limit.max) return 0;
    return Math.max(1, Math.ceil((e.windowEnds - now) / 1000));
  }

  async hit(key: string, limit: Limit): Promise<void> {
    await this.hitScript(key, limit, 0);
  }

  async consume(key: string, limit: Limit): Promise<number> {
    const waitMs = await this.hitScript(key, limit, limit.max);
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** Counts one event unless `max` > 0 and the window is full; answers the ms to wait (0 = counted). */
  private async hitScript(key: string, limit: Limit, max: number): Promise<number> {
    const now = this.clock.now().getTime();
    const scripts = this.redis as unknown as Scripts;
    return Number(await scripts.faThrottleHit(this.key(key), now, limit.windowSeconds * 1000, max));
  }

  async lockedFor(key: string): Promise<number> {
    const now = this.clock.now();
    const e = await this.read(key);
    return secondsUntil(new Date(e.lockedUntil), now);
  }

  async recordFailure(key: string, policy: LockoutPolicy, keepSeconds: number): Promise<void> {
    const now = this.clock.now();
    const scripts = this.redis as unknown as Scripts;
    const keep = keepSeconds * 1000;
    const count = Number(await scripts.faThrottleFail(this.key(key), now.getTime(), keep, 0));
    const until = lockoutUntil(count, policy, now);
    if (until) await scripts.faThrottleFail(this.key(key), now.getTime(), keep, until.getTime());
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

type Script = (key: string, ...args: number[]) => Promise<unknown>;
interface Scripts {
  faThrottleHit: Script;
  faThrottleFail: Script;
}

/** ARGV: now, window ms, max (0 = always count). Returns ms to wait, or 0 when counted. */
const HIT = `
local now, win, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local e = redis.call('HMGET', KEYS[1], 'count', 'windowEnds', 'lockedUntil')
local count, ends, locked = tonumber(e[1]) or 0, tonumber(e[2]) or 0, tonumber(e[3]) or 0
if ends <= now then count = 0; ends = now + win end
if max > 0 and count >= max then return ends - now end
redis.call('HSET', KEYS[1], 'count', count + 1, 'windowEnds', ends)
redis.call('PEXPIRE', KEYS[1], math.max(ends, locked) - now)
return 0`;

/**
 * ARGV: now, keep ms, lockedUntil. With lockedUntil 0: one more failure
 * (a run older than its keep time starts over), answering the count; else
 * sets the lock.
 */
const FAIL = `
local now, keep, lock = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if lock > 0 then
  redis.call('HSET', KEYS[1], 'lockedUntil', lock)
  redis.call('PEXPIRE', KEYS[1], math.max(lock, now + keep) - now)
  return 0
end
local e = redis.call('HMGET', KEYS[1], 'count', 'windowEnds', 'lockedUntil')
local count, ends, locked = tonumber(e[1]) or 0, tonumber(e[2]) or 0, tonumber(e[3]) or 0
if ends <= now and locked <= now then count = 0 end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'windowEnds', now + keep)
redis.call('PEXPIRE', KEYS[1], math.max(now + keep, locked) - now)
return count`;

/**
 * The address a per-IP limit counts against: an IPv4 address as is (also when mapped into
 * IPv6), an IPv6 address by its /64 — one subscriber line gets a whole /64, so counting single
 * IPv6 addresses would give a client 2^64 fresh budgets.
 */
export function ipSource(ip: string): string {
  const bare = ip.split('%')[0]!.toLowerCase();
  if (!isIPv6(bare)) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const left = groups(head);
  const right = groups(tail);
  const full =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const prefix = full.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
