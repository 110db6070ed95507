import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Database } from './db/client';
import { systemClock } from './lib/clock';
import type { Clock } from './lib/clock';
import type { AppContext } from './lib/context';
import { createGeoIp } from './lib/geoip';
import { createMailer } from './lib/mailer';
import type { Mailer } from './lib/mailer';
import { createJobQueue } from './lib/queue';
import { MemoryThrottle, RedisThrottle } from './lib/rate-limit';
import { createRedis } from './lib/redis';
import { deriveKeys, resolveMasterSecret } from './lib/secrets';
import { createStorage } from './lib/storage';
import { messageCharges, withWelcomeMessage } from './modules/chat-sales/chat-sales.service';
import { postCharges } from './modules/content/purchases.service';
import { subscriptionCharges } from './modules/subscriptions/subscriptions.service';
import { tipCharges } from './modules/tips/tips.service';
import { forgetRecoveryCodesOf, verifySignInCode } from './modules/two-factor/two-factor.service';
import type { Storage } from './lib/storage';

export interface ContextOverrides {
  database?: Database;
  /** Skip the migrations (a WEB_CONCURRENCY worker: its primary ran them). */
  migrated?: boolean;
  mailer?: Mailer;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  storage?: Storage;
}

/**
 * Opens the configured database (PostgreSQL, or PGlite under DATA_DIR) with
 * its pool and timeouts, migrating it first unless `migrate` is false (the
 * workers of WEB_CONCURRENCY, whose primary migrated).
 */
export async function openConfiguredDatabase(config: Config, migrate = true): Promise<Database> {
  const limits = {
    poolSize: config.db.poolMax,
    acquireTimeoutMs: config.db.acquireTimeoutMs,
    statementTimeoutMs: config.db.statementTimeoutMs,
    migrate,
  };
  return config.databaseUrl
    ? openDatabase({ url: config.databaseUrl, ...limits })
    : openDatabase({ dataDir: path.join(config.dataDir, 'db'), ...limits });
}

/** Builds the services' context. Tests pass their own database, mailer and clock. */
export async function createContext(
  config: Config,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const logger =
    overrides.logger ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const database =
    overrides.database ?? (await openConfiguredDatabase(config, !overrides.migrated));
  const keys = deriveKeys(resolveMasterSecret(config));
  const clock = overrides.clock ?? systemClock;
  const redis = config.redis ? createRedis(config.redis.url) : undefined;
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
    redis,
    throttle:
      redis && config.redis
        ? new RedisThrottle(redis, clock, config.redis.keyPrefix)
        : new MemoryThrottle(clock),
    storage: overrides.storage ?? createStorage(config, { signingKey: keys.signing, clock }),
    queue: createJobQueue({ database, logger }),
    secondFactor: { verifySignInCode, forget: forgetRecoveryCodesOf },
    chargeKinds: {
      subscription: withWelcomeMessage(subscriptionCharges),
      post: postCharges,
      message: messageCharges,
      tip: tipCharges,
    },
  };
}

/** Releases what createContext opened. */
export async function closeContext(ctx: AppContext) {
  await ctx.queue.stop();
  ctx.mailer.close();
  if (ctx.redis) await ctx.redis.quit().catch(() => ctx.redis?.disconnect());
  await ctx.database.close();
}
