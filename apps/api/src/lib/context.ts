import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import type { Mailer } from './mailer';
import type { Keys } from './secrets';

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
}
