import { defineModule } from '../../lib/module';
import { runSubscriptionJobs } from './renewal.jobs';
import { chargeRoutes } from './charges.routes';
import { planRoutes } from './plans.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { webhookRoutes } from './webhooks.routes';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  routes: [planRoutes, chargeRoutes, subscriptionsRoutes, webhookRoutes],
  jobs: [
    {
      name: 'rotina de assinaturas',
      intervalMs: (ctx) => ctx.config.subscriptions.jobsIntervalSeconds * 1000,
      run: runSubscriptionJobs,
    },
  ],
});
