import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import type { GeoIp } from './geoip';
import type { Mailer } from './mailer';
import type { Throttle } from './rate-limit';
import type { Keys } from './secrets';
import type { Storage } from './storage/types';

/**
 * Everything a service needs, built once at start (server.ts) or per test file
 * (test/support). Services receive it explicitly; nothing reads globals.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  keys: Keys;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** IP → location for login activities (GEOIP_DATABASE). */
  geoip: GeoIp;
  /** Per-account and per-e-mail abuse counters (per-IP limits use @fastify/rate-limit). */
  throttle: Throttle;
  /** Object storage (local files or S3), see lib/storage/index.ts. */
  storage: Storage;
}
