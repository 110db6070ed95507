import { defineModule } from '../../lib/module';
import type { QueueDefinition } from '../../lib/queue';
import { chargeRoutes } from './charges.routes';
import { pixConnectionRoutes } from './pix-connections.routes';
import { pixSettingsRoutes } from './pix-settings.routes';
import { reconcileQueue, runPaymentJobs, sendReconciliations } from './reconcile.jobs';
import { webhookRoutes } from './webhooks.routes';

export const paymentsModule = defineModule({
  name: 'payments',
  routes: [pixSettingsRoutes, chargeRoutes, webhookRoutes, pixConnectionRoutes],
  queues: [(ctx) => reconcileQueue(ctx) as QueueDefinition<unknown>],
  jobs: [
    {
      name: 'rotina de pagamentos',
      intervalMs: (ctx) => ctx.config.subscriptions.jobsIntervalSeconds * 1000,
      run: runPaymentJobs,
    },
    {
      name: 'conciliação Pix',
      intervalMs: (ctx) => ctx.config.pix.reconcileSeconds * 1000,
      run: sendReconciliations,
    },
  ],
});
