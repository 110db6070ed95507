import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection shared by the rate limits and abuse counters of every
 * process (REDIS_URL). A command fails fast while Redis is unreachable
 * instead of queueing without end. An outage is logged once when it starts and
 * once when Redis is back (ioredis retries on its own meanwhile); /readyz names it.
 */
export function createRedis(url: string, logger: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger.warn({ error: err.message }, 'Redis inacessível; tentando reconectar');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info('Redis acessível de novo');
  });
  return redis;
}
