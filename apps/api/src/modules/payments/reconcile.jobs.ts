/**
 * Reconciliation on the job queue (pg-boss): every PIX_RECONCILE_SECONDS the
 * periodic job (one process wins the interval, lib/periodic) sends one job per
 * connected PSP, keyed by the connection and the interval so a second send in
 * the same interval adds nothing; each job asks that PSP what it received
 * (psp-webhooks.service.ts) and is retried with back-off when the PSP fails.
 * Work per run is bounded: connections are walked in batches, each job reads
 * a bounded number of pages and pending charges within a time budget, and a PSP that keeps
 * failing is left alone for a while (its circuit breaker, decision 089).
 */
import type { AppContext } from '../../lib/context';
import { PspError } from '../../lib/pix/psp-client';
import type { PspFailure } from '../../lib/pix/psp-client';
import { queueName } from '../../lib/queue';
import type { QueueDefinition } from '../../lib/queue';
import { expireOverdueCharges } from './charges.repo';
import {
  finishEndedConnections,
  giveWebhookSecrets,
  sendCertificateExpiryNotices,
} from './pix-connections.service';
import {
  clearReconcileFailures,
  findConnectionById,
  listConnectedAfter,
  recordReconcileFailure,
} from './pix-connections.repo';
import { reconcileConnection } from './psp-webhooks.service';
import { sendWaitingDigests } from './waiting.service';

export const RECONCILE_QUEUE = queueName<{ connectionId: string }>('payments.pix-reconcile');
const BATCH = 200;

/** The periodic job: one reconciliation job per connected PSP for this interval. */
export async function sendReconciliations(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const slot = Math.floor(ctx.clock.now().getTime() / (ctx.config.pix.reconcileSeconds * 1000));
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await listConnectedAfter(ctx.db, after, BATCH);
    const now = ctx.clock.now();
    for (const c of batch) {
      // its breaker is open: left alone until the pause ends
      if (c.reconcilePausedUntil && c.reconcilePausedUntil > now) continue;
      const { created } = await ctx.queue.send(
        RECONCILE_QUEUE,
        { connectionId: c.id },
        { key: `${c.id}:${slot}` },
      );
      if (created) sent++;
    }
    if (batch.length < BATCH || signal?.aborted) return sent;
    after = batch[batch.length - 1]!.id;
  }
}

/**
 * The circuit breaker of reconciliations (decision 089): from the RECONCILE_BREAKER_THRESHOLD-th
 * failure in a row a PSP is left alone for RECONCILE_PAUSE_MS, doubling with each further
 * failure up to RECONCILE_MAX_PAUSE_MS; the owner sees it on GET /pix/connection.
 */
export const RECONCILE_BREAKER_THRESHOLD = 3;
export const RECONCILE_PAUSE_MS = 15 * 60_000;
export const RECONCILE_MAX_PAUSE_MS = 6 * 3600_000;
/** One PSP's reconciliation stops asking after this long (its budget; the rest waits a run). */
export const RECONCILE_BUDGET_MS = 60_000;

/** What the owner is told when a reconciliation failed: the step, never the PSP's answer. */
const RECONCILE_ERROR: Record<PspFailure | 'other', string> = {
  client_certificate: 'O certificado do cliente foi recusado pelo PSP.',
  server_certificate: 'O certificado do PSP não é confiável.',
  credentials: 'O PSP recusou as credenciais (client_id e client_secret).',
  refused: 'O PSP recusou a consulta dos Pix recebidos.',
  unreachable: 'O PSP não respondeu.',
  address: 'O endereço do PSP não é permitido.',
  other: 'A conciliação com o PSP falhou.',
};

/**
 * The breaker after one more failure in a row: from the threshold-th, paused for
 * RECONCILE_PAUSE_MS doubling with each further failure, at most RECONCILE_MAX_PAUSE_MS.
 */
export function breakerAfterFailure(failuresBefore: number, now: Date) {
  const failures = failuresBefore + 1;
  if (failures < RECONCILE_BREAKER_THRESHOLD) return { failures, pausedUntil: null };
  const pause = Math.min(
    RECONCILE_PAUSE_MS * 2 ** Math.min(failures - RECONCILE_BREAKER_THRESHOLD, 20),
    RECONCILE_MAX_PAUSE_MS,
  );
  return { failures, pausedUntil: new Date(now.getTime() + pause) };
}

/** Reconciles one PSP within its budget; a failure counts towards its breaker, not a retry. */
export async function reconcileOne(ctx: AppContext, connectionId: string) {
  const connection = await findConnectionById(ctx.db, connectionId);
  if (connection?.status !== 'connected') return;
  const now = ctx.clock.now();
  // a job sent before the breaker opened
  if (connection.reconcilePausedUntil && connection.reconcilePausedUntil > now) return;
  try {
    const applied = await reconcileConnection(ctx, connection, {
      deadline: performance.now() + RECONCILE_BUDGET_MS,
    });
    await clearReconcileFailures(ctx.db, connection.id);
    if (applied) ctx.logger.info({ connectionId: connection.id, applied }, 'conciliação Pix');
  } catch (err) {
    const failure = err instanceof PspError ? err.failure : 'other';
    const state = breakerAfterFailure(connection.reconcileFailures, now);
    await recordReconcileFailure(ctx.db, {
      id: connection.id,
      failures: state.failures,
      failingSince: connection.reconcileFailingSince ?? now,
      error: RECONCILE_ERROR[failure],
      pausedUntil: state.pausedUntil,
    });
    ctx.logger.warn(
      {
        connectionId: connection.id,
        failure,
        failures: state?.failures,
        pausedUntil: state?.pausedUntil,
      },
      'conciliação Pix falhou',
    );
  }
}

export function reconcileQueue(ctx: AppContext): QueueDefinition<{ connectionId: string }> {
  return {
    name: RECONCILE_QUEUE,
    // a failure is counted by the breaker and asked again next interval, not retried at once
    handler: (job) => reconcileOne(ctx, job.data.connectionId),
    concurrency: 2,
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  };
}

/**
 * The payments sweep (every SUBSCRIPTION_JOBS_INTERVAL_SECONDS, as the subscriptions' one):
 * overdue pending charges -> expired; the owners of PSP connections whose certificate
 * expires soon are e-mailed, once per certificate; connections made before webhook secrets
 * get one (registered at their PSP); ended connections still holding secrets are finished
 * (webhooks removed, live recurrences cancelled at the PSP, secrets erased); the owners of
 * workspaces where a Pix waits for their confirmation get the hourly digest (waiting.service.ts).
 */
export async function runPaymentJobs(ctx: AppContext) {
  const expiredCharges = await expireOverdueCharges(ctx.db, ctx.clock.now());
  const certificateNotices = await sendCertificateExpiryNotices(ctx);
  const webhookSecrets = await giveWebhookSecrets(ctx);
  const endedConnections = await finishEndedConnections(ctx);
  const waitingDigests = await sendWaitingDigests(ctx);
  return { expiredCharges, certificateNotices, webhookSecrets, endedConnections, waitingDigests };
}
