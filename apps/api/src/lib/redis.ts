import { Redis } from 'ioredis';

/**
 * The Redis connection shared by the rate limits and abuse counters of every
 * process (REDIS_URL). A command fails fast while Redis is unreachable
 * instead of queueing without end.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
}
