/**
 * Reconciliation on the job queue (pg-boss): every PIX_RECONCILE_SECONDS the
 * periodic job (one process wins the interval, lib/periodic) sends one job per
 * connected PSP, keyed by the connection and the interval so a second send in
 * the same interval adds nothing; each job asks that PSP what it received
 * (psp-webhooks.service.ts) and is retried with back-off when the PSP fails.
 * Work per run is bounded: connections are walked in batches, each job reads
 * a bounded number of pages and pending charges.
 */
import type { AppContext } from '../../lib/context';
import { queueName } from '../../lib/queue';
import type { QueueDefinition } from '../../lib/queue';
import { expireOverdueCharges } from './charges.repo';
import { giveWebhookSecrets, sendCertificateExpiryNotices } from './pix-connections.service';
import { findConnectionById, listConnectedAfter } from './pix-connections.repo';
import { reconcileConnection } from './psp-webhooks.service';

export const RECONCILE_QUEUE = queueName<{ connectionId: string }>('payments.pix-reconcile');
const BATCH = 200;

/** The periodic job: one reconciliation job per connected PSP for this interval. */
export async function sendReconciliations(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const slot = Math.floor(ctx.clock.now().getTime() / (ctx.config.pix.reconcileSeconds * 1000));
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await listConnectedAfter(ctx.db, after, BATCH);
    for (const c of batch) {
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

export function reconcileQueue(ctx: AppContext): QueueDefinition<{ connectionId: string }> {
  return {
    name: RECONCILE_QUEUE,
    async handler(job) {
      const connection = await findConnectionById(ctx.db, job.data.connectionId);
      if (connection?.status !== 'connected') return;
      const applied = await reconcileConnection(ctx, connection);
      if (applied) ctx.logger.info({ connectionId: connection.id, applied }, 'conciliação Pix');
    },
    concurrency: 2,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
  };
}

/**
 * The payments sweep (every SUBSCRIPTION_JOBS_INTERVAL_SECONDS, as the subscriptions' one):
 * overdue pending charges -> expired; the owners of PSP connections whose certificate
 * expires soon are e-mailed, once per certificate; connections made before webhook secrets
 * get one (registered at their PSP).
 */
export async function runPaymentJobs(ctx: AppContext) {
  const expiredCharges = await expireOverdueCharges(ctx.db, ctx.clock.now());
  const certificateNotices = await sendCertificateExpiryNotices(ctx);
  const webhookSecrets = await giveWebhookSecrets(ctx);
  return { expiredCharges, certificateNotices, webhookSecrets };
}
