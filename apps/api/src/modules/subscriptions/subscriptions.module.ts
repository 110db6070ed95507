import { defineModule } from '../../lib/module';
import { runSubscriptionJobs } from './renewal.jobs';
import { chargeRoutes } from './charges.routes';
import { planRoutes } from './plans.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { webhookRoutes } from './webhooks.routes';
import { pixConnectionRoutes } from './pix-connections.routes';
import { reconcileQueue, sendReconciliations } from './reconcile.jobs';
import type { QueueDefinition } from '../../lib/queue';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  routes: [planRoutes, chargeRoutes, subscriptionsRoutes, webhookRoutes, pixConnectionRoutes],
  queues: [(ctx) => reconcileQueue(ctx) as QueueDefinition<unknown>],
  jobs: [
    {
      name: 'rotina de assinaturas',
      intervalMs: (ctx) => ctx.config.subscriptions.jobsIntervalSeconds * 1000,
      run: runSubscriptionJobs,
    },
    {
      name: 'conciliação Pix',
      intervalMs: (ctx) => ctx.config.pix.reconcileSeconds * 1000,
      run: sendReconciliations,
    },
  ],
});
