import type { FastifyBaseLogger } from 'fastify';
import type { ChargeKind, ConfirmChargeResponse, PlanType } from '@fa-clube/contract';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, Db, DbOrTx } from '../db/client';
import type { Clock } from './clock';
import type { GeoIp } from './geoip';
import type { Mailer } from './mailer';
import type { JobQueue } from './queue';
import type { Throttle } from './rate-limit';
import type { Metrics } from './metrics';
import type { Keys } from './secrets';
import type { Storage } from './storage/types';
import type { VideoTools } from './video';

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
  /** REDIS_URL's connection: rate limits and counters shared by every process. */
  redis?: Redis;
  /** Object storage (local files or S3), see lib/storage/index.ts. */
  storage: Storage;
  /** ffmpeg and ffprobe (lib/video.ts); null: none found, only MP4 in H.264/AAC accepted as is. */
  video: VideoTools | null;
  /** Durable background jobs (lib/queue): modules declare queues, server.ts starts them. */
  queue: JobQueue;
  /** This process's Prometheus registry (lib/metrics), served on METRICS_PORT. */
  metrics: Metrics;
  /**
   * The sign-in's second step, from the two-factor module: the auth module asks it through here
   * instead of importing it, since two-factor depends on auth (sessions, the account row).
   * bootstrap.ts wires it.
   */
  secondFactor: SecondFactor;
  /**
   * What a password reset takes back from whoever registered an address they did not own,
   * from the modules that hold it (workspaces: the team; payments: the Pix key, open charges,
   * the PSP connection): the auth module asks through here, since they depend on auth.
   * bootstrap.ts wires it.
   */
  squatter: SquatterCleanup;
  /**
   * What a paid charge grants, per kind, from the module that sells it (subscriptions:
   * 'subscription'): the payments module calls it and imports none of them. bootstrap.ts wires it.
   */
  chargeKinds: ChargeKinds;
}

/** A charge that was just paid, as the payments module hands it to the module that sold it. */
export interface PaidCharge {
  id: string;
  workspaceId: string;
  payerId: string;
  kind: ChargeKind;
  /** The post or message bought (one-off charges); null for a subscription or a tip. */
  itemId: string | null;
  /** The plan of a subscription charge; null for a one-off sale. */
  planId: string | null;
  planType: PlanType | null;
  valueCents: number;
  /** Pix Automático: the subscription this charge's recurrence named (`vinculo.contrato`). */
  contractId: string | null;
}

/** What the owner's confirmation answers beside the charge (POST /charges/{ws}/{id}/confirm). */
export type PaidGrant = Omit<ConfirmChargeResponse, 'charge'>;

export interface ChargeKindHandler {
  /**
   * Grants what the charge bought. Runs inside the database transaction that marked the charge
   * paid and booked it in the ledger, once per charge: throwing rolls all of it back.
   */
  paid(tx: DbOrTx, charge: PaidCharge, now: Date): Promise<PaidGrant>;
  /**
   * Whether what the charge sells can still be granted (a post not deleted), asked inside the
   * transaction before it is marked paid: money for a thing gone grants nothing and is kept as a
   * payment to review (decision 070). Absent: always.
   */
  available?(tx: DbOrTx, charge: PaidCharge): Promise<boolean>;
  /**
   * After the transaction that paid it committed: what is told live or by e-mail (an unlocked
   * post, a tip in the chat). Best effort: a failure is logged, the payment stands.
   */
  settled?(ctx: AppContext, charge: PaidCharge): Promise<void>;
  /** The owner refunded the payment: what it bought is taken back, inside the refund's transaction. */
  refunded?(tx: DbOrTx, charge: PaidCharge): Promise<void>;
  /**
   * After the refund's transaction committed: what is told live (a paid message locked again in
   * the fan's open thread). Best effort: a failure is logged, the refund stands.
   */
  afterRefund?(ctx: AppContext, charge: PaidCharge): Promise<void>;
  /**
   * Pix Automático (kinds that renew): the fan's bank refused or let expire the debit of the
   * period of `contractId`. Answers the charge offered instead (its id), or null.
   */
  recurringDebitFailed?(ctx: AppContext, contractId: string): Promise<string | null>;
}

export type ChargeKinds = Partial<Record<ChargeKind, ChargeKindHandler>>;

export interface SquatterCleanup {
  /**
   * The account `userId` had never confirmed its address and a reset just proved its inbox:
   * inside the reset's transaction, removes what the workspaces it owns were given meanwhile.
   * Answers what was removed (pt-BR, for the e-mail to the owner) and a step to run after the
   * commit (what an ended PSP connection left at the PSP).
   */
  forget(
    ctx: AppContext,
    tx: DbOrTx,
    userId: string,
  ): Promise<{ removed: string[]; afterCommit(): Promise<void> }>;
}

export interface SecondFactor {
  /**
   * Called once the password is known to be right, for an account with 2FA on: no code →
   * 401 TWO_FACTOR_REQUIRED; a wrong, stale or replayed one → 401; too many → 429.
   */
  verifySignInCode(ctx: AppContext, userId: string, code: string | undefined): Promise<void>;
  /** Forgets the recovery codes (2FA removed by a password reset), inside the caller's transaction. */
  forget(tx: DbOrTx, userId: string): Promise<void>;
}
