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
import { createMetrics } from './lib/metrics';
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
import {
  finishUnprovenMoneyDestination,
  forgetUnprovenMoneyDestination,
} from './modules/payments/payments.service';
import { forgetUnprovenTeams } from './modules/workspaces/workspaces.service';
import type { DbOrTx } from './db/client';
import { forgetRecoveryCodesOf, verifySignInCode } from './modules/two-factor/two-factor.service';
import type { Storage } from './lib/storage';
import { locateVideoTools } from './lib/video';
import type { VideoTools } from './lib/video';

export interface ContextOverrides {
  database?: Database;
  /** Skip the migrations (a WEB_CONCURRENCY worker: its primary ran them). */
  migrated?: boolean;
  mailer?: Mailer;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  storage?: Storage;
  /** Tests: the video tools as found (null: none), instead of looking for them. */
  video?: VideoTools | null;
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
  const redis = config.redis ? createRedis(config.redis.url, logger) : undefined;
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
    video:
      overrides.video !== undefined
        ? overrides.video
        : await locateVideoTools(config.media, logger),
    queue: createJobQueue({ database, logger, work: config.role !== 'web' }),
    metrics: createMetrics(),
    secondFactor: { verifySignInCode, forget: forgetRecoveryCodesOf },
    squatter: { forget: forgetSquattersSetUp },
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

/**
 * ctx.squatter.forget: a reset proved the inbox of an account that never confirmed its
 * address (issue 37): the team of the workspaces it owns (members, pending invitations), their
 * Pix key and open charges, and their PSP connection were set up by whoever registered it.
 */
async function forgetSquattersSetUp(ctx: AppContext, tx: DbOrTx, userId: string) {
  const team = await forgetUnprovenTeams(tx, userId);
  const money = await forgetUnprovenMoneyDestination(ctx, tx, team.workspaceIds);
  const removed = [
    team.members ? 'os membros da equipe' : null,
    team.invitations ? 'os convites para a equipe' : null,
    money.pixKey ? 'a chave Pix de recebimento (e as cobranças em aberto)' : null,
    money.connection ? 'a conexão com o PSP' : null,
  ].filter((l): l is string => l !== null);
  return {
    removed,
    afterCommit: () =>
      money.connection ? finishUnprovenMoneyDestination(ctx, team.workspaceIds) : Promise.resolve(),
  };
}
