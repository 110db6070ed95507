import { defineModule } from '../../lib/module';
import { runSubscriptionJobs } from './renewal.jobs';
import { planRoutes } from './plans.routes';
import { subscriptionsRoutes } from './subscriptions.routes';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  routes: [planRoutes, subscriptionsRoutes],
  jobs: [
    {
      name: 'rotina de assinaturas',
      intervalMs: (ctx) => ctx.config.subscriptions.jobsIntervalSeconds * 1000,
      run: runSubscriptionJobs,
    },
  ],
});
