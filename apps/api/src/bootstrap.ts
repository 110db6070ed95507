import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase, runMigrations } from './db/client';
import type { Database } from './db/client';
import { systemClock } from './lib/clock';
import type { Clock } from './lib/clock';
import type { AppContext } from './lib/context';
import { createGeoIp } from './lib/geoip';
import { createMailer } from './lib/mailer';
import type { Mailer } from './lib/mailer';
import { Throttle } from './lib/rate-limit';
import { deriveKeys, resolveMasterSecret } from './lib/secrets';
import { createStorage } from './lib/storage';
import type { Storage } from './lib/storage';

export interface ContextOverrides {
  database?: Database;
  mailer?: Mailer;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  storage?: Storage;
}

/** Opens the configured database (PostgreSQL, or PGlite under DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl })
    : await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** Builds the services' context. Tests pass their own database, mailer and clock. */
export async function createContext(
  config: Config,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const logger =
    overrides.logger ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const database = overrides.database ?? (await openConfiguredDatabase(config));
  const keys = deriveKeys(resolveMasterSecret(config));
  const clock = overrides.clock ?? systemClock;
  return {
    config,
    database,
    db: database.db,
    keys,
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger }),
    clock,
    logger,
    geoip: createGeoIp(config.geoipDatabase, logger),
    throttle: new Throttle(clock),
    storage: overrides.storage ?? createStorage(config, { signingKey: keys.signing, clock }),
  };
}

/** Releases what createContext opened. */
export async function closeContext(ctx: AppContext) {
  ctx.mailer.close();
  await ctx.database.close();
}
